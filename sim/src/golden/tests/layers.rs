//! The layering of the golden model's modules, as `golden/mod.rs` documents it: every module
//! is in exactly one layer, uses only its own layer and the ones below, and the uses form no
//! cycle. Read from the sources, so that a new import that climbs a layer or closes a ring
//! fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, as its path below `golden` (`["valu", "int"]`); the root is `[]`.
type ModPath = Vec<String>;

/// Every module file below `dir` (without the tests), by module path.
fn module_files(dir: &Path, prefix: &ModPath, out: &mut BTreeMap<ModPath, String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if name == "tests" {
            continue;
        }
        if p.is_dir() {
            let mut sub = prefix.clone();
            sub.push(name);
            module_files(&p, &sub, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let path = if name == "mod" {
                prefix.clone()
            } else {
                let mut m = prefix.clone();
                m.push(name);
                m
            };
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            out.insert(path, text);
        }
    }
}

/// The source a module's uses are read from: without comments and without its inline
/// `#[cfg(test)] mod tests` block (tests sit above every layer).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

fn ident_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len())
}

/// The first path segments that follow `super::...` or `crate::golden::` in `code`, each with
/// the module the path starts from (a `{a, b::c}` group gives `a` and `b`).
fn paths(code: &str, here: &ModPath) -> Vec<(ModPath, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let starts_word =
            i == 0 || !code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':');
        let (mut base, mut j) = if starts_word && rest.starts_with("crate::golden::") {
            (Vec::new(), "crate::golden::".len())
        } else if starts_word && rest.starts_with("super::") {
            // `super` of a module is its parent.
            let mut b = here.clone();
            let mut j = 0;
            while rest[j..].starts_with("super::") {
                b.pop();
                j += "super::".len();
            }
            (b, j)
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let tail = &rest[j..];
        if let Some(group) = tail.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let item = item.trim();
                let n = ident_len(item);
                if n > 0 {
                    out.push((base.clone(), item[..n].to_string()));
                }
            }
            j += end + 1;
        } else {
            let n = ident_len(tail);
            if n > 0 {
                out.push((std::mem::take(&mut base), tail[..n].to_string()));
            }
            j += n;
        }
        i += j.max(1);
    }
    out
}

/// The module a path that starts at `base` with segment `first` names: `base::first` if that
/// is a module, else `base` itself (the path names an item of `base`).
fn target(modules: &BTreeMap<ModPath, String>, base: &ModPath, first: &str) -> ModPath {
    let mut m = base.clone();
    m.push(first.to_string());
    if modules.contains_key(&m) { m } else { base.clone() }
}

/// The layers `golden/mod.rs` documents: the backquoted module names of each item of the
/// numbered list under `## Layers`, from the bottom up.
fn documented_layers(root_doc: &str) -> Vec<Vec<String>> {
    let mut layers: Vec<Vec<String>> = Vec::new();
    let mut in_section = false;
    for line in root_doc.lines().filter_map(|l| l.strip_prefix("//!")) {
        let line = line.trim();
        if line.starts_with("## ") {
            in_section = line == "## Layers";
            continue;
        }
        if !in_section {
            continue;
        }
        let item =
            line.split_once(". ").filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let text = match item {
            Some((_, t)) => {
                layers.push(Vec::new());
                t
            }
            // A continuation line of the last item, or the prose after the list.
            None if line.is_empty() => {
                if !layers.is_empty() {
                    in_section = false;
                }
                continue;
            }
            None => line,
        };
        if let Some(layer) = layers.last_mut() {
            layer.extend(text.split('`').skip(1).step_by(2).map(str::to_string));
        }
    }
    layers
}

#[test]
fn modules_use_only_their_layer_and_the_ones_below_without_cycles() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/golden");
    let mut modules = BTreeMap::new();
    module_files(&dir, &Vec::new(), &mut modules);
    let root_doc = &modules[&Vec::new()];
    let layers = documented_layers(root_doc);
    assert_eq!(layers.len(), 5, "the layers of golden/mod.rs: {layers:?}");

    // Every top-level module is in exactly one layer, and every name listed is a module.
    let mut layer_of: BTreeMap<String, usize> = BTreeMap::new();
    for (k, layer) in layers.iter().enumerate() {
        for m in layer {
            assert!(modules.contains_key(&vec![m.clone()]), "`{m}` (layer {}) is not a module", k + 1);
            assert!(layer_of.insert(m.clone(), k).is_none(), "`{m}` is in two layers");
        }
    }
    for m in modules.keys().filter(|m| m.len() == 1) {
        assert!(layer_of.contains_key(&m[0]), "module `{}` is in no layer of golden/mod.rs", m[0]);
    }

    // Uses: from every module's paths, and from a parent to the children it names.
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    let mut checked = 0;
    for (here, text) in &modules {
        let code = code_of(text);
        let mut to = BTreeSet::new();
        for (base, first) in paths(&code, here) {
            to.insert(target(&modules, &base, &first));
        }
        for child in modules.keys().filter(|c| c.len() == here.len() + 1 && c.starts_with(here)) {
            let name = format!("{}::", child[here.len()]);
            if code.match_indices(&name).any(|(i, _)| {
                i == 0 || !code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            }) {
                to.insert(child.clone());
            }
        }
        to.remove(here);
        if here.is_empty() {
            // The root re-exports and documents; it is above every layer.
            continue;
        }
        for t in &to {
            assert!(
                !t.is_empty(),
                "golden::{} uses golden's root (mod.rs), which is above every layer",
                here.join("::")
            );
            assert!(
                !here.starts_with(t),
                "golden::{} uses its parent golden::{}, which binds it",
                here.join("::"),
                t.join("::")
            );
            let (from, into) = (layer_of[&here[0]], layer_of[&t[0]]);
            assert!(
                into <= from,
                "golden::{} (layer {}) uses golden::{} (layer {})",
                here.join("::"),
                from + 1,
                t.join("::"),
                into + 1
            );
            checked += 1;
        }
        edges.insert(here.clone(), to);
    }
    assert!(checked > 50, "only {checked} uses found: the path reader is broken");

    // No cycle: repeatedly remove modules that use nothing left or that nothing left uses;
    // what cannot be removed lies on a cycle.
    let mut left = edges;
    loop {
        let used: BTreeSet<ModPath> = left.values().flatten().cloned().collect();
        let removable: Vec<ModPath> = left
            .iter()
            .filter(|(m, to)| !used.contains(*m) || to.iter().all(|t| !left.contains_key(t)))
            .map(|(m, _)| m.clone())
            .collect();
        if removable.is_empty() {
            break;
        }
        for m in removable {
            left.remove(&m);
        }
    }
    assert!(left.is_empty(), "the uses of these modules form a cycle: {:?}", left.keys().collect::<Vec<_>>());
}

/// The path reader itself, on the forms the modules use.
#[test]
fn the_path_reader_finds_grouped_nested_and_inline_paths() {
    let here = vec!["valu".to_string(), "int".to_string()];
    let code = "use super::lanewise::{bin, un};\nuse super::super::{state, vector::VExec};\nlet f = crate::golden::fp::add;\nx.fault(super::super::state::Fault::Memory);";
    let got: Vec<(ModPath, String)> = paths(code, &here);
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<ModPath>();
    assert_eq!(
        got,
        [
            (v(&["valu"]), "lanewise".to_string()),
            (v(&[]), "state".to_string()),
            (v(&[]), "vector".to_string()),
            (v(&[]), "fp".to_string()),
            (v(&[]), "state".to_string()),
        ]
    );
}
