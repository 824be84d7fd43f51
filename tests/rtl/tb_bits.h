// Helpers of the C++ testbench drivers of request/answer units (tb_cu_lds.cpp, tb_cu_ds.cpp):
// bit access to Verilator ports (bits [lsb, lsb + width) of a port, a plain integer for narrow
// ports and VlWide for wide ones), reset, and one request through the req/rsp handshake.
#pragma once

#include <cstdint>
#include <iostream>
#include <type_traits>

template <typename T>
void set_bits(T& port, int lsb, int width, uint64_t v) {
    if constexpr (std::is_integral_v<T>) {
        const uint64_t mask = (width >= 64 ? ~0ull : ((1ull << width) - 1)) << lsb;
        port = static_cast<T>((static_cast<uint64_t>(port) & ~mask) | ((v << lsb) & mask));
    } else {
        for (int i = 0; i < width; i++) {
            const int b = lsb + i;
            const uint32_t bit = 1u << (b % 32);
            if ((v >> i) & 1) port[b / 32] |= bit;
            else port[b / 32] &= ~bit;
        }
    }
}

template <typename T>
uint64_t get_bits(const T& port, int lsb, int width) {
    if constexpr (std::is_integral_v<T>) {
        const uint64_t x = static_cast<uint64_t>(port) >> lsb;
        return width >= 64 ? x : x & ((1ull << width) - 1);
    } else {
        uint64_t v = 0;
        for (int i = 0; i < width; i++) {
            const int b = lsb + i;
            v |= static_cast<uint64_t>((port[b / 32] >> (b % 32)) & 1) << i;
        }
        return v;
    }
}

// One clock cycle of a model with a clk_i input.
template <typename M>
void tick(M* top) {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
}

// Resets a model with clk_i, rst_ni and req_valid_i inputs.
template <typename M>
void reset(M* top) {
    top->clk_i = 0;
    top->rst_ni = 0;
    top->req_valid_i = 0;
    top->eval();
    top->rst_ni = 1;
    tick(top);
}

// Puts the request on the inputs already set through (req_valid_i while req_ready_o) and
// clocks until rsp_valid_o, leaving the model in the answer's cycle. Returns that cycle,
// counted from the one the request was taken in, or -1 (with a message naming request `n`)
// when the model never takes it or never answers.
template <typename M>
int run_request(M* top, long n) {
    top->req_valid_i = 1;
    top->clk_i = 0;
    top->eval();
    int wait = 0;
    while (!top->req_ready_o) {
        tick(top);
        if (++wait > 100000) {
            std::cerr << "request " << n << ": never ready\n";
            return -1;
        }
    }
    tick(top);  // taken
    top->req_valid_i = 0;
    int cycle = 1;
    while (true) {
        top->clk_i = 0;
        top->eval();
        if (top->rsp_valid_o) return cycle;
        tick(top);
        if (++cycle > 100000) {
            std::cerr << "request " << n << ": no answer\n";
            return -1;
        }
    }
}
