//! `bitmoves pgn`: reads PGN files (plain, zstd or gzip) and prints a
//! summary, each game's mainline in UCI, its final FEN, every position
//! for training data, or the games written back as normalised PGN.

use crate::error::{CliError, report, say};
use crate::utf8::{FirstInvalid, Utf8Check};
use bitmoves::variant::uci;
use bitmoves::{Board, Move};
use bitmoves_pgn::{Flow, GameBuilder, PendingGame, Reader, VariantPosition, Visitor, decompress};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Arguments of `bitmoves pgn`.
#[derive(Args, Debug)]
pub struct PgnArgs {
    /// PGN files, read in order (`-` for stdin); zstd and gzip are
    /// recognised by their first bytes
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// One line per game: its mainline moves in UCI (Chess960 castling as
    /// king takes rook)
    #[arg(long, group = "output")]
    pub uci: bool,
    /// One line per game: the FEN after its mainline
    #[arg(long, group = "output")]
    pub fen: bool,
    /// One line per position of every mainline: `FEN;move;result`, the
    /// move in UCI, empty for the last position, the result `1-0`, `0-1`,
    /// `1/2-1/2` or `*`
    #[arg(long, group = "output")]
    pub positions: bool,
    /// The games written back as normalised PGN (bytes that are not UTF-8
    /// as U+FFFD, with a note)
    #[arg(long, group = "output")]
    pub pgn: bool,
    /// Threads that replay the games (the output stays in file order);
    /// with --parquet, as many more encode the row groups
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Also check the moves inside variations (skipped by default)
    #[arg(long)]
    pub variations: bool,
    /// Write a Parquet dataset into DIR instead: one row per game, or
    /// per position with --positions (columns in docs/pgn.md)
    #[arg(long, value_name = "DIR", conflicts_with_all = ["uci", "fen", "pgn", "variations"])]
    pub parquet: Option<PathBuf>,
    /// With --parquet: replace a dataset already in DIR
    #[arg(long, requires = "parquet")]
    pub force: bool,
}

/// The exit statuses of `bitmoves pgn` past 0 (2 is a malformed command
/// line), as docs/cli.md and docs/parquet.md list them.
pub mod status {
    /// Some games could not be read (each its `error:` line); every
    /// input was read to its end (a dataset is published).
    pub const DAMAGED_GAMES: u8 = 1;
    /// An input could not be read to its end: missing, a folder, not
    /// readable, an I/O error, a truncated or damaged zstd or gzip
    /// stream (no dataset is published).
    pub const UNREADABLE_INPUT: u8 = 3;
    /// `--parquet`: the dataset could not be written (folder not
    /// writable, disk full).
    pub const CANNOT_WRITE: u8 = 4;
    /// `--parquet`: DIR holds a dataset and `--force` was not given.
    pub const EXISTS: u8 = 5;
    /// `--parquet`: another run is writing DIR (its lock).
    pub const BUSY: u8 = 6;
}

/// The results `--positions` writes: a game's result token, else its
/// `Result` tag when it holds one of these, else `*`.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// What to print per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Summary,
    Uci,
    Fen,
    Positions,
    Pgn,
}

/// What one game gave: its output, or why it failed.
struct Outcome {
    text: String,
    plies: u64,
    failure: Option<(bool, String)>,
}

/// Totals over every file.
#[derive(Default)]
struct Totals {
    games: u64,
    plies: u64,
    errors: u64,
    skipped: u64,
}

