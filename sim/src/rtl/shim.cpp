#include "shim.h"

#include <string>
#include <type_traits>

#include "ports_gen.h"
#include "sim/src/rtl/ffi.rs.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

namespace rdna3 {

namespace {

template <typename M>
class Model final : public AnyModel {
 public:
  explicit Model(VerilatedContext* ctx) : t_(ctx, "cu") {}
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

bool CuModel::open_vcd(rust::Str path) {
  close_vcd();
  vcd_.reset(new VerilatedVcdC);
  top_->trace(vcd_.get());
  vcd_->open(std::string(path).c_str());
  if (!vcd_->isOpen()) {
    vcd_.reset();
    return false;
  }
  return true;
}

void CuModel::close_vcd() {
  if (vcd_) {
    vcd_->close();
    vcd_.reset();
  }
}

void CuModel::step(rust::Slice<const uint32_t> in, rust::Slice<uint32_t> out) {
  top_->eval(in.data(), out.data(), false);
  if (vcd_) vcd_->dump(ctx_->time());
  ctx_->timeInc(5);
  top_->eval(in.data(), out.data(), true);
  if (vcd_) vcd_->dump(ctx_->time());
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
