//! `bitmoves perft` (Stockfish's `go perft` output) and `bitmoves
//! perftree` (the interface of the `perftree` debugger).

use crate::{
    count::DivideCounter,
    error::{CliError, shorten},
    gpu,
    position::{self, SetupArgs},
    variant::VariantArgs,
};
use bitmoves::Move;
use bitmoves_perft::{Counting, Table, parse_size, total};
use clap::Args;
use std::{
    io::{self, Write},
    num::NonZeroUsize,
    thread,
    time::{Duration, Instant},
};

/// The deepest perft the CLI accepts. Counts grow about 30-fold per ply:
/// depth 10 of the start position is already 69 trillion leaves.
pub const MAX_DEPTH: u32 = 20;

/// The most threads `--threads` accepts. The threads share positions a few
/// plies below the root (at least `UNITS_PER_THREAD` of them per thread
/// where the tree allows), so more threads than this would mostly wait.
pub const MAX_THREADS: u16 = 1024;

/// Arguments of `bitmoves perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// startpos, a name from `bitmoves positions`, or a FEN as one quoted
    /// argument
    pub position: String,
    /// Plies to count, 0 to 20
    #[arg(value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// First print each root move's count (`e2e4: 20`), then a blank line,
    /// exactly as Stockfish's `go perft` does; sorted by move
    #[arg(long)]
    pub divide: bool,
    /// Share the work out among N threads, 1 to 1024 (same counts, less
    /// time)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: u16,
    /// Keep subtree counts in a hash table of SIZE bytes, shared by the
    /// threads: 256M, 1G, 64K (binary units) or plain bytes; 0 for none.
    /// Rounded down to a power of two of 64-byte buckets
    #[arg(long, value_name = "SIZE", value_parser = parse_hash, default_value = "0",
          allow_negative_numbers = true)]
    pub hash: usize,
    /// Make every move down to the leaves instead of counting the last ply
    /// from the move generator (slower, same counts)
    #[arg(long)]
    pub no_bulk: bool,
    /// Count on an NVIDIA GPU, with the bitmoves-gpu program (built by
    /// `cargo build --release -p bitmoves-gpu`; docs/gpu.md)
    #[arg(long)]
    pub gpu: bool,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
    #[command(flatten)]
    // --variant.
    pub variant: VariantArgs,
}

/// Arguments of `bitmoves perftree`, as the `perftree` debugger passes
/// them: `bitmoves perftree "$depth" "$fen" "$moves"`.
#[derive(Args, Debug)]
pub struct PerftreeArgs {
    /// Plies to count, 0 to 20
    #[arg(value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// The base position's FEN (a position name works too)
    pub fen: String,
    /// UCI moves to play from the base position, space-separated in one
    /// argument (may be empty or left out)
    #[arg(default_value = "")]
    pub moves: String,
}

/// Reads a perft depth: a whole number from 0 to [`MAX_DEPTH`].
pub fn parse_depth(text: &str) -> Result<u32, String> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "the depth must be a whole number from 0 to {MAX_DEPTH}"
        ));
    }
    if negative {
        return Err("the depth cannot be negative".into());
    }
    match digits.parse::<u32>() {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        _ => Err(format!(
            "depth {} is too large: at most {MAX_DEPTH} (perft grows about 30-fold per ply)",
            shorten(digits)
        )),
    }
}

