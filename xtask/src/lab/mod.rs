//! `cargo xtask lab`: builds the bitboard lab (the `bitmoves-lab` wasm
//! module and its static page) into `target/lab-page/`, serves it on
//! localhost, and runs its browser tests.

#[cfg(test)]
mod laws;
mod request;
mod serve;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use xtask::workspace_root;

const USAGE: &str = "\
usage: cargo xtask lab [--serve [--port N] | --test [--screenshot]]

  lab                    build the page and its wasm module into target/lab-page/
  lab --serve            build, then serve target/lab-page/ on http://127.0.0.1:8000/
  --port N               serve on port N instead (0: any free port)
  lab --test             build, serve on a free port, and run the browser tests
                         (skipped when no Chromium, Node, wasm target or
                         wasm-opt is installed, unless BITMOVES_REQUIRE_BROWSER=1)
  --screenshot           with --test: also write docs/lab.png and docs/lab-magic.png

set-up: rustup target add wasm32-unknown-unknown; apt-get install binaryen
(wasm-opt); for the tests, Debian's chromium (apt-get install chromium) and
`npm ci` in crates/lab
";

/// The wasm target the lab builds for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The most the wasm module may weigh: the 1 MB, in decimal.
const MAX_WASM_BYTES: usize = 1_000_000;

/// The size optimiser (Debian's `binaryen`).
const WASM_OPT: &str = "wasm-opt";

/// Its passes, the smallest of those measured (docs/lab.md), and the wasm
/// features that rustc's `wasm32-unknown-unknown` target enables.
const WASM_OPT_ARGS: [&str; 10] = [
    "--flatten",
    "--rereloop",
    "-Oz",
    "--converge",
    "--enable-bulk-memory",
    "--enable-multivalue",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
];

/// What `cargo xtask lab …` was asked to do.
enum Task {
    Help,
    Build,
    Serve { port: u16 },
    Test { screenshot: bool },
}

fn parse(args: &[String]) -> Result<Task, String> {
    let mut task = Task::Build;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        task = match (arg.as_str(), task) {
            ("--help" | "-h", _) => return Ok(Task::Help),
            ("--serve", Task::Build) => Task::Serve { port: 8000 },
            ("--port", Task::Serve { .. }) => {
                let port = args.next().ok_or("`--port` needs a number")?;
                Task::Serve {
                    port: port.parse().map_err(|_| format!("bad port `{port}`"))?,
                }
            }
            ("--test", Task::Build) => Task::Test { screenshot: false },
            ("--screenshot", Task::Test { .. }) => Task::Test { screenshot: true },
            (other, _) => return Err(format!("unexpected `{other}`")),
        };
    }
    Ok(task)
}

/// Runs `cargo xtask lab` with the arguments after `lab`.
pub fn run(args: &[String]) -> ExitCode {
    let result = match parse(args) {
        Ok(Task::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Task::Build) => build().map(|_| ExitCode::SUCCESS),
        Ok(Task::Serve { port }) => build().and_then(|site| serve(site, port)),
        Ok(Task::Test { screenshot }) => test(screenshot),
        Err(message) => {
            eprint!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    result.unwrap_or_else(|message| {
        eprintln!("error: {message}");
        ExitCode::FAILURE
    })
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
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

/// Whether `wasm-opt` runs.
fn has_wasm_opt() -> bool {
    Command::new(WASM_OPT).arg("--version").output().is_ok()
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

/// The page's folder under the target folder: its own, holding the page's
/// files and nothing else. (`target/lab/` is Cargo's folder for the `lab`
/// profile's build scripts and dependency files.)
fn page_dir(target: &Path) -> PathBuf {
    target.join("lab-page")
}

/// The name the shrunk wasm module has in the page's folder.
const WASM_FILE: &str = "bitmoves_lab.wasm";

/// Builds the wasm module, shrinks it with `wasm-opt -Oz` into
/// `target/lab-page/` with the page (emptied first), and returns the site
/// of those files.
fn build() -> Result<serve::Site, String> {
    if !has_wasm_target() {
        return Err(format!(
            "the {TARGET} target is not installed: run `rustup target add {TARGET}`"
        ));
    }
    if !has_wasm_opt() {
        return Err(format!(
            "{WASM_OPT} is not installed: run `apt-get install binaryen`"
        ));
    }
    let root = workspace_root();
    let target = target_dir(&root);
    run_command(
        cargo().current_dir(&root).args([
            "build",
            "-p",
            "bitmoves-lab",
            "--target",
            TARGET,
            "--profile",
            "lab",
        ]),
        "cargo build -p bitmoves-lab",
    )?;
    let built = target.join(TARGET).join("lab").join(WASM_FILE);
    let site = page_dir(&target);
    let mut files = copy_page(&root.join("crates/lab/web"), &site)?;
    let to = site.join(WASM_FILE);
    files.push(WASM_FILE.to_owned());
    run_command(
        Command::new(WASM_OPT)
            .args(WASM_OPT_ARGS)
            .arg(&built)
            .arg("-o")
            .arg(&to),
        "wasm-opt",
    )?;
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |meta| meta.len());
    let (built_bytes, bytes) = (size(&built), size(&to));
    if bytes > MAX_WASM_BYTES as u64 {
        return Err(format!(
            "the wasm module is {bytes} bytes, over the lab's limit of {MAX_WASM_BYTES}"
        ));
    }
    println!(
        "built {} ({WASM_FILE}: {bytes} bytes; {built_bytes} before wasm-opt)",
        site.display()
    );
    serve::Site::new(&site, files).map_err(|err| format!("cannot open {}: {err}", site.display()))
}

/// Empties `site` (creating it if need be) and copies the page's files
/// from `web` into it; returns their names.
fn copy_page(web: &Path, site: &Path) -> Result<Vec<String>, String> {
    match std::fs::remove_dir_all(site) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("cannot empty {}: {err}", site.display()));
        }
        _ => {}
    }
    std::fs::create_dir_all(site)
        .map_err(|err| format!("cannot create {}: {err}", site.display()))?;
    let entries =
        std::fs::read_dir(web).map_err(|err| format!("cannot read {}: {err}", web.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|err| format!("cannot read {}: {err}", web.display()))?;
        if !entry.path().is_file() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let to = site.join(&name);
        std::fs::copy(entry.path(), &to)
            .map_err(|err| format!("cannot write {}: {err}", to.display()))?;
        files.push(name);
    }
    files.sort();
    Ok(files)
}

