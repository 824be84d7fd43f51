//! `sim run`'s loader and launcher on hostile code objects: arbitrary bytes, and real code
//! objects with bytes changed, cut short or grown; each gives an error or a result (a run
//! bounded by its instruction limit), never a panic, an abort or a hang.

use proptest::prelude::*;
use sim::launch::{ArgSpec, Launch, run};
use sim::loader::load;

fn object(name: &str) -> Vec<u8> {
    let p = format!("{}/../tests/kernels/bin/{name}.hsaco", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// Loads `bytes` and, when they load, runs every kernel briefly with arguments that fit its
/// metadata.
fn load_and_run(bytes: &[u8]) {
    let Ok(co) = load(bytes, 0x10_0000) else { return };
    for k in &co.kernels {
        let args = k
            .args
            .iter()
            .filter(|a| !a.hidden())
            .map(|a| match (a.value_kind.as_str(), a.size) {
                ("by_value", 8) => ArgSpec::U64(1),
                ("by_value", _) => ArgSpec::U32(1),
                _ => ArgSpec::Zeros(256),
            })
            .collect();
        let l = Launch { grid: [1, 1, 1], block: [32, 1, 1], args, max_instructions: 2_000 };
        let _ = run(&co, &k.name, &l);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..512), elf in any::<bool>()) {
        if elf && bytes.len() >= 64 {
            // Past the magic, class and machine checks more often.
            bytes[..4].copy_from_slice(b"\x7fELF");
            bytes[4] = 2;
            bytes[5] = 1;
            bytes[18] = 0xe0;
            bytes[19] = 0;
        }
        load_and_run(&bytes);
    }

    #[test]
    fn changed_code_objects_never_panic(
        which in 0usize..3,
        changes in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..12),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut bytes = object(["vadd", "reduce", "matmul"][which]);
        for (at, v) in changes {
            let n = bytes.len();
            bytes[at % n] = v;
        }
        if let Some(c) = cut {
            bytes.truncate(c % (bytes.len() + 1));
        }
        load_and_run(&bytes);
    }

    /// Changed 32- and 64-bit fields: sizes, offsets and addresses at their extremes, where
    /// one byte rarely reaches.
    #[test]
    fn extreme_fields_never_panic(which in 0usize..3, at in any::<usize>(), wide in any::<bool>(), v in prop_oneof![Just(u64::MAX), Just(u64::MAX / 2 + 1), Just(0u64), any::<u64>()]) {
        let mut bytes = object(["vadd", "reduce", "matmul"][which]);
        let n = if wide { 8 } else { 4 };
        let at = (at % (bytes.len() - n)) & !(n - 1);
        bytes[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
        load_and_run(&bytes);
    }
}
