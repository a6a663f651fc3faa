//! `cargo xtask tidy`: the conventions kept without a reviewer.
//!
//! - **File tables.** A module file (`lib.rs`, `main.rs`, `mod.rs`) whose
//!   `//!` doc holds a `| file | … |` table lists every module it declares
//!   with `mod name;`, and every `.rs` path in the table exists.
//! - **No import circles.** No two files of a crate import each other, through
//!   `crate::` or `super::` paths, directly or round a longer loop (the
//!   crate root and a file's parent `mod.rs`, which declare and re-export,
//!   are left out); nor two files of a Python package (`crates/*/python/*/`,
//!   and each subpackage in it) through `from .x import` and the like. [`ALLOWED_CIRCLES`] names the
//!   circles being removed.
//! - **Cited headings exist.** A comment that cites `docs/NAME.md`, "Heading"
//!   or `docs/NAME.md` (*Heading*) names a heading of that file, and every
//!   `docs/NAME.md` cited exists.
//! - **Lengths.** The README and the guides stay under [`LENGTHS`] and
//!   [`GUIDE_MAX`] lines (`docs/history/` is not bounded).
//! - **Layout.** `docs/development.md`'s layout list names every workspace
//!   member, and every path it names exists.
//!
//! | file | what it holds |
//! |---|---|
//! | `tidy/circles.rs` | import circles of crates and Python packages |
//! | `tidy/layout.rs` | the layout list against the workspace members |
//!
//! The file tables, cited headings and lengths are checked here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

mod circles;
mod layout;

pub use circles::{circles, python_circles};

/// Line bounds of named files, relative to the workspace root.
pub const LENGTHS: &[(&str, usize)] = &[("README.md", 300), ("docs/performance.md", 300)];

/// The bound on every other guide, `docs/*.md`.
pub const GUIDE_MAX: usize = 500;

/// Circles tolerated while they are being removed: a circle found passes
/// when all its files lie in one entry (`SRC_DIR: file, file, …`). Empty:
/// no crate or Python package has one. Drop an entry when its circle is
/// gone; tidy says when one matches nothing.
pub const ALLOWED_CIRCLES: &[&str] = &[];

/// Source files of one crate: paths relative to its `src/`, with `/`.
pub type Tree = BTreeMap<String, String>;

/// Every problem tidy finds under `root`, one line each, and notes (allow-list
/// entries that match nothing) that do not fail.
pub fn check(root: &Path) -> (Vec<String>, Vec<String>) {
    let mut problems = Vec::new();
    let mut found_circles = Vec::new();
    for src in source_dirs(root) {
        let tree = read_tree(&src);
        let name = relative(root, &src);
        for problem in file_table_problems(&tree) {
            problems.push(format!("{name}/{problem}"));
        }
        for circle in circles(&tree) {
            found_circles.push(format!("{name}: {}", circle.join(", ")));
        }
    }
    for (name, package) in python_packages(root) {
        let files: BTreeMap<String, String> = fs::read_dir(&package)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".py"))
            .filter_map(|e| {
                let text = fs::read_to_string(e.path()).ok()?;
                Some((e.file_name().to_string_lossy().into_owned(), text))
            })
            .collect();
        for circle in python_circles(&name, &files) {
            found_circles.push(format!(
                "{}: {}",
                relative(root, &package),
                circle.join(", ")
            ));
        }
    }
    let (new, unused) = circles::unallowed(&found_circles, ALLOWED_CIRCLES);
    for circle in new {
        problems.push(format!("import circle: {circle}"));
    }
    let notes = unused
        .into_iter()
        .map(|entry| format!("ALLOWED_CIRCLES entry matches no circle now, drop it: {entry}"))
        .collect();

    let mut docs = BTreeMap::new();
    for path in files_under(
        root,
        &["crates", "xtask", "benches", "fuzz", "scripts", ".ci"],
    ) {
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        let name = relative(root, &path);
        if name.starts_with("xtask/src/tidy/") {
            continue; // its docs and tests cite made-up files
        }
        problems.extend(citation_problems(&name, &text, |doc| {
            docs.entry(doc.to_owned())
                .or_insert_with(|| {
                    fs::read_to_string(root.join(doc))
                        .ok()
                        .map(|t| headings(&t))
                })
                .clone()
        }));
    }

    let guide = "docs/development.md";
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let text = fs::read_to_string(root.join(guide)).unwrap_or_default();
    problems.extend(layout::problems(
        guide,
        &text,
        &layout::members(&manifest),
        |p| root.join(p).exists(),
    ));

    for (path, max) in length_bounds(root) {
        if let Ok(text) = fs::read_to_string(root.join(&path)) {
            problems.extend(length_problem(&path, &text, max));
        }
    }
    (problems, notes)
}

/// `crates/*/src` and `xtask/src`.
fn source_dirs(root: &Path) -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    dirs.sort();
    dirs.push(root.join("xtask").join("src"));
    dirs
}

