//! Scalar and vector memory on the RTL's memory ports, co-simulated against the golden model
//! with a global memory both see: directed programs over every row the ports execute (every
//! width, SADDR and 64-bit addresses, buffer resources in and out of range, FLAT's three
//! apertures, faults), then the bytes each store left behind checked against the host.

use sim::cosim::{CosimError, Options, WaveEnd, WaveInit, cosim};
use sim::golden::memory::Memory;
use sim::golden::{Code, Fault};

/// A buffer of `bytes` at a known address, filled with a pattern (byte i = i * 7 + 3).
fn memory(bytes: usize) -> (Memory, u64) {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..bytes).map(|i| (i * 7 + 3) as u8).collect();
    let base = m.alloc_with(&data, 4096, "buffer");
    (m, base)
}

/// Bytes of private memory a lane in [`run`]'s waves.
const SCRATCH_LANE: u32 = 256;

/// Runs `src` on `waves` waves (s0 = the wave's index, s[2:3] = the buffer's address, v0 = the
/// lane number, a private segment of [`SCRATCH_LANE`] bytes a lane after the buffer) with
/// `latency`, against the golden model.
/// Whether `model` is in this build (see [`conformance::model_built`]).
fn built(model: &str) -> bool {
    conformance::model_built(model)
}

fn run(src: &str, waves: usize, latency: (u32, u32), model: &str) -> Result<sim::cosim::Report, CosimError> {
    run_with(src, waves, latency, None, model)
}

/// [`run`] with the memory ports' latency apart from the fetch's.
fn run_with(
    src: &str,
    waves: usize,
    latency: (u32, u32),
    mem_latency: Option<(u32, u32)>,
    model: &str,
) -> Result<sim::cosim::Report, CosimError> {
    let code = Code::new(0x10000, rdna3_isa::asm::assemble(src, "test.s").expect("assembles").dwords());
    let (mut mem, base) = memory(1 << 16);
    let inits: Vec<WaveInit> = (0..waves)
        .map(|k| {
            let mut w = WaveInit::new(0x10000);
            w.scratch_base = mem.alloc(32 * u64::from(SCRATCH_LANE), 256, &format!("scratch of wave {k}"));
            w.scratch_lane_bytes = SCRATCH_LANE;
            w.sgpr[0] = k as u32;
            w.sgpr[2] = base as u32;
            w.sgpr[3] = (base >> 32) as u32;
            for l in 0..32 {
                w.vgpr[0][l] = l as u32;
            }
            w
        })
        .collect();
    let opts =
        Options { latency, mem_latency, memory: Some(mem), model: model.to_string(), ..Options::default() };
    cosim(&code, &inits, &opts)
}

const LOADS_AND_STORES: &str = r#"
  s_load_b32 s4, s[2:3], 0x0
  s_load_b64 s[6:7], s[2:3], 0x8
  s_load_b128 s[8:11], s[2:3], 0x10
  s_load_b256 s[12:19], s[2:3], 0x20
  s_load_b512 s[20:35], s[2:3], 0x40
  s_mov_b32 m0, 0x24
  s_load_b32 s36, s[2:3], m0 offset:0x4
  s_load_b32 s37, s[2:3], m0 offset:-0x4
  s_load_b64 vcc, s[2:3], 0x80
  s_waitcnt lgkmcnt(0)
  ; a buffer resource over 0x100 bytes of the buffer: dwords past it read 0
  s_mov_b32 s40, s2
  s_and_b32 s41, s3, 0xffff
  s_mov_b32 s42, 0x100
  s_mov_b32 s43, 0
  s_buffer_load_b32 s44, s[40:43], 0x10
  s_buffer_load_b128 s[48:51], s[40:43], 0xf8
  s_buffer_load_b512 s[52:67], s[40:43], 0xe0
  s_mov_b32 s68, 0x4
  s_buffer_load_b64 s[70:71], s[40:43], s68 offset:0x8
  s_gl1_inv
  s_dcache_inv
  buffer_gl0_inv
  buffer_gl1_inv
  s_waitcnt vmcnt(0) lgkmcnt(0)
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 4, v0
  global_load_b32 v2, v1, s[2:3]
  global_load_b64 v[4:5], v1, s[2:3] offset:0x100
  v_add_nc_u32 v21, 0x40, v20
  global_load_b96 v[6:8], v21, s[2:3] offset:-0x10
  global_load_b128 v[10:13], v20, s[2:3] offset:0x200
  global_load_u8 v14, v0, s[2:3] offset:0x3
  global_load_i8 v15, v0, s[2:3] offset:0x5
  global_load_u16 v16, v1, s[2:3] offset:0x6
  global_load_i16 v17, v1, s[2:3] offset:0x2
  s_waitcnt vmcnt(0)
  ; 64-bit addresses without SADDR
  v_add_co_u32 v22, vcc_lo, s2, v1
  v_add_co_ci_u32_e64 v23, vcc_lo, s3, 0, vcc_lo
  global_load_b32 v24, v[22:23], off offset:0x40
  s_waitcnt vmcnt(0)
  v_add_nc_u32 v2, v2, v24
  global_store_b32 v1, v2, s[2:3] offset:0x400
  global_store_b64 v1, v[4:5], s[2:3] offset:0x500
  global_store_b96 v20, v[6:8], s[2:3] offset:0x600
  global_store_b128 v20, v[10:13], s[2:3] offset:0x800
  global_store_b8 v0, v14, s[2:3] offset:0xa00
  global_store_b16 v1, v15, s[2:3] offset:0xb00
  global_store_b32 v[22:23], v17, off offset:0xc00
  ; d16 loads into one half of VGPRs that hold something, in lanes 0-23 only (the others and
  ; the other half keep theirs), sign- and zero-extended bytes among them; d16_hi stores
  v_lshl_or_b32 v40, v0, 20, 0x8f07
  v_mov_b32 v41, v40
  v_mov_b32 v42, v40
  v_mov_b32 v43, v40
  v_mov_b32 v44, v40
  v_mov_b32 v45, v40
  s_mov_b32 exec_lo, 0xffffff
  global_load_d16_u8 v40, v0, s[2:3] offset:0x11
  global_load_d16_i8 v41, v0, s[2:3] offset:0x13
  global_load_d16_b16 v42, v1, s[2:3] offset:0x2a
  global_load_d16_hi_u8 v43, v0, s[2:3] offset:0x31
  global_load_d16_hi_i8 v44, v0, s[2:3] offset:0x77
  global_load_d16_hi_b16 v45, v1, s[2:3] offset:0x56
  s_waitcnt vmcnt(0)
  global_store_d16_hi_b8 v0, v44, s[2:3] offset:0xe00
  global_store_d16_hi_b16 v1, v45, s[2:3] offset:0xe80
  global_store_b16 v1, v43, s[2:3] offset:0xf00
  ; the addtid forms (SADDR + offset + 4 x lane, no VGPR address), in lanes 0-23
  global_load_addtid_b32 v46, s[2:3] offset:0x124
  s_waitcnt vmcnt(0)
  global_store_addtid_b32 v46, s[2:3] offset:0xf80
  s_mov_b32 exec_lo, -1
  ; lanes 0-7 only; every lane stores to one dword: the highest active lane wins
  s_mov_b32 exec_lo, 0xff
  v_mov_b32 v30, 0
  global_store_b32 v30, v0, s[2:3] offset:0xd00
  global_load_b32 v31, v1, s[2:3] offset:0x400
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0)
  s_waitcnt_vscnt null, 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
  s_endpgm
"#;

#[test]
fn loads_and_stores_agree_with_the_golden_model() {
    if !conformance::require_verilator("loads_and_stores_agree_with_the_golden_model") {
        return;
    }
    for (latency, model) in
        [((1, 1), "cu"), ((1, 30), "cu"), ((5, 60), "cu_l4")].into_iter().filter(|m| built(m.1))
    {
        let r = run(LOADS_AND_STORES, 4, latency, model)
            .unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{:?}", r.waves);
        // The host's view of what the stores left: lane l's dword at 0x400 + 4l is the
        // buffer's dword l plus the one at 0x40 + 4l.
        let base = r.memory.regions()[0].base;
        let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
        let pat = |a: u64| u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8));
        for l in 0..32u64 {
            assert_eq!(rd(0x400 + 4 * l), pat(4 * l).wrapping_add(pat(0x40 + 4 * l)), "lane {l}");
        }
        assert_eq!(rd(0xd00), 7, "the highest active lane's store wins");
        // global_store_d16_hi_b8 of the bytes global_load_d16_hi_i8 put in the high halves,
        // in lanes 0-23; the rest of the memory as it was.
        let byte = |a: u64| r.memory.read_u8(base + a).expect("in the buffer");
        for l in 0..32u64 {
            let want = if l < 24 { ((0x77 + l) * 7 + 3) as u8 } else { ((0xe00 + l) * 7 + 3) as u8 };
            assert_eq!(byte(0xe00 + l), want, "d16_hi byte store, lane {l}");
        }
        // global_store_addtid_b32 of what global_load_addtid_b32 read, in lanes 0-23.
        for l in 0..32u64 {
            let want = if l < 24 { pat(0x124 + 4 * l) } else { pat(0xf80 + 4 * l) };
            assert_eq!(rd(0xf80 + 4 * l), want, "addtid store, lane {l}");
        }
    }
}

