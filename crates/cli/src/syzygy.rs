//! `bitmoves syzygy`: Syzygy tablebase probes, of one position (WDL, DTZ
//! and the root moves ranked) or of an EPD file (one `WDL DTZ` line per
//! position, on several threads).

use crate::error::{CliError, file_name};
use crate::position::SetupArgs;
use bitmoves::Board;
use bitmoves_syzygy::{RootOptions, Tablebase};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Arguments of `bitmoves syzygy`.
#[derive(Args, Debug)]
pub struct SyzygyArgs {
    /// The directories of the `.rtbw`/`.rtbz` files, several joined as in
    /// PATH (`:` on Unix, `;` on Windows)
    pub tables: std::ffi::OsString,
    /// startpos, a name from `bitmoves positions`, or a FEN as one quoted
    /// argument (without castling rights: the tables hold none)
    #[arg(required_unless_present = "epd", conflicts_with = "epd")]
    pub position: Option<String>,
    /// Probe every position of FILE (a FEN or an EPD per line) and print
    /// `WDL DTZ` per position, in input order
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Threads for --epd
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: u16,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
}

/// Runs `bitmoves syzygy`.
pub fn run(args: &SyzygyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let tables = open_tables(args)?;
    match (&args.epd, &args.position) {
        (Some(file), _) => run_epd(&tables, file, usize::from(args.threads), out),
        (None, Some(position)) => {
            let board = args.setup.board(position)?;
            run_position(&tables, &board, out)
        }
        (None, None) => Err(CliError::input("give a POSITION or --epd FILE")),
    }
}

fn open_tables(args: &SyzygyArgs) -> Result<Tablebase, CliError> {
    let mut tables = Tablebase::new();
    let mut found = 0;
    for dir in std::env::split_paths(&args.tables) {
        found += tables.add_directory(&dir).map_err(|error| {
            CliError::input(format!(
                "cannot read the tables' directory {}: {error}",
                file_name(&dir)
            ))
        })?;
    }
    if found == 0 {
        return Err(CliError::input(format!(
            "no Syzygy tables (.rtbw, .rtbz) in {}",
            file_name(std::path::Path::new(&args.tables))
        )));
    }
    Ok(tables)
}

/// `WDL: n`, `DTZ: n`, then the root moves best first.
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

/// The board of one EPD or FEN line: the first four fields, and the
/// clocks when the next two are numbers.
fn parse_line(line: &str) -> Result<Board, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err("not a FEN or EPD (fewer than four fields)".into());
    }
    let clocks =
        fields.len() >= 6 && fields[4].parse::<u16>().is_ok() && fields[5].parse::<u16>().is_ok();
    let fen = if clocks {
        fields[..6].join(" ")
    } else {
        format!("{} 0 1", fields[..4].join(" "))
    };
    fen.parse::<Board>().map_err(|error| error.to_string())
}

/// One line's answer, `WDL DTZ`.
fn probe_line(tables: &Tablebase, line: &str) -> Result<String, String> {
    let board = parse_line(line)?;
    let wdl = tables.probe_wdl(&board).map_err(|e| e.to_string())?;
    let dtz = tables.probe_dtz(&board).map_err(|e| e.to_string())?;
    Ok(format!("{wdl} {dtz}"))
}

/// Probes every non-empty line of the file on `threads` threads and
/// prints the answers in input order; a line that fails is reported on
/// stderr and the rest go on, and the command fails at the end.
fn run_epd(
    tables: &Tablebase,
    file: &PathBuf,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|error| CliError::input(format!("cannot read {}: {error}", file_name(file))))?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    const CHUNK: usize = 64;
    let next = AtomicUsize::new(0);
    let mut answers: Vec<Option<Result<String, String>>> = vec![None; lines.len()];
    // Each worker takes the next CHUNK lines until none are left; this
    // thread is one of them, so a thread the system refuses only leaves
    // its share to the others.
    let work = || {
        let mut mine = Vec::new();
        loop {
            let start = next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= lines.len() {
                break;
            }
            for (i, (_, line)) in lines.iter().enumerate().skip(start).take(CHUNK) {
                mine.push((i, probe_line(tables, line)));
            }
        }
        mine
    };
    let done: Vec<Vec<(usize, Result<String, String>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads.max(1))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut done = vec![work()];
        done.extend(
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_default()),
        );
        done
    });
    for (i, answer) in done.into_iter().flatten() {
        answers[i] = Some(answer);
    }
    let mut failed = 0;
    for ((number, _), answer) in lines.iter().zip(answers) {
        match answer {
            Some(Ok(text)) => writeln!(out, "{text}")?,
            Some(Err(error)) => {
                failed += 1;
                crate::error::report(&format_args!("line {}: {error}", number + 1));
            }
            None => {
                failed += 1;
                crate::error::report(&format_args!("line {}: not probed", number + 1));
            }
        }
    }
    if failed > 0 {
        out.flush()?;
        return Err(CliError::Exited(1));
    }
    Ok(())
}
