//! `--gpu`: `bitmoves perft` and `bitmoves work` counted on an NVIDIA GPU
//! by the `bitmoves-gpu` program (crates/gpu, built by `cargo build
//! --release -p bitmoves-gpu`). The GPU crate is not published, so this
//! one does not link it: it runs it, with the position or shard already
//! read here, checks what it reports, and exits as it did.

use crate::error::{CliError, file_name, shorten};
use std::{
    env,
    ffi::OsString,
    io::{self, Read},
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus, Stdio},
};

/// The program's name, beside `bitmoves` or on `PATH`.
const PROGRAM: &str = "bitmoves-gpu";

/// The deepest perft `bitmoves-gpu` counts.
pub const MAX_DEPTH: u32 = 16;

/// The most bytes of output a `perft --result-line` run may print: its one
/// line is about 120 bytes.
const MAX_OUTPUT: u64 = 4096;

/// Where `bitmoves-gpu` is: `$BITMOVES_GPU` where set and not empty, else
/// beside this executable, else the first on `PATH`; an error when none
/// is found there.
fn program() -> Result<PathBuf, CliError> {
    if let Some(path) = env::var_os("BITMOVES_GPU").filter(|path| !path.is_empty()) {
        return Ok(path.into());
    }
    let beside = env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(PROGRAM)));
    let on_path = env::var_os("PATH")
        .map(|paths| env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(PROGRAM));
    beside
        .into_iter()
        .chain(on_path)
        .find(|path| path.is_file())
        .ok_or_else(|| {
            CliError::input(format!(
                "--gpu needs the {PROGRAM} program (cargo build --release -p bitmoves-gpu): \
                 none beside bitmoves, on PATH or in $BITMOVES_GPU"
            ))
        })
}

/// Starts `program ARGS` with its stdout as `stdout` and its stderr ours.
fn start(program: &Path, args: &[OsString], stdout: Stdio) -> Result<Child, CliError> {
    let name = file_name(program);
    Command::new(program)
        .args(args)
        .stdout(stdout)
        .spawn()
        .map_err(|error| match error.kind() {
            // The file was found, so what is missing is its interpreter
            // (the `#!` line's program) or its loader.
            io::ErrorKind::NotFound if program.is_file() => CliError::input(format!(
                "cannot run {name}: not found (the interpreter of its #! line, \
                 or its loader, is missing)"
            )),
            io::ErrorKind::NotFound => CliError::input(format!(
                "--gpu needs the {PROGRAM} program (cargo build --release -p bitmoves-gpu): \
                 {name} ($BITMOVES_GPU) does not exist"
            )),
            _ => CliError::input(format!("cannot run {name}: {error}")),
        })
}

/// How the program ended, as ours: `Ok` for status 0, the same status for
/// another, an error line naming the signal that killed it.
fn passed_on(program: &Path, status: ExitStatus) -> Result<(), CliError> {
    if status.success() {
        return Ok(());
    }
    if let Some(code) = status.code() {
        // Exit statuses are 0 to 255 on Unix; elsewhere, a larger one is 1.
        return Err(CliError::Exited(u8::try_from(code).unwrap_or(1).max(1)));
    }
    Err(CliError::input(format!(
        "{} was killed by {}",
        file_name(program),
        signal(status)
    )))
}

/// The signal that ended a process, by number and name (`signal 9
/// (SIGKILL)`).
#[cfg(unix)]
fn signal(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    let Some(number) = status.signal() else {
        return "a signal".into();
    };
    // The numbers common to Linux, the BSDs and macOS.
    let name = match number {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return format!("signal {number}"),
    };
    format!("signal {number} ({name})")
}

/// Without Unix signals, a status without a code.
#[cfg(not(unix))]
fn signal(_: ExitStatus) -> String {
    "a signal".into()
}

/// Runs `bitmoves-gpu ARGS`, its output going straight to ours (`bitmoves
/// work --gpu`). Its failures are its own `error:` lines; this adds one
/// only where it could not be started or was killed.
pub fn run(args: &[OsString]) -> Result<(), CliError> {
    let program = program()?;
    let mut child = start(&program, args, Stdio::inherit())?;
    let status = child
        .wait()
        .map_err(|error| CliError::input(format!("cannot run {}: {error}", file_name(&program))))?;
    passed_on(&program, status)
}