/// Runs `src` as the tests of memory work in flight do, on every model built: four waves at
/// three latencies (at 4 lanes a store takes eight passes to collect: a longer latency fills
/// the ring), and one wave alone, with fetches of 1 to 4 cycles and slow memory, so that its
/// answers overtake each other while a wait waits (a ring that returned the counters out of
/// order would let it pass before an older answer: the issue-timing reference refuses that).
/// Every wave must end; returns (waves, memory latency, model, report) of each run.
fn in_flight_runs(src: &str) -> Vec<(usize, (u32, u32), &'static str, sim::cosim::Report)> {
    let runs = [
        (4, (1, 1), None, "cu"),
        (4, (20, 80), None, "cu"),
        (4, (100, 300), None, "cu_l4"),
        (4, (1, 30), None, "cu_l8"),
        (1, (1, 4), Some((100, 300)), "cu"),
        (1, (1, 4), Some((100, 300)), "cu_l4"),
        // (At 8 lanes, eight loads take about 30 cycles to issue: a shorter latency may answer
        // the first before the ring is full.)
        (1, (1, 4), Some((60, 300)), "cu_l8"),
    ];
    let mut out = Vec::new();
    for (waves, fetch, mem, model) in runs.into_iter().filter(|m| built(m.3)) {
        let latency = mem.unwrap_or(fetch);
        let r = run_with(src, waves, fetch, mem, model)
            .unwrap_or_else(|e| panic!("{waves} waves, latency {latency:?}, {model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{latency:?}, {model}: {:?}", r.waves);
        out.push((waves, latency, model, r));
    }
    out
}

/// Stores and atomics without return retire when the vector port takes them, up to
/// `ports::VS_TAGS` outstanding: every wave makes 12 stores and an atomic back to back (more
/// than the ring holds, so a store waits for a tag), waits for all but four, makes more, loads a
/// dword it has just stored with no wait between (the memory keeps one wave's accesses to an
/// address in order), and reads everything back after `s_waitcnt_vscnt null, 0`.
const STORES_IN_FLIGHT: &str = r#"
  v_lshlrev_b32 v1, 2, v0
  s_lshl_b32 s4, s0, 11
  s_add_u32 s4, s4, 0x1000
  v_add_nc_u32 v2, s4, v1
  v_lshl_or_b32 v3, s0, 8, v0
  global_store_b32 v2, v3, s[2:3] offset:0x0
  v_add_nc_u32 v4, 1, v3
  global_store_b32 v2, v4, s[2:3] offset:0x80
  v_add_nc_u32 v4, 2, v3
  global_store_b32 v2, v4, s[2:3] offset:0x100
  v_add_nc_u32 v4, 3, v3
  global_store_b32 v2, v4, s[2:3] offset:0x180
  global_store_b16 v2, v3, s[2:3] offset:0x200
  global_store_b8 v2, v3, s[2:3] offset:0x282
  global_store_b32 v2, v3, s[2:3] offset:0x300
  global_store_b32 v2, v4, s[2:3] offset:0x300
  global_store_b32 v2, v3, s[2:3] offset:0x380
  global_store_b32 v2, v4, s[2:3] offset:0x380
  global_store_b32 v2, v3, s[2:3] offset:0x380
  global_store_b32 v2, v4, s[2:3] offset:0x400
  global_atomic_add_u32 v2, v3, s[2:3] offset:0x400
  s_waitcnt_vscnt null, 4
  global_store_b32 v2, v3, s[2:3] offset:0x480
  global_load_b32 v5, v2, s[2:3] offset:0x480
  s_waitcnt vmcnt(0)
  global_store_b32 v2, v5, s[2:3] offset:0x500
  s_waitcnt_vscnt null, 0
  global_load_b32 v6, v2, s[2:3] offset:0x400
  global_load_b32 v7, v2, s[2:3] offset:0x380
  s_waitcnt vmcnt(0)
  v_add_nc_u32 v6, v6, v7
  global_store_b32 v2, v6, s[2:3] offset:0x580
  s_endpgm
"#;

#[test]
fn stores_in_flight_agree_with_the_golden_model() {
    if !conformance::require_verilator("stores_in_flight_agree_with_the_golden_model") {
        return;
    }
    for (waves, latency, model, r) in in_flight_runs(STORES_IN_FLIGHT) {
        let base = r.memory.regions()[0].base;
        let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
        let pat = |a: u64| u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8));
        for w in 0..waves as u64 {
            for l in 0..32u64 {
                let at = 0x1000 + 0x800 * w + 4 * l;
                let v = (w << 8 | l) as u32;
                let ctx = format!("{model} {latency:?}: wave {w} lane {l}");
                for k in 0..4 {
                    assert_eq!(rd(at + 0x80 * k), v + k as u32, "{ctx}, store {k}");
                }
                assert_eq!(rd(at + 0x200), pat(at + 0x200) & 0xffff_0000 | v & 0xffff, "{ctx}, b16");
                let b8 = pat(at + 0x280) & !0x00ff_0000 | (v & 0xff) << 16;
                assert_eq!(rd(at + 0x280), b8, "{ctx}, b8 at byte 2");
                assert_eq!(rd(at + 0x300), v + 3, "{ctx}: the later of two stores to a dword");
                assert_eq!(rd(at + 0x380), v, "{ctx}: the last of three stores to a dword");
                assert_eq!(rd(at + 0x400), 2 * v + 3, "{ctx}: an atomic add after a store");
                assert_eq!(rd(at + 0x500), v, "{ctx}: a load right after the store it reads");
                assert_eq!(rd(at + 0x580), 3 * v + 3, "{ctx}: read back after the waits");
            }
        }
        if latency.0 >= 20 {
            // The ring's eight stores were outstanding together, and some waits were held by
            // them (each wave's `vscnt 0` at least).
            assert!(r.stats.vmem_peak_outstanding >= 8, "{model}: {}", r.stats);
            assert!(r.timing.mem_holds >= waves as u64, "{model}: {}", r.timing);
        }
    }
}

/// GLOBAL and SCRATCH loads retire when the vector port takes them, up to `ports::VL_TAGS`
/// outstanding, and the write engine writes their answers in the order they come, in cycles
/// in which no instruction writes VGPRs: every wave makes twelve loads back to back (more
/// than the ring holds, so one waits for a tag) of every width and extension, the d16 halves
/// (the other half kept), the addtid form, two to one VGPR (the later one's value must stay:
/// the second waits for the first to be written), VALU work while they are out, one with
/// half of EXEC (the other lanes keep their values), an invalidate after the first (which
/// waits for it: the ring drains), `s_waitcnt vmcnt(3)` (the counter returns in order: all but
/// the last three are written, whatever order the answers came in), then scratch loads after
/// a store; everything is stored back and checked.
const VECTOR_LOADS_IN_FLIGHT: &str = r#"
  v_lshlrev_b32 v1, 2, v0
  s_lshl_b32 s4, s0, 11
  v_add_nc_u32 v2, s4, v1
  v_mov_b32 v13, 0x12345678
  v_mov_b32 v14, 0x9abcdef0
  global_load_b32 v3, v2, s[2:3] offset:0x0
  buffer_gl0_inv
  global_load_b64 v[4:5], v2, s[2:3] offset:0x100
  global_load_b128 v[6:9], v2, s[2:3] offset:0x200
  global_load_i8 v10, v2, s[2:3] offset:0x301
  global_load_u16 v11, v2, s[2:3] offset:0x402
  global_load_i16 v12, v2, s[2:3] offset:0x402
  global_load_d16_b16 v13, v2, s[2:3] offset:0x500
  global_load_d16_hi_b16 v14, v2, s[2:3] offset:0x502
  global_load_b96 v[15:17], v2, s[2:3] offset:0x600
  global_load_addtid_b32 v18, s[2:3] offset:0x700
  s_mov_b32 exec_lo, 0xffff
  global_load_b32 v22, v2, s[2:3] offset:0x20
  s_mov_b32 exec_lo, -1
  v_add_nc_u32 v20, v1, v0
  v_mul_lo_u32 v21, v20, v0
  global_load_b32 v19, v2, s[2:3] offset:0x10
  global_load_b32 v19, v2, s[2:3] offset:0x14
  s_waitcnt vmcnt(3)
  v_add3_u32 v23, v4, v9, v18
  scratch_store_b32 v1, v21, off offset:0x0
  s_waitcnt_vscnt null, 0
  scratch_load_b32 v24, v1, off offset:0x0
  scratch_load_u8 v25, v1, off offset:0x1
  s_waitcnt vmcnt(0)
  s_add_u32 s6, s2, 0x8000
  s_addc_u32 s7, s3, 0
  s_lshl_b32 s5, s0, 12
  v_add_nc_u32 v30, s5, v1
  global_store_b32 v30, v3, s[6:7] offset:0x0
  global_store_b64 v30, v[4:5], s[6:7] offset:0x80
  global_store_b128 v30, v[6:9], s[6:7] offset:0x100
  global_store_b32 v30, v10, s[6:7] offset:0x200
  global_store_b32 v30, v11, s[6:7] offset:0x280
  global_store_b32 v30, v12, s[6:7] offset:0x300
  global_store_b32 v30, v13, s[6:7] offset:0x380
  global_store_b32 v30, v14, s[6:7] offset:0x400
  global_store_b96 v30, v[15:17], s[6:7] offset:0x480
  global_store_b32 v30, v18, s[6:7] offset:0x500
  global_store_b32 v30, v19, s[6:7] offset:0x580
  global_store_b32 v30, v22, s[6:7] offset:0x600
  global_store_b32 v30, v23, s[6:7] offset:0x680
  global_store_b32 v30, v24, s[6:7] offset:0x700
  global_store_b32 v30, v25, s[6:7] offset:0x780
  s_endpgm
"#;

#[test]
fn vector_loads_in_flight_agree_with_the_golden_model() {
    if !conformance::require_verilator("vector_loads_in_flight_agree_with_the_golden_model") {
        return;
    }
    let pat = |a: u64| u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8));
    for (waves, latency, model, r) in in_flight_runs(VECTOR_LOADS_IN_FLIGHT) {
        let base = r.memory.regions()[0].base;
        let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
        for w in 0..waves as u64 {
            for l in 0..32u64 {
                let (at, out) = (0x800 * w + 4 * l, 0x8000 + 0x1000 * w + 4 * l);
                let ctx = format!("{model} {latency:?}: wave {w} lane {l}");
                assert_eq!(rd(out), pat(at), "{ctx}: b32");
                // (A wide store's lanes overlap, the highest lane's bytes last; the last lanes'
                // reach into the next region, stored after.)
                if l < 31 {
                    assert_eq!(rd(out + 0x84), pat(at + 0x104), "{ctx}: b64's high dword");
                }
                assert_eq!(rd(out + 0x10c), pat(at + 0x20c), "{ctx}: b128's last dword");
                assert_eq!(rd(out + 0x200), pat(at + 0x301) as u8 as i8 as i32 as u32, "{ctx}: i8");
                assert_eq!(rd(out + 0x280), pat(at + 0x402) & 0xffff, "{ctx}: u16");
                assert_eq!(rd(out + 0x300), pat(at + 0x402) as u16 as i16 as i32 as u32, "{ctx}: i16");
                assert_eq!(rd(out + 0x380), 0x1234_0000 | pat(at + 0x500) & 0xffff, "{ctx}: d16");
                assert_eq!(rd(out + 0x400), pat(at + 0x502) << 16 | 0xdef0, "{ctx}: d16_hi");
                if l < 30 {
                    assert_eq!(rd(out + 0x488), pat(at + 0x608), "{ctx}: b96's last dword");
                }
                assert_eq!(rd(out + 0x500), pat(0x700 + 4 * l), "{ctx}: addtid");
                assert_eq!(rd(out + 0x580), pat(at + 0x14), "{ctx}: the later of two loads to v19");
                let half = if l < 16 { pat(at + 0x20) } else { 0 };
                assert_eq!(rd(out + 0x600), half, "{ctx}: a load with half of EXEC");
                let older = pat(at + 0x100).wrapping_add(pat(at + 0x20c)).wrapping_add(pat(0x700 + 4 * l));
                assert_eq!(rd(out + 0x680), older, "{ctx}: after vmcnt(3)");
                let v21 = ((5 * l) as u32).wrapping_mul(l as u32);
                assert_eq!(rd(out + 0x700), v21, "{ctx}: scratch");
                assert_eq!(rd(out + 0x780), v21 >> 8 & 0xff, "{ctx}: scratch u8");
            }
        }
        if latency.0 >= 20 {
            // The ring's eight loads were outstanding together, and waits were held by them.
            assert!(r.stats.vmem_peak_outstanding >= 8, "{model}: {}", r.stats);
            assert!(r.timing.mem_holds >= waves as u64, "{model}: {}", r.timing);
        }
    }
}

