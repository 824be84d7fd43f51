//! The README's list of instructions that are not yet executed is what the code says: the
//! rows that the golden model or the RTL does not execute. The list names instructions
//! (`s_trap`) or whole units (`unit:valu`).

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
    let mut listed = BTreeSet::new();
    for token in section.split('`').skip(1).step_by(2) {
        match token.strip_prefix("unit:") {
            Some(unit) => {
                let rows: Vec<&rdna3_isa::InstDef> =
                    rdna3_isa::table().insts.iter().filter(|d| d.unit.name() == unit).collect();
                assert!(!rows.is_empty(), "README names unit {unit}, which has no instructions");
                listed.extend(rows.iter().map(|d| d.name.clone()));
            }
            None => {
                listed.insert(token.to_string());
            }
        }
    }
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generate");
    let ops = hdl_gen::sv::rtl_ops(&files);
    let derived: BTreeSet<String> = rdna3_isa::table()
        .insts
        .iter()
        .filter(|d| !(sim::golden::implemented(d) && hdl_gen::sv::rtl_implements(d, &ops)))
        .map(|d| d.name.clone())
        .collect();
    assert_eq!(listed, derived, "README's not-executed list differs from the code");
}
