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
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
}

/// Prints the legal moves in UCI, one per line, sorted as text.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    moves.sort_unstable();
    for mv in moves {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}