/// Reads every file; prints the games' lines on `out` and one line per
/// failed game or file on stderr; fails at the end if any did, with the
/// [`status`] that says which.
/// (`--parquet` goes to [`crate::parquet::run`] instead.)
pub fn run(args: &PgnArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mode = match (args.uci, args.fen, args.positions, args.pgn) {
        (true, ..) => Mode::Uci,
        (_, true, ..) => Mode::Fen,
        (_, _, true, _) => Mode::Positions,
        (.., true) => Mode::Pgn,
        _ => Mode::Summary,
    };
    let bytes = Arc::new(AtomicU64::new(0));
    // Set at the first failed write: the input then reads as ended, so
    // that no more of it is read (`| head -1` on an endless stdin).
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let progress = progress_bar();
    let mut totals = Totals::default();
    let mut unreadable = false;
    let mut write_error = None;
    for path in &args.files {
        let name = crate::error::file_name(path);
        let prefix = if args.files.len() > 1 {
            format!("{name}: ")
        } else {
            String::new()
        };
        let input = open(path, &bytes, &stop)
            .map_err(|e| CliError::input(format!("cannot read {name}: {e}")));
        let input = match input {
            Ok(input) => input,
            Err(error) => {
                progress.suspend(|| report(&error));
                unreadable = true;
                continue;
            }
        };
        // `--pgn` writes tags and comments back: say when the reader had
        // to replace bytes that are not UTF-8 in them.
        let invalid = FirstInvalid::new();
        let input: Box<dyn io::BufRead + Send> = match mode {
            Mode::Pgn => Box::new(Utf8Check::new(input, invalid.clone())),
            _ => input,
        };
        let mut reader = Reader::new(input);
        let work = |game: PendingGame| {
            // The games already cut when a write failed are skipped
            // (a skipped game still moves the reader on).
            if stop.load(Ordering::Relaxed) {
                let _ = game.read(&mut SkipGame);
                return Outcome {
                    text: String::new(),
                    plies: 0,
                    failure: None,
                };
            }
            read_one(game, mode, args.variations)
        };
        let sink = |outcome: Outcome| {
            if write_error.is_some() {
                return;
            }
            totals.games += 1;
            match outcome.failure {
                None => {
                    totals.plies += outcome.plies;
                    if let Err(e) = out.write_all(outcome.text.as_bytes()) {
                        stop.store(true, Ordering::Relaxed);
                        write_error = Some(e);
                    }
                }
                Some((note, message)) => {
                    let kind = if note { "note" } else { "error" };
                    if note {
                        totals.skipped += 1;
                    } else {
                        totals.errors += 1;
                    }
                    progress.suspend(|| say(&format_args!("{kind}: {prefix}{message}")));
                }
            }
            if totals.games % 4096 == 0 {
                progress.set_message(format!("{} games", totals.games));
            }
        };
        let read = bitmoves_pgn::read_parallel(&mut reader, args.threads.into(), work, sink);
        // After a failed write the input was cut short on purpose: what
        // reading it says then is not news.
        if let Some(error) = write_error.take() {
            progress.finish_and_clear();
            return Err(CliError::Io(error));
        }
        if let Err(error) = read {
            unreadable = true;
            progress.suspend(|| report(&format_args!("{prefix}{error}")));
        }
        if let Some(at) = invalid.get() {
            progress.suspend(|| {
                say(&format_args!(
                    "note: {prefix}the input is not UTF-8 (first at byte {at}): \
                     such bytes in tags and comments are written as U+FFFD"
                ))
            });
        }
    }
    progress.finish_and_clear();
    if mode == Mode::Summary {
        let bytes = bytes.load(Ordering::Relaxed);
        let seconds = started.elapsed().as_secs_f64();
        writeln!(out, "games: {}", totals.games)?;
        writeln!(out, "plies: {}", totals.plies)?;
        writeln!(out, "games with errors: {}", totals.errors)?;
        writeln!(out, "skipped variants: {}", totals.skipped)?;
        writeln!(out, "bytes: {bytes}")?;
        writeln!(out, "MB/s: {:.1}", bytes as f64 / 1e6 / seconds.max(1e-9))?;
    }
    // Every problem has had its line: the status says which kind.
    if unreadable {
        Err(CliError::Exited(status::UNREADABLE_INPUT))
    } else if totals.errors > 0 {
        Err(CliError::Exited(status::DAMAGED_GAMES))
    } else {
        Ok(())
    }
}

/// A spinner on stderr when it is a terminal.
pub(crate) fn progress_bar() -> ProgressBar {
    if io::stderr().is_terminal() {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    }
}

/// Counts the bytes read from a file, and reads as ended once `stop` is
/// set.
struct Counted<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Opens `path` (`-`: stdin), decompressing by content; the input ends
/// early once `stop` is set.
pub(crate) fn open(
    path: &PathBuf,
    bytes: &Arc<AtomicU64>,
    stop: &Arc<AtomicBool>,
) -> io::Result<Box<dyn io::BufRead + Send>> {
    let inner: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path)?)
    };
    decompress(Counted {
        inner,
        bytes: Arc::clone(bytes),
        stop: Arc::clone(stop),
    })
}

/// Reads one game and renders what `mode` prints for it.
fn read_one(game: PendingGame, mode: Mode, variations: bool) -> Outcome {
    let result = if mode == Mode::Pgn {
        let mut builder = GameBuilder::new().with_variants();
        game.read(&mut builder).map(|()| {
            let game = builder.finish();
            (format!("{game}\n"), game.moves.moves.len() as u64)
        })
    } else {
        let mut lines = Lines::new(mode, variations);
        game.read(&mut lines).map(|()| (lines.text, lines.plies))
    };
    match result {
        Ok((text, plies)) => Outcome {
            text,
            plies,
            failure: None,
        },
        Err(error) => Outcome {
            text: String::new(),
            plies: 0,
            failure: Some((error.is_note(), error.to_string())),
        },
    }
}