/// The Python packages of the crates, each with its dotted name: the
/// `crates/*/python/*/` folders that hold an `__init__.py`, and their
/// subpackages (`bitmoves.pgn`), each read as a package of its own.
fn python_packages(root: &Path) -> Vec<(String, std::path::PathBuf)> {
    fn packages_in(dir: &Path, prefix: &str, found: &mut Vec<(String, std::path::PathBuf)>) {
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.join("__init__.py").is_file() {
                let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
                packages_in(&path, &format!("{name}."), found);
                found.push((name, path));
            }
        }
    }
    let mut packages = Vec::new();
    for krate in fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
    {
        packages_in(&krate.path().join("python"), "", &mut packages);
    }
    packages.sort();
    packages
}

fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.to_string_lossy().replace('\\', "/")
}

/// The `.rs` files under `src`.
pub fn read_tree(src: &Path) -> Tree {
    files_under(src, &["."])
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| {
            let text = fs::read_to_string(&path).ok()?;
            Some((
                relative(src, &path).trim_start_matches("./").to_owned(),
                text,
            ))
        })
        .collect()
}

/// Source files (`.rs`, `.py`, `.js`, `.sh`, `.toml`, and `run`) under the
/// given folders of `root`, leaving out build output and installed packages.
fn files_under(root: &Path, folders: &[&str]) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<_> = folders.iter().map(|f| root.join(f)).collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(
                    name.as_str(),
                    "target" | "node_modules" | "pkg" | "__pycache__"
                ) && !name.starts_with('.')
                {
                    stack.push(path);
                }
            } else if name == "run"
                || [".rs", ".py", ".js", ".sh", ".toml"]
                    .iter()
                    .any(|ext| name.ends_with(ext))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Missing or stale entries of the `//!` file tables in `tree`.
pub fn file_table_problems(tree: &Tree) -> Vec<String> {
    let mut problems = Vec::new();
    for (path, text) in tree {
        let docs: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("//!"))
            .map(str::trim)
            .collect();
        if !docs.iter().any(|l| l.starts_with("| file |")) {
            continue;
        }
        let listed: BTreeSet<&str> = docs
            .iter()
            .filter_map(|l| l.strip_prefix("| `")?.split_once('`'))
            .map(|(file, _)| file)
            .filter(|file| file.ends_with(".rs"))
            .collect();
        for file in &listed {
            if !tree.contains_key(*file) {
                problems.push(format!(
                    "{path}: its file table names `{file}`, which does not exist"
                ));
            }
        }
        let dir = match path.rsplit_once('/') {
            Some((dir, "mod.rs")) => format!("{dir}/"),
            _ if matches!(path.as_str(), "lib.rs" | "main.rs") => String::new(),
            _ => format!("{}/", path.trim_end_matches(".rs")),
        };
        let mut cfg_test = false;
        for line in text.lines().map(str::trim) {
            let decl = ["mod ", "pub mod ", "pub(crate) mod ", "pub(super) mod "]
                .iter()
                .find_map(|p| line.strip_prefix(p))
                .and_then(|rest| rest.strip_suffix(';'));
            if let Some(name) = decl
                && !cfg_test
            {
                let (flat, nested) = (format!("{dir}{name}.rs"), format!("{dir}{name}/mod.rs"));
                if !listed.contains(flat.as_str()) && !listed.contains(nested.as_str()) {
                    problems.push(format!(
                        "{path}: `mod {name};` but its file table has no `{flat}`"
                    ));
                }
            }
            cfg_test = line == "#[cfg(test)]";
        }
    }
    problems
}

/// The headings of a Markdown text, without their `#`s (code blocks skipped).
pub fn headings(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(line.trim_start_matches('#').trim().to_owned());
        }
    }
    out
}