fn serve(site: serve::Site, port: u16) -> Result<ExitCode, String> {
    let listener =
        serve::bind(port).map_err(|err| format!("cannot listen on 127.0.0.1:{port}: {err}"))?;
    let address = listener.local_addr().map_err(|err| err.to_string())?;
    println!(
        "serving {} on http://{address}/ (Ctrl-C stops)",
        site.root().display()
    );
    match serve::serve(listener, site, serve::Limits::default()) {
        Err(err) => Err(format!("cannot serve: {err}")),
    }
}

/// The Chromium to drive: `$CHROMIUM`, else the first of Debian's names
/// found on `PATH`.
fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Skips (exit 0) with `reason`, or fails when the browser tests are
/// required (`BITMOVES_REQUIRE_BROWSER=1`, as in CI).
fn skip(reason: &str) -> Result<ExitCode, String> {
    if std::env::var_os("BITMOVES_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
        return Err(format!(
            "lab browser tests required (BITMOVES_REQUIRE_BROWSER=1) but {reason}"
        ));
    }
    println!("lab browser tests SKIPPED: {reason}");
    Ok(ExitCode::SUCCESS)
}

fn test(screenshot: bool) -> Result<ExitCode, String> {
    if !has_wasm_target() {
        return skip(&format!(
            "the {TARGET} target is not installed (rustup target add {TARGET})"
        ));
    }
    if !has_wasm_opt() {
        return skip(&format!(
            "{WASM_OPT} is not installed (apt-get install binaryen)"
        ));
    }
    let Some(chromium) = find_chromium() else {
        return skip(
            "no Chromium found (apt-get install chromium, or set CHROMIUM=/path/to/chromium)",
        );
    };
    if Command::new("node").arg("--version").output().is_err() {
        return skip("no Node.js found (apt-get install nodejs npm)");
    }
    let root = workspace_root();
    let lab = root.join("crates/lab");
    if !lab.join("node_modules/playwright-core").is_dir() {
        if Command::new("npm").arg("--version").output().is_err() {
            return skip(
                "playwright-core is not installed and there is no npm to install it (npm ci in crates/lab)",
            );
        }
        run_command(
            Command::new("npm")
                .current_dir(&lab)
                .args(["ci", "--no-audit", "--no-fund"]),
            "npm ci in crates/lab",
        )?;
    }
    let site = build()?;
    run_command(
        cargo()
            .current_dir(&root)
            .args(["build", "-p", "bitmoves-cli"]),
        "cargo build -p bitmoves-cli",
    )?;
    let cli = target_dir(&root).join("debug").join("bitmoves");
    let listener = serve::bind(0).map_err(|err| format!("cannot listen on 127.0.0.1: {err}"))?;
    let address = listener.local_addr().map_err(|err| err.to_string())?;
    std::thread::spawn(move || serve::serve(listener, site, serve::Limits::default()));
    println!(
        "serving the lab on http://{address}/ for the browser tests ({})",
        chromium.display()
    );
    let mut node = Command::new("node");
    node.current_dir(&root)
        .args(["--test", "--test-concurrency=1", "crates/lab/tests/"])
        .env("LAB_URL", format!("http://{address}/"))
        .env("BITMOVES_BIN", cli)
        .env("CHROMIUM", chromium);
    if screenshot {
        node.env("LAB_SCREENSHOT", root.join("docs/lab.png"));
    }
    run_command(&mut node, "the lab's browser tests")?;
    Ok(ExitCode::SUCCESS)
}
