//! `cargo xtask test`: every test suite of the project, one after the
//! other. A suite is a name and a function in [`SUITES`]; adding one (the
//! browser tests, say) is adding an entry there.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One test suite: its name on the command line and how to run it from the
/// workspace root.
pub struct Suite {
    /// The name `cargo xtask test NAME` selects it by.
    pub name: &'static str,
    /// What it runs, for the usage text.
    pub about: &'static str,
    /// Runs it; `Err` says what failed.
    pub run: fn(&Path) -> Result<(), String>,
}

/// Every suite, in the order `cargo xtask test` runs them.
pub const SUITES: &[Suite] = &[
    Suite {
        name: "rust",
        about: "cargo test --workspace --features bitmoves/serde",
        run: rust,
    },
    Suite {
        name: "python",
        about: "maturin builds crates/python into target/python-venv; pytest runs its tests",
        run: python,
    },
    Suite {
        name: "lab",
        about: "cargo xtask lab --test: the bitboard lab in headless Chromium \
                (skipped without Chromium, Node, the wasm target or wasm-opt, unless BITMOVES_REQUIRE_BROWSER=1)",
        run: lab,
    },
    Suite {
        name: "js",
        about: "cargo xtask js --test: the npm package against chess.js in Node and headless Chromium \
                (skipped without Node, npm, the wasm target or wasm-opt; the browser test without Chromium, \
                unless BITMOVES_REQUIRE_BROWSER=1)",
        run: js,
    },
];

/// Runs the suites named (all when `names` is empty), stopping at the first
/// failure. Unknown names are an error before anything runs.
pub fn run(root: &Path, names: &[String]) -> Result<(), String> {
    let chosen: Vec<&Suite> = if names.is_empty() {
        SUITES.iter().collect()
    } else {
        names
            .iter()
            .map(|name| {
                SUITES
                    .iter()
                    .find(|suite| suite.name == name)
                    .ok_or_else(|| format!("unknown test suite `{name}`"))
            })
            .collect::<Result<_, _>>()?
    };
    for suite in chosen {
        println!("==> test suite `{}`: {}", suite.name, suite.about);
        (suite.run)(root).map_err(|e| format!("test suite `{}` failed: {e}", suite.name))?;
    }
    Ok(())
}

/// Runs a command in `root`, output to the terminal; `Err` unless it exits 0.
fn status(root: &Path, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Result<(), String> {
    let program = program.as_ref();
    let shown = format!("{} {}", program.to_string_lossy(), args.join(" "));
    let status = Command::new(program)
        .args(args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    match status.code() {
        Some(0) => Ok(()),
        // pytest's "no tests collected": a suite that tests nothing fails.
        Some(5) if shown.contains("pytest") => Err(format!("`{shown}` collected no tests")),
        _ => Err(format!("`{shown}` exited with {status}")),
    }
}

/// The lab's browser tests, through `cargo xtask lab --test` (the lab's
/// build and server live in the xtask binary, `xtask/src/lab/`).
fn lab(root: &Path) -> Result<(), String> {
    status(
        root,
        env!("CARGO"),
        &["run", "--quiet", "-p", "xtask", "--", "lab", "--test"],
    )
}

/// The npm package's tests, through `cargo xtask js --test`
/// (`xtask/src/js.rs`).
fn js(root: &Path) -> Result<(), String> {
    status(
        root,
        env!("CARGO"),
        &["run", "--quiet", "-p", "xtask", "--", "js", "--test"],
    )
}

fn rust(root: &Path) -> Result<(), String> {
    // The core's serde feature on, so that its serde tests run too.
    status(
        root,
        env!("CARGO"),
        &["test", "--workspace", "--features", "bitmoves/serde"],
    )
}

/// The virtual environment the Python suite builds into.
pub fn python_venv(root: &Path) -> PathBuf {
    root.join("target").join("python-venv")
}

/// Builds the `bitmoves` Python package into a virtual environment under
/// `target/` (made with `$PYTHON`, default `python3`, seeing the system's
/// packages so that installed maturin, pytest, numpy and python-chess are
/// used; missing ones are installed from PyPI) with the `python-test`
/// profile (the `python` profile without its link-time optimisation), then
/// runs pytest on crates/python/tests.
fn python(root: &Path) -> Result<(), String> {
    let venv = python_venv(root);
    let bin = venv.join("bin");
    let python = bin.join("python");
    if !python.exists() {
        let base = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
        let venv_arg = venv.to_string_lossy().into_owned();
        status(
            root,
            &base,
            &["-m", "venv", "--system-site-packages", &venv_arg],
        )?;
    }
    let path = format!(
        "{}:{}",
        bin.to_string_lossy(),
        std::env::var("PATH").unwrap_or_default()
    );
    let maturin = || {
        let mut command = Command::new("maturin");
        command
            .env("PATH", &path)
            .env("VIRTUAL_ENV", &venv)
            .current_dir(root);
        command
    };
    let have_maturin = maturin()
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let probe = "import pytest, numpy, chess";
    if !have_maturin || status(root, &python, &["-c", probe]).is_err() {
        let install = [
            "-m",
            "pip",
            "install",
            "--quiet",
            "maturin",
            "pytest",
            "numpy",
            "chess==1.11.2",
        ];
        status(root, &python, &install)?;
    }
    let built = maturin()
        .args([
            "develop",
            "--quiet",
            "--profile",
            "python-test",
            "-m",
            "crates/python/Cargo.toml",
        ])
        .status()
        .map_err(|e| format!("cannot run maturin: {e}"))?;
    if !built.success() {
        return Err(format!("maturin develop exited with {built}"));
    }
    status(
        root,
        &python,
        &["-m", "pytest", "-q", "crates/python/tests"],
    )
}
