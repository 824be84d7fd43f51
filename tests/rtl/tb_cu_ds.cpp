// C++ driver of tb_cu_ds.sv for tests/ds_rtl.rs: reads DS instructions with their lanes'
// registers from a file, runs each through the decoder and the DS unit, and writes the
// answers.
//
// Input, one instruction a line, hexadecimal: its four dwords, EXEC, the allocation's first
// dword and size in bytes, M0, MODE, then for every lane ADDR, DATA0's four dwords and DATA1's two.
// Output, one line an instruction: whether the decoder gave it a DS kind, the fault flag and
// lane, the cycles the LDS banks served it, the cycles from the one it was taken in to the
// answer, then every lane's four result dwords in hexadecimal.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "Vtb_cu_ds.h"
#include "tb_bits.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: Vtb_cu_ds REQUESTS ANSWERS\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::ofstream out(argv[2]);
    if (!in || !out) {
        std::cerr << "cannot open " << argv[1] << " or " << argv[2] << "\n";
        return 2;
    }
    Verilated::commandArgs(1, argv);
    auto* top = new Vtb_cu_ds;
    reset(top);

    std::string line;
    long n = 0;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        uint64_t v[9];
        for (int i = 0; i < 9; i++) ls >> std::hex >> v[i];
        for (int i = 0; i < 4; i++) set_bits(top->inst_i, 32 * i, 32, v[i]);
        top->exec_i = static_cast<uint32_t>(v[4]);
        top->lds_base_i = static_cast<uint32_t>(v[5]);
        top->lds_size_i = static_cast<uint32_t>(v[6]);
        top->m0_i = static_cast<uint32_t>(v[7]);
        top->mode_i = static_cast<uint32_t>(v[8]);
        for (int l = 0; l < 32; l++) {
            uint64_t r[7];
            for (int i = 0; i < 7; i++) ls >> std::hex >> r[i];
            set_bits(top->addr_i, 32 * l, 32, r[0]);
            for (int k = 0; k < 4; k++) set_bits(top->data0_i, 128 * l + 32 * k, 32, r[1 + k]);
            for (int k = 0; k < 2; k++) set_bits(top->data1_i, 64 * l + 32 * k, 32, r[5 + k]);
        }
        if (!ls) {
            std::cerr << "instruction " << n << ": line cut short\n";
            return 2;
        }
        top->clk_i = 0;
        top->eval();
        const int kind = top->kind_o;
        const int latency = run_request(top, n);
        if (latency < 0) return 1;
        out << kind << ' ' << static_cast<int>(top->rsp_fault_o) << ' '
            << static_cast<int>(top->rsp_fault_lane_o) << ' ' << static_cast<int>(top->rsp_cycles_o) << ' '
            << latency;
        for (int l = 0; l < 32; l++) {
            for (int k = 0; k < 4; k++) {
                char buf[16];
                std::snprintf(buf, sizeof buf, " %08" PRIx64, get_bits(top->rsp_data_o, 128 * l + 32 * k, 32));
                out << buf;
            }
        }
        out << '\n';
        tick(top);  // the answer's cycle
        n++;
    }
    top->final();
    delete top;
    std::cout << "DONE tb_cu_ds " << n << " instructions\n";
    return 0;
}
