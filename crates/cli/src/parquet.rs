//! `bitmoves pgn FILE... --parquet DIR`: the games (or, with
//! `--positions`, their positions) written as a Parquet dataset by
//! [`bitmoves_pgn::parquet::Dataset`]; one `error:` line per game that
//! could not be read (still a row, with its `error`), a summary on
//! stdout. The dataset is published (with `_SUCCESS`) only when every
//! input was read to its end; the exit status says what failed
//! ([`status`]).

use crate::error::{CliError, file_name, report, say};
use crate::pgn::{PgnArgs, open, progress_bar, status};
use bitmoves_pgn::Reader;
use bitmoves_pgn::parquet::{Dataset, DatasetError, DatasetOptions};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Writes the dataset into `dir`. Every input is looked at first: one
/// that cannot be opened (missing, a folder, not readable) fails the
/// run before DIR is touched. An input that fails while being read ends
/// the run at once, with nothing published. Damaged games are rows: the
/// dataset is published, and the run fails at the end.
pub fn run(args: &PgnArgs, dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let mut unreadable = false;
    for path in args.files.iter().filter(|path| path.as_os_str() != "-") {
        // Only a plain file is opened here: opening a named pipe could
        // block, or lose its writer.
        let opened = std::fs::metadata(path).and_then(|meta| {
            if meta.is_dir() {
                Err(std::io::Error::from(std::io::ErrorKind::IsADirectory))
            } else if meta.is_file() {
                File::open(path).map(drop)
            } else {
                Ok(())
            }
        });
        if let Err(error) = opened {
            report(&format_args!("cannot read {}: {error}", file_name(path)));
            unreadable = true;
        }
    }
    if unreadable {
        return Err(CliError::Exited(status::UNREADABLE_INPUT));
    }
    let options = DatasetOptions {
        positions: args.positions,
        force: args.force,
        threads: args.threads.into(),
        ..DatasetOptions::default()
    };
    keep_freed_memory();
    let mut dataset = Dataset::create(dir, options).map_err(dataset_error)?;
    let bytes = Arc::new(AtomicU64::new(0));
    // The dataset reads every input to its end: nothing stops it early.
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let progress = progress_bar();
    let (mut games, mut errors) = (0u64, 0u64);
    for path in &args.files {
        let name = file_name(path);
        let several = args.files.len() > 1;
        let prefix = if several {
            format!("{name}: ")
        } else {
            String::new()
        };
        let input = match open(path, &bytes, &stop) {
            Ok(input) => input,
            Err(error) => {
                progress.finish_and_clear();
                report(&format_args!("cannot read {name}: {error}"));
                return Err(CliError::Exited(status::UNREADABLE_INPUT));
            }
        };
        let file = several.then_some(name.as_str());
        let each = |game: &bitmoves_pgn::parquet::GameOutcome<'_>| {
            games += 1;
            if let Some(message) = game.error {
                let kind = if game.is_note { "note" } else { "error" };
                errors += u64::from(!game.is_note);
                progress.suspend(|| say(&format_args!("{kind}: {prefix}{message}")));
            }
            if games % 4096 == 0 {
                progress.set_message(format!("{games} games"));
            }
        };
        match dataset.write_pgn(&mut Reader::new(input), file, each) {
            Ok(()) => {}
            Err(DatasetError::Input(error)) => {
                progress.finish_and_clear();
                report(&format_args!("{prefix}{error}; nothing published"));
                return Err(CliError::Exited(status::UNREADABLE_INPUT));
            }
            Err(error) => return Err(dataset_error(error)),
        }
    }
    progress.finish_and_clear();
    let summary = dataset.finish().map_err(dataset_error)?;
    let bytes = bytes.load(Ordering::Relaxed);
    let seconds = started.elapsed().as_secs_f64();
    writeln!(out, "games: {}", summary.games)?;
    writeln!(out, "rows: {}", summary.rows)?;
    writeln!(out, "games with errors: {errors}")?;
    writeln!(out, "parts: {}", summary.parts.len())?;
    writeln!(out, "bytes: {bytes}")?;
    writeln!(out, "MB/s: {:.1}", bytes as f64 / 1e6 / seconds.max(1e-9))?;
    // Each damaged game has had its line: the status says there were some.
    match errors {
        0 => Ok(()),
        _ => Err(CliError::Exited(status::DAMAGED_GAMES)),
    }
}

/// The dataset's error reported as one line, and the status for it.
fn dataset_error(error: DatasetError) -> CliError {
    let status = match &error {
        DatasetError::Exists { dir } => {
            report(&format_args!(
                "{} already holds a dataset (--force replaces it)",
                file_name(dir)
            ));
            return CliError::Exited(status::EXISTS);
        }
        DatasetError::Busy { .. } => status::BUSY,
        DatasetError::Input(_) => status::UNREADABLE_INPUT,
        _ => status::CANNOT_WRITE,
    };
    report(&error);
    CliError::Exited(status)
}

/// Keeps the memory of each row group in the process for the next one.
/// Each group's Arrow columns and encoded pages are allocated and freed
/// in turn, a few MB at a time: glibc's allocator would hand such blocks
/// back to the system (`mmap` above its threshold, trimming the heap's
/// top) and take them back page by page, a page fault each, about 8% of
/// the CPU time of `--parquet` (docs/performance.md). Blocks below 256 MB
/// now come from the heap, which is trimmed only past 512 MB free; peak
/// memory stays bounded by the row groups in flight, as before.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // SAFETY: `mallopt` only sets two of glibc's tuning parameters (under
    // the allocator's lock); it touches no memory of ours.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 512 << 20);
    }
}

/// Other systems' allocators keep their own policy.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
