//! SOPP and the PC moves of SOP1: branches, waits, s_endpgm, s_barrier, MODE immediates.

use super::*;

const SKIP: &str = "skip";

/// Next PC after `OP skip` at BASE, where `skip` is two instructions ahead (BASE + 8).
fn branch_next(op: &str, setup: impl FnOnce(&mut Wave)) -> u64 {
    let code = program(&format!("{op} {SKIP}\ns_nop 0\n{SKIP}: s_endpgm"));
    let mut w = wave(&[]);
    setup(&mut w);
    let s = step(&mut w, &code);
    assert_eq!(s.outcome, Outcome::Retired);
    assert!(s.writes.is_empty());
    assert_eq!(w.pc, s.next_pc);
    s.next_pc
}

#[test]
fn conditional_branches() {
    let (taken, not) = (BASE + 8, BASE + 4);
    assert_eq!(branch_next("s_branch", |_| {}), taken);
    assert_eq!(branch_next("s_cbranch_scc0", |w| w.scc = false), taken);
    assert_eq!(branch_next("s_cbranch_scc0", |w| w.scc = true), not);
    assert_eq!(branch_next("s_cbranch_scc1", |w| w.scc = true), taken);
    assert_eq!(branch_next("s_cbranch_scc1", |w| w.scc = false), not);
    // Wave32: only VCC[31:0] and EXEC[31:0] count.
    assert_eq!(branch_next("s_cbranch_vccz", |w| w.sgpr[107] = 1), taken);
    assert_eq!(branch_next("s_cbranch_vccz", |w| w.sgpr[106] = 0x8000_0000), not);
    assert_eq!(branch_next("s_cbranch_vccnz", |w| w.sgpr[107] = 1), not);
    assert_eq!(branch_next("s_cbranch_vccnz", |w| w.sgpr[106] = 1), taken);
    assert_eq!(branch_next("s_cbranch_execz", |w| (w.sgpr[126], w.sgpr[127]) = (0, 1)), taken);
    assert_eq!(branch_next("s_cbranch_execz", |_| {}), not);
    assert_eq!(branch_next("s_cbranch_execnz", |_| {}), taken);
    assert_eq!(branch_next("s_cbranch_execnz", |w| (w.sgpr[126], w.sgpr[127]) = (0, 1)), not);
    // The conditional-debug flags are zero.
    for op in
        ["s_cbranch_cdbgsys", "s_cbranch_cdbguser", "s_cbranch_cdbgsys_or_user", "s_cbranch_cdbgsys_and_user"]
    {
        assert_eq!(branch_next(op, |_| {}), not, "{op}");
    }
}

#[test]
fn backward_branch_loop() {
    let code = program(
        "s_mov_b32 s0, 3\n\
         s_mov_b32 s1, 0\n\
         loop: s_add_u32 s1, s1, 2\n\
         s_sub_u32 s0, s0, 1\n\
         s_cmp_lg_u32 s0, 0\n\
         s_cbranch_scc1 loop\n\
         s_endpgm",
    );
    let mut w = wave(&[]);
    let steps = run(&mut w, &code, 100);
    assert_eq!(steps.len(), 2 + 4 * 3 + 1);
    // The first s_cbranch_scc1 is at BASE + 20 and jumps back to BASE + 8 (SIMM16 = -4).
    assert_eq!((steps[5].pc, steps[5].next_pc), (BASE + 20, BASE + 8));
    assert_eq!(steps.last().map(|s| &s.outcome), Some(&Outcome::Ended));
    assert_eq!((w.sgpr[0], w.sgpr[1], w.status.clone()), (0, 6, Status::Ended));
}

#[test]
fn branch_target_wraps_within_48_bits() {
    // s_branch with SIMM16 = -32768 at 0x1000: 0x1004 - 0x20000, modulo 2^48.
    let mut w = wave(&[]);
    let s = step(&mut w, &Code::new(BASE, vec![0xbfa0_8000]));
    assert_eq!(s.next_pc, 0x0000_ffff_fffe_1004);
    // The next fetch is outside the code.
    let s = step(&mut w, &Code::new(BASE, vec![0xbfa0_8000]));
    assert_eq!(s.outcome, Outcome::Fault(Fault::Fetch { pc: 0x0000_ffff_fffe_1004 }));
}

#[test]
fn getpc_sign_extends_from_bit_47() {
    let base = 0x0000_8000_0000_1000;
    let code = Code::new(base, assemble("s_getpc_b64 s[0:1]"));
    let mut w = Wave::new(base);
    let s = step(&mut w, &code);
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(0, 0x0000_1004), sg(1, 0xffff_8000)]);
    assert_eq!(s.next_pc, base + 4);
    // Low addresses are not extended.
    assert_eq!(writes("s_getpc_b64 s[4:5]", &[], false), [sg(4, 0x1004), sg(5, 0)]);
}

