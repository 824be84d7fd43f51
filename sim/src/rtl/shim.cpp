#include "shim.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <type_traits>

#include "ports_gen.h"
#include "sim/src/rtl/ffi.rs.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

namespace rdna3 {

namespace {

// Every model's name: the scope of its top level in a trace (sim::rtl::TOP_SCOPE).
constexpr const char* kTopScope = "cu";

template <typename M>
class Model final : public AnyModel {
 public:
  explicit Model(VerilatedContext* ctx) : t_(ctx, kTopScope) {}
  // The inputs are applied with the falling edge, the outputs read after the rising one.
  void eval(const uint32_t* in, uint32_t* out, bool clk) override {
    if (!clk) set_inputs(t_, in);
    t_.clk_i = clk;
    t_.eval();
    if (clk) get_outputs(t_, out);
  }
  void trace(VerilatedVcdC* vcd) override { t_.trace(vcd, 99); }
  void final() override { t_.final(); }

 private:
  M t_;
};

}  // namespace

CuModel::CuModel(std::unique_ptr<VerilatedContext> ctx, std::unique_ptr<AnyModel> top)
    : ctx_(std::move(ctx)), top_(std::move(top)) {}

CuModel::~CuModel() {
  close_vcd();
  top_->final();
}

bool CheckedVcdFile::open(const std::string& name) {
  // Blocking (Verilator's own opens with O_NONBLOCK and spins on EAGAIN).
  fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) err_ = errno;
  return fd_ >= 0;
}

void CheckedVcdFile::close() {
  if (fd_ < 0) return;
  drain(true);
  if (::close(fd_) != 0 && err_ == 0) err_ = errno;
  fd_ = -1;
}

ssize_t CheckedVcdFile::write(const char* bufp, ssize_t len) {
  buf_.append(bufp, static_cast<size_t>(len));
  if (!header_done_) {
    // The header is kept whole until its end, where our declarations go.
    const size_t at = buf_.find("$enddefinitions");
    if (at == std::string::npos) return len;
    buf_.insert(at, decls_);
    decls_.clear();
    header_done_ = true;
  }
  drain(false);
  return len;
}

void CheckedVcdFile::append(const char* bufp, size_t len) {
  buf_.append(bufp, len);
  drain(false);
}

void CheckedVcdFile::drain(bool all) {
  constexpr size_t kBlock = 256 * 1024;
  if (fd_ < 0 || buf_.empty() || (!all && buf_.size() < kBlock)) return;
  size_t done = 0;
  while (err_ == 0 && done < buf_.size()) {
    const ssize_t n = ::write(fd_, buf_.data() + done, buf_.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      err_ = n < 0 ? errno : EIO;
    }
  }
  // After an error the rest is dropped.
  buf_.clear();
}

int32_t CuModel::open_vcd(rust::Str path, int32_t depth, rust::Str decls) {
  close_vcd();
  file_.reset(new CheckedVcdFile(std::string(decls)));
  vcd_.reset(new VerilatedVcdC(file_.get()));
  // $dumpvars semantics: names are "cu cu_top u_salu x", the depth counts the levels below
  // the top scope (1: the ports of cu_top as the top level sees them).
  if (depth > 0) vcd_->dumpvars(depth, kTopScope);
  top_->trace(vcd_.get());
  vcd_->open(std::string(path).c_str());
  if (!vcd_->isOpen()) {
    const int32_t err = file_->error() ? file_->error() : EIO;
    vcd_.reset();
    file_.reset();
    return err;
  }
  dumped_ = false;
  pending_.clear();
  return 0;
}

void CuModel::annotate(rust::Str lines) {
  if (!vcd_) return;
  if (!dumped_) {
    pending_.append(lines.data(), lines.size());
    return;
  }
  // Verilator's buffer first, so that the lines follow the last time step's changes.
  vcd_->flush();
  file_->append(lines.data(), lines.size());
}

int32_t CuModel::close_vcd() {
  int32_t err = 0;
  if (vcd_) {
    vcd_->close();
    vcd_.reset();
  }
  if (file_) {
    err = file_->error();
    file_.reset();
  }
  return err;
}

void CuModel::step(rust::Slice<const uint32_t> in, rust::Slice<uint32_t> out) {
  top_->eval(in.data(), out.data(), false);
  if (vcd_) vcd_->dump(ctx_->time());
  ctx_->timeInc(5);
  top_->eval(in.data(), out.data(), true);
  if (vcd_) {
    vcd_->dump(ctx_->time());
    if (!dumped_) {
      dumped_ = true;
      if (!pending_.empty()) {
        vcd_->flush();
        file_->append(pending_.data(), pending_.size());
        pending_.clear();
      }
    }
  }
  ctx_->timeInc(5);
  ++cycle_;
}

std::unique_ptr<CuModel> new_cu_model(rust::Str name) {
  std::string n(name);
  std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
  ctx->traceEverOn(true);
  std::unique_ptr<AnyModel> top;
#define RDNA3_MAKE(M) \
  if (!top && n == #M + 1) top.reset(new Model<M>(ctx.get()));
  RDNA3_FOR_EACH_MODEL(RDNA3_MAKE)
#undef RDNA3_MAKE
  if (!top) return nullptr;
  return std::unique_ptr<CuModel>(new CuModel(std::move(ctx), std::move(top)));
}

}  // namespace rdna3
