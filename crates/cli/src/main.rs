//! `bitmoves`: perft, divide and perftree for debugging move generators,
//! legal moves, opening-book moves, board diagrams, attack sets and masks,
//! from the command line.
//!
//! Every bad input, and every failed write of the output, ends with one
//! line on stderr, `error: …`, and a non-zero exit status; a closed output
//! pipe (`| head -1`) ends the command quietly with status 0.

mod attacks;
mod book;
mod count;
mod diagram;
mod error;
mod gpu;
mod masks;
mod moves;
mod parquet;
mod perft;
mod pgn;
mod position;
mod show;
mod split;
mod syzygy;
mod utf8;
mod variant;
mod variant_commands;

use clap::{CommandFactory, Parser, Subcommand};
use error::CliError;
use std::{
    io::{self, BufWriter, Write},
    process::ExitCode,
};

/// Chess move generation from the command line: perft and divide, legal
/// moves, Polyglot book moves, and board, attack and mask diagrams.
///
/// POSITION is `startpos`, a name from `bitmoves positions`, `960:N` or
/// `960:W:B` (a Chess960 start by number), or a FEN given as one quoted
/// argument.
#[derive(Parser, Debug)]
#[command(name = "bitmoves", version, arg_required_else_help = false)]
struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree; --divide splits the count
    /// by root move, as Stockfish's `go perft` does
    Perft(perft::PerftArgs),
    /// The interface the perftree debugger calls: DEPTH FEN [MOVES]
    Perftree(perft::PerftreeArgs),
    /// List the legal moves in UCI, one per line, sorted
    Moves(moves::MovesArgs),
    /// List a Polyglot opening book's moves for a position as `UCI weight`
    /// lines, highest weight first
    Book(book::BookArgs),
    /// Draw the board, with the FEN, side to move, status, checkers and
    /// pinned pieces
    Show(show::ShowArgs),
    /// Draw the squares a piece attacks from a square
    Attacks(attacks::AttacksArgs),
    /// Draw a named mask (a-file, not-ab-file, rank-3, …), or list the
    /// names
    Mask(masks::MaskArgs),
    /// List the named positions with their FENs
    Positions,
    /// Deep perft, step 1: write the unique positions PLY plies below
    /// POSITION, with their multiplicities, as work units
    Split(split::SplitArgs),
    /// Deep perft, step 2: count one shard of the units into
    /// RESULTS_DIR; run again after a kill to go on where it stopped
    Work(split::WorkArgs),
    /// Deep perft, step 3: check that every unit has one count and print
    /// the exact total
    Merge(split::MergeArgs),
    /// Read PGN files (plain, zstd or gzip): a summary, or each game's
    /// moves in UCI, its final FEN, its positions, or normalised PGN
    Pgn(pgn::PgnArgs),
    /// Probe Syzygy tablebases: WDL, DTZ and the root moves ranked for a
    /// position, or `WDL DTZ` per line of an EPD file
    Syzygy(syzygy::SyzygyArgs),
}

fn main() -> ExitCode {
    report_panics_on_one_line();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let args: Vec<String> = std::env::args_os()
                .skip(1)
                .filter_map(|arg| arg.into_string().ok())
                .collect();
            let moves_took_all = error.kind() == clap::error::ErrorKind::MissingRequiredArgument
                && args.iter().any(|arg| arg == "--moves");
            let hint = if moves_took_all {
                Some(position::MOVES_TAKE_ALL_HINT)
            } else {
                position::looks_split(&args).then_some(position::QUOTE_FEN_HINT)
            };
            return error::report_clap(&error, &help_target(&args), hint);
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(&cli.command, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(CliError::Exited(status)) => ExitCode::from(status),
        Err(error) => {
            error::report(&error);
            ExitCode::FAILURE
        }
    }
}

/// `bitmoves COMMAND` when the arguments name a command, else `bitmoves`:
/// where an error message sends the user for help.
fn help_target(args: &[String]) -> String {
    let cli = Cli::command();
    args.iter()
        .find(|arg| cli.find_subcommand(arg).is_some())
        .map_or_else(
            || "bitmoves".into(),
            |command| format!("bitmoves {command}"),
        )
}

/// Runs one command, writing its output to `out`.
fn run(command: &Command, out: &mut dyn Write) -> Result<(), CliError> {
    if let Command::Perft(_) | Command::Perftree(_) | Command::Split(_) | Command::Work(_) = command
    {
        perft::check_slider_variant()?;
    }
    match command {
        // `--variant` other than standard: the core's rules engine.
        Command::Perft(args) => match args.variant.kind() {
            Some(kind) => variant_commands::perft_command(kind, args, out),
            None => perft::run(args, out),
        },
        Command::Perftree(args) => perft::run_perftree(args, out),
        Command::Moves(args) => match args.variant.kind() {
            Some(kind) => variant_commands::moves_command(kind, args, out),
            None => moves::run(args, out),
        },
        Command::Book(args) => book::run(args, out),
        Command::Show(args) => match args.variant.kind() {
            Some(kind) => variant_commands::show_command(kind, args, out),
            None => show::run(args, out),
        },
        Command::Attacks(args) => attacks::run(args, out),
        Command::Mask(args) => masks::run(args, out),
        Command::Positions => position::list(out),
        Command::Split(args) => split::run_split(args),
        Command::Work(args) => split::run_work(args),
        Command::Merge(args) => split::run_merge(args, out),
        Command::Pgn(args) => match &args.parquet {
            Some(dir) => parquet::run(args, dir, out),
            None => pgn::run(args, out),
        },
        Command::Syzygy(args) => syzygy::run(args, out),
    }
}

/// A panic would be a bug in bitmoves. Should one happen, it still ends
/// as a single `error:` line (naming the panic), not a multi-line report.
fn report_panics_on_one_line() {
    std::panic::set_hook(Box::new(|info| {
        error::report(&format_args!("internal error, please report it: {info}"));
    }));
}