#[test]
fn setpc_takes_bits_47_to_2() {
    let code = program("s_setpc_b64 s[0:1]");
    let mut w = wave(&[(0, 0x2003), (1, 0xffff_8000)]);
    let s = step(&mut w, &code);
    assert!(s.writes.is_empty());
    assert_eq!((s.next_pc, w.pc), (0x0000_8000_0000_2000, 0x0000_8000_0000_2000));
}

#[test]
fn swappc_reads_before_writing() {
    // Source and destination are the same pair: the jump uses the old value.
    let mut w = wave(&[(0, 0x2000), (1, 0)]);
    let s = step(&mut w, &program("s_swappc_b64 s[0:1], s[0:1]"));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(0, 0x1004), sg(1, 0)]);
    assert_eq!(s.next_pc, 0x2000);
    // The return address is sign-extended from bit 47.
    let base = 0x0000_8000_0000_0000;
    let mut w = Wave::new(base);
    w.sgpr[2] = 0x40;
    let s = step(&mut w, &Code::new(base, assemble("s_swappc_b64 s[4:5], s[2:3]")));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(4, 4), sg(5, 0xffff_8000)]);
    assert_eq!(s.next_pc, 0x40);
}

#[test]
fn sequencing_rows_change_nothing() {
    for src in [
        "s_nop 5",
        "s_sleep 2",
        "s_set_inst_prefetch_distance 0x1",
        "s_clause 0x3",
        "s_delay_alu instid0(VALU_DEP_1)",
        "s_setprio 3",
        "s_incperflevel 1",
        "s_decperflevel 1",
        "s_icache_inv",
        "s_wakeup",
        "s_version UC_VERSION_GFX11",
        "s_waitcnt 0",
        "s_wait_idle",
        "s_waitcnt_vscnt null, 0x0",
    ] {
        let mut w = wave(&[(0, 1)]);
        w.scc = true;
        let before = w.clone();
        let s = step(&mut w, &program(src));
        assert_eq!(s.outcome, Outcome::Retired, "{src}");
        assert!(s.writes.is_empty(), "{src}");
        assert_eq!(s.next_pc, BASE + 4, "{src}");
        assert_eq!(w, Wave { pc: BASE + 4, ..before }, "{src}");
    }
}

#[test]
fn mode_immediates() {
    let mut w = wave(&[]);
    w.mode = 0x2ff;
    let s = step(&mut w, &program("s_round_mode 0x3"));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [Write::Mode(0x2f3)]);
    let s = step(&mut w, &Code::new(BASE + 4, assemble("s_denorm_mode 0xa")));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [Write::Mode(0x2a3)]);
    assert_eq!(w.mode, 0x2a3);
}

/// Steps the first instruction of `src` with `counters`: it always retires (a wait completes
/// the outstanding operations it waits for). True when it had nothing to complete, false when
/// it completed some (then only the counters changed).
fn passes(src: &str, counters: Counters, s0: u32) -> bool {
    let mut w = wave(&[(0, s0)]);
    w.counters = counters;
    let before = w.clone();
    let s = step(&mut w, &program(src));
    assert!(matches!(s.outcome, Outcome::Retired | Outcome::Ended), "{src}: {:?}", s.outcome);
    assert!(s.writes.is_empty(), "{src}");
    assert_eq!(Wave { counters, pc: before.pc, status: before.status.clone(), ..w.clone() }, before, "{src}");
    w.counters == counters
}

/// The counters after `src` ran with `counters`.
fn after(src: &str, counters: Counters, s0: u32) -> Counters {
    let mut w = wave(&[(0, s0)]);
    w.counters = counters;
    step(&mut w, &program(src));
    w.counters
}

#[test]
fn waits_complete_the_oldest_operations_down_to_the_threshold() {
    assert_eq!(after("s_waitcnt vmcnt(2) lgkmcnt(0)", counters(5, 4, 3, 2), 0), counters(2, 4, 0, 2));
    assert_eq!(after("s_waitcnt expcnt(1)", counters(5, 4, 3, 2), 0), counters(5, 4, 3, 1));
    assert_eq!(after("s_waitcnt_vscnt s0, 0x1", counters(5, 9, 3, 2), 2), counters(5, 3, 3, 2));
    assert_eq!(after("s_wait_idle", counters(5, 4, 3, 2), 0), counters(0, 0, 0, 0));
    assert_eq!(after("s_endpgm", counters(5, 4, 3, 2), 0), counters(0, 0, 0, 0));
}

