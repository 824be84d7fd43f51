//! Scalar memory: addressing, buffer range checks, register rules, counting (guide chapter 8).

use super::*;

/// Memory with one 256-byte region whose dword i holds 0x1000 + i; returns it and the base.
fn memory() -> (Memory, u64) {
    let mut m = Memory::default();
    let data: Vec<u8> = (0..64u32).flat_map(|i| (0x1000 + i).to_le_bytes()).collect();
    let base = m.alloc_with(&data, 256, "data");
    (m, base)
}

fn with_base(base: u64, regs: &[(usize, u32)]) -> Wave {
    let mut w = wave(regs);
    w.sgpr[2] = base as u32;
    w.sgpr[3] = (base >> 32) as u32;
    w
}

#[test]
fn loads_address_base_plus_offset_plus_soffset() {
    let (mut m, base) = memory();
    let mut w = with_base(base, &[(6, 8)]);
    let s = step_mem(&mut w, &mut m, "s_load_b32 s10, s[2:3], 0x4");
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(10, 0x1001)]);
    assert_eq!(w.counters.lgkm, 1);
    // SOFFSET adds; the two low bits of every component are ignored.
    let s = step_mem(&mut w, &mut m, "s_load_b64 s[10:11], s[2:3], s6 offset:0x7");
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(10, 0x1003), sg(11, 0x1004)]);
    assert_eq!(w.counters.lgkm, 3, "a load of two or more dwords counts 2");
    w.sgpr[125] = 16;
    let s = step_mem(&mut w, &mut m, "s_load_b128 s[12:15], s[2:3], m0 offset:0x4");
    assert_eq!(
        s.writes.iter().collect::<Vec<_>>(),
        [sg(12, 0x1005), sg(13, 0x1006), sg(14, 0x1007), sg(15, 0x1008)]
    );
    // A negative instruction offset is fine while the sum is not negative.
    let s = step_mem(&mut w, &mut m, "s_load_b32 s10, s[2:3], m0 offset:-0x8");
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(10, 0x1002)]);
    let s = step_mem(&mut w, &mut m, "s_load_b512 s[16:31], s[2:3], 0x0");
    assert_eq!(s.writes.iter().count(), 16);
    assert_eq!(w.sgpr[31], 0x100f);
}

#[test]
fn load_faults() {
    let (mut m, base) = memory();
    let mut w = with_base(base, &[]);
    let f = step_mem(&mut w, &mut m, "s_load_b32 s10, s[2:3], -0x4").outcome;
    assert!(matches!(f, Outcome::Fault(Fault::Illegal { .. })), "{f:?}");
    let mut w = with_base(base, &[]);
    let f = step_mem(&mut w, &mut m, "s_load_b64 s[10:11], s[2:3], 0xfc").outcome;
    assert!(matches!(&f, Outcome::Fault(Fault::Memory { what, .. }) if what.contains("outside")), "{f:?}");
    assert_eq!(w.sgpr[10], 0, "a faulting load writes nothing");
    assert_eq!(w.counters.lgkm, 0);
}

#[test]
fn a_destination_past_vcc_hi_is_not_written() {
    let (mut m, base) = memory();
    // TTMPs are past VCC_HI (s[104:107], which the guide reads as s104, s105 and VCC, is no
    // instruction for LLVM, and faults as illegal).
    let words = build("s_load_b128", &[(Field::Sdata, 104), (Field::Sbase, 1)], None);
    let mut w = with_base(base, &[]);
    let s = run_in(&mut w, Code::new(BASE, words), &mut m, &mut [], 1).expect("one instruction");
    assert!(matches!(s.outcome, Outcome::Fault(Fault::Illegal { .. })), "{:?}", s.outcome);
    let words = build("s_load_b128", &[(Field::Sdata, 120), (Field::Sbase, 1)], None);
    let mut w = with_base(base, &[]);
    let s = run_in(&mut w, Code::new(BASE, words), &mut m, &mut [], 1).expect("one instruction");
    assert_eq!(s.outcome, Outcome::Retired);
    assert_eq!(s.writes.iter().count(), 0, "ttmp[8:11] is not written");
}

#[test]
fn buffer_loads_check_the_range() {
    let (mut m, base) = memory();
    // V#: base, stride 0, num_records 12 bytes.
    let mut w = wave(&[(4, base as u32), (5, (base >> 32) as u32 & 0xffff), (6, 12), (7, 0)]);
    let s = step_mem(&mut w, &mut m, "s_buffer_load_b128 s[8:11], s[4:7], 0x4");
    // Offsets 4 and 8 are inside; 12 and 16 read zero.
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(8, 0x1001), sg(9, 0x1002), sg(10, 0), sg(11, 0)]);
    // Stride 4 with 4 records: 16 bytes.
    w.sgpr[5] |= 4 << 16;
    w.sgpr[6] = 4;
    let s = step_mem(&mut w, &mut m, "s_buffer_load_b64 s[8:9], s[4:7], 0xc");
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(8, 0x1003), sg(9, 0)]);
    let f = step_mem(&mut w, &mut m, "s_buffer_load_b32 s8, s[4:7], -0x4").outcome;
    assert!(matches!(f, Outcome::Fault(Fault::Memory { .. })), "{f:?}");
}

#[test]
fn waits_complete_scalar_loads() {
    let (mut m, base) = memory();
    let mut w = with_base(base, &[]);
    step_mem(&mut w, &mut m, "s_load_b64 s[10:11], s[2:3], 0x0");
    step_mem(&mut w, &mut m, "s_dcache_inv");
    assert_eq!(w.counters.lgkm, 3);
    step_mem(&mut w, &mut m, "s_waitcnt lgkmcnt(0)");
    assert_eq!(w.counters.lgkm, 0);
}