/// A visitor that skips the whole game unread.
struct SkipGame;

impl Visitor for SkipGame {
    fn begin_game(&mut self, _number: u64) -> Flow {
        Flow::Skip
    }
}

/// The visitor behind --uci, --fen, --positions and the summary.
struct Lines {
    mode: Mode,
    variations: bool,
    /// How deep in variations (0: the mainline).
    depth: usize,
    plies: u64,
    text: String,
    /// The `--positions` lines waiting for the result.
    positions: Vec<(String, String)>,
    tag_result: Option<String>,
    result: Option<String>,
}

impl Lines {
    fn new(mode: Mode, variations: bool) -> Self {
        Self {
            mode,
            variations,
            depth: 0,
            plies: 0,
            text: String::new(),
            positions: Vec::new(),
            tag_result: None,
            result: None,
        }
    }

    /// One mainline move, `uci`, played from the position `fen` writes.
    fn mainline_move(&mut self, fen: &dyn std::fmt::Display, uci: &dyn std::fmt::Display) {
        self.plies += 1;
        match self.mode {
            Mode::Uci => {
                if self.plies > 1 {
                    self.text.push(' ');
                }
                let _ = write!(self.text, "{uci}");
            }
            Mode::Positions => self.positions.push((fen.to_string(), uci.to_string())),
            _ => {}
        }
    }

    /// The game's lines, after its mainline ends in the position `fen`
    /// writes.
    fn finish(&mut self, fen: &dyn std::fmt::Display) {
        match self.mode {
            Mode::Uci => self.text.push('\n'),
            Mode::Fen => {
                let _ = writeln!(self.text, "{fen}");
            }
            Mode::Positions => {
                // Only a result token: a `Result` tag may hold any text,
                // `;` included, which would break the line's format.
                let result = [self.result.as_deref(), self.tag_result.as_deref()]
                    .into_iter()
                    .flatten()
                    .find(|result| RESULTS.contains(result))
                    .unwrap_or("*");
                for (before, uci) in &self.positions {
                    let _ = writeln!(self.text, "{before};{uci};{result}");
                }
                let _ = writeln!(self.text, "{fen};;{result}");
            }
            Mode::Summary | Mode::Pgn => {}
        }
    }
}

impl Visitor for Lines {
    fn tag(&mut self, name: &str, value: &str) {
        // Only `--positions` writes the result (two allocations a game
        // saved in the other modes).
        if name == "Result" && self.mode == Mode::Positions {
            self.tag_result = Some(value.to_owned());
        }
    }

    fn play(&mut self, board: &Board, mv: Move, _san: &str) {
        if self.depth == 0 {
            self.mainline_move(board, &mv);
        }
    }

    fn null_move(&mut self, board: &Board) {
        if self.depth == 0 {
            self.mainline_move(board, &"0000");
        }
    }

    fn begin_variation(&mut self) -> Flow {
        if self.variations {
            self.depth += 1;
            Flow::Continue
        } else {
            Flow::Skip
        }
    }

    fn end_variation(&mut self) {
        self.depth -= 1;
    }

    fn result(&mut self, result: &str) {
        if self.mode == Mode::Positions {
            self.result = Some(result.to_owned());
        }
    }

    fn end_game(&mut self, board: &Board) {
        self.finish(board);
    }

    fn begin_variant_moves(&mut self, _start: &VariantPosition) -> Flow {
        Flow::Continue
    }

    fn play_variant(&mut self, position: &VariantPosition, mv: Move, _san: &str) {
        if self.depth == 0 {
            self.mainline_move(&Lazy(|| position.fen()), &uci(mv));
        }
    }

    fn null_variant(&mut self, position: &VariantPosition) {
        if self.depth == 0 {
            self.mainline_move(&Lazy(|| position.fen()), &"0000");
        }
    }

    fn end_variant_game(&mut self, position: &VariantPosition) {
        self.finish(&position.fen());
    }
}

/// Text made only when it is written (a variant position's FEN, which
/// only `--positions` writes per move).
struct Lazy<F>(F);

impl<F: Fn() -> String> std::fmt::Display for Lazy<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&(self.0)())
    }
}
