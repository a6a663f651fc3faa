//! `bitmoves moves`: the legal moves of a position in UCI.

use crate::{error::CliError, position::SetupArgs};
use clap::Args;
use std::io::Write;

/// Arguments of `bitmoves moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// startpos, a name from `bitmoves positions`, or a FEN as one quoted
    /// argument
    pub position: String,
    /// Only the captures: moves onto enemy pieces, en passant, and every
    /// promotion (what a quiescence search looks at)
    #[arg(long, conflicts_with = "quiets")]
    pub captures: bool,
    /// Only the quiet moves: every legal move that --captures leaves out
    #[arg(long)]
    pub quiets: bool,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
}

/// Prints the legal moves (or the captures, or the quiets) in UCI, one per
/// line, sorted as text.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    let list = if args.captures {
        board.captures()
    } else if args.quiets {
        board.quiets()
    } else {
        board.legal_moves()
    };
    let mut moves: Vec<String> = list.iter().map(ToString::to_string).collect();
    moves.sort_unstable();
    for mv in moves {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}
