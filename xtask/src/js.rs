//! `cargo xtask js`: builds the npm package `bitmoves` (the `bitmoves-js`
//! wasm module, shrunk by wasm-opt, and the JavaScript of `crates/js/js/`
//! assembled by `crates/js/scripts/build.mjs` into `crates/js/dist/`),
//! runs its Node tests, its browser test, and packs its tarball into
//! `target/js/`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use xtask::workspace_root;

const USAGE: &str = "\
usage: cargo xtask js [--build | --test | --pack]

  js           build the package into crates/js/dist/ and run its Node tests
  js --build   build only
  js --test    build, run the Node tests and the browser test (headless Chromium)
  js --pack    build, then `npm pack` the package into target/js/

The tests are skipped (exit 0, with a message) when Node, npm, the wasm
target or wasm-opt is missing, and the browser test when Chromium is; with
BITMOVES_REQUIRE_BROWSER=1 (CI) each of these fails instead. set-up: rustup target add wasm32-unknown-unknown;
apt-get install binaryen nodejs npm chromium; `npm ci` in crates/js (done
for you when node_modules is missing).
";

/// The wasm target.
const TARGET: &str = "wasm32-unknown-unknown";

/// wasm-opt's passes for the package: size first (docs/js.md, "Size"),
/// and the features rustc's wasm32 target enables.
const WASM_OPT_ARGS: [&str; 8] = [
    "-Oz",
    // Repeats the passes while they shrink the module (about 250 bytes
    // gzipped).
    "--converge",
    "--enable-bulk-memory",
    "--enable-multivalue",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
];

/// What `cargo xtask js …` was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    Help,
    Build,
    NodeTests,
    AllTests,
    Pack,
}

fn parse(args: &[String]) -> Result<Task, String> {
    match args {
        [] => Ok(Task::NodeTests),
        [one] => match one.as_str() {
            "--help" | "-h" => Ok(Task::Help),
            "--build" => Ok(Task::Build),
            "--test" => Ok(Task::AllTests),
            "--pack" => Ok(Task::Pack),
            other => Err(format!("unexpected `{other}`")),
        },
        _ => Err("give at most one of --build, --test, --pack".to_owned()),
    }
}

