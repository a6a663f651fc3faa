//! Moves of the variants in UCI: drops (`N@e4`, a [`Move`] whose `from`
//! equals its `to`, the dropped piece in `promotion`) and Antichess's king
//! promotions (`e7e8k`), in and out.

use core::fmt;

use crate::{Move, ParseMoveError, Piece, Square};

/// The drop of `piece` on `square` (Crazyhouse), as python-chess writes
/// it: `Move(square, square, drop=piece)`.
///
/// ```
/// use bitmoves::{variant::{drop_move, uci, as_drop}, Piece, Square};
/// let mv = drop_move(Piece::Knight, Square::E4);
/// assert_eq!(uci(mv).to_string(), "N@e4");
/// assert_eq!(as_drop(mv), Some((Piece::Knight, Square::E4)));
/// ```
pub const fn drop_move(piece: Piece, square: Square) -> Move {
    Move {
        from: square,
        to: square,
        promotion: Some(piece),
    }
}

/// The piece and square of a drop; `None` for a move on the board.
pub fn as_drop(mv: Move) -> Option<(Piece, Square)> {
    match mv.promotion {
        Some(piece) if mv.from == mv.to => Some((piece, mv.to)),
        _ => None,
    }
}

/// A move written in UCI, drops as `N@e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uci(pub Move);

/// The UCI text of a move of any variant.
pub const fn uci(mv: Move) -> Uci {
    Uci(mv)
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match as_drop(self.0) {
            Some((piece, square)) => write!(f, "{}@{square}", piece.to_char().to_ascii_uppercase()),
            None => self.0.fmt(f),
        }
    }
}

/// Reads a UCI move of any variant: a drop (`N@e4`, `P@e4`, the piece in
/// either case), a king promotion (`e7e8k`), or what [`Move::from_uci`]
/// reads.
///
/// ```
/// use bitmoves::{variant::{parse_uci, drop_move}, Piece, Square};
/// assert_eq!(parse_uci("q@d5")?, drop_move(Piece::Queen, Square::D5));
/// assert_eq!(parse_uci("e7e8k")?.promotion, Some(Piece::King));
/// assert!(parse_uci("X@d5").is_err());
/// # Ok::<(), bitmoves::ParseMoveError>(())
/// ```
pub fn parse_uci(text: &str) -> Result<Move, ParseMoveError> {
    let bytes = text.as_bytes();
    if bytes.len() == 4 && bytes[1] == b'@' {
        let letter = char::from(bytes[0]);
        let piece =
            Piece::from_char(letter).ok_or(ParseMoveError::InvalidPromotion { found: letter })?;
        let square = text[2..]
            .parse()
            .map_err(|_| ParseMoveError::InvalidToSquare)?;
        return Ok(drop_move(piece, square));
    }
    if bytes.len() == 5 && bytes[4].eq_ignore_ascii_case(&b'k') && text.is_ascii() {
        let mv = Move::from_uci(&text[..4])?;
        return Ok(Move {
            promotion: Some(Piece::King),
            ..mv
        });
    }
    Move::from_uci(text)
}
