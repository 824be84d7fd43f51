//! SAVEEXEC and WREXEC.

use super::*;

const EXEC_LO: usize = 126;
const EXEC_HI: usize = 127;

#[test]
fn saveexec_32_every_operation() {
    // EXEC_LO = 0x0000_ffff, S0 = 0x00ff_00ff. EXEC_HI is neither read nor written.
    let cases = [
        ("s_and_saveexec_b32", 0x0000_00ff),
        ("s_or_saveexec_b32", 0x00ff_ffff),
        ("s_xor_saveexec_b32", 0x00ff_ff00),
        ("s_nand_saveexec_b32", 0xffff_ff00),
        ("s_nor_saveexec_b32", 0xff00_0000),
        ("s_xnor_saveexec_b32", 0xff00_00ff),
        ("s_and_not0_saveexec_b32", 0x0000_ff00),
        ("s_or_not0_saveexec_b32", 0xff00_ffff),
        ("s_and_not1_saveexec_b32", 0x00ff_0000),
        ("s_or_not1_saveexec_b32", 0xffff_00ff),
    ];
    for (op, exec) in cases {
        let regs = [(EXEC_LO, 0x0000_ffff), (EXEC_HI, 0x1234_5678), (1, 0x00ff_00ff)];
        assert_eq!(
            writes(&format!("{op} s0, s1"), &regs, false),
            [sg(126, exec), sg(0, 0x0000_ffff), scc(true)],
            "{op}"
        );
    }
    // SCC = EXEC != 0.
    let regs = [(EXEC_LO, 0x0000_ffff), (1, 0xffff_0000)];
    assert_eq!(writes("s_and_saveexec_b32 s0, s1", &regs, true), [sg(126, 0), sg(0, 0xffff), scc(false)]);
}

#[test]
fn saveexec_64_every_operation() {
    // EXEC = 0x1234_5678_0000_ffff, S0 = 0xffff_ffff_00ff_00ff.
    let cases: [(&str, u64); 10] = [
        ("s_and_saveexec_b64", 0x1234_5678_0000_00ff),
        ("s_or_saveexec_b64", 0xffff_ffff_00ff_ffff),
        ("s_xor_saveexec_b64", 0xedcb_a987_00ff_ff00),
        ("s_nand_saveexec_b64", 0xedcb_a987_ffff_ff00),
        ("s_nor_saveexec_b64", 0x0000_0000_ff00_0000),
        ("s_xnor_saveexec_b64", 0x1234_5678_ff00_00ff),
        ("s_and_not0_saveexec_b64", 0x0000_0000_0000_ff00),
        ("s_or_not0_saveexec_b64", 0x1234_5678_ff00_ffff),
        ("s_and_not1_saveexec_b64", 0xedcb_a987_00ff_0000),
        ("s_or_not1_saveexec_b64", 0xffff_ffff_ffff_00ff),
    ];
    for (op, exec) in cases {
        let regs = [(EXEC_LO, 0x0000_ffff), (EXEC_HI, 0x1234_5678), (2, 0x00ff_00ff), (3, 0xffff_ffff)];
        assert_eq!(
            writes(&format!("{op} s[0:1], s[2:3]"), &regs, false),
            [
                sg(126, exec as u32),
                sg(127, (exec >> 32) as u32),
                sg(0, 0x0000_ffff),
                sg(1, 0x1234_5678),
                scc(true)
            ],
            "{op}"
        );
    }
}

#[test]
fn saveexec_into_exec_keeps_the_saved_value() {
    // EXEC is written first, then the destination: the old EXEC wins.
    let mut w = wave(&[(EXEC_LO, 0xf0), (EXEC_HI, 0), (2, 0x30), (3, 0)]);
    let s = step(&mut w, &program("s_and_saveexec_b64 exec, s[2:3]"));
    assert_eq!(
        s.writes.iter().collect::<Vec<_>>(),
        [sg(126, 0x30), sg(127, 0), sg(126, 0xf0), sg(127, 0), scc(true)]
    );
    assert_eq!((w.exec(), w.scc), (0xf0, true));
}

#[test]
fn saveexec_to_null_and_ttmp() {
    let regs = [(EXEC_LO, 0xf0), (1, 0x0f)];
    // NULL: EXEC and SCC are written.
    assert_eq!(writes("s_and_saveexec_b32 null, s1", &regs, true), [sg(126, 0), scc(false)]);
    // TTMP: EXEC is written, the TTMP and SCC are not.
    assert_eq!(writes("s_or_saveexec_b32 ttmp1, s1", &regs, false), [sg(126, 0xff)]);
    assert_eq!(
        writes("s_or_saveexec_b64 ttmp[2:3], s[0:1]", &[(0, 1)], false),
        [sg(126, 0xffff_ffff), sg(127, 0)]
    );
}

#[test]
fn wrexec() {
    let regs = [(EXEC_LO, 0x0000_ffff), (EXEC_HI, 0x1234_5678), (1, 0x00ff_00ff)];
    // EXEC_LO = ~S0 & EXEC_LO; D = EXEC_LO.
    assert_eq!(
        writes("s_and_not0_wrexec_b32 s0, s1", &regs, false),
        [sg(126, 0xff00), sg(0, 0xff00), scc(true)]
    );
    // EXEC_LO = S0 & ~EXEC_LO.
    assert_eq!(
        writes("s_and_not1_wrexec_b32 s0, s1", &regs, false),
        [sg(126, 0x00ff_0000), sg(0, 0x00ff_0000), scc(true)]
    );
    let regs = [(EXEC_LO, 0x0000_ffff), (EXEC_HI, 0x1234_5678), (2, 0x00ff_00ff), (3, 0xffff_ffff)];
    assert_eq!(
        writes("s_and_not0_wrexec_b64 s[0:1], s[2:3]", &regs, false),
        [sg(126, 0xff00), sg(127, 0), sg(0, 0xff00), sg(1, 0), scc(true)]
    );
    assert_eq!(
        writes("s_and_not1_wrexec_b64 s[0:1], s[2:3]", &regs, false),
        [sg(126, 0x00ff_0000), sg(127, 0xedcb_a987), sg(0, 0x00ff_0000), sg(1, 0xedcb_a987), scc(true)]
    );
    // Nothing left: SCC = 0.
    let regs = [(EXEC_LO, 0x0000_ffff), (1, 0x0000_ffff)];
    assert_eq!(writes("s_and_not0_wrexec_b32 s0, s1", &regs, true), [sg(126, 0), sg(0, 0), scc(false)]);
}
