// C++ side of the bridge to the Verilator models of cu_top: owns a simulation context, one
// model (chosen by name among those built into the binary) and its VCD writer, and moves port
// values between the model and flat buffers of dwords once per clock cycle. Where each port
// sits in the buffers is generated from the port list (ports_gen.h, and ports.rs on the Rust
// side).
#pragma once

#include <cstdint>
#include <memory>

#include "rust/cxx.h"

class VerilatedContext;
class VerilatedVcdC;

namespace rdna3 {

// One model, whatever its configuration.
class AnyModel {
 public:
  virtual ~AnyModel() = default;
  // Applies the inputs, evaluates, and reads the outputs.
  virtual void eval(const uint32_t* in, uint32_t* out, bool clk) = 0;
  virtual void trace(VerilatedVcdC* vcd) = 0;
  virtual void final() = 0;
};

class CuModel {
 public:
  CuModel(std::unique_ptr<VerilatedContext> ctx, std::unique_ptr<AnyModel> top);
  ~CuModel();
  // One clock cycle: apply the inputs, a falling and a rising edge, read the outputs.
  void step(rust::Slice<const uint32_t> in, rust::Slice<uint32_t> out);
  // Starts writing a VCD trace (from the current cycle on); false if the file cannot be opened.
  bool open_vcd(rust::Str path);
  void close_vcd();
  uint64_t cycle() const { return cycle_; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<AnyModel> top_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycle_ = 0;
};

// The model named `name` (as build.rs names them), or null if there is none.
std::unique_ptr<CuModel> new_cu_model(rust::Str name);

}  // namespace rdna3
