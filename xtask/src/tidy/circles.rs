//! Import circles: no two files of a crate, or of a Python package,
//! import each other, directly or round a longer loop.

use std::collections::{BTreeMap, BTreeSet};

use super::{Tree, is_ident};

/// The module path of a file: `board/mod.rs` and `board.rs` are `board`, the
/// crate root (`lib.rs`, `main.rs`) is empty.
fn module_of(path: &str) -> Vec<String> {
    let mut parts: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts.last().is_some_and(|p| p == "mod") || matches!(path, "lib.rs" | "main.rs") {
        parts.pop();
    }
    parts
}

/// Text without `//` comments (line by line; enough for `use` paths).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `crate::…` or `super::…` reference at the start of `text`
/// names, braces expanded: `a::{b, c::d}` gives `a::b` and `a::c::d`.
fn expand(text: &str) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut rest = text.trim_start();
    loop {
        if let Some(inner) = rest.strip_prefix('{') {
            let mut out = Vec::new();
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 0 => {
                        let item = inner[start..i].trim();
                        if !item.is_empty() {
                            for tail in expand(item) {
                                out.push(prefix.iter().cloned().chain(tail).collect());
                            }
                        }
                        if c == '}' {
                            break;
                        }
                        start = i + 1;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            return out;
        }
        let len = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if len == 0 {
            return vec![prefix];
        }
        prefix.push(rest[..len].to_owned());
        match rest[len..].trim_start().strip_prefix("::") {
            Some(after) => rest = after.trim_start(),
            None => return vec![prefix],
        }
    }
}

/// The files each file of `tree` imports (module paths).
fn imports(tree: &Tree) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules: BTreeMap<Vec<String>, &str> = tree
        .keys()
        .map(|path| (module_of(path), path.as_str()))
        .collect();
    let target = |path: &[String]| {
        (0..=path.len())
            .rev()
            .map(|n| &path[..n])
            .find(|p| modules.contains_key(*p))
            .map(<[String]>::to_vec)
    };
    let mut edges = BTreeMap::new();
    for (path, text) in tree {
        let module = module_of(path);
        let mut set = BTreeSet::new();
        let text = strip_comments(text);
        let mut refs = Vec::new();
        for (at, _) in text.match_indices("crate::") {
            if at > 0 && text[..at].ends_with(|c: char| is_ident(c) || c == '$') {
                continue;
            }
            refs.extend(expand(&text[at + "crate::".len()..]));
        }
        for (at, _) in text.match_indices("super::") {
            if at > 0 && text[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let mut base = module.clone();
            base.pop();
            let mut rest = &text[at + "super::".len()..];
            while let Some(after) = rest.strip_prefix("super::") {
                base.pop();
                rest = after;
            }
            for tail in expand(rest) {
                refs.push(base.iter().cloned().chain(tail).collect());
            }
        }
        for r in refs {
            let Some(t) = target(&r) else { continue };
            if t == module || t.is_empty() || module.is_empty() {
                continue;
            }
            let parent =
                t.len() < module.len() && module.starts_with(&t) && modules[&t].ends_with("mod.rs");
            if !parent {
                set.insert(t);
            }
        }
        edges.insert(module, set);
    }
    edges
}

/// The import circles of a crate: each strongly connected group of two or
/// more files, as sorted file paths.
pub fn circles(tree: &Tree) -> Vec<Vec<String>> {
    let edges = imports(tree);
    let files: BTreeMap<Vec<String>, &String> = tree.keys().map(|p| (module_of(p), p)).collect();
    groups(&edges, |module| files[module].clone())
}

