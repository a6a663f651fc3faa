//! `--gpu`: `bitmoves perft` and `bitmoves work` counted on an NVIDIA GPU
//! by the `bitmoves-gpu` program (crates/gpu, built by `cargo build
//! --release -p bitmoves-gpu`). The GPU crate is not published, so this
//! one does not link it: it runs it, with the position or shard already
//! read here, and passes on its output and exit status.

use crate::error::CliError;
use std::{env, ffi::OsString, io, path::PathBuf, process::Command};

/// The program's name, beside `bitmoves` or on `PATH`.
const PROGRAM: &str = "bitmoves-gpu";

/// Where `bitmoves-gpu` is: `$BITMOVES_GPU`, else beside this executable,
/// else whatever `PATH` finds.
fn program() -> PathBuf {
    if let Some(path) = env::var_os("BITMOVES_GPU") {
        return path.into();
    }
    let beside = env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(PROGRAM)))
        .filter(|path| path.is_file());
    beside.unwrap_or_else(|| PROGRAM.into())
}

/// Runs `bitmoves-gpu ARGS`, its output going straight to ours. Its
/// failures are its own `error:` lines; this adds one only where it could
/// not be started.
pub fn run(args: &[OsString]) -> Result<(), CliError> {
    let program = program();
    let status = Command::new(&program)
        .args(args)
        .status()
        .map_err(|error| {
            if error.kind() == io::ErrorKind::NotFound {
                CliError::input(format!(
                    "--gpu needs the {PROGRAM} program (cargo build --release -p bitmoves-gpu): \
                 none beside bitmoves, on PATH or in $BITMOVES_GPU"
                ))
            } else {
                CliError::input(format!("cannot run {}: {error}", program.display()))
            }
        })?;
    if status.success() {
        Ok(())
    } else {
        Err(CliError::Reported)
    }
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