/// Reads a thread count: a whole number from 1 to [`MAX_THREADS`]. Every
/// other text gets the same message, which gives the range.
pub fn parse_threads(text: &str) -> Result<u16, String> {
    match text.trim().parse::<u16>() {
        Ok(threads) if (1..=MAX_THREADS).contains(&threads) => Ok(threads),
        _ => Err(format!(
            "the number of threads must be a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

/// Reads a `--hash` size with [`parse_size`]: `256M`, `1G`,
/// `64K`, or bytes.
pub fn parse_hash(text: &str) -> Result<usize, String> {
    parse_size(text).map_err(|error| error.to_string())
}

/// The table `--hash` asks for, or `None` for `--hash 0`. A size the
/// machine cannot allocate is an input error naming the size.
fn hash_table(args: &PerftArgs) -> Result<Option<Table>, CliError> {
    if args.hash == 0 {
        return Ok(None);
    }
    if args.no_bulk {
        return Err(CliError::input(
            "--hash cannot be combined with --no-bulk: the hashed count always counts the last ply in bulk",
        ));
    }
    Table::new(args.hash)
        .map(Some)
        .map_err(|error| CliError::input(format!("--hash: {error}")))
}

/// The commands that count with the core's perft refuse a
/// `BITMOVES_SLIDERS` that names no variant, rather than run another.
pub fn check_slider_variant() -> Result<(), CliError> {
    bitmoves::perft::slider_variant()
        .map(|_| ())
        .map_err(|error| CliError::input(error.to_string()))
}

/// `bitmoves perft`: `Nodes searched: N` on stdout, after the divide
/// lines when asked; the time and speed on stderr.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    if args.gpu {
        gpu::refuse(&[
            (args.divide, "--divide"),
            (args.threads != 1, "--threads"),
            (args.hash != 0, "--hash"),
            (args.no_bulk, "--no-bulk"),
        ])?;
        let nodes = gpu::perft(&board.to_string(), args.depth)?;
        writeln!(out, "Nodes searched: {nodes}")?;
        return Ok(out.flush()?);
    }
    let table = hash_table(args)?;
    let counter = DivideCounter {
        depth: args.depth,
        counting: match &table {
            Some(table) => Counting::Hashed(table),
            None if args.no_bulk => Counting::Full,
            None => Counting::Bulk,
        },
        threads: usize::from(args.threads),
        progress: true,
    };
    let start = Instant::now();
    let divide = counter.divide(&board);
    let elapsed = start.elapsed();
    let nodes = total(&divide, args.depth);
    let rows = args.divide.then(|| sorted(&divide));
    write_counts(out, rows, nodes)?;
    report_speed(nodes, elapsed);
    Ok(())
}

/// `bitmoves perftree`: `move count` lines, a blank line, the total.
/// Positions are read leniently: the debugger's reference engine accepts
/// any position, so this side does too.
pub fn run_perftree(args: &PerftreeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut board = position::load(&args.fen, false, true)?;
    position::play_moves(&mut board, "MOVES", args.moves.split_whitespace())?;
    let counter = DivideCounter {
        depth: args.depth,
        counting: Counting::Bulk,
        threads: thread::available_parallelism().map_or(1, NonZeroUsize::get),
        progress: false,
    };
    let divide = counter.divide(&board);
    for (uci, count) in sorted(&divide) {
        writeln!(out, "{uci} {count}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", total(&divide, args.depth))?;
    Ok(())
}

/// The divide as UCI text and count, sorted by the text so that two
/// engines' outputs line up.
/// Writes a perft's result as Stockfish does: with `rows` (each root
/// move's text and count, in order), the rows, then `Nodes searched: N`
/// between blank lines; without, that line alone.
pub(crate) fn write_counts(
    out: &mut dyn Write,
    rows: Option<Vec<(String, u128)>>,
    nodes: u128,
) -> io::Result<()> {
    if let Some(rows) = rows {
        for (text, count) in rows {
            writeln!(out, "{text}: {count}")?;
        }
        writeln!(out)?;
        writeln!(out, "Nodes searched: {nodes}")?;
        writeln!(out)?;
    } else {
        writeln!(out, "Nodes searched: {nodes}")?;
    }
    out.flush()
}

fn sorted(divide: &[(Move, u128)]) -> Vec<(String, u128)> {
    let mut rows: Vec<_> = divide
        .iter()
        .map(|&(mv, nodes)| (mv.to_string(), nodes))
        .collect();
    rows.sort_unstable();
    rows
}

/// One line on stderr: the time taken and millions of nodes per second.
pub(crate) fn report_speed(nodes: u128, elapsed: Duration) {
    let seconds = elapsed.as_secs_f64();
    // Precision loss past 2^53 nodes only rounds the speed shown.
    let mnps = if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    };
    let _ = writeln!(io::stderr(), "Time: {seconds:.3} s, {mnps:.1} Mnps");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_whole_numbers_up_to_the_limit() {
        assert_eq!(parse_depth("0"), Ok(0));
        assert_eq!(parse_depth("20"), Ok(20));
        assert!(parse_depth("21").is_err_and(|e| e.contains("too large")));
        assert!(parse_depth("99999999999999999999").is_err_and(|e| e.contains("too large")));
        assert!(parse_depth("-1").is_err_and(|e| e.contains("negative")));
        assert!(parse_depth("three").is_err_and(|e| e.contains("whole number")));
        assert!(parse_depth("").is_err_and(|e| e.contains("whole number")));
        assert!(parse_depth("-").is_err_and(|e| e.contains("whole number")));
    }

    #[test]
    fn thread_counts_are_whole_numbers_from_1_to_the_limit() {
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads("1024"), Ok(MAX_THREADS));
        for bad in ["0", "1025", "-1", "abc", "", "2.5", "18446744073709551616"] {
            assert!(
                parse_threads(bad).is_err_and(|e| e.contains("from 1 to 1024")),
                "{bad:?}"
            );
        }
    }
}