/// Runs `cargo xtask js` with the arguments after `js`.
pub fn run(args: &[String]) -> ExitCode {
    let task = match parse(args) {
        Ok(Task::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(task) => task,
        Err(message) => {
            eprint!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match execute(task) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn execute(task: Task) -> Result<(), String> {
    let root = workspace_root();
    if task == Task::NodeTests || task == Task::AllTests {
        if let Some(reason) = missing_tools() {
            if required() {
                return Err(format!(
                    "js tests required (BITMOVES_REQUIRE_BROWSER=1) but {reason}"
                ));
            }
            println!("js tests SKIPPED: {reason}");
            return Ok(());
        }
        npm_ci(&root)?;
    }
    build(&root)?;
    match task {
        Task::NodeTests => node_tests(&root, false),
        Task::AllTests => node_tests(&root, true),
        Task::Pack => pack(&root),
        Task::Build | Task::Help => Ok(()),
    }
}

/// Whether the tests must run (`BITMOVES_REQUIRE_BROWSER=1`, as in CI)
/// rather than skip.
fn required() -> bool {
    std::env::var_os("BITMOVES_REQUIRE_BROWSER").is_some_and(|v| v == "1")
}

/// Why the tests cannot run here, if they cannot.
fn missing_tools() -> Option<String> {
    let runs = |program: &str| Command::new(program).arg("--version").output().is_ok();
    if !runs("node") || !runs("npm") {
        return Some("no Node.js or npm found (apt-get install nodejs npm)".to_owned());
    }
    if !has_wasm_target() {
        return Some(format!(
            "the {TARGET} target is not installed (rustup target add {TARGET})"
        ));
    }
    if !runs("wasm-opt") {
        return Some("wasm-opt is not installed (apt-get install binaryen)".to_owned());
    }
    None
}

/// Whether the toolchain has the wasm target's standard library.
fn has_wasm_target() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(rustc).args(["--print", "sysroot"]).output();
    sysroot.is_ok_and(|out| {
        let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        Path::new(&sysroot)
            .join("lib/rustlib")
            .join(TARGET)
            .is_dir()
    })
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn run_command(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|err| format!("cannot run {what}: {err}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{what} failed ({status})"))
}

/// `npm ci` in crates/js when its node_modules (chess.js, playwright-core)
/// is missing.
fn npm_ci(root: &Path) -> Result<(), String> {
    let js = root.join("crates/js");
    if js.join("node_modules/chess.js").is_dir() && js.join("node_modules/playwright-core").is_dir()
    {
        return Ok(());
    }
    run_command(
        Command::new("npm")
            .current_dir(&js)
            .args(["ci", "--no-audit", "--no-fund"]),
        "npm ci in crates/js",
    )
}

/// Builds the wasm module (profile `js-wasm`), shrinks it into `target/js/`
/// and assembles `crates/js/dist/`.
fn build(root: &Path) -> Result<(), String> {
    if !has_wasm_target() {
        return Err(format!(
            "the {TARGET} target is not installed: run `rustup target add {TARGET}`"
        ));
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run_command(
        Command::new(cargo).current_dir(root).args([
            "build",
            "-p",
            "bitmoves-js",
            "--target",
            TARGET,
            "--profile",
            "js-wasm",
        ]),
        "cargo build -p bitmoves-js",
    )?;
    let target = target_dir(root);
    let built = target.join(TARGET).join("js-wasm").join("bitmoves_js.wasm");
    let out = target.join("js");
    std::fs::create_dir_all(&out)
        .map_err(|err| format!("cannot create {}: {err}", out.display()))?;
    let shrunk = out.join("bitmoves.wasm");
    run_command(
        Command::new("wasm-opt")
            .args(WASM_OPT_ARGS)
            .arg(&built)
            .arg("-o")
            .arg(&shrunk),
        "wasm-opt (apt-get install binaryen)",
    )?;
    run_command(
        Command::new("node")
            .current_dir(root)
            .arg("crates/js/scripts/build.mjs")
            .arg(&shrunk),
        "node crates/js/scripts/build.mjs",
    )
}

/// The Chromium to drive: `$CHROMIUM`, else Debian's names on `PATH`.
fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Runs the Node tests (`crates/js/tests/*.test.mjs` but the browser
/// one), and the browser test too when `browser`.
fn node_tests(root: &Path, browser: bool) -> Result<(), String> {
    let tests = root.join("crates/js/tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&tests)
        .map_err(|err| format!("cannot read {}: {err}", tests.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.to_string_lossy().ends_with(".test.mjs"))
        .filter(|path| !path.ends_with("browser.test.mjs"))
        .collect();
    files.sort();
    let mut node = Command::new("node");
    node.current_dir(root).arg("--test").args(&files);
    run_command(&mut node, "the package's Node tests")?;
    if !browser {
        return Ok(());
    }
    let Some(chromium) = find_chromium() else {
        let reason =
            "no Chromium found (apt-get install chromium, or set CHROMIUM=/path/to/chromium)";
        if required() {
            return Err(format!(
                "js browser test required (BITMOVES_REQUIRE_BROWSER=1) but {reason}"
            ));
        }
        println!("js browser test SKIPPED: {reason}");
        return Ok(());
    };
    run_command(
        Command::new("node")
            .current_dir(root)
            .args(["--test", "crates/js/tests/browser.test.mjs"])
            .env("CHROMIUM", chromium),
        "the package's browser test",
    )
}

/// `npm pack` into `target/js/` (scripts off: the package is built).
fn pack(root: &Path) -> Result<(), String> {
    let out = target_dir(root).join("js");
    run_command(
        Command::new("npm")
            .current_dir(root.join("crates/js"))
            .args(["pack", "--ignore-scripts", "--pack-destination"])
            .arg(&out),
        "npm pack in crates/js",
    )?;
    println!("packed into {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_parse_and_unknown_ones_are_refused() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(parse(&args(&[])), Ok(Task::NodeTests));
        assert_eq!(parse(&args(&["--pack"])), Ok(Task::Pack));
        assert_eq!(parse(&args(&["--test"])), Ok(Task::AllTests));
        assert_eq!(parse(&args(&["--build"])), Ok(Task::Build));
        assert!(parse(&args(&["--serve"])).is_err());
        assert!(parse(&args(&["--test", "--pack"])).is_err());
    }
}
