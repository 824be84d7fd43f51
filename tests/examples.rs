//! The example programs co-simulated on every wave, with their results checked against the
//! same computations done here on the host.

use sim::cosim::{Options, Report, WaveEnd, WaveInit, cosim};
use sim::golden::{Code, Wave};
use sim::rtl::default_variant;

fn run_example(name: &str) -> Vec<Wave> {
    cosim_example(name).state
}

/// Co-simulates an example on every wave (s0 = the wave's index); every wave must end.
fn cosim_example(name: &str) -> Report {
    let path = format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("example");
    let code = Code::new(0x10000, rdna3_isa::asm::assemble(&src, &path).expect("assembles").dwords());
    let waves: Vec<WaveInit> = (0..default_variant().num_waves as usize)
        .map(|k| {
            let mut w = WaveInit::new(0x10000);
            w.sgpr[0] = k as u32;
            w
        })
        .collect();
    let r = cosim(&code, &waves, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{name}: {:?}", r.waves);
    r
}

fn xorshift(x: &mut u32) -> u32 {
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    *x
}

fn crc32_update(mut crc: u32, word: u32) -> u32 {
    crc ^= word;
    for _ in 0..32 {
        crc = if crc & 1 != 0 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
    }
    crc
}

#[test]
fn crc32_matches_the_host() {
    for (k, w) in run_example("crc32.s").iter().enumerate() {
        let mut x = 0x1234_5678u32.wrapping_add(k as u32);
        let (mut crc, mut sum) = (u32::MAX, 0u64);
        for _ in 0..64 {
            let word = xorshift(&mut x);
            sum += u64::from(word);
            crc = crc32_update(crc, word);
        }
        assert_eq!(w.sgpr[2], !crc, "wave {k}: CRC-32");
        assert_eq!(u64::from(w.sgpr[8]) | u64::from(w.sgpr[9]) << 32, sum, "wave {k}: sum");
    }
}

#[test]
fn sort_matches_the_host() {
    for (k, w) in run_example("sort.s").iter().enumerate() {
        let mut x = (k as u32).wrapping_mul(977).wrapping_add(1);
        let mut words: Vec<u32> = (0..24)
            .map(|_| {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                x
            })
            .collect();
        words.sort_unstable();
        assert_eq!(&w.sgpr[16..40], &words[..], "wave {k}: sorted words");
    }
}

#[test]
fn lds_transpose_matches_the_host() {
    for (k, w) in run_example("lds_transpose.s").iter().enumerate() {
        for j in 0..32u32 {
            let want: Vec<u32> = (0..32u32).map(|l| j * 32 + l + ((k as u32) << 16)).collect();
            assert_eq!(&w.vgpr[4 + j as usize][..], &want[..], "wave {k}: v{} (column {j})", 4 + j);
        }
    }
}

/// The performance counters of the transpose: 128 stores of one column, conflict-free (rows
/// padded to 33 words put the lanes in 32 banks), and 64 two-address loads, whose two groups
/// of 16 lanes each find 15 banks serving two dwords: 2 cycles a request, 2 lost a load. The
/// co-simulation checks every DS instruction's bank cycles against the bank rule computed from
/// its lanes' addresses as it goes.
#[test]
fn lds_transpose_counts_its_bank_conflicts() {
    let r = cosim_example("lds_transpose.s");
    let s = &r.stats;
    assert_eq!(s.lds_instructions, 4 * (32 + 16));
    assert_eq!(s.lds_bank_cycles, 4 * (32 + 16 * 4));
    assert_eq!(s.lds_conflict_cycles, Some(4 * 16 * 2));
    assert_eq!(s.by_unit.get("ds"), Some(&(4 * 48)));
    assert_eq!(s.instructions, r.retired);
}
