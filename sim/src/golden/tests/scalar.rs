//! Operand rules: constants, literals, register pairs, NULL and TTMP destinations.

use rdna3_isa::operand::{NULL, SCC};

use super::*;

#[test]
fn inline_integers() {
    assert_eq!(writes("s_mov_b32 s0, 64", &[], false), [sg(0, 64)]);
    assert_eq!(writes("s_mov_b32 s0, -16", &[], false), [sg(0, 0xffff_fff0)]);
    assert_eq!(writes("s_mov_b32 s0, 0", &[(0, 5)], false), [sg(0, 0)]);
    // Sign-extended to 64 bits.
    assert_eq!(writes("s_mov_b64 s[0:1], -16", &[], false), [sg(0, 0xffff_fff0), sg(1, 0xffff_ffff)]);
    assert_eq!(writes("s_mov_b64 s[0:1], 17", &[], false), [sg(0, 17), sg(1, 0)]);
}

#[test]
fn inline_floats_at_32_and_64_bits() {
    let f32s = [
        ("0.5", 0x3f00_0000),
        ("-0.5", 0xbf00_0000),
        ("1.0", 0x3f80_0000),
        ("-1.0", 0xbf80_0000),
        ("2.0", 0x4000_0000),
        ("-2.0", 0xc000_0000),
        ("4.0", 0x4080_0000),
        ("-4.0", 0xc080_0000),
        ("0.15915494", 0x3e22_f983),
    ];
    for (text, bits) in f32s {
        assert_eq!(writes(&format!("s_mov_b32 s0, {text}"), &[], false), [sg(0, bits)], "{text}");
    }
    // At 64 bits the same codes are F64 values: high dwords, and 1/(2*pi) in full.
    let f64s = [
        ("0.5", 0x3fe0_0000),
        ("-0.5", 0xbfe0_0000),
        ("1.0", 0x3ff0_0000),
        ("-1.0", 0xbff0_0000),
        ("2.0", 0x4000_0000),
        ("-2.0", 0xc000_0000),
        ("4.0", 0x4010_0000),
        ("-4.0", 0xc010_0000),
    ];
    for (text, hi) in f64s {
        assert_eq!(writes(&format!("s_mov_b64 s[0:1], {text}"), &[], false), [sg(0, 0), sg(1, hi)], "{text}");
    }
    assert_eq!(
        writes("s_mov_b64 s[0:1], 0.15915494309189532", &[], false),
        [sg(0, 0x6dc9_c882), sg(1, 0x3fc4_5f30)]
    );
    // Used by an integer operation, the value stays the float's bits.
    assert_eq!(writes("s_add_u32 s0, 1.0, 1", &[], false), [scc(false), sg(0, 0x3f80_0001)]);
}

#[test]
fn literals_extend_by_type() {
    // 32-bit operands take the literal as it is; the instruction is 8 bytes long.
    let mut w = wave(&[]);
    let s = step(&mut w, &program("s_mov_b32 s0, 0x12345678"));
    assert_eq!((s.writes.iter().collect::<Vec<_>>(), s.next_pc), (vec![sg(0, 0x1234_5678)], BASE + 8));
    // b64 and u64 zero-extend.
    assert_eq!(writes("s_mov_b64 s[0:1], 0x80000000", &[], false), [sg(0, 0x8000_0000), sg(1, 0)]);
    assert_eq!(writes("s_cmp_lg_u64 s[0:1], 0x80000000", &[(0, 0x8000_0000)], true), [scc(false)]);
    // i64 sign-extends: 0x8000_0000 reads as 0xffff_ffff_8000_0000.
    assert_eq!(
        writes("s_ashr_i64 s[0:1], 0x80000000, 1", &[], false),
        [sg(0, 0xc000_0000), sg(1, 0xffff_ffff), scc(true)]
    );
    assert_eq!(
        writes("s_bfe_i64 s[0:1], 0x80000000, s4", &[(4, 16 << 16 | 32)], false),
        [sg(0, 0xffff_ffff), sg(1, 0xffff_ffff), scc(true)]
    );
    // Both sources may name the one literal.
    assert_eq!(writes("s_add_u32 s0, 0x80000000, 0x80000000", &[], false), [scc(true), sg(0, 0)]);
}

#[test]
fn special_sources() {
    // SCC reads {31'0, SCC} (63 zero bits at 64 bits).
    assert_eq!(writes("s_mov_b32 s0, src_scc", &[], true), [sg(0, 1)]);
    assert_eq!(writes("s_mov_b64 s[0:1], src_scc", &[], true), [sg(0, 1), sg(1, 0)]);
    assert_eq!(writes("s_mov_b32 s0, src_scc", &[], false), [sg(0, 0)]);
    // Apertures (the model's fixed SH_MEM_BASES).
    assert_eq!(writes("s_mov_b64 s[0:1], src_shared_base", &[], false), [sg(0, 0), sg(1, 0x0001_0000)]);
    assert_eq!(
        writes("s_mov_b64 s[0:1], src_private_limit", &[], false),
        [sg(0, 0xffff_ffff), sg(1, 0x0002_0000)]
    );
    assert_eq!(writes("s_mov_b32 s0, src_shared_limit", &[], false), [sg(0, 0xffff_ffff)]);
    // NULL reads zero; M0, EXEC, VCC and TTMPs read their storage.
    assert_eq!(writes("s_mov_b32 s0, null", &[(0, 7)], false), [sg(0, 0)]);
    assert_eq!(writes("s_mov_b32 s0, m0", &[(125, 9)], false), [sg(0, 9)]);
    assert_eq!(writes("s_mov_b64 s[0:1], exec", &[(126, 1), (127, 2)], false), [sg(0, 1), sg(1, 2)]);
    assert_eq!(writes("s_mov_b64 s[0:1], vcc", &[(106, 3), (107, 4)], false), [sg(0, 3), sg(1, 4)]);
    assert_eq!(writes("s_mov_b32 s0, ttmp3", &[(111, 7)], false), [sg(0, 7)]);
}

