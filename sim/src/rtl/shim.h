// C++ side of the bridge to the Verilator models of cu_top: owns a simulation context, one
// model (chosen by name among those built into the binary) and its VCD writer, and moves port
// values between the model and flat buffers of dwords once per clock cycle. Where each port
// sits in the buffers is generated from the port list (ports_gen.h, and ports.rs on the Rust
// side).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "rust/cxx.h"

#include "verilated_vcd_c.h"

class VerilatedContext;

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

// The VCD trace's file. Verilator's own writer stops the program on a failed write through
// VL_FATAL_MT, whose handler flushes the trace again under the lock the writer holds: on a
// full disk the run hangs forever. This one keeps the first error (errno), drops what comes
// after it and reports every write as done; the caller checks error() after each cycle.
class CheckedVcdFile final : public VerilatedVcdFile {
 public:
  bool open(const std::string& name) override;
  void close() override;
  ssize_t write(const char* bufp, ssize_t len) override;
  int error() const { return err_; }

 private:
  int fd_ = -1;
  int err_ = 0;
};

class CuModel {
 public:
  CuModel(std::unique_ptr<VerilatedContext> ctx, std::unique_ptr<AnyModel> top);
  ~CuModel();
  // One clock cycle: apply the inputs, a falling and a rising edge, read the outputs.
  void step(rust::Slice<const uint32_t> in, rust::Slice<uint32_t> out);
  // Starts writing a VCD trace (from the current cycle on); 0, or the errno of the failure.
  int32_t open_vcd(rust::Str path);
  // Finishes the trace; 0, or the errno of the first write that failed.
  int32_t close_vcd();
  // The errno of the first failed write to the trace being written, or 0.
  int32_t vcd_error() const { return file_ ? file_->error() : 0; }
  uint64_t cycle() const { return cycle_; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<AnyModel> top_;
  // Declared before the writer that uses it, so destroyed after it.
  std::unique_ptr<CheckedVcdFile> file_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycle_ = 0;
};

// The model named `name` (as build.rs names them), or null if there is none.
std::unique_ptr<CuModel> new_cu_model(rust::Str name);

}  // namespace rdna3