/// Counts `perft(fen, depth)` with `bitmoves-gpu perft FEN DEPTH
/// --result-line` and returns the count, after checking that the program
/// printed exactly one result line for this position and depth:
/// `perft;FEN;DEPTH;NODES`.
pub fn perft(fen: &str, depth: u32) -> Result<u128, CliError> {
    if depth > MAX_DEPTH {
        return Err(CliError::input(format!(
            "depth {depth} is too deep for --gpu: {PROGRAM} counts at most depth {MAX_DEPTH}"
        )));
    }
    let program = program()?;
    let args = [
        "perft".into(),
        fen.into(),
        depth.to_string().into(),
        "--result-line".into(),
    ];
    let mut child = start(&program, &args, Stdio::piped())?;
    let mut output = Vec::new();
    let read = match child.stdout.take() {
        Some(stdout) => stdout.take(MAX_OUTPUT + 1).read_to_end(&mut output),
        None => Ok(0),
    };
    // Past the limit it would block on a full pipe (or its output is
    // lost): it is stopped, and what it printed is no result.
    let stopped = read.is_err() || output.len() as u64 > MAX_OUTPUT;
    if stopped {
        let _ = child.kill();
    }
    let status = child
        .wait()
        .map_err(|error| CliError::input(format!("cannot run {}: {error}", file_name(&program))))?;
    if !stopped {
        passed_on(&program, status)?;
    }
    let text = String::from_utf8_lossy(&output);
    result_line(&text, fen, depth).ok_or_else(|| {
        let printed = match text.trim_end() {
            "" => "nothing".to_owned(),
            printed => format!("'{}'", shorten(&printed.escape_debug().to_string())),
        };
        CliError::input(format!(
            "{} gave no result for perft {depth} of {fen}: it printed {printed}",
            file_name(&program)
        ))
    })
}

/// The count of `text` when it is exactly `perft;FEN;DEPTH;NODES\n` for
/// this `fen` and `depth`, `NODES` in plain decimal.
fn result_line(text: &str, fen: &str, depth: u32) -> Option<u128> {
    let line = text.strip_suffix('\n')?;
    let rest = line.strip_prefix("perft;")?.strip_prefix(fen)?;
    let (said_depth, nodes) = rest.strip_prefix(';')?.split_once(';')?;
    let plain = |digits: &str| {
        !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'))
    };
    if !plain(said_depth) || !plain(nodes) || said_depth.parse::<u32>().ok()? != depth {
        return None;
    }
    let nodes = nodes.parse().ok()?;
    // A perft of depth 0 is the root alone.
    (depth != 0 || nodes == 1).then_some(nodes)
}

/// The options `--gpu` leaves out: each one given is an error.
pub fn refuse(given: &[(bool, &str)]) -> Result<(), CliError> {
    match given.iter().find(|(on, _)| *on) {
        Some((_, option)) => Err(CliError::input(format!(
            "{option} cannot be combined with --gpu: the GPU counts in bulk, with no table, on its own threads"
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn only_one_well_formed_line_for_the_position_and_depth_is_a_result() {
        let line = |depth: &str, nodes: &str| format!("perft;{FEN};{depth};{nodes}\n");
        assert_eq!(result_line(&line("3", "8902"), FEN, 3), Some(8902));
        assert_eq!(result_line(&line("0", "1"), FEN, 0), Some(1));
        assert_eq!(result_line(&line("5", "0"), FEN, 5), Some(0));
        for bad in [
            String::new(),
            "\n".into(),
            "Nodes searched: 8902\n".into(),
            line("4", "8902"),
            line("03", "8902"),
            line("3", "08902"),
            line("3", "+8902"),
            line("3", "-1"),
            line("3", ""),
            line("3", "8902;1"),
            line("0", "2"),
            line("3", "340282366920938463463374607431768211456"),
            line("3", "8902").trim_end().into(),
            format!("{}{}", line("3", "8902"), line("3", "8902")),
            format!("perft;{FEN} ;3;8902\n"),
            "perft;8/8/8/8/8/8/8/8 w - - 0 1;3;8902\n".into(),
        ] {
            assert_eq!(result_line(&bad, FEN, 3), None, "{bad:?}");
        }
        assert_eq!(result_line(&line("0", "2"), FEN, 0), None);
    }
}