/// A program that reads a vector load's VGPR without waiting for it sees the old value on the
/// RTL, as on the hardware (the load retired before its answer was written): co-simulation
/// reports the difference and says why.
#[test]
fn reading_a_vector_load_before_its_wait_is_reported() {
    if !conformance::require_verilator("reading_a_vector_load_before_its_wait_is_reported") {
        return;
    }
    let src = "global_load_b32 v3, v1, s[2:3]\n v_mov_b32 v4, v3\n s_waitcnt vmcnt(0)\n s_endpgm\n";
    for model in ["cu", "cu_l8"].into_iter().filter(|m| built(m)) {
        match run_with(src, 1, (1, 2), Some((50, 60)), model) {
            Err(CosimError::Mismatch(m)) => {
                let all = m.diffs.join("\n");
                assert!(m.text.starts_with("v_mov_b32") && m.text.ends_with("v4, v3"), "{model}: {}", m.text);
                assert!(
                    all.contains("v4 ") && all.contains("v3") && all.contains("before s_waitcnt vmcnt(0)"),
                    "{model}: {all}"
                );
            }
            other => panic!("{model}: {other:?}"),
        }
    }
}

/// The vector memory instructions that do not retire when taken (MUBUF loads, atomics with
/// return) wait until every late load of the CU has been written, so that VM_CNT still
/// returns in order and a late load's answer never lands after theirs: every wave makes two
/// late loads, a buffer load (it waits for both), two more late loads and `s_waitcnt
/// vmcnt(1)` (the older of the two is written), a returning atomic behind a late load, and a
/// late load then a buffer load to one VGPR (the buffer load's value must stay).
const BLOCKING_AFTER_LATE_LOADS: &str = r#"
  v_lshlrev_b32 v1, 2, v0
  s_lshl_b32 s4, s0, 11
  v_add_nc_u32 v2, s4, v1
  s_mov_b32 s8, s2
  s_mov_b32 s9, s3
  s_mov_b32 s10, 0x10000
  s_mov_b32 s11, 0x30004000
  global_load_b32 v3, v2, s[2:3] offset:0x0
  global_load_b64 v[4:5], v2, s[2:3] offset:0x100
  buffer_load_b32 v6, v2, s[8:11], 0 offen offset:0x200
  global_load_b32 v7, v2, s[2:3] offset:0x300
  global_load_b32 v8, v2, s[2:3] offset:0x400
  s_waitcnt vmcnt(1)
  v_add_nc_u32 v9, v7, v6
  v_mov_b32 v10, 5
  global_load_b32 v12, v2, s[2:3] offset:0x580
  global_atomic_add_u32 v10, v2, v10, s[2:3] offset:0x500 glc
  global_load_b32 v11, v2, s[2:3] offset:0x600
  buffer_load_b32 v11, v2, s[8:11], 0 offen offset:0x700
  s_waitcnt vmcnt(0)
  s_add_u32 s6, s2, 0x8000
  s_addc_u32 s7, s3, 0
  s_lshl_b32 s5, s0, 12
  v_add_nc_u32 v30, s5, v1
  global_store_b32 v30, v3, s[6:7] offset:0x0
  global_store_b64 v30, v[4:5], s[6:7] offset:0x80
  global_store_b32 v30, v6, s[6:7] offset:0x100
  global_store_b32 v30, v8, s[6:7] offset:0x180
  global_store_b32 v30, v9, s[6:7] offset:0x200
  global_store_b32 v30, v10, s[6:7] offset:0x280
  global_store_b32 v30, v11, s[6:7] offset:0x300
  global_store_b32 v30, v12, s[6:7] offset:0x380
  s_endpgm
"#;

#[test]
fn blocking_vector_loads_wait_for_the_late_ones() {
    if !conformance::require_verilator("blocking_vector_loads_wait_for_the_late_ones") {
        return;
    }
    let pat = |a: u64| u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8));
    for (waves, latency, model, r) in in_flight_runs(BLOCKING_AFTER_LATE_LOADS) {
        let base = r.memory.regions()[0].base;
        let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
        for w in 0..waves as u64 {
            for l in 0..32u64 {
                let (at, out) = (0x800 * w + 4 * l, 0x8000 + 0x1000 * w + 4 * l);
                let ctx = format!("{model} {latency:?}: wave {w} lane {l}");
                assert_eq!(rd(out), pat(at), "{ctx}: the first late load");
                if l < 31 {
                    assert_eq!(rd(out + 0x84), pat(at + 0x104), "{ctx}: b64's high dword");
                }
                assert_eq!(rd(out + 0x100), pat(at + 0x200), "{ctx}: the buffer load");
                assert_eq!(rd(out + 0x180), pat(at + 0x400), "{ctx}: the last before vmcnt(1)");
                let sum = pat(at + 0x300).wrapping_add(pat(at + 0x200));
                assert_eq!(rd(out + 0x200), sum, "{ctx}: read after vmcnt(1)");
                assert_eq!(rd(out + 0x280), pat(at + 0x500), "{ctx}: the atomic's old value");
                assert_eq!(rd(at + 0x500), pat(at + 0x500).wrapping_add(5), "{ctx}: the atomic");
                assert_eq!(rd(out + 0x300), pat(at + 0x700), "{ctx}: the buffer load's v11 stays");
                assert_eq!(rd(out + 0x380), pat(at + 0x580), "{ctx}: the load before the atomic");
            }
        }
    }
}

/// The coalescer: the vector port takes a request a cache line at a time, each beat the lanes
/// left in the line of the lowest one (the harness checks every beat against that rule). One
/// wave's accesses of known shapes, counted by the host: a wave's contiguous dwords, dwords a
/// line apart, one address for all, contiguous B128s, half of EXEC, a run across a line's end,
/// a scattered pattern, none active (one empty beat). The models' lines differ (128 bytes,
/// cu_l4's 64), and scattered lanes cost the port a beat each: the same loads a line apart
/// take hundreds of cycles more than contiguous ones.
#[test]
fn lane_addresses_coalesce_into_cache_lines() {
    if !conformance::require_verilator("lane_addresses_coalesce_into_cache_lines") {
        return;
    }
    let scatter = |l: u64| ((l * l * 52 + 8 * l) % 0x4000) & !3;
    let src = r#"
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v2, 7, v0
  v_mov_b32 v3, 0x40
  v_lshlrev_b32 v4, 4, v0
  v_add_nc_u32 v5, 0x78, v1
  v_mul_lo_u32 v6, v0, v0
  v_mul_lo_u32 v6, 52, v6
  v_lshl_add_u32 v6, v0, 3, v6
  v_and_b32 v6, 0x3ffc, v6
  global_load_b32 v10, v1, s[2:3]
  global_load_b32 v11, v2, s[2:3]
  global_load_b32 v12, v3, s[2:3]
  global_load_b128 v[16:19], v4, s[2:3]
  v_add_nc_u32 v7, 0x8000, v1
  s_mov_b32 exec_lo, 0xffff
  global_store_b32 v7, v0, s[2:3]
  s_mov_b32 exec_lo, -1
  global_load_b32 v13, v5, s[2:3]
  global_load_b32 v14, v6, s[2:3]
  s_mov_b32 exec_lo, 0
  global_load_b32 v15, v1, s[2:3]
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0)
  s_waitcnt_vscnt null, 0
  s_endpgm
"#;
    let all = 0..32u64;
    let shapes: Vec<Vec<u64>> = vec![
        all.clone().map(|l| 4 * l).collect(),
        all.clone().map(|l| 128 * l).collect(),
        vec![0x40; 32],
        all.clone().map(|l| 16 * l).collect(),
        (0..16).map(|l| 0x8000 + 4 * l).collect(),
        all.clone().map(|l| 0x78 + 4 * l).collect(),
        all.clone().map(scatter).collect(),
    ];
    let lines = |line: u64| -> u64 {
        let mut n = 1; // the empty request's one beat
        for addrs in &shapes {
            let mut set: Vec<u64> = addrs.iter().map(|a| a / line).collect();
            set.sort_unstable();
            set.dedup();
            n += set.len() as u64;
        }
        n
    };
    for model in ["cu", "cu_l4", "cu_l8"].into_iter().filter(|m| built(m)) {
        for latency in [(1, 1), (5, 40)] {
            let r = run(src, 1, latency, model).unwrap_or_else(|e| panic!("{model} {latency:?}: {e}"));
            assert_eq!(r.waves, [WaveEnd::Ended], "{model}");
            let line = u64::from(r.stats.vmem_line_bytes);
            assert_eq!(line, if model == "cu_l4" { 64 } else { 128 }, "{model}");
            assert_eq!(r.stats.vmem_requests, 8, "{model}: {}", r.stats);
            assert_eq!(r.stats.vmem_lines, lines(line), "{model} {latency:?}: {}", r.stats);
        }
        let contiguous = "global_load_b32 v10, v1, s[2:3]\n";
        let apart = "global_load_b32 v10, v2, s[2:3]\n";
        let cycles = |body: &str| {
            let src = format!(
                "v_lshlrev_b32 v1, 2, v0\n v_lshlrev_b32 v2, 7, v0\n{}s_waitcnt vmcnt(0)\n s_endpgm\n",
                body.repeat(8)
            );
            run_with(&src, 1, (1, 1), Some((2, 2)), model)
                .unwrap_or_else(|e| panic!("{model}: {e}"))
                .stats
                .cycles
        };
        let (near, far) = (cycles(contiguous), cycles(apart));
        assert!(
            far >= near + 8 * 28,
            "{model}: 8 loads of 32 lines took {far} cycles, of 1 or 2 lines {near}"
        );
    }
}

/// Scalar loads retire when the scalar port takes them, up to `ports::SM_TAGS` outstanding,
/// and the write engine puts their dwords into the SGPRs in the order their answers come:
/// every wave makes six loads back to back (more than there are tags, so one waits for a
/// tag), one of them into VCC, then DS accesses and an invalidate, which return LGKM_CNT too
/// (the write engine's return waits for a cycle without theirs: a return lost there would
/// hold the wait for ever), waits, branches on VCCZ and adds what they loaded; then three
/// more with `s_waitcnt lgkmcnt(1)` between (out of order, it orders nothing: the program
/// reads them after `lgkmcnt(0)`), and a last one that `s_endpgm` must wait for.
const SCALAR_LOADS_IN_FLIGHT: &str = r#"
  s_load_b512 s[4:19], s[2:3], 0x0
  s_load_b32 s20, s[2:3], 0x44
  s_load_b256 s[24:31], s[2:3], 0x80
  s_load_b64 vcc, s[2:3], 0x100
  s_load_b128 s[32:35], s[2:3], 0x110
  s_load_b32 s36, s[2:3], 0x124
  v_lshlrev_b32 v1, 2, v0
  ds_store_b32 v1, v0
  ds_load_b32 v5, v1
  s_dcache_inv
  ds_load_b32 v6, v1 offset:0x80
  ds_store_b32 v1, v1 offset:0x100
  ds_load_b32 v7, v1 offset:0x100
  s_waitcnt lgkmcnt(0)
  s_cbranch_vccz .Lskip
  s_add_u32 s37, s4, s19
  s_add_u32 s37, s37, s20
  s_add_u32 s37, s37, s31
  s_add_u32 s37, s37, s35
  s_add_u32 s37, s37, s36
  s_add_u32 s37, s37, vcc_hi
.Lskip:
  s_load_b32 s38, s[2:3], 0x200
  s_load_b32 s39, s[2:3], 0x204
  s_load_b32 s41, s[2:3], 0x208
  s_waitcnt lgkmcnt(1)
  s_waitcnt lgkmcnt(0)
  s_add_u32 s42, s38, s39
  s_add_u32 s42, s42, s41
  v_mov_b32 v2, s37
  v_mov_b32 v3, s42
  v_lshlrev_b32 v1, 2, v0
  s_lshl_b32 s43, s0, 8
  v_add_nc_u32 v1, s43, v1
  global_store_b32 v1, v2, s[2:3] offset:0x800
  global_store_b32 v1, v3, s[2:3] offset:0xc00
  s_load_b256 s[44:51], s[2:3], 0x300
  s_endpgm
