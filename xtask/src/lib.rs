//! The work behind `cargo xtask`: writing the generated tables, checking that the
//! ones on disk are what `bitmoves-gen` produces now, running every test suite
//! ([`suites`]), and keeping the conventions ([`tidy`]).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bitmoves_gen::GeneratedFile;

pub mod suites;
pub mod tidy;

/// What `--check` and the freshness test print when anything differs.
pub const STALE_HINT: &str = "tables are stale: run `cargo xtask regenerate`";

/// The workspace this xtask was built in.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// The directory the generated files go in: `<root>/tables/src`.
pub fn tables_src(root: &Path) -> PathBuf {
    root.join("tables").join("src")
}

/// One file `regenerate` produced.
#[derive(Debug)]
pub struct WrittenFile {
    /// Path relative to the workspace root, e.g. `tables/src/magic.rs`.
    pub path: String,
    /// Size of its contents in bytes.
    pub bytes: usize,
    /// Whether the file on disk changed (unchanged files are not rewritten).
    pub changed: bool,
}

/// What `regenerate` did.
#[derive(Debug)]
pub struct Regenerated {
    /// Every generated file, in the generator's order.
    pub files: Vec<WrittenFile>,
    /// `.rs` files that were in `tables/src/` but are not generated, now removed.
    pub removed: Vec<String>,
    /// Time `bitmoves_gen::generate()` took.
    pub generate_time: Duration,
}

/// Writes every generated file into `<root>/tables/src/`, creating it if missing, and
/// removes any other `.rs` file there. Files whose contents are already right are
/// left untouched, so their timestamps (and the build cache) survive.
pub fn regenerate(root: &Path) -> io::Result<Regenerated> {
    let start = Instant::now();
    let generated = bitmoves_gen::generate();
    let generate_time = start.elapsed();
    let dir = tables_src(root);
    fs::create_dir_all(&dir)?;
    let mut files = Vec::with_capacity(generated.len());
    for file in &generated {
        let path = dir.join(file.path);
        let changed = fs::read(&path).ok().as_deref() != Some(file.contents.as_bytes());
        if changed {
            fs::write(&path, &file.contents)?;
        }
        files.push(WrittenFile {
            path: display_path(file.path),
            bytes: file.contents.len(),
            changed,
        });
    }
    let mut removed = Vec::new();
    for name in extra_files(&dir, &generated)? {
        fs::remove_file(dir.join(&name))?;
        removed.push(display_path(&name));
    }
    Ok(Regenerated {
        files,
        removed,
        generate_time,
    })
}

/// Every way `<root>/tables/src/` differs from what the generator produces now, one
/// line per file (`tables/src/magic.rs (stale)`, `… (missing)`, `… (extra)`).
/// Empty when the tables are fresh. Writes nothing.
pub fn stale_files(root: &Path) -> Vec<String> {
    let dir = tables_src(root);
    let generated = bitmoves_gen::generate();
    let mut stale = Vec::new();
    for file in &generated {
        match fs::read(dir.join(file.path)) {
            Ok(bytes) if bytes == file.contents.as_bytes() => {}
            Ok(_) => stale.push(format!("{} (stale)", display_path(file.path))),
            Err(_) => stale.push(format!("{} (missing)", display_path(file.path))),
        }
    }
    match extra_files(&dir, &generated) {
        Ok(extra) => stale.extend(
            extra
                .iter()
                .map(|name| format!("{} (extra: not generated)", display_path(name))),
        ),
        Err(err) => stale.push(format!("tables/src (unreadable: {err})")),
    }
    stale
}

fn display_path(name: &str) -> String {
    format!("tables/src/{name}")
}

/// The `.rs` files in `dir` that the generator does not produce, sorted.
fn extra_files(dir: &Path, generated: &[GeneratedFile]) -> io::Result<Vec<String>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let mut extra = Vec::new();
    for entry in entries {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.ends_with(".rs") && !generated.iter().any(|file| file.path == name) {
            extra.push(name);
        }
    }
    extra.sort();
    Ok(extra)
}
