//! The FEN castling field: read from standard, X-FEN or Shredder-FEN
//! letters, written in X-FEN as python-chess writes it, and the rule that
//! says when castling rights call for Chess960 mode.

use super::{Board, FenError, PositionError, Snippet};
use crate::{CastlingSide, Color, File, Piece};
use core::fmt;

/// The `impl Board` block for the FEN castling field.
impl Board {
    /// Sets the castling rights from the castling field; the kings are
    /// already placed. `K`/`Q` name the outermost rook on that side of the
    /// king (X-FEN), a file letter names the rook on that file
    /// (Shredder-FEN); the letters say nothing about the mode, which
    /// [`Board::castling_needs_chess960`] decides from the rights.
    ///
    /// With `clean`, a right that cannot be used is dropped rather than
    /// refused, as python-chess's `clean_castling_rights` drops it: no king
    /// on the back rank, no rook on the file or side named, a file letter
    /// naming the king's own file, and of two rights for one side the
    /// inner one.
    pub(super) fn read_castling(&mut self, field: &str, clean: bool) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let invalid = || FenError::InvalidCastling {
            field: Snippet::new(field),
        };
        let letter = |c: char| matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h');
        if field.is_empty() || field.len() > 4 || !field.chars().all(letter) {
            return Err(invalid());
        }
        for c in field.chars() {
            let color = Color::of_letter(c);
            let back_rank = color.back_rank().bitboard();
            let Some(king) = (self.colored_pieces(color, Piece::King) & back_rank).single() else {
                if clean {
                    continue;
                }
                return Err(PositionError::CastlingWithoutKing { color }.into());
            };
            let king_file = king.file();
            let rooks = self.colored_pieces(color, Piece::Rook) & back_rank;
            let (side, rook) = match c.to_ascii_lowercase() {
                'k' => (
                    CastlingSide::KingSide,
                    rooks.iter().rev().find(|r| r.file() > king_file),
                ),
                'q' => (
                    CastlingSide::QueenSide,
                    rooks.iter().find(|r| r.file() < king_file),
                ),
                letter => {
                    let file = File::from_char(letter).ok_or_else(invalid)?;
                    if file == king_file {
                        if clean {
                            continue;
                        }
                        return Err(invalid());
                    }
                    let side = CastlingSide::of_rook(king_file, file);
                    (side, rooks.iter().find(|r| r.file() == file))
                }
            };
            let Some(rook) = rook.map(|rook| rook.file()) else {
                if clean {
                    continue;
                }
                return Err(PositionError::CastlingWithoutRook { color, side }.into());
            };
            let rook = match self.castling.rook(color, side) {
                None => rook,
                Some(held) if clean => match side {
                    CastlingSide::KingSide => held.max(rook),
                    CastlingSide::QueenSide => held.min(rook),
                },
                Some(_) => {
                    return Err(FenError::DuplicateCastling {
                        field: Snippet::new(field),
                    });
                }
            };
            self.castling.set(color, side, Some(rook));
        }
        Ok(())
    }

    /// Whether the castling rights describe a Chess960 position: some right
    /// has its king off the e-file or its rook off the corner of its side
    /// (the a- or h-file). Rights that fit standard chess describe a
    /// standard position, however the FEN spelled them (`KQkq`, `HAha`).
    pub(super) fn castling_needs_chess960(&self) -> bool {
        Color::ALL.into_iter().any(|color| {
            let king = self.king(color).file();
            CastlingSide::ALL.into_iter().any(|side| {
                self.castling
                    .rook(color, side)
                    .is_some_and(|rook| king != File::E || rook != side.standard_rook_file())
            })
        })
    }

    /// Writes the castling field in X-FEN, as python-chess writes it: `K`
    /// or `Q` for the outermost rook on that side of the king, the rook's
    /// file letter where a rook of the same colour stands further out on
    /// the back rank (so that `K`/`Q` would name that one), `-` for none.
    /// White's rights come first, each side's king-side right first.
    /// With `shredder`, every right is written as its rook's file letter
    /// instead (Shredder-FEN, python-chess's `shredder_fen`).
    pub(super) fn write_castling(&self, f: &mut fmt::Formatter<'_>, shredder: bool) -> fmt::Result {
        let mut any = false;
        for color in Color::ALL {
            let rooks = self.colored_pieces(color, Piece::Rook) & color.back_rank().bitboard();
            for side in CastlingSide::ALL {
                let Some(file) = self.castling.rook(color, side) else {
                    continue;
                };
                let further_out = shredder
                    || rooks.iter().any(|rook| match side {
                        CastlingSide::KingSide => rook.file() > file,
                        CastlingSide::QueenSide => rook.file() < file,
                    });
                let letter = match (further_out, side) {
                    (true, _) => file.to_char(),
                    (false, CastlingSide::KingSide) => 'k',
                    (false, CastlingSide::QueenSide) => 'q',
                };
                write!(f, "{}", color.letter_case(letter))?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}