"#;

#[test]
fn scalar_loads_in_flight_agree_with_the_golden_model() {
    if !conformance::require_verilator("scalar_loads_in_flight_agree_with_the_golden_model") {
        return;
    }
    let pat = |a: u64| u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8));
    let sum = |offs: &[u64]| offs.iter().fold(0u32, |s, &a| s.wrapping_add(pat(a)));
    for (waves, latency, model, r) in in_flight_runs(SCALAR_LOADS_IN_FLIGHT) {
        let base = r.memory.regions()[0].base;
        let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
        for w in 0..waves as u64 {
            let at = 0x800 + 0x100 * w;
            assert_eq!(rd(at), sum(&[0x0, 0x3c, 0x44, 0x9c, 0x11c, 0x124, 0x104]), "{model}: wave {w}");
            assert_eq!(rd(at + 0x400), sum(&[0x200, 0x204, 0x208]), "{model}: wave {w}");
        }
        if latency.0 >= 20 {
            // Every tag was taken at once, and waits were held by the loads.
            let tags = u64::from(hdl_gen::sv::ports::SM_TAGS);
            assert!(r.stats.smem_peak_outstanding >= tags, "{model}: {}", r.stats);
            assert!(r.timing.mem_holds >= waves as u64, "{model}: {}", r.timing);
        }
    }
}

/// Scalar loads and DS loads out together, many times over: both return LGKM_CNT, and the
/// write engine's return must wait for a cycle in which the DS unit makes none (a return lost
/// when they meet would hold the wait for ever, a hang).
#[test]
fn scalar_loads_beside_lds_accesses_agree_with_the_golden_model() {
    if !conformance::require_verilator("scalar_loads_beside_lds_accesses_agree_with_the_golden_model") {
        return;
    }
    let mut src = String::from("  v_lshlrev_b32 v1, 2, v0\n  ds_store_b32 v1, v0\n");
    for k in 0..12 {
        src += &format!(
            "  s_load_b32 s{}, s[2:3], {:#x}\n  ds_load_b32 v5, v1\n  s_load_b64 s[8:9], s[2:3], {:#x}\n  \
             ds_load_b32 v6, v1 offset:0x4\n  ds_load_b32 v7, v1 offset:0x8\n  s_waitcnt lgkmcnt(0)\n  \
             s_add_u32 s10, s10, s{}\n  s_add_u32 s10, s10, s9\n",
            4 + k % 4,
            8 * k,
            0x100 + 8 * k,
            4 + k % 4
        );
    }
    src += "  v_mov_b32 v2, s10\n  s_lshl_b32 s11, s0, 7\n  v_add_nc_u32 v1, s11, v1\n  \
            global_store_b32 v1, v2, s[2:3] offset:0x800\n  s_endpgm\n";
    for (_, latency, model, r) in in_flight_runs(&src) {
        assert!(r.stats.lds_instructions >= 36, "{latency:?}, {model}: {}", r.stats);
    }
}

/// A program that reads a scalar load's SGPR without waiting for it sees the old value on the
/// RTL, as on the hardware (the load retired before its dword came): co-simulation reports the
/// difference and says why.
#[test]
fn reading_a_scalar_load_before_its_wait_is_reported() {
    if !conformance::require_verilator("reading_a_scalar_load_before_its_wait_is_reported") {
        return;
    }
    let src = "s_load_b32 s4, s[2:3], 0x0\n s_mov_b32 s5, s4\n s_waitcnt lgkmcnt(0)\n s_endpgm\n";
    for model in ["cu", "cu_l8"].into_iter().filter(|m| built(m)) {
        match run_with(src, 1, (1, 2), Some((50, 60)), model) {
            Err(CosimError::Mismatch(m)) => {
                let all = m.diffs.join("\n");
                assert!(m.text.starts_with("s_mov_b32 s5, s4"), "{model}: {}", m.text);
                assert!(
                    all.contains("s5: ") && all.contains("before s_waitcnt lgkmcnt(0)"),
                    "{model}: {all}"
                );
            }
            other => panic!("{model}: {other:?}"),
        }
    }
}

#[test]
fn memory_faults_agree_with_the_golden_model() {
    if !conformance::require_verilator("memory_faults_agree_with_the_golden_model") {
        return;
    }
    // (program, the fault's kind: memory or illegal)
    let cases = [
        // Past the buffer (64 KiB): a memory fault, nothing stored.
        ("v_lshlrev_b32 v1, 12, v0\n global_store_b32 v1, v0, s[2:3]\n", "memory"),
        ("s_load_b32 s4, s[2:3], 0xfffc\n s_load_b64 s[4:5], s[2:3], 0xfffc\n", "memory"),
        // OFFSET + SOFFSET negative.
        ("s_load_b32 s4, s[2:3], null offset:-0x4\n", "illegal"),
        ("v_mov_b32 v1, 0x10000\n global_load_b32 v2, v1, s[2:3]\n", "memory"),
        // SCRATCH: bytes past the lane's 256 of private memory, a negative offset, and an
        // offset that is negative as a 32-bit VGPR value.
        ("scratch_store_b32 off, v0, off offset:0xfe\n", "memory"),
        ("scratch_load_b32 v2, off, off offset:-4\n", "memory"),
        ("v_mov_b32 v1, -8\n scratch_load_b32 v2, v1, off\n", "memory"),
        ("s_mov_b32 s8, 0x100\n scratch_load_u8 v2, off, s8\n", "memory"),
        // The addtid forms without SADDR address 4 x lane from 0, outside every allocation.
        ("global_load_addtid_b32 v2, off offset:0x40\n", "memory"),
        ("s_add_u32 s2, s2, 0xffa0\n global_store_addtid_b32 v0, s[2:3]\n", "memory"),
        // A vector instruction after the wave released its VGPRs.
        ("s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n v_mov_b32 v1, 0\n", "illegal"),
    ];
    // (On every model built: the mutation runs build one.)
    for model in ["cu", "cu_l8", "cu_l4"].into_iter().filter(|m| built(m)) {
        for (body, want) in cases {
            let src = format!("{body}\n s_waitcnt vmcnt(0) lgkmcnt(0)\n s_endpgm\n");
            let r = run(&src, 1, (1, 20), model).unwrap_or_else(|e| panic!("{body} ({model}): {e}"));
            match &r.waves[0] {
                WaveEnd::Faulted(f @ Fault::Memory { .. }) => {
                    assert_eq!(want, "memory", "{body} ({model}): {f}")
                }
                WaveEnd::Faulted(f @ Fault::Illegal { .. }) => {
                    assert_eq!(want, "illegal", "{body} ({model}): {f}")
                }
                e => panic!("{body} ({model}): {e:?}"),
            }
        }
    }
}

/// Every GLOBAL atomic: the integer ones, 32- and 64-bit, and the F32 ones (add, min, max,
/// compare-swap on edge values under MODE's denormal settings), with GLC (the old value back)
/// and without, eight lanes' addresses colliding on each of four dwords or quadwords so that
/// the lanes' read-modify-writes chain in lane order, on 32- and 4-lane models under memory
/// latency.
#[test]
fn atomics_agree_with_the_golden_model() {
    if !conformance::require_verilator("atomics_agree_with_the_golden_model") {
        return;
    }
    let ops32 = [
        "swap_b32",
        "cmpswap_b32",
        "add_u32",
        "sub_u32",
        "csub_u32",
        "min_i32",
        "max_i32",
        "min_u32",
        "max_u32",
        "and_b32",
        "or_b32",
        "xor_b32",
        "inc_u32",
        "dec_u32",
    ];
    let ops64 = [
        "swap_b64",
        "cmpswap_b64",
        "add_u64",
        "sub_u64",
        "min_i64",
        "max_i64",
        "min_u64",
        "max_u64",
        "and_b64",
        "or_b64",
        "xor_b64",
        "inc_u64",
        "dec_u64",
    ];
    // v2: lane * 4 & 0xc (four dwords), v8: lane * 8 & 0x18 (four quadwords); data v3/v4 and
    // v[10:13]: the lane number, and values around it, some negative.
    let mut src = String::from(
        "v_lshlrev_b32 v1, 2, v0\n v_and_b32 v2, 0xc, v1\n v_lshlrev_b32 v7, 3, v0\n v_and_b32 v8, 0x18, v7\n \
         v_mov_b32 v3, v0\n v_sub_nc_u32 v4, 16, v0\n v_mov_b32 v10, v0\n v_ashrrev_i32 v11, 31, v4\n \
         v_mov_b32 v12, v4\n v_mov_b32 v13, v11\n",
    );
    for (i, op) in ops32.iter().enumerate() {
        let data = if op.starts_with("cmpswap") { "v[3:4]" } else { "v3" };
        let off = 0x400 + 0x20 * i;
        src += &format!(" global_atomic_{op} v5, v2, {data}, s[2:3] offset:{off:#x} glc\n");
        if *op != "csub_u32" {
            src += &format!(" global_atomic_{op} v2, {data}, s[2:3] offset:{off:#x}\n");
        }
    }
    for (i, op) in ops64.iter().enumerate() {
        let data = if op.starts_with("cmpswap") { "v[10:13]" } else { "v[10:11]" };
        let off = 0x600 + 0x40 * i;
        src += &format!(" global_atomic_{op} v[14:15], v8, {data}, s[2:3] offset:{off:#x} glc\n");
        src += &format!(" global_atomic_{op} v8, {data}, s[2:3] offset:{off:#x}\n");
    }
    // The float atomics on edge values (v20: DATA, v21: a compare-swap's compare value, a
    // different one in each lane), eight lanes on each of four dwords, under MODE's F32 input
    // denormals flushed and kept (which min, max and compare-swap read; add always flushes).
    let edges = conformance::F32_EDGES;
    for l in 0..32usize {
        src += &format!(
            " s_mov_b32 s10, {:#x}\n v_writelane_b32 v20, s10, {l}\n s_mov_b32 s10, {:#x}\n v_writelane_b32 v21, s10, {l}\n",
            edges[(5 * l + 1) % 16],
            edges[(3 * l) % 16]
        );
    }
    for (m, mode) in
        ["s_denorm_mode 0", "s_denorm_mode 1", "s_denorm_mode 3\n s_round_mode 5"].iter().enumerate()
    {
        src += &format!(" {mode}\n");
        for (i, op) in ["add_f32", "min_f32", "max_f32", "cmpswap_f32"].iter().enumerate() {
            let data = if op.starts_with("cmpswap") { "v[20:21]" } else { "v20" };
            let off = 0x800 + 0x20 * (4 * m + i);
            src += &format!(" global_store_b32 v2, v21, s[2:3] offset:{off:#x}\n");
            src += &format!(" global_atomic_{op} v5, v2, {data}, s[2:3] offset:{off:#x} glc\n");
            src += &format!(" global_atomic_{op} v2, {data}, s[2:3] offset:{off:#x}\n");
        }
    }
    src += " s_waitcnt vmcnt(0)\n s_waitcnt_vscnt null, 0\n s_endpgm\n";
    for (latency, model) in
        [((1, 1), "cu"), ((2, 40), "cu"), ((1, 20), "cu_l4")].into_iter().filter(|m| built(m.1))
    {
        let r = run(&src, 4, latency, model).unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{:?}", r.waves);
    }
}

