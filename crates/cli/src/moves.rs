//! `bitmoves moves`: the legal moves of a position in UCI.

use crate::{error::CliError, position::SetupArgs, variant::VariantArgs};
use clap::Args;
use std::io::Write;

/// Arguments of `bitmoves moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// startpos, a name from `bitmoves positions`, 960:N or 960:W:B (a
    /// Chess960 start by number), or a FEN as one quoted argument
    pub position: String,
    /// Only the captures: moves onto enemy pieces, en passant, and every
    /// promotion (what a quiescence search looks at)
    #[arg(long, conflicts_with = "quiets")]
    pub captures: bool,
    /// Only the quiet moves: every legal move that --captures leaves out
    #[arg(long)]
    pub quiets: bool,
    /// Print the moves in SAN (Nf3, O-O, exd8=Q+), in the same order as the
    /// UCI listing
    #[arg(long)]
    pub san: bool,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
    #[command(flatten)]
    // --variant.
    pub variant: VariantArgs,
}

/// Prints the legal moves (or the captures, or the quiets) in UCI, one per
/// line, sorted as text; with `--san`, the SAN of each in that order.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    let list = if args.captures {
        board.captures()
    } else if args.quiets {
        board.quiets()
    } else {
        board.legal_moves()
    };
    let mut moves = list.to_vec();
    moves.sort_unstable_by_key(ToString::to_string);
    for mv in moves {
        match board.san(mv) {
            Ok(san) if args.san => writeln!(out, "{san}")?,
            _ => writeln!(out, "{mv}")?,
        }
    }
    Ok(())
}
