//! `bitmoves show`: a board diagram and what the position is.

use crate::{diagram, error::CliError, position::SetupArgs, variant::VariantArgs};
use bitmoves::{Bitboard, Board, GameStatus};
use clap::Args;
use std::io::Write;

/// Arguments of `bitmoves show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// startpos, a name from `bitmoves positions`, 960:N or 960:W:B (a
    /// Chess960 start by number), or a FEN as one quoted argument
    pub position: String,
    /// Draw the pieces as Unicode chess glyphs instead of FEN letters
    #[arg(long)]
    pub unicode: bool,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
    #[command(flatten)]
    // --variant.
    pub variant: VariantArgs,
}

/// Prints the diagram, then the FEN, the Polyglot key, side to move,
/// status, checkers, pinned pieces and the number of legal moves.
pub fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    write!(out, "{}", diagram::board(&board, args.unicode))?;
    writeln!(out)?;
    writeln!(out, "FEN:          {board}")?;
    writeln!(out, "Key:          {:016x}", board.key())?;
    writeln!(out, "Side to move: {}", board.side_to_move())?;
    writeln!(out, "Status:       {}", status(&board))?;
    writeln!(out, "Checkers:     {}", squares(board.checkers()))?;
    writeln!(out, "Pinned:       {}", squares(board.pinned()))?;
    writeln!(out, "Legal moves:  {}", board.legal_moves().len())?;
    if board.is_chess960() {
        writeln!(
            out,
            "Chess960:     yes (castling is written king-takes-rook)"
        )?;
    }
    Ok(())
}

/// `check`, `ongoing`, or how the game ended (`checkmate`, `stalemate`,
/// `draw by insufficient material`, `draw by the fifty-move rule`); a
/// drawn position in check says so too.
fn status(board: &Board) -> String {
    match board.status() {
        GameStatus::Ongoing if board.is_check() => "check".into(),
        status if status.is_draw() && board.is_check() => format!("check, {status}"),
        status => status.to_string(),
    }
}

/// The squares of a set, space-separated, or `-` when there are none.
pub(crate) fn squares(set: Bitboard) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter()
        .map(|square| square.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