/// The assembly of DS read-modify-write row `d` (shape `s`) on address register `addr` with
/// OFFSET `off`: VDST v20 (v[20:21], v[20:23]) for the returning forms, DATA0 v5 or v[10:11],
/// DATA1 v3 or v[12:13]. A two-address exchange takes OFFSET0 and OFFSET1 from `off`'s bytes
/// (in elements).
fn ds_atomic(d: &rdna3_isa::InstDef, s: sim::ds_timing::Shape, addr: &str, off: u32) -> String {
    let has = |f: rdna3_isa::Field| d.operands.iter().any(|o| o.field == f);
    let reg = |one: &str, two: &str| if s.bytes == 8 { two.to_string() } else { one.to_string() };
    let mut ops = Vec::new();
    if has(rdna3_isa::Field::Vdst) {
        ops.push(match (s.two, s.bytes) {
            (true, 8) => "v[20:23]".to_string(),
            (true, _) => "v[20:21]".to_string(),
            _ => reg("v20", "v[20:21]"),
        });
    }
    if has(rdna3_isa::Field::Addr) {
        ops.push(addr.to_string());
    }
    if has(rdna3_isa::Field::Data0) {
        ops.push(reg("v5", "v[10:11]"));
    }
    if has(rdna3_isa::Field::Data1) {
        ops.push(reg("v3", "v[12:13]"));
    }
    let offsets = if s.two {
        let k = s.bytes * if s.stride64 { 64 } else { 1 };
        format!("offset0:{} offset1:{}", off / k % 256, (off / k + 1) % 256)
    } else {
        format!("offset:{off:#x}")
    };
    format!(" {} {} {offsets}\n", d.name, ops.join(", "))
}