fn counters(vm: u32, vs: u32, lgkm: u32, exp: u32) -> Counters {
    Counters { vm, vs, lgkm, exp }
}

#[test]
fn waitcnt_compares_each_counter() {
    assert!(passes("s_waitcnt vmcnt(0)", counters(0, 5, 9, 3), 0));
    assert!(!passes("s_waitcnt vmcnt(0)", counters(1, 0, 0, 0), 0));
    assert!(passes("s_waitcnt lgkmcnt(2)", counters(63, 63, 2, 7), 0));
    assert!(!passes("s_waitcnt lgkmcnt(2)", counters(0, 0, 3, 0), 0));
    assert!(passes("s_waitcnt expcnt(1)", counters(0, 0, 0, 1), 0));
    assert!(!passes("s_waitcnt expcnt(1)", counters(0, 0, 0, 2), 0));
    assert!(!passes("s_waitcnt vmcnt(3) lgkmcnt(1)", counters(3, 0, 2, 0), 0));
    assert!(passes("s_waitcnt vmcnt(3) lgkmcnt(1)", counters(3, 0, 1, 0), 0));
    // s_waitcnt does not wait for VScnt.
    assert!(passes("s_waitcnt 0", counters(0, 9, 0, 0), 0));
}

#[test]
fn sopk_waits_add_sgpr_and_immediate() {
    assert!(passes("s_waitcnt_vscnt null, 0x3", counters(0, 3, 0, 0), 0));
    assert!(!passes("s_waitcnt_vscnt null, 0x3", counters(0, 4, 0, 0), 0));
    assert!(passes("s_waitcnt_vscnt s0, 0x3", counters(0, 5, 0, 0), 2));
    assert!(!passes("s_waitcnt_vscnt s0, 0x3", counters(0, 6, 0, 0), 2));
    // Six-bit sum without clamping: 63 + 2 is 1.
    assert!(!passes("s_waitcnt_vmcnt s0, 0x2", counters(2, 0, 0, 0), 63));
    assert!(passes("s_waitcnt_vmcnt s0, 0x2", counters(1, 0, 0, 0), 63));
    assert!(passes("s_waitcnt_lgkmcnt s0, 0x0", counters(0, 0, 7, 0), 7));
    assert!(!passes("s_waitcnt_lgkmcnt s0, 0x0", counters(0, 0, 8, 0), 7));
    // Only S0[5:0] and SIMM16[5:0] take part: 0x40 + 0x41 is 1.
    assert!(!passes("s_waitcnt_lgkmcnt s0, 0x41", counters(0, 0, 2, 0), 0x40));
    // Three bits for EXPcnt: 0 + 9 is 1.
    assert!(passes("s_waitcnt_expcnt null, 0x9", counters(0, 0, 0, 1), 0));
    assert!(!passes("s_waitcnt_expcnt null, 0x9", counters(0, 0, 0, 2), 0));
    assert!(!passes("s_waitcnt_expcnt s0, 0x4", counters(0, 0, 0, 2), 5));
}

#[test]
fn wait_idle_and_endpgm_need_every_counter_at_zero() {
    for c in [counters(1, 0, 0, 0), counters(0, 1, 0, 0), counters(0, 0, 1, 0), counters(0, 0, 0, 1)] {
        assert!(!passes("s_wait_idle", c, 0));
        assert!(!passes("s_endpgm", c, 0));
    }
    let mut w = wave(&[]);
    let s = step(&mut w, &program("s_endpgm"));
    assert_eq!((s.outcome, s.next_pc, w.status.clone()), (Outcome::Ended, BASE + 4, Status::Ended));
    assert!(s.writes.is_empty());
    // An ended wave stays ended.
    let s = step(&mut w, &program("s_endpgm"));
    assert_eq!((s.outcome, s.inst), (Outcome::Ended, None));
}

#[test]
fn barrier_stops_until_released() {
    let code = program("s_barrier\ns_mov_b32 s0, 1\ns_endpgm");
    let mut w = wave(&[]);
    let s = step(&mut w, &code);
    assert_eq!((s.outcome, s.next_pc, w.status.clone()), (Outcome::Barrier, BASE + 4, Status::AtBarrier));
    let s = step(&mut w, &code);
    assert_eq!((s.outcome, s.inst, s.pc), (Outcome::Waiting, None, BASE + 4));
    w.status = Status::Running;
    let s = step(&mut w, &code);
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(0, 1)]);
}