/// The strongly connected groups of two or more nodes of a graph, each
/// named by `name` and sorted, the groups sorted too (Tarjan's algorithm).
fn groups<K: Ord>(
    edges: &BTreeMap<K, BTreeSet<K>>,
    name: impl Fn(&K) -> String,
) -> Vec<Vec<String>> {
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        counter: usize,
        groups: Vec<Vec<usize>>,
    }
    fn visit(v: usize, adjacency: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &adjacency[v] {
            match s.index[w] {
                None => {
                    visit(w, adjacency, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                s.groups.push(group);
            }
        }
    }
    let nodes: Vec<&K> = edges.keys().collect();
    let index_of: BTreeMap<&K, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let adjacency: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let mut state = State {
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        counter: 0,
        groups: Vec::new(),
    };
    for v in 0..n {
        if state.index[v].is_none() {
            visit(v, &adjacency, &mut state);
        }
    }
    let mut out: Vec<Vec<String>> = state
        .groups
        .into_iter()
        .map(|group| {
            let mut names: Vec<String> = group.iter().map(|&i| name(nodes[i])).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// The import circles of a Python package (`files`: its `.py` files, by
/// name, with their text): a file imports a sibling through `from .x
/// import`, `from . import x, y`, `from PKG.x import` or `import PKG.x`,
/// at any indentation (an import inside a function still ties the two
/// files together). `__init__.py`, which declares and re-exports, is left
/// out, as a crate root is.
pub fn python_circles(package: &str, files: &BTreeMap<String, String>) -> Vec<Vec<String>> {
    let modules: BTreeSet<&str> = files
        .keys()
        .filter(|f| f.as_str() != "__init__.py")
        .filter_map(|f| f.strip_suffix(".py"))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for module in &modules {
        let mut set = BTreeSet::new();
        for line in files[&format!("{module}.py")].lines() {
            let line = line.trim();
            let line = line.split('#').next().unwrap_or("");
            let mut named: Vec<&str> = Vec::new();
            if let Some(rest) = line.strip_prefix("from ") {
                let Some((from, what)) = rest.split_once(" import ") else {
                    continue;
                };
                let from = from.trim();
                let sibling = from
                    .strip_prefix('.')
                    .or_else(|| from.strip_prefix(&format!("{package}.")[..]));
                match sibling {
                    Some("") => named.extend(
                        what.trim_matches(|c| matches!(c, '(' | ')' | ' '))
                            .split(',')
                            .map(|n| n.split(" as ").next().unwrap_or("").trim()),
                    ),
                    Some(m) => named.push(m),
                    None => {}
                }
            } else if let Some(rest) = line.strip_prefix("import ") {
                for item in rest.split(',') {
                    let item = item.split(" as ").next().unwrap_or("").trim();
                    if let Some(m) = item.strip_prefix(&format!("{package}.")[..]) {
                        named.push(m);
                    }
                }
            }
            for name in named {
                let name = name.split('.').next().unwrap_or("");
                if name != *module && modules.contains(name) {
                    set.insert(name.to_owned());
                }
            }
        }
        edges.insert((*module).to_owned(), set);
    }
    groups(&edges, |m| format!("{m}.py"))
}

/// The circles found (`SRC: a.rs, b.rs`) that no entry of `allowed` covers,
/// and the entries that cover none.
pub fn unallowed<'a>(found: &[String], allowed: &[&'a str]) -> (Vec<String>, Vec<&'a str>) {
    let split = |line: &str| -> (String, BTreeSet<String>) {
        let (dir, files) = line.split_once(": ").unwrap_or((line, ""));
        (
            dir.to_owned(),
            files.split(", ").map(str::to_owned).collect(),
        )
    };
    let allowed_sets: Vec<_> = allowed.iter().map(|a| split(a)).collect();
    let mut used = vec![false; allowed.len()];
    let mut new = Vec::new();
    for circle in found {
        let (dir, files) = split(circle);
        match allowed_sets
            .iter()
            .position(|(d, set)| *d == dir && files.is_subset(set))
        {
            Some(i) => used[i] = true,
            None => new.push(circle.clone()),
        }
    }
    let unused = allowed
        .iter()
        .zip(used)
        .filter(|(_, used)| !used)
        .map(|(a, _)| *a)
        .collect();
    (new, unused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tidy::tests::tree;

    #[test]
    fn a_circle_in_a_small_tree_is_found() {
        let files = tree(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\nuse crate::a::A;"),
            ("a.rs", "use crate::b::B;"),
            ("b.rs", "use crate::{c::{C, D}, d};"),
            ("c.rs", "// use crate::d;\nuse super::a::A;"),
            ("d.rs", "pub struct D;"),
        ]);
        assert_eq!(circles(&files), [["a.rs", "b.rs", "c.rs"]]);
    }

    #[test]
    fn a_parent_mod_rs_and_the_root_make_no_circle() {
        let files = tree(&[
            ("lib.rs", "mod m;\nuse crate::m::x::X;"),
            (
                "m/mod.rs",
                "mod x;\nmod y;\nuse crate::m::x::X;\npub struct S;",
            ),
            (
                "m/x.rs",
                "use super::S;\nuse crate::m::y::Y;\nuse crate::Thing;",
            ),
            ("m/y.rs", "use super::S;"),
        ]);
        assert!(circles(&files).is_empty());
    }

    #[test]
    fn only_a_new_circle_fails() {
        let allowed = [
            "crates/pgn/src: a.rs, b.rs, c.rs",
            "crates/x/src: p.rs, q.rs",
        ];
        let found = [
            "crates/pgn/src: a.rs, b.rs".to_owned(),
            "crates/gen/src: files.rs, zobrist.rs".to_owned(),
        ];
        let (new, unused) = unallowed(&found, &allowed);
        assert_eq!(new, ["crates/gen/src: files.rs, zobrist.rs"]);
        assert_eq!(unused, ["crates/x/src: p.rs, q.rs"]);
    }

    #[test]
    fn a_circle_in_a_small_python_package_is_found() {
        let files = tree(&[
            (
                "__init__.py",
                "from .pgn import read_game\nfrom . import tree\n",
            ),
            ("pgn.py", "import re\nfrom . import tree, visitors as v\n"),
            (
                "tree.py",
                "def f():\n    from pkg.visitors import V  # late\n",
            ),
            ("visitors.py", "import pkg.pgn\n# from .tree import T\n"),
            ("alone.py", "from .tree import T\nimport os, pkg.tree\n"),
        ]);
        assert_eq!(
            python_circles("pkg", &files),
            [["pgn.py", "tree.py", "visitors.py"]]
        );
    }
}
