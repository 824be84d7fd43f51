// C++ driver of cu_lds (rtl/cu_lds.sv) for tests/lds_rtl.rs: reads requests from a file, puts
// each on the LDS's request port, clocks it until the answer, and writes what it answered.
//
// Input, one request a line: `W` (stores) or `R` (loads), then for every slot four hexadecimal
// numbers: in use (0 or 1), dword address, byte enables, data.
// Output, one line a request: the cycles it was served in (rsp_cycles_o), the cycles from the
// one it was taken in to the answer, then every slot's load data in hexadecimal.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "Vcu_lds.h"
#include "tb_bits.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 5) {
        std::cerr << "usage: Vcu_lds REQUESTS ANSWERS SLOTS ADDR_BITS\n";
        return 2;
    }
    const int slots = std::atoi(argv[3]);
    const int aw = std::atoi(argv[4]);
    std::ifstream in(argv[1]);
    std::ofstream out(argv[2]);
    if (!in || !out) {
        std::cerr << "cannot open " << argv[1] << " or " << argv[2] << "\n";
        return 2;
    }
    Verilated::commandArgs(1, argv);
    auto* top = new Vcu_lds;
    reset(top);

    std::string line;
    long n = 0;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string kind;
        ls >> kind;
        top->req_we_i = kind == "W";
        for (int s = 0; s < slots; s++) {
            uint64_t on, addr, be, data;
            ls >> std::hex >> on >> addr >> be >> data;
            if (!ls) {
                std::cerr << "request " << n << ": slot " << s << " missing\n";
                return 2;
            }
            set_bits(top->req_on_i, s, 1, on);
            set_bits(top->req_addr_i, s * aw, aw, addr);
            set_bits(top->req_be_i, s * 4, 4, be);
            set_bits(top->req_data_i, s * 32, 32, data);
        }
        const int latency = run_request(top, n);
        if (latency < 0) return 1;
        out << get_bits(top->rsp_cycles_o, 0, 32) << ' ' << latency;
        for (int s = 0; s < slots; s++) {
            char buf[16];
            std::snprintf(buf, sizeof buf, " %08" PRIx64, get_bits(top->rsp_data_o, s * 32, 32));
            out << buf;
        }
        out << '\n';
        tick(top);  // the answer's cycle
        n++;
    }
    top->final();
    delete top;
    std::cout << "DONE tb_cu_lds " << n << " requests\n";
    return 0;
}
