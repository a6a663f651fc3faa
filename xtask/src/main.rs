//! `cargo xtask`: the project's tasks. Parses the verb, then calls `bitmoves-gen`
//! through this package's library.

mod js;
mod lab;

use std::path::PathBuf;
use std::process::ExitCode;

use xtask::{STALE_HINT, regenerate, stale_files, workspace_root};

const USAGE: &str = "\
usage: cargo xtask regenerate [--check] [--root DIR]
       cargo xtask test [SUITE...]
       cargo xtask lab [--serve [--port N] | --test [--screenshot]]
       cargo xtask js [--build | --test | --pack]
       cargo xtask tidy [--root DIR]

  regenerate           write every generated file into tables/src/
  regenerate --check   write nothing; exit 1 naming each stale file
  --root DIR           workspace root to use instead of this checkout
  test [SUITE...]      run every test suite (rust, python, lab, js), or the ones named
  lab ...              the bitboard lab: `cargo xtask lab --help`
  js ...               the npm package `bitmoves`: `cargo xtask js --help`
  tidy                 check file tables, import circles, cited doc headings, doc lengths
";

enum Task {
    Help,
    Regenerate { check: bool, root: PathBuf },
    Test { suites: Vec<String> },
    Tidy { root: PathBuf },
}

fn parse(args: &[String]) -> Result<Task, String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Task::Help);
    }
    let (verb, flags) = args.split_first().ok_or("missing task")?;
    if verb == "test" {
        if let Some(flag) = flags.iter().find(|a| a.starts_with('-')) {
            return Err(format!("unknown flag `{flag}`"));
        }
        return Ok(Task::Test {
            suites: flags.to_vec(),
        });
    }
    if verb != "regenerate" && verb != "tidy" {
        return Err(format!("unknown task `{verb}`"));
    }
    let (mut check, mut root) = (false, workspace_root());
    let mut flags = flags.iter();
    while let Some(flag) = flags.next() {
        match flag.as_str() {
            "--check" if verb == "regenerate" => check = true,
            "--root" => root = flags.next().ok_or("`--root` needs a directory")?.into(),
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    if verb == "tidy" {
        return Ok(Task::Tidy { root });
    }
    Ok(Task::Regenerate { check, root })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|verb| verb == "lab") {
        return lab::run(&args[1..]);
    }
    if args.first().is_some_and(|verb| verb == "js") {
        return js::run(&args[1..]);
    }
    match parse(&args) {
        Ok(Task::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Task::Regenerate { check: true, root }) => check(&root),
        Ok(Task::Regenerate { check: false, root }) => write(&root),
        Ok(Task::Test { suites }) => match xtask::suites::run(&workspace_root(), &suites) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        Ok(Task::Tidy { root }) => tidy(&root),
        Err(message) => {
            eprint!("error: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn check(root: &std::path::Path) -> ExitCode {
    let stale = stale_files(root);
    if stale.is_empty() {
        println!("tables are up to date");
        return ExitCode::SUCCESS;
    }
    for line in &stale {
        eprintln!("{line}");
    }
    eprintln!("{STALE_HINT}");
    ExitCode::FAILURE
}

fn write(root: &std::path::Path) -> ExitCode {
    let start = std::time::Instant::now();
    let report = match regenerate(root) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("error: cannot write tables under {}: {err}", root.display());
            return ExitCode::FAILURE;
        }
    };
    for file in &report.files {
        let verb = if file.changed { "wrote" } else { "unchanged" };
        println!("{verb:>9} {:<22} {:>9} bytes", file.path, file.bytes);
    }
    for path in &report.removed {
        println!("  removed {path} (not produced by the generator)");
    }
    let total: usize = report.files.iter().map(|f| f.bytes).sum();
    println!(
        "{total} bytes in {} files; generate() took {:.1} ms, {:.1} ms in all",
        report.files.len(),
        report.generate_time.as_secs_f64() * 1e3,
        start.elapsed().as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}

fn tidy(root: &std::path::Path) -> ExitCode {
    let (problems, notes) = xtask::tidy::check(root);
    for note in &notes {
        println!("note: {note}");
    }
    if problems.is_empty() {
        println!("tidy: ok");
        return ExitCode::SUCCESS;
    }
    for problem in &problems {
        eprintln!("{problem}");
    }
    eprintln!("tidy: {} problem(s)", problems.len());
    ExitCode::FAILURE
}
