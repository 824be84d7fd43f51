// C++ driver of tb_cu_waitcnt.sv: holds reset, toggles the clock until the testbench raises
// done_o, and turns fail_o into the exit status. Plain clock toggling, no timing constructs, so
// it works with Verilator 5.006 without --timing. Arguments are passed on as plusargs
// (+seed=N, +cycles=N).
#include <cstdio>
#include <memory>

#include "Vtb_cu_waitcnt.h"
#include "verilated.h"

int main(int argc, char** argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vtb_cu_waitcnt>(ctx.get(), "tb");

    // A bound far above any requested cycle count, so a testbench that never finishes fails.
    const unsigned long long limit = 100000000ULL;
    unsigned long long edges = 0;

    top->clk_i = 0;
    top->rst_ni = 0;
    top->eval();
    for (int i = 0; i < 4; i++) {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
    }
    top->rst_ni = 1;
    top->eval();
    while (!top->done_o && !ctx->gotFinish() && edges < limit) {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        edges++;
    }
    top->final();
    std::fflush(stdout);
    if (!top->done_o) {
        std::printf("FAIL tb_cu_waitcnt: testbench did not finish after %llu cycles\n", edges);
        return 1;
    }
    return top->fail_o ? 1 : 0;
}
