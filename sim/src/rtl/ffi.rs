//! The cxx bridge to the C++ shim around the Verilator model (`shim.h`).

#[cxx::bridge(namespace = "rdna3")]
pub mod bridge {
    /// Inputs of cu_top for one cycle.
    #[derive(Clone, Debug, Default)]
    pub struct CuIn {
        pub rst_n: bool,
        pub spi_wave: u8,
        pub spi_sgpr_we: bool,
        pub spi_sgpr_idx: u8,
        pub spi_sgpr_data: u32,
        pub spi_launch: bool,
        pub spi_pc: u64,
        pub spi_mode: u32,
        pub spi_wg: u8,
        pub spi_start: bool,
        pub spi_start_mask: u32,
        pub imem_req_ready: bool,
        pub imem_rsp_valid: bool,
        pub imem_rsp_wave: u8,
        pub imem_rsp_data: u64,
        /// Per dword: bit 0 for the first, bit 1 for the second.
        pub imem_rsp_err: u8,
    }

    /// Outputs of cu_top after a cycle's rising edge.
    #[derive(Clone, Debug, Default)]
    pub struct CuOut {
        pub spi_sgpr_ready: bool,
        pub imem_req_valid: bool,
        pub imem_req_addr: u64,
        pub imem_req_wave: u8,
        pub rt_valid: bool,
        pub rt_wave: u8,
        pub rt_pc: u64,
        pub rt_inst: [u32; 4],
        pub rt_dwords: u8,
        pub rt_status: u8,
        pub rt_fault: u8,
        pub rt_next_pc: u64,
        pub rt_sdst_we: u8,
        pub rt_sdst: u8,
        pub rt_sdst_data: u64,
        pub rt_exec_we: u8,
        pub rt_exec: u64,
        pub rt_scc_we: bool,
        pub rt_scc: bool,
        pub rt_mode_we: bool,
        pub rt_mode: u32,
        pub wave_running: u32,
        pub cnt_error: bool,
    }

    unsafe extern "C++" {
        include!("sim/src/rtl/shim.h");

        type CuModel;

        fn new_cu_model() -> UniquePtr<CuModel>;
        fn step(self: Pin<&mut CuModel>, inp: &CuIn, out: &mut CuOut);
        fn open_vcd(self: Pin<&mut CuModel>, path: &str) -> bool;
        fn close_vcd(self: Pin<&mut CuModel>);
        fn cycle(self: &CuModel) -> u64;
    }
}
