// C++ driver of tb_cu_decode.sv for tests/decode_rtl.rs: reads instruction words from a file,
// one instruction per line as InstDwords hexadecimal dwords (first dword first), puts each on
// the decoder's input and prints, per line, whether a row matched, whether a field breaks the
// row's rules (the illegal-instruction fault) and the length:
//   VALID ILLEGAL DWORDS
// Usage: Vtb_cu_decode WORDS OUT. Prints `DONE tb_cu_decode: N words` at the end.
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vtb_cu_decode.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::printf("FAIL tb_cu_decode: usage: %s WORDS OUT\n", argv[0]);
        return 2;
    }
    FILE* in = std::fopen(argv[1], "r");
    if (!in) {
        std::printf("FAIL tb_cu_decode: cannot open %s\n", argv[1]);
        return 2;
    }
    FILE* out = std::fopen(argv[2], "w");
    if (!out) {
        std::printf("FAIL tb_cu_decode: cannot create %s\n", argv[2]);
        return 2;
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vtb_cu_decode>(ctx.get(), "dec");
    constexpr int kWords = sizeof(top->inst_i) / sizeof(top->inst_i[0]);
    char line[256];
    unsigned long n = 0;
    while (std::fgets(line, sizeof line, in)) {
        char* p = line;
        for (int i = 0; i < kWords; ++i) {
            char* end = nullptr;
            unsigned long w = std::strtoul(p, &end, 16);
            if (end == p) {
                std::printf("FAIL tb_cu_decode: line %lu has fewer than %d dwords\n", n + 1, kWords);
                return 2;
            }
            top->inst_i[i] = static_cast<uint32_t>(w);
            p = end;
        }
        top->eval();
        std::fprintf(out, "%u %u %u\n", static_cast<unsigned>(top->valid_o), static_cast<unsigned>(top->illegal_o),
                     static_cast<unsigned>(top->dwords_o));
        ++n;
    }
    std::fclose(in);
    if (std::fclose(out) != 0) {
        std::printf("FAIL tb_cu_decode: writing %s failed\n", argv[2]);
        return 2;
    }
    top->final();
    std::printf("DONE tb_cu_decode: %lu words\n", n);
    return 0;
}
