//! SOPK: moves and compares with SIMM16, s_addk/s_mulk, MODE access.

use super::*;

#[test]
fn movk_sign_extends() {
    assert_eq!(writes("s_movk_i32 s0, 0x8000", &[], false), [sg(0, 0xffff_8000)]);
    assert_eq!(writes("s_movk_i32 s3, 0x7fff", &[], true), [sg(3, 0x7fff)]);
}

#[test]
fn cmovk_needs_scc() {
    assert_eq!(writes("s_cmovk_i32 s0, 0xfffe", &[], true), [sg(0, 0xffff_fffe)]);
    assert_eq!(writes("s_cmovk_i32 s0, 0xfffe", &[], false), []);
}

#[test]
fn cmpk_signed_sign_extends_unsigned_zero_extends() {
    let k = |op: &str, s0: u32, imm: u32| writes(&format!("{op} s0, {imm:#x}"), &[(0, s0)], false);
    // 0 > -1 signed; 0 > 65535 unsigned is false.
    assert_eq!(k("s_cmpk_gt_i32", 0, 0xffff), [scc(true)]);
    assert_eq!(k("s_cmpk_gt_u32", 0, 0xffff), [scc(false)]);
    assert_eq!(k("s_cmpk_eq_i32", 0xffff_8000, 0x8000), [scc(true)]);
    assert_eq!(k("s_cmpk_eq_u32", 0xffff_8000, 0x8000), [scc(false)]);
    assert_eq!(k("s_cmpk_eq_u32", 0x8000, 0x8000), [scc(true)]);
    assert_eq!(k("s_cmpk_lg_i32", 0x8000, 0x8000), [scc(true)]);
    assert_eq!(k("s_cmpk_lg_u32", 0x8000, 0x8000), [scc(false)]);
    assert_eq!(k("s_cmpk_ge_i32", 0xffff_ffff, 0xffff), [scc(true)]);
    assert_eq!(k("s_cmpk_ge_u32", 0xffff_ffff, 0xffff), [scc(true)]);
    assert_eq!(k("s_cmpk_ge_u32", 0xfffe, 0xffff), [scc(false)]);
    assert_eq!(k("s_cmpk_lt_i32", 0x8000_0000, 0x8000), [scc(true)]);
    assert_eq!(k("s_cmpk_lt_u32", 0x8000_0000, 0x8000), [scc(false)]);
    assert_eq!(k("s_cmpk_lt_u32", 0xfffe, 0xffff), [scc(true)]);
    assert_eq!(k("s_cmpk_le_i32", 0xffff_8000, 0x8000), [scc(true)]);
    assert_eq!(k("s_cmpk_le_i32", 0xffff_8001, 0x8000), [scc(false)]);
    assert_eq!(k("s_cmpk_le_u32", 0x1_0000, 0xffff), [scc(false)]);
    assert_eq!(k("s_cmpk_le_u32", 0xffff, 0xffff), [scc(true)]);
}

#[test]
fn addk_overflow_and_mulk() {
    // D = D + signext(SIMM16); SCC = signed overflow (D written first).
    assert_eq!(writes("s_addk_i32 s0, 1", &[(0, 0x7fff_ffff)], false), [sg(0, 0x8000_0000), scc(true)]);
    assert_eq!(writes("s_addk_i32 s0, 0xffff", &[(0, 5)], true), [sg(0, 4), scc(false)]);
    assert_eq!(writes("s_addk_i32 s0, 0xffff", &[(0, 0x8000_0000)], false), [sg(0, 0x7fff_ffff), scc(true)]);
    assert_eq!(writes("s_addk_i32 s0, 0x8000", &[(0, 0x8000)], true), [sg(0, 0), scc(false)]);
    // No SCC for s_mulk.
    assert_eq!(writes("s_mulk_i32 s0, 0xfffe", &[(0, 3)], true), [sg(0, 0xffff_fffa)]);
    assert_eq!(writes("s_mulk_i32 s0, 0x100", &[(0, 0x0100_0001)], true), [sg(0, 0x100)]);
}

#[test]
fn addk_to_null_and_ttmp() {
    // NULL reads 0 and is not written; SCC still is.
    assert_eq!(writes("s_addk_i32 null, 0xffff", &[], false), [scc(false)]);
    // A TTMP destination drops both the write and SCC.
    assert_eq!(writes("s_addk_i32 ttmp2, 1", &[(110, 0x7fff_ffff)], false), []);
}

