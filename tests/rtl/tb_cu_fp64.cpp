// C++ driver of cu_fp64 (rtl/cu_fp64.sv, NumLanes 32) for tests/fp64_rtl.rs: reads operand
// sets with the golden model's results from a file, 32 lines an instruction (lane 0 first,
// all with the same CYCLES, OP, MODE, OMOD and CLAMP), presents the 32 lanes' operands, starts
// the unit and checks every lane's result CYCLES cycles later (cu_top's F64Cycles, NumLanes + 1,
// or for the recurrence's rows F64TransCycles or F64RsqCycles), the inputs held meanwhile. One
// vector per line, hexadecimal fields:
//   CYCLES OP MODE OMOD CLAMP CHECK M A B C EXPECTED EXPECTED_M
// OP is the valu_op_e value; M the lane's VCC bit (m_i); A, B and C are 64-bit; EXPECTED is the
// lane's 64-bit result (d_o) and EXPECTED_M its lane bit (m_o). CHECK says which to check: 0 the
// result, 1 the lane bit (a compare), 2 both (v_div_scale_f64).
// Usage: Vcu_fp64 VECTORS
// Prints the first mismatches and `PASS tb_cu_fp64: N vectors` or `FAIL tb_cu_fp64: ...`.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "Vcu_fp64.h"
#include "verilated.h"

namespace {

constexpr int kLanes = 32;

struct Vector {
    unsigned cycles, op, mode, omod, clamp, check, m;
    uint64_t a, b, c, expected;
    unsigned expected_m;
};

void put(VlWide<64>& w, int lane, uint64_t v) {
    w[2 * lane] = uint32_t(v);
    w[2 * lane + 1] = uint32_t(v >> 32);
}

uint64_t get(const VlWide<64>& w, int lane) { return uint64_t(w[2 * lane]) | uint64_t(w[2 * lane + 1]) << 32; }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::printf("FAIL tb_cu_fp64: usage: %s VECTORS\n", argv[0]);
        return 2;
    }
    FILE* f = std::fopen(argv[1], "r");
    if (!f) {
        std::printf("FAIL tb_cu_fp64: cannot open %s\n", argv[1]);
        return 2;
    }
    std::vector<Vector> vs;
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
        Vector v;
        if (std::sscanf(line, "%x %x %x %x %x %x %x %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %x",
                        &v.cycles, &v.op, &v.mode, &v.omod, &v.clamp, &v.check, &v.m, &v.a, &v.b, &v.c,
                        &v.expected, &v.expected_m) != 12) {
            std::printf("FAIL tb_cu_fp64: malformed vector line %zu: %s", vs.size() + 1, line);
            return 2;
        }
        vs.push_back(v);
    }
    std::fclose(f);
    if (vs.empty() || vs.size() % kLanes != 0) {
        std::printf("FAIL tb_cu_fp64: %zu vectors in %s, not a positive multiple of %d\n", vs.size(), argv[1], kLanes);
        return 2;
    }

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vcu_fp64>(ctx.get(), "fp64");
    uint64_t bad = 0;
    top->clk_i = 0;
    top->start_i = 0;
    top->rst_ni = 0;
    top->eval();
    top->rst_ni = 1;
    top->eval();
    for (size_t i = 0; i < vs.size(); i += kLanes) {
        const Vector& v0 = vs[i];
        top->op_i = v0.op;
        top->mode_i = v0.mode;
        top->omod_i = v0.omod;
        top->clamp_i = v0.clamp;
        top->m_i = 0;
        for (int l = 0; l < kLanes; l++) {
            top->m_i |= (vs[i + l].m & 1u) << l;
            put(top->a_i, l, vs[i + l].a);
            put(top->b_i, l, vs[i + l].b);
            put(top->c_i, l, vs[i + l].c);
        }
        top->start_i = 1;
        for (unsigned c = 0; c < v0.cycles; c++) {
            top->clk_i = 0;
            top->eval();
            if (c == 0 && !top->ok_o) {
                std::printf("FAIL tb_cu_fp64: the unit does not know operation %u\n", v0.op);
                return 1;
            }
            top->clk_i = 1;
            top->eval();
            top->start_i = 0;
        }
        top->clk_i = 0;
        top->eval();
        for (int l = 0; l < kLanes; l++) {
            const Vector& v = vs[i + l];
            const uint64_t got = get(top->d_o, l);
            const unsigned got_m = top->m_o >> l & 1;
            const bool bad_d = v.check != 1 && got != v.expected;
            const bool bad_m = v.check != 0 && got_m != v.expected_m;
            if ((bad_d || bad_m) && ++bad <= 20) {
                std::printf("mismatch: op %u mode %03x omod %u clamp %u m %u lane %d a %016" PRIx64 " b %016" PRIx64
                            " c %016" PRIx64 ": %016" PRIx64 " m %u (golden) vs %016" PRIx64 " m %u (RTL)\n",
                            v.op, v.mode, v.omod, v.clamp, v.m, l, v.a, v.b, v.c, v.expected, v.expected_m, got,
                            got_m);
            }
        }
    }
    top->final();
    if (bad) {
        std::printf("FAIL tb_cu_fp64: %" PRIu64 " of %zu vectors differ\n", bad, vs.size());
        return 1;
    }
    std::printf("PASS tb_cu_fp64: %zu vectors\n", vs.size());
    return 0;
}
