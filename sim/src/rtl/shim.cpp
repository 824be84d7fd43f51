#include "shim.h"

#include <array>
#include <string>

#include "Vcu_top.h"
#include "sim/src/rtl/ffi.rs.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

namespace rdna3 {

namespace {

// Port values wider than 64 bits are VlWide arrays; narrower ones are integers.
template <typename T>
void to_words(const T& v, std::array<uint32_t, 4>& out) {
  uint64_t x = static_cast<uint64_t>(v);
  out = {static_cast<uint32_t>(x), static_cast<uint32_t>(x >> 32), 0, 0};
}

template <std::size_t N>
void to_words(const VlWide<N>& v, std::array<uint32_t, 4>& out) {
  out = {0, 0, 0, 0};
  for (std::size_t i = 0; i < N && i < 4; ++i) out[i] = v[i];
}

}  // namespace

CuModel::CuModel() : ctx_(new VerilatedContext) {
  ctx_->traceEverOn(true);
  top_.reset(new Vcu_top(ctx_.get(), "cu"));
}

CuModel::~CuModel() {
  close_vcd();
  top_->final();
}

bool CuModel::open_vcd(rust::Str path) {
  close_vcd();
  vcd_.reset(new VerilatedVcdC);
  top_->trace(vcd_.get(), 99);
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

void CuModel::step(const CuIn& in, CuOut& out) {
  Vcu_top& t = *top_;
  t.rst_ni = in.rst_n;
  t.spi_wave_i = in.spi_wave;
  t.spi_sgpr_we_i = in.spi_sgpr_we;
  t.spi_sgpr_idx_i = in.spi_sgpr_idx;
  t.spi_sgpr_data_i = in.spi_sgpr_data;
  t.spi_launch_i = in.spi_launch;
  t.spi_pc_i = in.spi_pc;
  t.spi_mode_i = in.spi_mode;
  t.spi_wg_i = in.spi_wg;
  t.spi_start_i = in.spi_start;
  t.spi_start_mask_i = in.spi_start_mask;
  t.imem_req_ready_i = in.imem_req_ready;
  t.imem_rsp_valid_i = in.imem_rsp_valid;
  t.imem_rsp_wave_i = in.imem_rsp_wave;
  t.imem_rsp_data_i = in.imem_rsp_data;
  t.imem_rsp_err_i = in.imem_rsp_err;

  t.clk_i = 0;
  t.eval();
  if (vcd_) vcd_->dump(ctx_->time());
  ctx_->timeInc(5);
  t.clk_i = 1;
  t.eval();
  if (vcd_) vcd_->dump(ctx_->time());
  ctx_->timeInc(5);
  ++cycle_;

  out.spi_sgpr_ready = t.spi_sgpr_ready_o;
  out.imem_req_valid = t.imem_req_valid_o;
  out.imem_req_addr = t.imem_req_addr_o;
  out.imem_req_wave = t.imem_req_wave_o;
  out.rt_valid = t.rt_valid_o;
  out.rt_wave = t.rt_wave_o;
  out.rt_pc = t.rt_pc_o;
  to_words(t.rt_inst_o, out.rt_inst);
  out.rt_dwords = t.rt_dwords_o;
  out.rt_status = t.rt_status_o;
  out.rt_fault = t.rt_fault_o;
  out.rt_next_pc = t.rt_next_pc_o;
  out.rt_sdst_we = t.rt_sdst_we_o;
  out.rt_sdst = t.rt_sdst_o;
  out.rt_sdst_data = t.rt_sdst_data_o;
  out.rt_exec_we = t.rt_exec_we_o;
  out.rt_exec = t.rt_exec_o;
  out.rt_scc_we = t.rt_scc_we_o;
  out.rt_scc = t.rt_scc_o;
  out.rt_mode_we = t.rt_mode_we_o;
  out.rt_mode = t.rt_mode_o;
  out.wave_running = t.wave_running_o;
  out.cnt_error = t.cnt_error_o;
}

std::unique_ptr<CuModel> new_cu_model() { return std::unique_ptr<CuModel>(new CuModel); }

}  // namespace rdna3
