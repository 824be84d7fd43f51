// C++ side of the bridge to the Verilator model of cu_top: owns the simulation context, the
// model and the VCD writer, and moves port values to and from the Rust structs in one call
// per clock cycle.
#pragma once

#include <cstdint>
#include <memory>

#include "rust/cxx.h"

class VerilatedContext;
class VerilatedVcdC;
class Vcu_top;

namespace rdna3 {

struct CuIn;
struct CuOut;

class CuModel {
 public:
  CuModel();
  ~CuModel();
  // One clock cycle: apply the inputs, a falling and a rising edge, read the outputs.
  void step(const CuIn& in, CuOut& out);
  // Starts writing a VCD trace (from the current cycle on); false if the file cannot be opened.
  bool open_vcd(rust::Str path);
  void close_vcd();
  uint64_t cycle() const { return cycle_; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vcu_top> top_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycle_ = 0;
};

std::unique_ptr<CuModel> new_cu_model();

}  // namespace rdna3
