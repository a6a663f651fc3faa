//! `bitmoves syzygy`: Syzygy tablebase probes, of one position (WDL, DTZ
//! and the root moves ranked) or of an EPD file (one `WDL DTZ` line per
//! line, on several threads: see `epd.rs`); with `--variant`, one position
//! of atomic or the antichess variants in their tables (`variant.rs`).

mod epd;
mod variant;

use crate::error::{CliError, file_name};
use crate::position::SetupArgs;
use crate::variant::VariantArgs;
use bitmoves::Board;
use bitmoves::variant::VariantKind;
use bitmoves_syzygy::{RootOptions, Tablebase};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `bitmoves syzygy`.
#[derive(Args, Debug)]
pub struct SyzygyArgs {
    /// The directories of the `.rtbw`/`.rtbz` files, several joined as in
    /// PATH (`:` on Unix, `;` on Windows); none may be empty (write `.`
    /// for the current directory)
    pub tables: std::ffi::OsString,
    /// startpos, a name from `bitmoves positions`, or a FEN as one quoted
    /// argument (without castling rights: the tables hold none)
    #[arg(required_unless_present = "epd", conflicts_with = "epd")]
    pub position: Option<String>,
    /// Probe every line of FILE (`-` for stdin; a FEN or an EPD per line)
    /// and print one line per line, in input order: `WDL DTZ`, empty for
    /// a blank line, `error` for a line that cannot be probed
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Threads for --epd
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: u16,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
    #[command(flatten)]
    // --variant: atomic, suicide, giveaway or antichess, whose tables are
    // read instead of standard chess's.
    pub variant: VariantArgs,
}

/// Runs `bitmoves syzygy`.
pub fn run(args: &SyzygyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(kind) = args.variant.kind() {
        if variant::suffixes(kind).is_none() {
            return Err(CliError::input(format!(
                "--variant {kind} has no Syzygy tables: atomic, suicide, giveaway and antichess have"
            )));
        }
        let tables = open_tables(args)?;
        return variant::run(args, kind, &tables, out);
    }
    let tables = open_tables(args)?;
    match (&args.epd, &args.position) {
        (Some(file), _) => epd::run(&tables, file, usize::from(args.threads), out),
        (None, Some(position)) => {
            let board = args.setup.board(position)?;
            run_position(&tables, &board, out)
        }
        (None, None) => Err(CliError::input("give a POSITION or --epd FILE")),
    }
}

/// The tables of every directory in TABLES; an empty part (`dir:`, `a::b`,
/// or TABLES empty) is refused rather than read as the current directory.
fn open_tables(args: &SyzygyArgs) -> Result<Tablebase, CliError> {
    let all = file_name(Path::new(&args.tables));
    let dirs: Vec<PathBuf> = std::env::split_paths(&args.tables).collect();
    if let Some(part) = dirs.iter().position(|dir| dir.as_os_str().is_empty()) {
        let which = if args.tables.is_empty() {
            "TABLES is empty".to_owned()
        } else {
            format!(
                "TABLES `{all}` has an empty directory name (part {} of {})",
                part + 1,
                dirs.len()
            )
        };
        return Err(CliError::input(format!(
            "{which}: name each directory, `.` for the current one"
        )));
    }
    let kind = args.variant.kind().unwrap_or(VariantKind::Standard);
    let mut tables = Tablebase::for_variant(kind);
    let mut found = 0;
    for dir in &dirs {
        found += tables.add_directory(dir).map_err(|error| {
            CliError::input(format!(
                "cannot read the tables' directory {}: {error}",
                file_name(dir)
            ))
        })?;
    }
    if found == 0 {
        let suffixes = variant::suffixes(kind).unwrap_or(".rtbw, .rtbz");
        return Err(CliError::input(format!(
            "no Syzygy tables ({suffixes}) in {all}"
        )));
    }
    Ok(tables)
}

/// `WDL: n`, `DTZ: n`, then the root moves best first: by Stockfish's
/// rank, then the shortest win (the longest loss) first, then by UCI text.
fn run_position(tables: &Tablebase, board: &Board, out: &mut dyn Write) -> Result<(), CliError> {
    let failed = |error: bitmoves_syzygy::SyzygyError| CliError::input(error.to_string());
    let wdl = tables.probe_wdl(board).map_err(failed)?;
    let dtz = tables.probe_dtz(board).map_err(failed)?;
    writeln!(out, "WDL: {wdl}")?;
    writeln!(out, "DTZ: {dtz}")?;
    let ranked = tables
        .probe_root(board, &RootOptions::default())
        .map_err(failed)?;
    if !ranked.is_empty() {
        writeln!(
            out,
            "Root moves (DTZ from here, best first; * keeps the result):"
        )?;
    }
    for root in ranked {
        let keeps = if root.keeps_result { " *" } else { "" };
        writeln!(out, "{} {}{keeps}", root.mv, root.dtz)?;
    }
    Ok(())
}