/// Citations in `text` (the file `path`) of a `docs/` file that does not
/// exist, or of a heading it lacks. `headings_of` gives a doc's headings
/// (`None`: no such file).
pub fn citation_problems(
    path: &str,
    text: &str,
    mut headings_of: impl FnMut(&str) -> Option<Vec<String>>,
) -> Vec<String> {
    // Comment lines joined, so that a citation may run onto the next line.
    let joined: String = text
        .lines()
        .map(|line| {
            let line = line.trim_start();
            ["//!", "///", "//", "#", "*"]
                .iter()
                .find_map(|m| line.strip_prefix(m))
                .unwrap_or(line)
                .trim()
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for (at, _) in joined.match_indices("docs/") {
        if at > 0 && joined[..at].ends_with(|c: char| is_ident(c) || c == '-') {
            continue;
        }
        let rest = &joined[at..];
        let len = rest
            .find(|c: char| !(is_ident(c) || matches!(c, '/' | '-' | '.')))
            .unwrap_or(rest.len());
        let Some(doc) = rest[..len].trim_end_matches('.').strip_suffix(".md") else {
            continue;
        };
        let doc = format!("{doc}.md");
        let Some(heads) = headings_of(&doc) else {
            if seen.insert(doc.clone()) {
                problems.push(format!("{path}: cites `{doc}`, which does not exist"));
            }
            continue;
        };
        let after = &rest[doc.len()..];
        let after = after.strip_prefix('`').unwrap_or(after);
        let after = after.strip_prefix("'s").unwrap_or(after);
        let Some(sep) = after.find(|c: char| !matches!(c, ',' | ' ' | '(')) else {
            continue;
        };
        if sep == 0 {
            continue;
        }
        let quoted = &after[sep..];
        let close = match quoted.chars().next() {
            Some('"') => '"',
            Some('*') => '*',
            _ => continue,
        };
        let Some(end) = quoted[1..].find(close) else {
            continue;
        };
        let heading = quoted[1..1 + end].trim_matches('*');
        if !heads.iter().any(|h| h == heading) {
            problems.push(format!(
                "{path}: cites `{doc}`, \"{heading}\", which has no such heading"
            ));
        }
    }
    problems
}

/// The files with a line bound: the named ones, and every guide `docs/*.md`.
fn length_bounds(root: &Path) -> Vec<(String, usize)> {
    let mut bounds: Vec<(String, usize)> =
        LENGTHS.iter().map(|(p, n)| ((*p).to_owned(), *n)).collect();
    let mut guides: Vec<String> = fs::read_dir(root.join("docs"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| format!("docs/{}", e.file_name().to_string_lossy()))
        .filter(|p| p.ends_with(".md") && !bounds.iter().any(|(b, _)| b == p))
        .collect();
    guides.sort();
    bounds.extend(guides.into_iter().map(|p| (p, GUIDE_MAX)));
    bounds
}

/// A line when `text` (the file `path`) has more than `max` lines.
pub fn length_problem(path: &str, text: &str, max: usize) -> Option<String> {
    let lines = text.lines().count();
    (lines > max).then(|| format!("{path}: {lines} lines, more than its bound of {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake source tree of `(path, text)` pairs.
    pub(super) fn tree(files: &[(&str, &str)]) -> Tree {
        files
            .iter()
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect()
    }

    #[test]
    fn a_missing_file_table_entry_is_named() {
        let files = tree(&[
            (
                "board/mod.rs",
                "//! | file | what |\n//! |---|---|\n//! | `board/fen.rs` | FEN |\n//! \
                 | `board/gone.rs` | nothing |\nmod fen;\nmod child;\n#[cfg(test)]\nmod tests;\n",
            ),
            ("board/fen.rs", ""),
            ("board/child.rs", ""),
            ("board/tests.rs", ""),
        ]);
        assert_eq!(
            file_table_problems(&files),
            [
                "board/mod.rs: its file table names `board/gone.rs`, which does not exist",
                "board/mod.rs: `mod child;` but its file table has no `board/child.rs`",
            ]
        );
    }

    #[test]
    fn a_cited_heading_that_does_not_exist_is_named() {
        let doc = "# Performance\n## Threads\n```sh\n# not a heading\n```\n";
        let headings_of = |name: &str| (name == "docs/performance.md").then(|| headings(doc));
        let good = "/// `docs/performance.md`\n/// (*Threads*) has it.\n\
                    // docs/performance.md, \"Performance\"\n\
                    #[doc = include_str!(\"../docs/performance.md\")]";
        assert!(citation_problems("a.rs", good, headings_of).is_empty());
        let bad = "//! (`docs/performance.md`, \"The sixth round\", has them)\n\
                   //! and docs/gone.md\n// `docs/performance.md`, \"not a heading\"";
        assert_eq!(
            citation_problems("a.rs", bad, headings_of),
            [
                "a.rs: cites `docs/performance.md`, \"The sixth round\", which has no such heading",
                "a.rs: cites `docs/gone.md`, which does not exist",
                "a.rs: cites `docs/performance.md`, \"not a heading\", which has no such heading",
            ]
        );
    }

    #[test]
    fn a_too_long_readme_is_named() {
        let long = "line\n".repeat(301);
        assert_eq!(
            length_problem("README.md", &long, 300).as_deref(),
            Some("README.md: 301 lines, more than its bound of 300")
        );
        assert_eq!(
            length_problem("README.md", &"line\n".repeat(300), 300),
            None
        );
    }

    #[test]
    fn a_circle_inside_a_subpackage_is_found() {
        let root = std::env::temp_dir().join(format!("tidy-subpackage-{}", std::process::id()));
        let sub = root.join("crates/k/python/pkg/sub");
        fs::create_dir_all(&sub).unwrap();
        for (path, text) in [
            ("crates/k/python/pkg/__init__.py", ""),
            ("crates/k/python/pkg/sub/__init__.py", "from .a import x\n"),
            (
                "crates/k/python/pkg/sub/a.py",
                "from .b import y\nfrom .. import z\n",
            ),
            ("crates/k/python/pkg/sub/b.py", "from pkg.sub.a import x\n"),
        ] {
            fs::write(root.join(path), text).unwrap();
        }
        let names: Vec<String> = python_packages(&root)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(names, ["pkg", "pkg.sub"]);
        let (problems, _) = check(&root);
        fs::remove_dir_all(&root).unwrap();
        assert!(
            problems
                .iter()
                .any(|p| p == "import circle: crates/k/python/pkg/sub: a.py, b.py"),
            "{problems:?}"
        );
    }

    #[test]
    fn this_workspace_is_tidy() {
        let (problems, _) = check(&crate::workspace_root());
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