#[test]
fn sixty_four_bit_codes_ignore_the_low_bit() {
    let mov64 =
        |sdst: u32, ssrc0: u32| build("s_mov_b64", &[(Field::Sdst, sdst), (Field::Ssrc0, ssrc0)], None);
    let run1 = |words: Vec<u32>, regs: &[(usize, u32)]| {
        let mut w = wave(regs);
        let s = step(&mut w, &Code::new(BASE, words));
        assert_eq!(s.outcome, Outcome::Retired);
        s.writes.iter().collect::<Vec<_>>()
    };
    // s[3:4] is s[2:3]; s[5:6] is s[4:5].
    assert_eq!(run1(mov64(3, 5), &[(4, 0x44), (5, 0x55), (6, 0x66)]), [sg(2, 0x44), sg(3, 0x55)]);
    // VCC_HI (107), EXEC_HI (127) and M0 (125) as 64-bit operands: the guide reads them as
    // VCC, EXEC and M0 paired with NULL, but LLVM decodes no instruction from them, and the
    // model follows LLVM (isa/src/legal.rs): an illegal-instruction fault.
    for (sdst, ssrc0) in [(107, 0), (0, 107), (0, 127), (0, 125), (125, 0)] {
        let mut w = wave(&[]);
        let s = step(&mut w, &Code::new(BASE, mov64(sdst, ssrc0)));
        assert!(
            matches!(s.outcome, Outcome::Fault(Fault::Illegal { .. })),
            "{sdst} {ssrc0}: {:?}",
            s.outcome
        );
    }
    // s_movk_i32 at M0 (32 bits) does write M0.
    assert_eq!(writes("s_movk_i32 m0, 0x10", &[], false), [sg(125, 0x10)]);
}

#[test]
fn null_destination_still_updates_scc() {
    assert_eq!(writes("s_add_u32 null, s1, s2", &[(1, 0xffff_ffff), (2, 1)], false), [scc(true)]);
    assert_eq!(writes("s_and_b64 null, s[0:1], s[2:3]", &[(0, 1), (2, 1)], false), [scc(true)]);
    assert_eq!(writes("s_mov_b32 null, s1", &[(1, 1)], false), []);
    assert_eq!(writes("s_mov_b64 null, s[2:3]", &[(2, 1)], false), []);
    let words = build("s_add_u32", &[(Field::Sdst, NULL), (Field::Ssrc0, SCC), (Field::Ssrc1, SCC)], None);
    let mut w = wave(&[]);
    w.scc = true;
    let s = step(&mut w, &Code::new(BASE, words));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [scc(false)]);
    assert!(!w.scc);
}

#[test]
fn ttmp_destination_drops_the_write_and_scc() {
    let regs = [(1, 0xffff_ffff), (2, 1)];
    assert_eq!(writes("s_add_u32 ttmp0, s1, s2", &regs, false), []);
    assert_eq!(writes("s_and_b64 ttmp[0:1], s[0:1], s[2:3]", &[(0, 1), (2, 1)], false), []);
    assert_eq!(writes("s_not_b32 ttmp15, s1", &regs, false), []);
    assert_eq!(writes("s_mov_b32 ttmp15, s1", &regs, false), []);
    // SCC keeps its old value.
    let mut w = wave(&regs);
    w.scc = true;
    step(&mut w, &program("s_add_u32 ttmp0, s2, s2"));
    assert!(w.scc);
}

#[test]
fn special_destinations() {
    assert_eq!(writes("s_mov_b32 m0, s1", &[(1, 3)], false), [sg(125, 3)]);
    assert_eq!(writes("s_mov_b32 exec_lo, s1", &[(1, 3)], false), [sg(126, 3)]);
    assert_eq!(writes("s_mov_b32 exec_hi, s1", &[(1, 3)], false), [sg(127, 3)]);
    assert_eq!(writes("s_mov_b64 vcc, -1", &[], false), [sg(106, 0xffff_ffff), sg(107, 0xffff_ffff)]);
    assert_eq!(writes("s_mov_b32 vcc_hi, 1", &[], false), [sg(107, 1)]);
}

#[test]
fn writes_reach_the_wave() {
    let code = program("s_add_u32 s0, s1, s2\ns_mov_b64 s[4:5], -1\ns_endpgm");
    let mut w = wave(&[(1, 0xffff_ffff), (2, 2)]);
    let steps = run(&mut w, &code, 10);
    assert_eq!(steps.len(), 3);
    assert_eq!((w.sgpr[0], w.scc, w.sgpr[4], w.sgpr[5]), (1, true, 0xffff_ffff, 0xffff_ffff));
    assert_eq!(w.sgpr[124], 0);
}
