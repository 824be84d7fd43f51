// C++ side of the bridge to the Verilator models of cu_top: owns a simulation context, one
// model (chosen by name among those built into the binary) and its VCD writer, and moves port
// values between the model and flat buffers of dwords once per clock cycle. Where each port
// sits in the buffers is generated from the port list (ports_gen.h, and ports.rs on the Rust
// side).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

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
//
// It also carries signals of our own beside the model's (co-simulation's instruction text and
// golden state): their declarations go in before `$enddefinitions`, their value changes are
// appended after the model's changes of the last time step. It buffers what it is given (so
// that appending costs no system call) and writes it out in large blocks.
class CheckedVcdFile final : public VerilatedVcdFile {
 public:
  explicit CheckedVcdFile(std::string decls) : decls_(std::move(decls)) {}
  bool open(const std::string& name) override;
  void close() override;
  ssize_t write(const char* bufp, ssize_t len) override;
  // Value changes of our signals, after everything written so far.
  void append(const char* bufp, size_t len);
  int error() const { return err_; }

 private:
  // Writes out the buffer (everything, or only once it holds a large block).
  void drain(bool all);

  int fd_ = -1;
  int err_ = 0;
  // The declarations of our signals, until they are in the header.
  std::string decls_;
  bool header_done_ = false;
  std::string buf_;
};

class CuModel {
 public:
  CuModel(std::unique_ptr<VerilatedContext> ctx, std::unique_ptr<AnyModel> top);
  ~CuModel();
  // One clock cycle: apply the inputs, a falling and a rising edge, read the outputs.
  void step(rust::Slice<const uint32_t> in, rust::Slice<uint32_t> out);
  // Starts writing a VCD trace (from the current cycle on) of the signals `depth` levels of
  // hierarchy deep from TOP (0: every signal), with the declarations `decls` of signals of
  // our own; 0, or the errno of the failure.
  int32_t open_vcd(rust::Str path, int32_t depth, rust::Str decls);
  // Value changes of our own signals (VCD lines) at the time of the last cycle's rising edge
  // (at the first edge, if the trace has not dumped one yet).
  void annotate(rust::Str lines);
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
  // Whether the open trace has a time step yet, and the changes waiting for its first.
  bool dumped_ = false;
  std::string pending_;
  uint64_t cycle_ = 0;
};

// The model named `name` (as build.rs names them), or null if there is none.
std::unique_ptr<CuModel> new_cu_model(rust::Str name);

}  // namespace rdna3
