// C++ driver of tb_cu_buf_fmt (tests/rtl/tb_cu_buf_fmt.sv) for tests/buf_fmt_rtl.rs: reads
// vectors with the golden model's results from a binary file and checks each one.
// A vector is four little-endian 32-bit words: CTL V EXP_LO EXP_HI. CTL's bits 1:0 are the
// operation (op_i), 13:8 the width (bits_i), 18:16 the numeric format (num_i), bit 24 says
// the vector checks buf_fmt instead: V is the unified format and EXP_HI:EXP_LO the 64-bit
// buf_fmt_t expected (only its valid bit when that is clear). Otherwise EXP_LO is d_o.
// Usage: Vtb_cu_buf_fmt VECTORS
// Prints the first mismatches and `PASS tb_cu_buf_fmt: N vectors` or `FAIL tb_cu_buf_fmt: ...`.
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <vector>

#include "Vtb_cu_buf_fmt.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::printf("FAIL tb_cu_buf_fmt: usage: %s VECTORS\n", argv[0]);
        return 2;
    }
    FILE* f = std::fopen(argv[1], "rb");
    if (!f) {
        std::printf("FAIL tb_cu_buf_fmt: cannot open %s\n", argv[1]);
        return 2;
    }
    std::vector<uint32_t> words;
    uint32_t buf[4096];
    size_t n;
    while ((n = std::fread(buf, 4, 4096, f)) > 0) words.insert(words.end(), buf, buf + n);
    std::fclose(f);
    if (words.empty() || words.size() % 4 != 0) {
        std::printf("FAIL tb_cu_buf_fmt: %s holds %zu words, not a positive multiple of 4\n", argv[1],
                    words.size());
        return 2;
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vtb_cu_buf_fmt>(ctx.get(), "bf");
    static const char* const ops[] = {"load", "load d16", "store", "store d16"};
    uint64_t bad = 0, total = words.size() / 4;
    for (uint64_t i = 0; i < total; i++) {
        const uint32_t ctl = words[4 * i], v = words[4 * i + 1];
        const uint64_t exp = words[4 * i + 2] | uint64_t(words[4 * i + 3]) << 32;
        if (ctl >> 24 & 1) {
            top->fmt_i = v & 0x3f;
            top->eval();
            const uint64_t got = top->fmt_o;
            const bool ok = (exp >> 63) ? got == exp : (got >> 63) == 0;
            if (!ok && ++bad <= 20)
                std::printf("mismatch: buf_fmt(%u): %016" PRIx64 " (golden) vs %016" PRIx64 " (RTL)\n", v & 0x3f,
                            exp, got);
            continue;
        }
        top->op_i = ctl & 3;
        top->bits_i = ctl >> 8 & 0x3f;
        top->num_i = ctl >> 16 & 7;
        top->v_i = v;
        top->eval();
        if (top->d_o != uint32_t(exp) && ++bad <= 20)
            std::printf("mismatch: %s of %08x, %u bits, numeric format %u: %08x (golden) vs %08x (RTL)\n",
                        ops[ctl & 3], v, ctl >> 8 & 0x3f, ctl >> 16 & 7, uint32_t(exp), top->d_o);
    }
    top->final();
    if (bad) {
        std::printf("FAIL tb_cu_buf_fmt: %" PRIu64 " of %" PRIu64 " vectors differ\n", bad, total);
        return 1;
    }
    std::printf("PASS tb_cu_buf_fmt: %" PRIu64 " vectors\n", total);
    return 0;
}
