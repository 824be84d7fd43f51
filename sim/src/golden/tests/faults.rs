//! Faults: fetch, illegal encodings and operands, rows that are not executed. None of them
//! changes a register; each stops the wave.

use proptest::prelude::*;

use rdna3_isa::operand::TTMP0;

use super::*;

/// Steps `code` once on a wave with some state, and checks that the step faulted without
/// touching a register; returns the fault.
fn fault_of(code: &Code, pc: u64) -> Fault {
    let mut w = Wave::new(pc);
    w.sgpr[0] = 0x1234;
    w.scc = true;
    w.mode = 0x3;
    let before = w.clone();
    let s = step(&mut w, code);
    assert!(s.writes.is_empty());
    assert_eq!((s.pc, s.next_pc), (pc, pc));
    let Outcome::Fault(f) = s.outcome else { panic!("no fault: {:?}", s.outcome) };
    assert_eq!(w, Wave { status: Status::Faulted(f.clone()), ..before });
    f
}

#[test]
fn fetch_outside_the_code() {
    let code = program("s_nop 0");
    assert_eq!(fault_of(&code, BASE + 4), Fault::Fetch { pc: BASE + 4 });
    assert_eq!(fault_of(&code, BASE - 4), Fault::Fetch { pc: BASE - 4 });
    assert_eq!(fault_of(&Code::default(), 0), Fault::Fetch { pc: 0 });
    // A literal that is not there.
    let code = Code::new(BASE, vec![assemble("s_mov_b32 s0, 0x12345678")[0]]);
    assert_eq!(fault_of(&code, BASE), Fault::Fetch { pc: BASE });
}

#[test]
fn undecodable_words_are_illegal() {
    // SOP2 opcode 7 and SOPP opcode 6 do not exist.
    for word in [0x8380_0000, 0xbf86_0000] {
        let f = fault_of(&Code::new(BASE, vec![word]), BASE);
        assert!(matches!(f, Fault::Illegal { pc: BASE, .. }), "{word:#x}: {f:?}");
    }
}

#[test]
fn reserved_source_codes_are_illegal() {
    for code in [209, 232, 233, 234, 239, 249, 250, 251, 252, 254] {
        let words = build("s_mov_b32", &[(Field::Sdst, 0), (Field::Ssrc0, code)], None);
        let f = fault_of(&Code::new(BASE, words), BASE);
        assert!(matches!(&f, Fault::Illegal { why, .. } if why.contains(&code.to_string())), "{code}: {f:?}");
        let words = build("s_add_u32", &[(Field::Sdst, 0), (Field::Ssrc0, 1), (Field::Ssrc1, code)], None);
        let f = fault_of(&Code::new(BASE, words), BASE);
        assert!(matches!(f, Fault::Illegal { .. }), "{code}: {f:?}");
    }
}

#[test]
fn code_end_is_illegal() {
    let f = fault_of(&program("s_code_end"), BASE);
    assert!(matches!(f, Fault::Illegal { pc: BASE, .. }), "{f:?}");
}

#[test]
fn graphics_events_are_not_implemented() {
    for src in ["s_setkill 0", "s_endpgm_saved", "s_wait_event 0x0", "s_sendmsg sendmsg(MSG_HS_TESSFACTOR)"] {
        let f = fault_of(&program(src), BASE);
        assert!(matches!(f, Fault::NotImplemented { pc: BASE, .. }), "{src}: {f:?}");
    }
}

#[test]
fn traps_and_halts_stop_the_wave() {
    for src in ["s_trap 2", "s_sethalt 1", "s_sendmsghalt sendmsg(MSG_INTERRUPT)"] {
        let f = fault_of(&program(src), BASE);
        assert!(matches!(f, Fault::Trap { pc: BASE, .. }), "{src}: {f:?}");
    }
    for src in ["s_rfe_b64 s[0:1]", "s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_SAVE_WAVE)", "s_sendmsg 0"] {
        let f = fault_of(&program(src), BASE);
        assert!(matches!(f, Fault::Illegal { pc: BASE, .. }), "{src}: {f:?}");
    }
}

#[test]
fn messages() {
    let mut w = wave(&[]);
    let s = step(&mut w, &program("s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)"));
    assert_eq!(s.outcome, Outcome::Retired);
    assert!(s.writes.is_empty() && w.vgprs_released);
    // The answer of a returning message counts 2 on LGKMcnt.
    let mut w = wave(&[]);
    let s = step(&mut w, &program("s_sendmsg_rtn_b32 s4, sendmsg(MSG_RTN_GET_DOORBELL)"));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(4, 0x0bad)]);
    assert_eq!(w.counters.lgkm, 2);
    let mut w = wave(&[]);
    let s = step(&mut w, &program("s_sendmsg_rtn_b64 s[4:5], sendmsg(MSG_RTN_GET_TMA)"));
    assert_eq!(s.writes.iter().collect::<Vec<_>>(), [sg(4, 0), sg(5, 0)]);
    let mut w = wave(&[]);
    assert_eq!(step(&mut w, &program("s_sethalt 0")).outcome, Outcome::Retired);
}

#[test]
fn a_faulted_wave_stays_faulted() {
    let code = program("s_code_end");
    let mut w = wave(&[]);
    let first = step(&mut w, &code);
    let again = step(&mut w, &code);
    assert_eq!((again.outcome, again.inst), (first.outcome, None));
}

proptest! {
    /// Any words at all: no panic; a retired step writes no NULL or TTMP and only writable
    /// MODE bits; anything else leaves the registers alone.
    #[test]
    fn never_panics_and_respects_the_rules(
        words in proptest::collection::vec(any::<u32>(), 1..3),
        prefix in prop::sample::select(vec![0x8000_0000u32, 0xb000_0000, 0xbe80_0000, 0xbf00_0000, 0xbf80_0000, 0]),
        regs in proptest::collection::vec(any::<u32>(), 128),
        scc in any::<bool>(),
        mode in any::<u32>(),
    ) {
        // Steer the first word towards the scalar formats: keep its low bits, force the prefix.
        let mut words = words;
        let mask = match prefix { 0 => 0, 0xbe80_0000 | 0xbf00_0000 | 0xbf80_0000 => 0xff80_0000, 0xb000_0000 => 0xf000_0000, _ => 0xc000_0000 };
        words[0] = words[0] & !mask | prefix;
        let mut w = Wave::new(BASE);
        w.sgpr.copy_from_slice(&regs);
        w.sgpr[124] = 0;
        w.scc = scc;
        w.mode = mode & MODE_WRITABLE;
        let before = w.clone();
        let s = step(&mut w, &Code::new(BASE, words));
        match &s.outcome {
            Outcome::Retired | Outcome::Barrier | Outcome::Ended => {
                for wr in s.writes.iter() {
                    match wr {
                        Write::Sgpr { idx, .. } => {
                            prop_assert!(u32::from(idx) != 124 && !(TTMP0..TTMP0 + 16).contains(&u32::from(idx)));
                        }
                        Write::Mode(m) => prop_assert_eq!(m & !MODE_WRITABLE, 0),
                        Write::Scc(_) => {}
                        Write::Vgpr { .. } => {}
                    }
                }
            }
            _ => {
                prop_assert!(s.writes.is_empty());
                prop_assert_eq!((w.sgpr, w.scc, w.mode, w.pc), (before.sgpr, before.scc, before.mode, before.pc));
            }
        }
    }
}
