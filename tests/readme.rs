//! The README's list of instructions that are not yet executed is what the code says: the
//! rows that the golden model or the RTL does not execute. The list names instructions
//! (`s_trap`), whole units (`unit:ds`), or the rows of a unit with a floating-point operand
//! (`float:valu`), and takes rows out of those classes again (`-v_add_f32`, or `-cmp:f32` for
//! every compare of a type).

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
    let mut except = BTreeSet::new();
    let float = |d: &rdna3_isa::InstDef| d.operands.iter().any(|o| o.ty().is_some_and(|t| t.is_float()));
    for token in section.split('`').skip(1).step_by(2) {
        // `-name` takes a row out of the classes named; `-cmp:f32` every compare of that type.
        if let Some(name) = token.strip_prefix('-') {
            if let Some(ty) = name.strip_prefix("cmp:") {
                let rows: Vec<String> = rdna3_isa::table()
                    .insts
                    .iter()
                    .filter(|d| d.compare.is_some_and(|c| format!("{:?}", c.ty).eq_ignore_ascii_case(ty)))
                    .map(|d| d.name.clone())
                    .collect();
                assert!(!rows.is_empty(), "README names {token}, which has no compares");
                except.extend(rows);
            } else {
                assert!(rdna3_isa::table().by_name(name).is_some(), "README names {token}, which is no row");
                except.insert(name.to_string());
            }
            continue;
        }
        let (unit, only_float) = match (token.strip_prefix("unit:"), token.strip_prefix("float:")) {
            (Some(u), _) => (u, false),
            (_, Some(u)) => (u, true),
            _ => {
                assert!(rdna3_isa::table().by_name(token).is_some(), "README names {token}, which is no row");
                listed.insert(token.to_string());
                continue;
            }
        };
        let rows: Vec<&rdna3_isa::InstDef> = rdna3_isa::table()
            .insts
            .iter()
            .filter(|d| d.unit.name() == unit && (!only_float || float(d)))
            .collect();
        assert!(!rows.is_empty(), "README names {token}, which has no instructions");
        listed.extend(rows.iter().map(|d| d.name.clone()));
    }
    let listed: BTreeSet<String> = listed.difference(&except).cloned().collect();
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
