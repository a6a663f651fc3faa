//! `bitmoves pgn FILE... --parquet DIR`: the games (or, with
//! `--positions`, their positions) written as a Parquet dataset by
//! [`bitmoves_pgn::parquet::Dataset`]; one `error:` line per game that
//! could not be read (still a row, with its `error`), a summary on
//! stdout.

use crate::error::{CliError, file_name, report, say};
use crate::pgn::{PgnArgs, open, progress_bar};
use bitmoves_pgn::Reader;
use bitmoves_pgn::parquet::{Dataset, DatasetError, DatasetOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Writes the dataset into `dir`; fails at the end if any game or file
/// could not be read (the dataset is still written), at once if the
/// dataset cannot be.
pub fn run(args: &PgnArgs, dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let options = DatasetOptions {
        positions: args.positions,
        force: args.force,
        threads: args.threads.into(),
        ..DatasetOptions::default()
    };
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
                errors += 1;
                progress.suspend(|| report(&format_args!("cannot read {name}: {error}")));
                continue;
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
                errors += 1;
                progress.suspend(|| report(&format_args!("{prefix}{error}")));
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
    match errors {
        0 => Ok(()),
        n => Err(CliError::input(format!(
            "{n} game(s) or file(s) could not be read"
        ))),
    }
}

/// The dataset's error as the CLI words it.
fn dataset_error(error: DatasetError) -> CliError {
    match error {
        DatasetError::Exists { dir } => CliError::input(format!(
            "{} already holds a dataset (--force replaces it)",
            file_name(&dir)
        )),
        error => CliError::input(error.to_string()),
    }
}