/// Every DS atomic the RTL executes (every integer one, 32- and 64-bit, with and without
/// return, and the two-address exchanges; the rows from the table), on addresses that eight lanes share, that all lanes
/// share, that each lane has alone, and misaligned ones (a 4-byte element over two dwords, an
/// 8-byte one over two or three), some under a partial or empty EXEC; then the whole region
/// loaded back, so that co-simulation compares every byte the atomics left. Two waves of one
/// workgroup share the LDS; the 32- and 4-lane models.
#[test]
fn ds_atomics_agree_with_the_golden_model() {
    if !conformance::require_verilator("ds_atomics_agree_with_the_golden_model") {
        return;
    }
    let rows: Vec<(&'static rdna3_isa::InstDef, sim::ds_timing::Shape)> = rdna3_isa::table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::ds_executes(d))
        .filter_map(|d| sim::ds_timing::Shape::of(d).filter(|s| s.atomic).map(|s| (d, s)))
        .collect();
    assert!(rows.len() >= 63, "{} DS atomic rows", rows.len());
    // v1: lane * 4 (a dword each); v2: 4 dwords, 8 lanes each; v9: one dword for all lanes;
    // v7: lane * 8, v8: 4 quadwords, 8 lanes each; v14: (lane & 3) * 4 + 1 (misaligned
    // dwords that overlap), v15: (lane & 3) * 4 + 4 (quadwords over two dwords), v16: ... + 2
    // (over three). v3: lane & 3 (the LDS holds such values at first), v5: lane - 3.
    let mut src = String::from(
        "v_lshlrev_b32 v1, 2, v0\n v_and_b32 v2, 0xc, v1\n v_mov_b32 v9, 0\n v_lshlrev_b32 v7, 3, v0\n \
         v_and_b32 v8, 0x18, v7\n v_and_b32 v3, 3, v0\n v_subrev_nc_u32 v5, 3, v0\n \
         v_lshlrev_b32 v17, 2, v3\n v_add_nc_u32 v14, 1, v17\n v_add_nc_u32 v15, 4, v17\n \
         v_add_nc_u32 v16, 2, v17\n \
         v_mov_b32 v10, v5\n v_ashrrev_i32 v11, 31, v5\n v_mov_b32 v12, v3\n v_mov_b32 v13, 0\n",
    );
    for k in 0..64 {
        src += &format!(" ds_store_b32 v1, v3 offset:{:#x}\n", 128 * k);
    }
    for (i, (d, s)) in rows.iter().enumerate() {
        let addr = match (i % 4, s.bytes) {
            (0, 4) => "v2",
            (1, _) => "v9",
            (2, 4) => "v1",
            (3, 4) => "v14",
            (0, _) => "v8",
            (2, _) => "v7",
            _ => {
                if i % 8 == 3 {
                    "v15"
                } else {
                    "v16"
                }
            }
        };
        let exec = match i % 5 {
            3 => Some("0x5a5a5a5a"),
            4 if i % 10 == 9 => Some("0"),
            _ => None,
        };
        if let Some(e) = exec {
            src += &format!(" s_mov_b32 exec_lo, {e}\n");
        }
        src += &ds_atomic(d, *s, addr, 0x80 * i as u32);
        if exec.is_some() {
            src += " s_mov_b32 exec_lo, -1\n";
        }
    }
    for k in 0..96 {
        src += &format!(" ds_load_b32 v22, v1 offset:{:#x}\n", 128 * k);
    }
    src += " s_waitcnt lgkmcnt(0)\n s_endpgm\n";
    ds_program_on_both_models(&src);
}

/// Runs DS program `src` on two waves of one workgroup on the 32-lane model (latency 1) and
/// the 4-lane one (latency 1 to 20), against the golden model; every wave must end.
fn ds_program_on_both_models(src: &str) {
    for (latency, model) in [((1, 1), "cu"), ((1, 20), "cu_l4")].into_iter().filter(|m| built(m.1)) {
        let r = run(src, 2, latency, model).unwrap_or_else(|e| panic!("{model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{model}: {:?}", r.waves);
        eprintln!(
            "{model}: {} DS instructions, {} LDS bank cycles, {} cycles",
            r.stats.lds_instructions, r.stats.lds_bank_cycles, r.cycles
        );
    }
}

/// A DS atomic with a lane past the allocation faults as a memory violation, before anything
/// is written, in both models.
#[test]
fn ds_atomic_faults_agree_with_the_golden_model() {
    if !conformance::require_verilator("ds_atomic_faults_agree_with_the_golden_model") {
        return;
    }
    let cases = [
        "v_mov_b32 v1, 0x10000\n ds_add_u32 v1, v0\n",
        // Lanes 16 and up past 64 KiB, under a partial EXEC that keeps lane 17.
        "v_lshlrev_b32 v1, 12, v0\n s_mov_b32 exec_lo, 0x2000f\n ds_max_rtn_i32 v2, v1, v0\n",
        "v_mov_b32 v1, 0xfffc\n ds_cmpstore_rtn_b64 v[2:3], v1, v[4:5], v[6:7]\n",
        // M0's forms: append past the end, and the lanes of an addtid load from lane 4 on.
        "s_mov_b32 m0, 0x1fffe\n s_mov_b32 exec_lo, 0x30\n ds_append v2 offset:0x10\n",
        "s_mov_b32 m0, 0xfff0\n ds_load_addtid_b32 v2\n",
    ];
    for body in cases {
        let src = format!("{body}\n s_waitcnt lgkmcnt(0)\n s_endpgm\n");
        for model in ["cu", "cu_l4"].into_iter().filter(|m| built(m)) {
            let r = run(&src, 1, (1, 1), model).unwrap_or_else(|e| panic!("{model}: {body}: {e}"));
            assert!(
                matches!(&r.waves[0], WaveEnd::Faulted(Fault::Memory { .. })),
                "{model}: {body}: {:?}",
                r.waves
            );
        }
    }
}

/// The DS rows that exchange lanes or address through M0, on the whole compute unit: swizzle
/// in each of its four modes (quad permutes, bit masks, rotations both ways, FFT), permute
/// with lanes that collide (the highest wins) and bpermute, the addtid loads and stores,
/// append and consume (one read-modify-write for the wave, whose value every active lane
/// gets), and `ds_condxchg32_rtn_b64` with each dword's flag set or clear; under a full,
/// a partial and (for some) an empty EXEC, on the 32- and 4-lane models. Co-simulation
/// compares every lane each one writes, and the LDS bank cycles of each (0 for the lane
/// exchanges) against `sim::ds_timing`.
#[test]
fn ds_lane_exchanges_and_m0_forms_agree_with_the_golden_model() {
    if !conformance::require_verilator("ds_lane_exchanges_and_m0_forms_agree_with_the_golden_model") {
        return;
    }
    // v1: lane * 4; v2: a hash of the lane; v3: (31 - lane) * 4; v4: (lane & 3) * 4 (eight
    // lanes on each of four targets); v5: (lane * 7 + 5) * 4, past lane 31 (mod 32 applies).
    let mut src = String::from(
        "v_lshlrev_b32 v1, 2, v0\n v_mul_lo_u32 v2, 0x9e3779b9, v0\n v_sub_nc_u32 v3, 0x7c, v1\n \
         v_and_b32 v4, 12, v1\n v_mul_u32_u24 v5, 7, v0\n v_add_nc_u32 v5, 5, v5\n v_lshlrev_b32 v5, 2, v5\n",
    );
    let swizzles = [
        0x8000u32, 0x80e4, 0x801b, 0x80ff, 0x8055, // quad permutes
        0x001f, 0x041f, 0x7c1f, 0x0018, 0x00f0, 0x03e0, 0x2a15, // and, or, xor masks
        0xc020, 0xc420, 0xc3e0, 0xc021, 0xc421, 0xc0a3, 0xc7ff, // rotations with masks
        0xe000, 0xe010, 0xe01f, 0xe001, 0xe00a, 0xffff, // FFT
    ];
    for (i, off) in swizzles.iter().enumerate() {
        let exec = ["-1", "0x5a5a5a5a", "0xffff0001", "0"][i % 4];
        src += &format!(" s_mov_b32 exec_lo, {exec}\n ds_swizzle_b32 v{}, v2 offset:{off:#x}\n", 10 + i % 8);
    }
    for (i, exec) in ["-1", "0x0f0f00ff", "0x80000001"].iter().enumerate() {
        src += &format!(" s_mov_b32 exec_lo, {exec}\n");
        for (j, a) in ["v1", "v3", "v4", "v5"].iter().enumerate() {
            let off = [0, 4, 0x84, 0xfffc][(i + j) % 4];
            src += &format!(" ds_permute_b32 v{}, {a}, v2 offset:{off:#x}\n", 20 + j);
            src += &format!(" ds_bpermute_b32 v{}, {a}, v2 offset:{off:#x}\n", 24 + j);
        }
    }
    src += " s_mov_b32 exec_lo, -1\n s_mov_b32 m0, 0x100\n ds_store_addtid_b32 v2 offset:0x10\n \
             s_mov_b32 m0, 0x10102\n ds_store_addtid_b32 v3\n s_mov_b32 exec_lo, 0x3c3c3c3c\n \
             ds_load_addtid_b32 v30 offset:0x10\n s_mov_b32 m0, 0x103\n ds_load_addtid_b32 v31 offset:0x2\n";
    // Append and consume on a counter at 0x40 and an unaligned one at 0x202.
    src += " s_mov_b32 m0, 0x40\n s_mov_b32 exec_lo, -1\n ds_append v32\n s_mov_b32 exec_lo, 0x700\n \
             ds_append v33\n ds_consume v34 offset:0x1c2\n s_mov_b32 exec_lo, 0\n ds_consume v35\n \
             s_mov_b32 exec_lo, 0xfffffff0\n ds_consume v36\n ds_append v37 offset:0x1c2\n";
    // condxchg: DATA0's dwords with bit 31 set on alternate lanes, on qwords some lanes share.
    src += " s_mov_b32 exec_lo, -1\n v_lshlrev_b32 v40, 31, v0\n v_or_b32 v40, v40, v2\n \
             v_not_b32 v41, v40\n v_and_b32 v42, 0x3c, v1\n ds_condxchg32_rtn_b64 v[44:45], v42, v[40:41] offset:0x103\n \
             ds_condxchg32_rtn_b64 v[46:47], v42, v[40:41] offset:0x100\n s_mov_b32 exec_lo, 0xa5a5a5a5\n \
             ds_condxchg32_rtn_b64 v[44:45], v1, v[40:41]\n";
    for k in 0..8 {
        src += &format!(" s_mov_b32 exec_lo, -1\n ds_load_b128 v[50:53], v1 offset:{:#x}\n", 128 * k);
    }
    src += " s_waitcnt lgkmcnt(0)\n s_endpgm\n";
    ds_program_on_both_models(&src);
}

/// The DS float atomics on the whole compute unit: every float row (add, min, max and
/// cmpstore of F32, min, max and cmpstore of F64, with and without return) on edge values
/// (signed zeros, denormals, the smallest normal, the largest finite value, infinities, quiet
/// and signalling NaNs of both signs, ones), with eight lanes on one element and with a lane
/// on each, under six MODE settings (`s_denorm_mode` with every F32 and F64 input and output
/// choice, `s_round_mode` directed, which the atomics must ignore: they round to nearest
/// even), the last under a partial EXEC; on the 32- and 4-lane models, the region loaded back
/// at the end so that co-simulation compares what the atomics left.
#[test]
fn ds_float_atomics_agree_with_the_golden_model() {
    if !conformance::require_verilator("ds_float_atomics_agree_with_the_golden_model") {
        return;
    }
    let (f32s, f64s) = (conformance::F32_EDGES, conformance::F64_EDGES);
    let rows: Vec<(&'static rdna3_isa::InstDef, sim::ds_timing::Shape)> = rdna3_isa::table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::ds_executes(d))
        .filter_map(|d| sim::ds_timing::Shape::of(d).filter(|s| s.float).map(|s| (d, s)))
        .collect();
    assert_eq!(rows.len(), 14, "DS float atomic rows");
    // v1: lane * 8 (an element each); v2: (lane & 3) * 8 (eight lanes on each of four).
    // DATA0 v5 / v[10:11] and DATA1 v3 / v[12:13]: edge values, a different one in each lane.
    let mut src = String::from("v_lshlrev_b32 v1, 3, v0\n v_and_b32 v2, 0x18, v1\n");
    for l in 0..32usize {
        // (Lanes 2, 18 (F32) and 10, 24 (F64) meet a signalling NaN in memory with another
        // one of their own.)
        let (a, b) = (f32s[(5 * l + 1) % 16], f32s[(3 * l + 6) % 16]);
        let (c, d) = (f64s[(5 * l + 2) % 14], f64s[(3 * l + 9) % 14]);
        src += &format!(
            " s_mov_b32 s10, {a:#x}\n v_writelane_b32 v5, s10, {l}\n s_mov_b32 s10, {b:#x}\n v_writelane_b32 v3, s10, {l}\n \
             s_mov_b32 s10, {:#x}\n v_writelane_b32 v10, s10, {l}\n s_mov_b32 s10, {:#x}\n v_writelane_b32 v11, s10, {l}\n \
             s_mov_b32 s10, {:#x}\n v_writelane_b32 v12, s10, {l}\n s_mov_b32 s10, {:#x}\n v_writelane_b32 v13, s10, {l}\n",
            c as u32,
            (c >> 32) as u32,
            d as u32,
            (d >> 32) as u32
        );
    }
    // The LDS starts with the compare values, so that compare-stores match.
    for k in 0..(6 * rows.len()) {
        src += &format!(" ds_store_b64 v1, v[12:13] offset:{:#x}\n", 0x100 * k % 0x8000);
        if k % 2 == 0 {
            src += &format!(" ds_store_b32 v1, v3 offset:{:#x}\n", 0x100 * k % 0x8000);
        }
    }
    let modes = [
        "s_denorm_mode 0",
        "s_denorm_mode 15",
        "s_denorm_mode 5\n s_round_mode 15",
        "s_denorm_mode 10",
        "s_denorm_mode 3\n s_round_mode 5",
        "s_denorm_mode 12",
    ];
    let mut k = 0u32;
    for (m, mode) in modes.iter().enumerate() {
        src += &format!(" {mode}\n");
        if m == modes.len() - 1 {
            src += " s_mov_b32 exec_lo, 0x5a5aa5a5\n";
        }
        for (i, (d, s)) in rows.iter().enumerate() {
            let addr = if (i + m) % 2 == 0 { "v2" } else { "v1" };
            src += &ds_atomic(d, *s, addr, 0x100 * k % 0x8000);
            k += 1;
        }
    }
    src += " s_mov_b32 exec_lo, -1\n";
    for k in 0..(6 * rows.len() as u32) {
        src += &format!(" ds_load_b64 v[22:23], v1 offset:{:#x}\n", 0x100 * k % 0x8000);
    }
    src += " s_waitcnt lgkmcnt(0)\n s_endpgm\n";
    ds_program_on_both_models(&src);
}

const SCRATCH: &str = r#"
  ; Each lane's private segment (256 bytes a lane, dword d of lane l at 128 d + 4 l): stores
  ; and loads of every width through a VGPR offset, SADDR, both and neither, negative
  ; offsets, unaligned accesses across dwords, the d16 forms, partial EXEC.
  v_lshlrev_b32 v1, 2, v0
  v_mul_u32_u24 v2, 3, v0
  v_add_nc_u32 v2, 1, v2
  v_lshl_or_b32 v10, v0, 16, s0
  v_xor_b32 v11, 0x5a5a5a5a, v10
  v_mul_lo_u32 v12, 0x9e3779b9, v10
  v_not_b32 v13, v12
  scratch_store_b128 v1, v[10:13], off offset:0x10
  scratch_store_b128 v2, v[10:13], off offset:0x40
  scratch_store_b32 off, v10, off offset:0x60
  s_movk_i32 s8, 0x70
  scratch_store_b64 off, v[11:12], s8 offset:-8
  scratch_store_b96 v1, v[10:12], s8 offset:0x4
  scratch_store_b32 v2, v13, off offset:0x80
  scratch_store_b16 v2, v11, off offset:0x9e
  scratch_store_b8 v0, v12, off offset:0xc0
  scratch_store_d16_hi_b16 v0, v10, off offset:0xd2
  scratch_store_d16_hi_b8 v0, v11, off offset:0xd8
  s_waitcnt_vscnt null, 0
  scratch_load_b128 v[20:23], v1, off offset:0x10
  scratch_load_b32 v24, off, off offset:0x60
  scratch_load_b64 v[25:26], off, s8 offset:-8
  scratch_load_b96 v[27:29], v1, s8 offset:0x4
  scratch_load_b32 v30, v2, off offset:0x80
  scratch_load_u16 v31, v2, off offset:0x9e
  scratch_load_i16 v32, v2, off offset:0x9e
  scratch_load_u8 v33, v0, off offset:0xc0
  scratch_load_i8 v34, v0, off offset:0xc0
  v_mov_b32 v35, v13
  v_mov_b32 v36, v13
  v_mov_b32 v37, v13
  v_mov_b32 v38, v13
  scratch_load_d16_b16 v35, v0, off offset:0xd2
  scratch_load_d16_hi_u8 v36, v0, off offset:0xd8
  scratch_load_d16_i8 v37, v2, off offset:0x9f
  scratch_load_d16_hi_b16 v38, v2, off offset:0x81
  scratch_load_b128 v[40:43], v2, off offset:0x40
  s_waitcnt vmcnt(0)
  ; lanes 4-7 and 16-23 only
  s_mov_b32 exec_lo, 0xff00f0
  scratch_store_b32 off, v0, off offset:0xf8
  scratch_load_b32 v44, off, off offset:0xf8
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0)
  s_endpgm
"#;

/// SCRATCH on the RTL: every load and store width, the d16 forms, VGPR and SGPR offsets,
/// unaligned accesses that cross dwords, partial EXEC, on four waves' segments, at three
/// latencies and on both lane counts; then the layout checked against the guide's swizzle by
/// the host (dword d of lane l of wave k at its segment + 128 d + 4 l).
#[test]
fn scratch_agrees_with_the_golden_model() {
    if !conformance::require_verilator("scratch_agrees_with_the_golden_model") {
        return;
    }
    for (latency, model) in
        [((1, 1), "cu"), ((1, 30), "cu"), ((5, 60), "cu_l4")].into_iter().filter(|m| built(m.1))
    {
        let r =
            run(SCRATCH, 4, latency, model).unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{:?}", r.waves);
        let regions = r.memory.regions();
        for k in 0..4u32 {
            let seg =
                regions.iter().find(|g| g.name == format!("scratch of wave {k}")).expect("segment").base;
            let rd = |d: u64, l: u64| r.memory.read_u32(seg + 128 * d + 4 * l).expect("in the segment");
            for l in 0..32u64 {
                let v10 = (l as u32) << 16 | k;
                // scratch_store_b32 off, v10, off offset:0x60: dword 0x18 of every lane.
                assert_eq!(rd(0x60 / 4, l), v10, "wave {k} lane {l}: offset 0x60");
                // The partial store at 0xf8: lanes 4-7 and 16-23 wrote their number.
                if (4..8).contains(&l) || (16..24).contains(&l) {
                    assert_eq!(rd(0xf8 / 4, l), l as u32, "wave {k} lane {l}: offset 0xf8");
                }
            }
        }
    }
}

const FLAT: &str = r#"
  ; FLAT: each lane's 64-bit address picks global memory (the buffer), the workgroup's LDS
  ; (the shared aperture, high dword 0x10000) or the lane's private segment (the private
  ; aperture, 0x20000). v[4:5]: global, v[6:7]: LDS (wave k's 4 KiB from 0x1000 k), v[8:9]:
  ; private, each at 4 x lane (private: 4 x (lane mod 8)); v[10:11]: lane mod 3 picks one of
  ; the three, so that one instruction addresses all three memories.
  v_lshlrev_b32 v1, 2, v0
  s_lshl_b32 s9, s0, 12
  s_lshl_b32 s10, s0, 10
  v_mov_b32 v5, s3
  v_add_co_u32 v4, vcc_lo, s2, v1
  v_add_co_ci_u32_e32 v5, vcc_lo, 0, v5, vcc_lo
  v_add_co_u32 v4, vcc_lo, v4, s10
  v_add_co_ci_u32_e32 v5, vcc_lo, 0, v5, vcc_lo
  v_add_nc_u32 v6, s9, v1
  v_mov_b32 v7, 0x10000
  v_and_b32 v8, 28, v1
  v_mov_b32 v9, 0x20000
  s_mov_b32 exec_lo, 0x49249249
  v_mov_b32 v10, v4
  v_mov_b32 v11, v5
  s_mov_b32 exec_lo, 0x92492492
  v_mov_b32 v10, v6
  v_mov_b32 v11, v7
  s_mov_b32 exec_lo, 0x24924924
  v_mov_b32 v10, v8
  v_mov_b32 v11, v9
  s_mov_b32 exec_lo, -1
  ; data: v[20:23] from the lane and wave numbers
  v_lshl_or_b32 v20, v0, 16, s0
  v_xor_b32 v21, 0x5a5a5a5a, v20
  v_mul_lo_u32 v22, 0x9e3779b9, v20
  v_not_b32 v23, v22
  ; stores of every width into each memory alone and into all three at once
  flat_store_b32 v[4:5], v20 offset:0xf00
  flat_store_b32 v[6:7], v21 offset:0x200
  flat_store_b32 v[8:9], v22 offset:0x20
  flat_store_b128 v[10:11], v[20:23] offset:0x40
  flat_store_b96 v[10:11], v[21:23] offset:0x51
  flat_store_b64 v[10:11], v[22:23] offset:0x5e
  flat_store_b16 v[10:11], v23 offset:0x67
  flat_store_b8 v[10:11], v21 offset:0x6b
  flat_store_d16_hi_b16 v[10:11], v22 offset:0x6e
  flat_store_d16_hi_b8 v[10:11], v20 offset:0x73
  s_waitcnt_vscnt null, 0
  s_waitcnt lgkmcnt(0)
  ; loads of every width, extended and d16, back from all three
  flat_load_b32 v30, v[4:5] offset:0xf00
  flat_load_b32 v31, v[6:7] offset:0x200
  flat_load_b32 v32, v[8:9] offset:0x20
  flat_load_b128 v[40:43], v[10:11] offset:0x40
  flat_load_b96 v[44:46], v[10:11] offset:0x51
  flat_load_b64 v[48:49], v[10:11] offset:0x5e
  flat_load_u16 v33, v[10:11] offset:0x67
  flat_load_i16 v34, v[10:11] offset:0x67
  flat_load_u8 v35, v[10:11] offset:0x6b
  flat_load_i8 v36, v[10:11] offset:0x6e
  v_mov_b32 v37, v23
  v_mov_b32 v38, v23
  v_mov_b32 v39, v23
  flat_load_d16_b16 v37, v[10:11] offset:0x6e
  flat_load_d16_hi_i8 v38, v[10:11] offset:0x73
  flat_load_d16_hi_u8 v39, v[10:11] offset:0x73
  s_waitcnt vmcnt(0) lgkmcnt(0)
  ; atomics on all three at once: eight lanes of a memory on one dword (v12 = v[10:11] with
  ; the lane's part of the address cleared), with and without GLC, the float ones too
  v_and_b32 v12, 0xffffff80, v10
  v_mov_b32 v13, v11
  flat_atomic_add_u32 v50, v[12:13], v0 offset:0xa0 glc
  flat_atomic_add_u32 v[12:13], v0 offset:0xa0
  flat_atomic_max_i32 v51, v[12:13], v21 offset:0xa4 glc
  flat_atomic_cmpswap_b32 v52, v[12:13], v[0:1] offset:0xa0 glc
  flat_atomic_inc_u32 v53, v[12:13], v1 offset:0xa8 glc
  flat_atomic_swap_b32 v54, v[12:13], v20 offset:0xac glc
  flat_atomic_add_f32 v55, v[12:13], v22 offset:0xb0 glc
  flat_atomic_min_f32 v[12:13], v23 offset:0xb4
  flat_atomic_cmpswap_f32 v56, v[12:13], v[22:23] offset:0xb4 glc
  ; 64-bit atomics on global memory and LDS only (lanes 0, 1, 3, 4, ...: exec without the
  ; private lanes)
  s_mov_b32 exec_lo, 0xdb6db6db
  flat_atomic_add_u64 v[58:59], v[12:13], v[20:21] offset:0xb8 glc
  flat_atomic_cmpswap_b64 v[60:61], v[12:13], v[20:23] offset:0xb8 glc
  flat_atomic_xor_b64 v[12:13], v[22:23] offset:0xc0
  ; compare-swaps whose compare value (DATA's second half) matches LDS's zeros at 0x300: the
  ; first LDS lane of each stores its value
  v_mov_b32 v96, v20
  v_mov_b32 v97, v21
  v_mov_b32 v98, 0
  v_mov_b32 v99, 0
  flat_atomic_cmpswap_b64 v[100:101], v[12:13], v[96:99] offset:0x300 glc
  flat_atomic_cmpswap_b32 v102, v[12:13], v[97:98] offset:0x308 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  flat_load_b96 v[104:106], v[12:13] offset:0x300
  s_mov_b32 exec_lo, -1
  ; the float atomics follow the memory's denormal rules on LDS lanes too, not DS's: the add
  ; flushes denormal inputs even where MODE keeps them, a compare-swap keeps the denormal it
  ; stores even where MODE flushes F32 results (the lane numbers are denormal bit patterns)
  ; (in LDS and the private segment at 0xf0 and on, which no store above reached: zeros),
  ; and the add of a normal value that cancels to a denormal keeps it where MODE flushes
  s_denorm_mode 3
  flat_atomic_add_f32 v57, v[12:13], v0 offset:0xf0 glc
  s_denorm_mode 0
  v_add_nc_u32 v24, 1, v0
  v_mov_b32 v25, 0
  flat_atomic_cmpswap_f32 v62, v[12:13], v[24:25] offset:0xf4 glc
  v_mov_b32 v26, 0x800001
  v_mov_b32 v27, 0x80800000
  flat_store_b32 v[12:13], v26 offset:0xf8
  flat_atomic_add_f32 v63, v[12:13], v27 offset:0xf8 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  s_waitcnt_vscnt null, 0
  flat_load_b128 v[92:95], v[12:13] offset:0xf0
  flat_load_b128 v[64:67], v[12:13] offset:0xa0
  flat_load_b128 v[68:71], v[12:13] offset:0xb0
  flat_load_b128 v[72:75], v[12:13] offset:0xb8
  ; LDS lanes alone under a partial EXEC, and no lane at all
  s_mov_b32 exec_lo, 0x12480
  flat_store_b32 v[6:7], v0 offset:0x400
  flat_load_b32 v76, v[6:7] offset:0x400
  s_mov_b32 exec_lo, 0
  flat_store_b32 v[10:11], v0 offset:0x400
  flat_load_b32 v77, v[10:11] offset:0x400
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0) lgkmcnt(0)
  ; what the FLAT stores left in LDS, read by DS loads
  ds_load_b128 v[80:83], v6 offset:0x40
  ds_load_b128 v[84:87], v6 offset:0x200
  ds_load_b128 v[88:91], v6 offset:0xa0
  s_waitcnt lgkmcnt(0)
  s_endpgm
"#;

/// FLAT on the RTL: stores, loads (every width, extended and d16) and atomics (integer and
/// float, 32- and 64-bit, with and without GLC) whose lanes address global memory, LDS and
/// the private segment in one instruction, LDS lanes alone under a partial EXEC and an empty
/// EXEC, on four waves at three latencies and both lane counts; and FLAT's faults.
#[test]
fn flat_agrees_with_the_golden_model() {
    if !conformance::require_verilator("flat_agrees_with_the_golden_model") {
        return;
    }
    // (Model by model, so that the 32-lane one is done first: the mutation runs build it alone.)
    for (model, latencies) in
        [("cu", &[(1, 1), (1, 30)][..]), ("cu_l4", &[(5, 60)][..])].into_iter().filter(|m| built(m.0))
    {
        for &latency in latencies {
            flat_program(model, latency);
        }
        flat_faults(model);
    }
}

/// [`FLAT`] on `model` at `latency`, and the global stores it leaves checked by the host.
fn flat_program(model: &str, latency: (u32, u32)) {
    let r = run(FLAT, 4, latency, model).unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
    assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{:?}", r.waves);
    // The float atomics on LDS lanes (1, 4, ...: lane mod 3 = 1) under the memory's denormal
    // rules: the add's denormal inputs flushed, so the zeros stay (v57, the old values); lane
    // 1's add of -2^-126 to 2^-126 + 2^-149 left 2^-149, a denormal kept, which lane 4 saw.
    for w in &r.state {
        assert!(w.vgpr[57].iter().skip(1).step_by(3).all(|&v| v == 0), "v57: {:x?}", w.vgpr[57]);
        assert_eq!((w.vgpr[63][1], w.vgpr[63][4]), (0x0080_0001, 1), "v63: {:x?}", w.vgpr[63]);
        // The compare-swaps at LDS 0x300 and 0x308: lane 1's values, which later lanes saw.
        assert_eq!(
            (w.vgpr[104][4], w.vgpr[105][4], w.vgpr[106][4]),
            (w.vgpr[20][1], w.vgpr[21][1], w.vgpr[21][1]),
            "LDS's compare-swaps"
        );
    }
    // flat_store_b32 v[4:5], v20 offset:0xf00: wave k's lane l at the buffer's 0x400 k +
    // 4 l + 0xf00.
    let base = r.memory.regions().iter().find(|g| g.name == "buffer").expect("buffer").base;
    for k in 0..4u64 {
        for l in 0..32u64 {
            let got = r.memory.read_u32(base + 0x400 * k + 4 * l + 0xf00).expect("in the buffer");
            assert_eq!(got, (l as u32) << 16 | k as u32, "wave {k} lane {l}");
        }
    }
}

/// FLAT's faults on `model`.
fn flat_faults(model: &str) {
    // A store whose lanes 0-3 reach outside memory and whose other lanes are in LDS writes
    // nothing, not even to LDS: wave 0 faults on it, and wave 1 of its workgroup, later, finds
    // the LDS still zero (its loads are compared with the golden model's).
    let src = "s_cmp_eq_u32 s0, 0\n s_cbranch_scc0 reader\n v_lshlrev_b32 v1, 2, v0\n v_mov_b32 v7, 0x10000\n \
               v_mov_b32 v4, v1\n v_mov_b32 v5, 0x7fff\n v_cmp_gt_u32 vcc_lo, 4, v0\n \
               v_cndmask_b32 v5, v7, v5, vcc_lo\n flat_store_b32 v[4:5], v0\n s_waitcnt_vscnt null, 0\n \
               s_waitcnt lgkmcnt(0)\n s_endpgm\n reader:\n s_sleep 20\n v_lshlrev_b32 v1, 2, v0\n \
               ds_load_b32 v2, v1\n s_waitcnt lgkmcnt(0)\n s_endpgm\n";
    let r = run(src, 2, (1, 20), model).unwrap_or_else(|e| panic!("a faulting FLAT store ({model}): {e}"));
    assert!(matches!(&r.waves[0], WaveEnd::Faulted(Fault::Memory { .. })), "({model}): {:?}", r.waves[0]);
    assert_eq!(r.waves[1], WaveEnd::Ended, "({model})");
    assert_eq!(r.state[1].vgpr[2], [0; 32], "({model}): LDS after the faulting store");
    // Faults: an LDS lane past the allocation (64 KiB shared by the four waves of one
    // workgroup; one wave: all of it), a private lane past its 256 bytes, a 64-bit atomic in
    // the private aperture, a global lane outside memory; nothing is written by any lane.
    let setup = "v_lshlrev_b32 v1, 2, v0\n v_mov_b32 v7, 0x10000\n v_mov_b32 v9, 0x20000\n \
                 v_mov_b32 v5, 0x7fff\n";
    let cases = [
        "v_add_nc_u32 v6, 0xfffc, v1\n flat_store_b32 v[6:7], v0\n",
        "v_mov_b32 v6, 0xfffe\n flat_load_b32 v2, v[6:7]\n",
        "v_mov_b32 v8, 0xfc\n flat_load_b64 v[2:3], v[8:9]\n",
        "v_mov_b32 v8, 0\n flat_store_b32 v[8:9], v0 offset:0x100\n",
        "v_mov_b32 v8, v1\n flat_atomic_add_u64 v[8:9], v[2:3]\n",
        "s_mov_b32 exec_lo, 2\n v_mov_b32 v6, 0\n v_mov_b32 v7, 0x20000\n v_mov_b32 v8, 0\n \
         flat_atomic_swap_b64 v[2:3], v[6:7], v[8:9] glc\n",
        "v_mov_b32 v4, v1\n v_mov_b32 v5, 0x7fff\n v_mov_b32 v6, v1\n v_cmp_gt_u32 vcc_lo, 4, v0\n \
         v_cndmask_b32 v5, v7, v5, vcc_lo\n flat_store_b32 v[4:5], v0\n",
    ];
    for body in cases {
        let src = format!("{setup}{body}\n s_waitcnt vmcnt(0) lgkmcnt(0)\n s_endpgm\n");
        let r = run(&src, 1, (1, 20), model).unwrap_or_else(|e| panic!("{body} ({model}): {e}"));
        assert!(
            matches!(&r.waves[0], WaveEnd::Faulted(Fault::Memory { .. })),
            "{body} ({model}): {:?}",
            r.waves[0]
        );
    }
}

/// MUBUF's untyped loads, stores and atomics on the RTL (`tests/mem/buffer.s`: raw,
/// structured and swizzled resources, every OOB_SELECT, add_tid_enable, unbound and non-buffer
/// V#s, TFE, dwords partly out of range, partial and empty EXEC) on four waves at three
/// latencies and both lane counts; then a few stores the host checks; and MUBUF's faults.
#[test]
fn buffers_agree_with_the_golden_model() {
    if !conformance::require_verilator("buffers_agree_with_the_golden_model") {
        return;
    }
    let src = include_str!("mem/buffer.s");
    // (Model by model, so that the 32-lane one is done first: the mutation runs build it alone.)
    for (model, latencies) in
        [("cu", &[(1, 1), (1, 30)][..]), ("cu_l4", &[(5, 60)][..])].into_iter().filter(|m| built(m.0))
    {
        for &latency in latencies {
            let r =
                run(src, 4, latency, model).unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
            assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{model}: {:?}", r.waves);
            let base = r.memory.regions().iter().find(|g| g.name == "buffer").expect("the buffer").base;
            let rd = |a: u64| r.memory.read_u32(base + a).expect("in the buffer");
            for k in 0..4u64 {
                // Wave k's stores: a resource of num_records 0x1f8 past SOFFSET (0x1000 k) at
                // 0x2000. The B128 store's lane 30 (0x1f0 .. 0x1ff) keeps its two dwords
                // below 0x1f8 only; the dword at 0x1f4 is then the partial-EXEC store's
                // (lanes 4-7 and 12-15 of 0xf0f0 to one dword: lane 15's); nothing reaches
                // 0x1f8 .. 0x1ff.
                let area = 0x2000 + 0x1000 * k;
                assert_eq!(rd(area + 0x1f4), 15, "{model}: wave {k}: the highest lane's store");
                for a in [area + 0x1f8, area + 0x1fc] {
                    assert_eq!(rd(a), pattern(a), "{model}: wave {k}: {a:#x} is out of range, not stored");
                }
            }
        }
        buffer_faults(model);
    }
}

/// MUBUF's format rows and MTBUF on the RTL (`tests/mem/buffer_format.s`: every unified
/// format, loads of one to four components, 32-bit and D16, dst_sel of every kind, TFE,
/// elements out of range, a swizzled resource, stores of loaded values and of raw bit
/// patterns read back, INVALID formats, partial and empty EXEC; then MTBUF with every FORMAT)
/// on two waves at two latencies and both lane counts. The host checks stores of known values
/// in four formats by its own arithmetic; an MTBUF FORMAT above 63 is illegal.
#[test]
fn buffer_formats_agree_with_the_golden_model() {
    if !conformance::require_verilator("buffer_formats_agree_with_the_golden_model") {
        return;
    }
    let mut src = include_str!("mem/buffer_format.s").to_string();
    for f in 0..64 {
        src += &format!(
            "  tbuffer_load_format_xyzw v[4:7], v3, s[8:11], 0 format:{f} offen\n\
             \x20 tbuffer_load_d16_format_xyz v[8:9], v3, s[8:11], 0 format:{f} offen offset:1\n\
             \x20 tbuffer_load_format_x v10, v3, s[8:11], 0 format:{f} offen offset:0x1e9\n\
             \x20 tbuffer_store_format_xyzw v[44:47], v3, s[16:19], 0 format:{f} offen offset:0x100\n\
             \x20 tbuffer_store_d16_format_xy v40, v1, s[16:19], 0 format:{f} offen offset:0x300\n\
             \x20 s_waitcnt vmcnt(0)\n"
        );
    }
    // Stores the host checks, at 0x400 + 0x80 k for format k of [8_8_8_8_UNORM (42),
    // 16_16_SNORM (24), 8_8_USCALED (16), 16_16_SSCALED (26)], lane l's element at 4 l: x
    // (l - 16) / 16 and y l as a float's bits (a tiny denormal) for the first two, x (l - 16) / 2
    // and y (l - 16) / 16 for the others.
    for (k, f) in [42, 24, 16, 26].into_iter().enumerate() {
        let data = if k < 2 { "v[46:47]" } else { "v[45:46]" };
        let off = 0x400 + 0x80 * k;
        src += &format!("  tbuffer_store_format_xy {data}, v1, s[16:19], 0 format:{f} offen offset:{off}\n");
    }
    src += "  s_waitcnt vmcnt(0)\n  s_endpgm\n";
    for (model, latency) in
        [("cu", (1, 1)), ("cu", (1, 40)), ("cu_l4", (3, 50))].into_iter().filter(|m| built(m.0))
    {
        let r = run(&src, 2, latency, model).unwrap_or_else(|e| panic!("latency {latency:?}, {model}: {e}"));
        assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{model}: {:?}", r.waves);
        let base = r.memory.regions().iter().find(|g| g.name == "buffer").expect("the buffer").base;
        for w in 0..2u64 {
            for l in 0..32u64 {
                let got = |k: u64| {
                    r.memory
                        .read_u32(base + 0x4000 + 0x1000 * w + 0x400 + 0x80 * k + 4 * l)
                        .expect("in the buffer")
                };
                let (half, sixteenth) = ((l as f64 - 16.0) / 2.0, (l as f64 - 16.0) / 16.0);
                let int = |x: f64| x.round_ties_even() as i64 as u32;
                let unorm8 = int(sixteenth.clamp(0.0, 1.0) * 255.0);
                let snorm16 = int(sixteenth.clamp(-1.0, 1.0) * 32767.0) & 0xffff;
                let uscaled8 = int(half.clamp(0.0, 255.0)) | int(sixteenth.max(0.0)) << 8;
                let sscaled16 = int(half) & 0xffff | int(sixteenth) << 16;
                let at = format!("{model}: wave {w} lane {l}");
                assert_eq!(got(0), unorm8, "{at}: 8_8_8_8_UNORM (y a denormal, z and w not given)");
                assert_eq!(got(1), snorm16, "{at}: 16_16_SNORM (y a denormal)");
                assert_eq!(got(2) & 0xffff, uscaled8, "{at}: 8_8_USCALED");
                assert_eq!(got(3), sscaled16, "{at}: 16_16_SSCALED");
            }
        }
    }
    for model in ["cu", "cu_l4"].into_iter().filter(|m| built(m)) {
        let src = "s_mov_b32 s8, s2\n s_mov_b32 s9, s3\n s_mov_b32 s10, -1\n s_mov_b32 s11, 0x3002a000\n\
                   tbuffer_load_format_x v1, off, s[8:11], 0 format:64\n s_waitcnt vmcnt(0)\n s_endpgm\n";
        let r = run(src, 1, (1, 10), model).unwrap_or_else(|e| panic!("{model}: {e}"));
        assert!(matches!(&r.waves[0], WaveEnd::Faulted(Fault::Illegal { .. })), "{model}: {:?}", r.waves[0]);
    }
}

/// The buffer's initial contents at byte `a` (see [`memory`]), as a dword.
fn pattern(a: u64) -> u32 {
    u32::from_le_bytes(std::array::from_fn(|i| ((a as usize + i) * 7 + 3) as u8))
}

/// MUBUF's faults on `model`: a reserved swizzle_enable (2), SOFFSET SCC or an aperture, an
/// in-range access past the buffer; none leaves a byte of the buffer changed.
fn buffer_faults(model: &str) {
    let rsrc = |w1: &str, w3: &str| {
        format!("s_mov_b32 s8, s2\n s_or_b32 s9, s3, {w1}\n s_mov_b32 s10, -1\n s_mov_b32 s11, {w3}\n")
    };
    let cases = [
        (rsrc("0x80000000", "0x4000") + "buffer_load_b32 v1, off, s[8:11], 0\n", "memory"),
        (rsrc("0x80000000", "0x30004000") + "buffer_store_b32 v0, off, s[8:11], 0\n", "memory"),
        (rsrc("0", "0x4000") + "buffer_load_b32 v1, off, s[8:11], scc\n", "illegal"),
        (
            rsrc("0", "0x30004000")
                + "v_lshlrev_b32 v1, 12, v0\n buffer_store_b32 v0, v1, s[8:11], 0 offen\n",
            "memory",
        ),
        (rsrc("0", "0x30004000") + "buffer_atomic_add_u32 v0, off, s[8:11], src_shared_base\n", "illegal"),
        (rsrc("0", "0x30004000") + "buffer_store_b32 v0, off, s[8:11], src_private_base\n", "illegal"),
    ];
    for (body, want) in &cases {
        let src = format!("{body}\n s_waitcnt vmcnt(0)\n s_endpgm\n");
        let r = run(&src, 1, (1, 20), model).unwrap_or_else(|e| panic!("{model}: {body}: {e}"));
        match &r.waves[0] {
            WaveEnd::Faulted(f @ Fault::Memory { .. }) => assert_eq!(*want, "memory", "{body}: {f}"),
            WaveEnd::Faulted(f @ Fault::Illegal { .. }) => assert_eq!(*want, "illegal", "{body}: {f}"),
            e => panic!("{model}: {body}: {e:?}"),
        }
        let base = r.memory.regions().iter().find(|g| g.name == "buffer").expect("the buffer").base;
        for a in (0..1u64 << 16).step_by(4) {
            assert_eq!(
                r.memory.read_u32(base + a).expect("in the buffer"),
                pattern(a),
                "{model}: {body}: {a:#x}"
            );
        }
    }
}