#[test]
fn getreg_mode_with_offset_and_size() {
    let get = |src: &str, mode: u32| {
        let mut w = wave(&[]);
        w.mode = mode;
        let s = step(&mut w, &program(src));
        s.writes.iter().collect::<Vec<_>>()
    };
    assert_eq!(get("s_getreg_b32 s0, hwreg(HW_REG_MODE, 4, 4)", 0x3f0), [sg(0, 0xf)]);
    assert_eq!(get("s_getreg_b32 s0, hwreg(HW_REG_MODE, 8, 2)", 0x300), [sg(0, 3)]);
    assert_eq!(get("s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)", 0x0800_0201), [sg(0, 0x0800_0201)]);
    assert_eq!(get("s_getreg_b32 s0, hwreg(HW_REG_MODE, 27, 5)", 0x0800_0201), [sg(0, 1)]);
    assert_eq!(get("s_getreg_b32 s5, hwreg(HW_REG_MODE, 31, 1)", 0x0800_0201), [sg(5, 0)]);
}

#[test]
fn setreg_mode_with_offset_and_size() {
    let set = |src: &str, regs: &[(usize, u32)], mode: u32| {
        let mut w = wave(regs);
        w.mode = mode;
        let s = step(&mut w, &program(src));
        assert_eq!(s.outcome, Outcome::Retired);
        let got: Vec<Write> = s.writes.iter().collect();
        assert_eq!(got.len(), 1, "{src}");
        assert_eq!(got[0], Write::Mode(w.mode), "{src}: the recorded write is the new MODE");
        w.mode
    };
    // Four bits of S0 at bits 7:4; the rest of MODE is kept.
    assert_eq!(set("s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s0", &[(0, 0xf5)], 0x301), 0x351);
    // Size 32 at offset 0: only the writable bits change (MODE_WRITABLE = 0x08bf_ffff).
    assert_eq!(set("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 32), 0xffffffff", &[], 0), 0x08bf_ffff);
    assert_eq!(set("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 32), 0", &[], 0x08bf_ffff), 0);
    // A reserved bit (22) ignores writes.
    assert_eq!(set("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 22, 1), 1", &[], 0x10), 0x10);
    // Bits shifted past 31 are lost: offset 30, size 4 touches bits 31:30 only (both reserved).
    assert_eq!(set("s_setreg_b32 hwreg(HW_REG_MODE, 30, 4), s0", &[(0, 0xf)], 0x5), 0x5);
    // FP16_OVFL (23) and DISABLE_PERF (27) are writable.
    assert_eq!(set("s_setreg_b32 hwreg(HW_REG_MODE, 23, 5), s0", &[(0, 0x1f)], 0), 0x0880_0000);
}

#[test]
fn setreg_then_getreg_round_trip() {
    let code = program(
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 2), 2\n\
         s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 12)\n\
         s_endpgm",
    );
    let mut w = wave(&[]);
    run(&mut w, &code, 10);
    assert_eq!((w.mode, w.sgpr[1]), (0x200, 0x200));
}

#[test]
fn other_hardware_registers_are_not_implemented() {
    for src in [
        "s_getreg_b32 s0, hwreg(HW_REG_STATUS)",
        "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s0",
        "s_setreg_imm32_b32 hwreg(HW_REG_HW_ID1, 0, 4), 1",
        "s_getreg_b32 s0, hwreg(0, 0, 32)",
    ] {
        let mut w = wave(&[(0, 7)]);
        let before = w.clone();
        let s = step(&mut w, &program(src));
        assert!(
            matches!(&s.outcome, Outcome::Fault(Fault::NotImplemented { pc: BASE, .. })),
            "{src}: {:?}",
            s.outcome
        );
        assert!(s.writes.is_empty());
        assert_eq!((w.sgpr, w.mode, w.pc), (before.sgpr, before.mode, before.pc));
    }
}

#[test]
fn call_saves_the_return_address() {
    let code = program("s_call_b64 s[4:5], func\ns_endpgm\nfunc: s_setpc_b64 s[4:5]");
    let mut w = wave(&[]);
    let steps = run(&mut w, &code, 10);
    assert_eq!(steps[0].writes.iter().collect::<Vec<_>>(), [sg(4, 0x1004), sg(5, 0)]);
    assert_eq!(steps[0].next_pc, 0x1008);
    assert_eq!(steps[1].next_pc, 0x1004);
    assert_eq!(steps[2].outcome, Outcome::Ended);
    assert_eq!(steps.len(), 3);
}

#[test]
fn call_to_null_still_jumps() {
    let code = program("s_call_b64 null, func\ns_nop 0\nfunc: s_endpgm");
    let mut w = wave(&[]);
    let s = step(&mut w, &code);
    assert!(s.writes.is_empty());
    assert_eq!((s.next_pc, w.pc), (0x1008, 0x1008));
}
