//! The 32-bit lane paths (rows whose operands and destination fit 32 bits run on `[u32; 32]`
//! instead of 64-bit lanes) against the general path, for every VALU row they serve: the same
//! encoding, wave and memory must give the same wave, writes and outcome both ways.

use rdna3_isa::{Family, InstDef};

use super::super::engine::step_decoded;
use super::super::handler::Handler;
use super::super::memory::Memory;
use super::super::program;
use super::*;

/// Words that hit the interesting values of every type often: zeros, ones, signs,
/// infinities, NaNs, denormals, small integers, and random bits.
fn value(rng: &mut Rng) -> u32 {
    const SPECIAL: [u32; 14] = [
        0,
        1,
        0xffff_ffff,
        0x8000_0000,
        0x7fff_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x0000_0001,
        0x807f_ffff,
        0x3f80_0000,
        0x7c00_3c00,
        0x0001_8000,
        0x4f80_0000,
    ];
    match rng.next() % 4 {
        0 => SPECIAL[rng.next() as usize % SPECIAL.len()],
        1 => (rng.next() % 64) as u32,
        _ => rng.next() as u32,
    }
}

/// The VALU rows of the 32- and 64-bit-wide encodings.
fn valu_rows() -> impl Iterator<Item = &'static InstDef> {
    table().insts.iter().filter(|d| {
        d.format().family() == Family::Vop
            && matches!(d.format().name.as_str(), "VOP1" | "VOP2" | "VOPC" | "VOP3" | "VOP3SD")
    })
}

/// Source codes to try: VGPRs, an SGPR, inline integer and float constants, the literal.
const SOURCES: [u32; 6] = [256 + 1, 4, 128 + 7, 193, 242, 255];

#[test]
fn the_32_bit_lane_paths_match_the_general_path() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut compared = 0;
    for def in valu_rows() {
        for case in 0..16 {
            let pick = |k: usize| SOURCES[(case + k * 2) % SOURCES.len()];
            let (s0, s1, s2) =
                if case < 6 { (pick(0), 256 + 2, 256 + 3) } else { (256 + 1, pick(1), pick(2)) };
            let mods = case % 3 == 2;
            let fields = [
                (Field::Vdst, 10),
                (Field::Sdst, 20),
                (Field::Src0, s0),
                (Field::Src1, s1),
                (Field::Src2, s2),
                (Field::Vsrc1, 2),
                (Field::Abs, if mods { rng.next() as u32 % 8 } else { 0 }),
                (Field::Neg, if mods { rng.next() as u32 % 8 } else { 0 }),
                (Field::Omod, if mods { rng.next() as u32 % 4 } else { 0 }),
                (Field::Clmp, u32::from(mods && rng.next().is_multiple_of(2))),
            ];
            let literal = [s0, s1, s2].contains(&255).then(|| value(&mut rng));
            let mut words = Inst::build(def, &fields, literal).encode();
            // Fields the row does not use and modifier bits its sources do not take make no
            // instruction (LLVM's rule): they stay zero.
            let rules = rdna3_isa::legal::row_rules(def);
            let mods = rules.unused | rules.mods;
            words[0] &= !(mods as u32);
            if words.len() > 1 {
                words[1] &= !((mods >> 32) as u32);
            }
            let code = Code::new(BASE, words);
            let Ok(fast) = program::decode(&code, BASE) else { continue };
            if !matches!(fast.run, Handler::Vector(_)) || !fast.v.src32 {
                continue;
            }
            let mut general = fast.clone();
            general.v.src32 = false;
            general.v.lanes32 = false;
            let mut w = Wave::new(BASE);
            for r in 0..16 {
                w.vgpr[r] = std::array::from_fn(|_| value(&mut rng));
            }
            for r in 0..24 {
                w.sgpr[r] = value(&mut rng);
            }
            w.sgpr[106] = rng.next() as u32;
            w.sgpr[126] = if case % 4 == 0 { u32::MAX } else { rng.next() as u32 };
            w.scc = rng.next() % 2 == 1;
            // The reset MODE (nearest even, denormals kept: where F32 rows use the host's
            // arithmetic), denormals flushed, and random rounding and denormal settings.
            w.mode = match rng.next() % 4 {
                0 => 0x3f0,
                1 => 0x0f0,
                2 => 0x300 | (rng.next() as u32 & 0xff),
                _ => rng.next() as u32 & 0x3ff,
            };
            let run = |d: &Decoded| {
                let mut w = w.clone();
                let mut mem = Memory::default();
                let mut lds = [];
                let mut env = Env::new(&mut mem, &mut lds);
                let s = step_decoded(&mut w, d, &mut env);
                (w, s)
            };
            let (wf, sf) = run(&fast);
            let (wg, sg) = run(&general);
            assert_eq!(sf, sg, "{} case {case}: {}", def.name, fast.inst);
            assert!(wf == wg, "{} case {case}: {}: the waves differ", def.name, fast.inst);
            compared += 1;
        }
    }
    assert!(compared > 9000, "only {compared} cases compared");
}
