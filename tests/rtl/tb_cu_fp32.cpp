// C++ driver of cu_fp32 (rtl/cu_fp32.sv, combinational) for tests/fp_rtl.rs: reads operand
// sets with the golden model's results from a file, drives the unit with each and compares.
// One vector per line, hexadecimal fields:
//   OP MODE OMOD CLAMP A B C CHECK EXPECTED
// OP is the valu_op_e value, CHECK is `d` (the 32-bit result) or `m` (the compare bit).
// Prints the first mismatches and `PASS tb_cu_fp32: N vectors` or `FAIL tb_cu_fp32: ...`.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>

#include "Vcu_fp32.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::printf("FAIL tb_cu_fp32: usage: %s VECTORS\n", argv[0]);
        return 2;
    }
    FILE* f = std::fopen(argv[1], "r");
    if (!f) {
        std::printf("FAIL tb_cu_fp32: cannot open %s\n", argv[1]);
        return 2;
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vcu_fp32>(ctx.get(), "fp");
    unsigned op, mode, omod, clamp, a, b, c, expected;
    char check;
    uint64_t n = 0, bad = 0;
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
        if (std::sscanf(line, "%x %x %x %x %x %x %x %c %x", &op, &mode, &omod, &clamp, &a, &b, &c, &check,
                        &expected) != 9) {
            std::printf("FAIL tb_cu_fp32: malformed vector line %" PRIu64 ": %s", n + 1, line);
            return 2;
        }
        top->op_i = op;
        top->mode_i = mode;
        top->omod_i = omod;
        top->clamp_i = clamp;
        top->a_i = a;
        top->b_i = b;
        top->c_i = c;
        top->eval();
        n++;
        unsigned got = check == 'm' ? top->m_o : top->d_o;
        if (!top->ok_o || got != expected) {
            if (++bad <= 20) {
                std::printf("mismatch: op %u mode %03x omod %u clamp %u a %08x b %08x c %08x: %c %08x "
                            "(golden) vs %08x (RTL)%s\n",
                            op, mode, omod, clamp, a, b, c, check, expected, got,
                            top->ok_o ? "" : ", and the unit does not know the operation");
            }
        }
    }
    std::fclose(f);
    top->final();
    if (bad) {
        std::printf("FAIL tb_cu_fp32: %" PRIu64 " of %" PRIu64 " vectors differ\n", bad, n);
        return 1;
    }
    std::printf("PASS tb_cu_fp32: %" PRIu64 " vectors\n", n);
    return 0;
}
