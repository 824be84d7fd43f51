//! Loading clang-19's code objects: kernels, descriptors, metadata, and the errors for files
//! that are not loadable code objects.

use sim::loader::{LoadError, UserSgpr, load};

fn kernel_bin(name: &str) -> Vec<u8> {
    let path = format!("{}/../tests/kernels/bin/{name}.hsaco", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn loads_vadd() {
    let co = load(&kernel_bin("vadd"), 0x10_0000).expect("loads");
    assert_eq!(co.target, "gfx1100");
    let k = co.kernel("vadd").expect("kernel vadd");
    // The symbol vadd is at 0x1900 in the ELF (llvm-readelf -s), loaded at base + 0x1900.
    assert_eq!(k.entry, 0x10_0000 + 0x1900);
    assert_eq!(k.kernarg_size, 288);
    assert_eq!(k.wavefront_size, 32);
    let visible: Vec<(&str, u32, u32)> =
        k.args.iter().filter(|a| !a.hidden()).map(|a| (a.value_kind.as_str(), a.offset, a.size)).collect();
    assert_eq!(
        visible,
        [("global_buffer", 0, 8), ("global_buffer", 8, 8), ("global_buffer", 16, 8), ("by_value", 24, 4)]
    );
    assert!(k.args.iter().any(|a| a.value_kind == "hidden_group_size_x" && a.offset == 44 && a.size == 2));
    let d = k.descriptor;
    assert_eq!(d.user_sgprs(), [UserSgpr::KernargSegmentPtr]);
    // clang reserves 15 user SGPRs on gfx11; the workgroup ID x comes right after them.
    assert_eq!(d.user_sgpr_count(), 15);
    assert_eq!(d.workgroup_id_enabled(), [true, false, false]);
    assert_eq!(d.workitem_id_dims(), 0);
    assert!(d.wave32());
    // The first instruction is the s_clause of the argument loads.
    let first = co.code.fetch(k.entry).expect("decodes");
    assert_eq!(first.def().name, "s_clause");
}

#[test]
fn refuses_what_it_cannot_load() {
    let err = |bytes: &[u8]| load(bytes, 0).expect_err("refused").to_string();
    assert!(err(b"hello").starts_with("not an ELF file"));
    let host = std::fs::read("/proc/self/exe").expect("this test's own executable");
    assert!(err(&host).starts_with("not an AMDGPU code object"), "{}", err(&host));
    let mut truncated = kernel_bin("vadd");
    truncated.truncate(600);
    assert!(load(&truncated, 0).is_err());
    // An unlinked object (clang -c) is refused with advice to link it.
    let obj =
        std::fs::read(format!("{}/../tests/kernels/bin/vadd.o", env!("CARGO_MANIFEST_DIR"))).expect("vadd.o");
    let e = load(&obj, 0).expect_err("refused");
    assert!(matches!(e, LoadError::Relocatable));
    assert!(e.to_string().contains("link it"));
}
