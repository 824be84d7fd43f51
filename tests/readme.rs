//! The README's list of instructions that are not yet executed is what the code says: the
//! rows that the golden model or the RTL does not execute.

use std::collections::BTreeSet;

#[test]
fn readme_lists_what_is_not_executed() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README.md");
    let section = readme
        .split("<!-- not-executed:begin -->")
        .nth(1)
        .and_then(|s| s.split("<!-- not-executed:end -->").next())
        .expect("README has the not-executed markers");
    let listed: BTreeSet<String> =
        section.split('`').skip(1).step_by(2).filter(|n| n.starts_with("s_")).map(str::to_string).collect();
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generate");
    let ops = hdl_gen::sv::rtl_ops(&files);
    let derived: BTreeSet<String> = hdl_gen::isa::table()
        .insts
        .iter()
        .filter(|d| !(sim::golden::implemented(d) && hdl_gen::sv::rtl_implements(d, &ops)))
        .map(|d| d.name.clone())
        .collect();
    assert_eq!(listed, derived, "README's not-executed list differs from the code");
}
