// C++ driver of cu_fp32 (rtl/cu_fp32.sv) for tests/fp_rtl.rs: reads operand sets with the
// golden model's results from a file, streams them into the unit one per clock and compares
// each result when it leaves the pipeline, STAGES cycles later (0: combinational, no clock).
// One vector per line, hexadecimal fields:
//   OP MODE OMOD CLAMP A B C M MIX CHECK EXPECTED
// OP is the valu_op_e value, M the mask-in bit (VCC's, for v_div_fmas_f32), MIX v_fma_mix*'s
// {NEG_HI, NEG, OPSEL_HI, OPSEL} (mix_i), CHECK is `d` (the 32-bit result), `h` (an F16
// result: the low 16 bits), `m` (the compare bit), `t` (the 32-bit result of the
// transcendental unit: those vectors run after the streamed ones, one at a time, started with
// start_i and checked TRANS cycles later, the inputs held), `u` (the transcendental unit's
// F16 result, likewise: the low 16 bits), `c` or `f` (the 32-bit result of a row of two or
// four passes through the FMA, the dot products that round in turn: likewise, checked
// 2 * (STAGES + 1) - 1 or 4 * (STAGES + 1) - 1 cycles later).
// Usage: Vcu_fp32 VECTORS STAGES TRANS (STAGES must be the model's Stages parameter, TRANS
// cu_pkg's TransCycles).
// Prints the first mismatches and `PASS tb_cu_fp32: N vectors` or `FAIL tb_cu_fp32: ...`.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "Vcu_fp32.h"
#include "verilated.h"

namespace {

struct Vector {
    unsigned op, mode, omod, clamp, a, b, c, m, mix, expected;
    char check;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::printf("FAIL tb_cu_fp32: usage: %s VECTORS STAGES TRANS\n", argv[0]);
        return 2;
    }
    FILE* f = std::fopen(argv[1], "r");
    if (!f) {
        std::printf("FAIL tb_cu_fp32: cannot open %s\n", argv[1]);
        return 2;
    }
    const long stages = std::strtol(argv[2], nullptr, 10);
    if (stages < 0 || stages > 2) {
        std::printf("FAIL tb_cu_fp32: STAGES must be 0, 1 or 2, not %s\n", argv[2]);
        return 2;
    }
    const long trans = std::strtol(argv[3], nullptr, 10);
    if (trans < 1) {
        std::printf("FAIL tb_cu_fp32: TRANS must be at least 1, not %s\n", argv[3]);
        return 2;
    }
    std::vector<Vector> vs, ts;
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
        Vector v;
        if (std::sscanf(line, "%x %x %x %x %x %x %x %x %x %c %x", &v.op, &v.mode, &v.omod, &v.clamp, &v.a, &v.b,
                        &v.c, &v.m, &v.mix, &v.check, &v.expected) != 11) {
            std::printf("FAIL tb_cu_fp32: malformed vector line %zu: %s", vs.size() + 1, line);
            return 2;
        }
        (v.check == 't' || v.check == 'u' || v.check == 'c' || v.check == 'f' ? ts : vs).push_back(v);
    }
    std::fclose(f);
    if (vs.empty() && ts.empty()) {
        std::printf("FAIL tb_cu_fp32: no vectors in %s\n", argv[1]);
        return 2;
    }

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vcu_fp32>(ctx.get(), "fp");
    uint64_t bad = 0;
    auto report = [&](const Vector& v, unsigned got, bool known) {
        if (++bad <= 20) {
            std::printf("mismatch: op %u mode %03x omod %u clamp %u a %08x b %08x c %08x m %u mix %03x: %c %08x "
                        "(golden) vs %08x (RTL)%s\n",
                        v.op, v.mode, v.omod, v.clamp, v.a, v.b, v.c, v.m, v.mix, v.check, v.expected, got,
                        known ? "" : ", and the unit does not know the operation");
        }
    };
    auto check = [&](const Vector& v) {
        unsigned got = v.check == 'm' ? top->m_o : v.check == 'h' || v.check == 'u' ? top->d_o & 0xffffu : top->d_o;
        if (got != v.expected) report(v, got, true);
    };
    auto present = [&](const Vector& v) {
        top->op_i = v.op;
        top->mode_i = v.mode;
        top->omod_i = v.omod;
        top->clamp_i = v.clamp;
        top->a_i = v.a;
        top->b_i = v.b;
        top->c_i = v.c;
        top->m_i = v.m;
        top->mix_i = v.mix;
    };

    top->clk_i = 0;
    top->start_i = 0;
    top->rst_ni = 0;
    top->eval();
    top->rst_ni = 1;
    top->eval();
    const size_t n = vs.size();
    // One vector per cycle; after the last, the pipeline drains with its inputs held.
    const size_t cycles = n == 0 ? 0 : n + (stages > 0 ? size_t(stages - 1) : 0);
    for (size_t i = 0; i < cycles; i++) {
        const Vector& v = vs[i < n ? i : n - 1];
        present(v);
        top->clk_i = 0;
        top->eval();
        if (i < n && !top->ok_o) report(v, 0, false);
        if (stages == 0) {
            check(v);
            continue;
        }
        top->clk_i = 1;
        top->eval();
        // The vector presented stages - 1 cycles ago has left the last register.
        if (i + 1 >= size_t(stages)) check(vs[i + 1 - size_t(stages)]);
    }
    // The transcendental unit: started in cycle 0, the result in cycle TRANS (after TRANS
    // clock edges), the inputs held meanwhile; a row of N passes, in cycle N * (STAGES + 1) - 1.
    for (const Vector& v : ts) {
        present(v);
        top->start_i = 1;
        const long wait = v.check == 'c' ? 2 * (stages + 1) - 1 : v.check == 'f' ? 4 * (stages + 1) - 1 : trans;
        for (long c = 0; c < wait; c++) {
            top->clk_i = 0;
            top->eval();
            if (c == 0 && !top->ok_o) report(v, 0, false);
            top->clk_i = 1;
            top->eval();
            top->start_i = 0;
        }
        top->clk_i = 0;
        top->eval();
        check(v);
    }
    top->final();
    if (bad) {
        std::printf("FAIL tb_cu_fp32: %" PRIu64 " of %zu vectors differ (%ld stages)\n", bad, n + ts.size(), stages);
        return 1;
    }
    std::printf("PASS tb_cu_fp32: %zu vectors (%zu held: the transcendental unit, the passes), %ld stages\n", n + ts.size(),
                ts.size(), stages);
    return 0;
}
