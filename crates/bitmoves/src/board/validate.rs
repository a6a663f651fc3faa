//! Position validity: the checks that turn a well-formed FEN into a board
//! that move generation can trust.

use super::Board;
use crate::{Bitboard, CastlingSide, Color, Piece, Rank, Square, attacks};
use core::fmt;

/// Why a well-formed FEN describes an impossible position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing {
        /// The side without a king.
        color: Color,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side with several kings.
        color: Color,
    },
    /// A side has more than 16 pieces, more than 8 pawns, or more promoted
    /// pieces than it has lost pawns.
    TooManyPieces {
        /// The side with too many pieces.
        color: Color,
    },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank {
        /// Where the pawn stands.
        square: Square,
    },
    /// The side that just moved is in check: its king could be captured.
    OpponentInCheck,
    /// More than two pieces give check. Accepted by the lenient mode.
    TooManyCheckers {
        /// How many pieces give check.
        count: usize,
    },
    /// Two checkers that no move can produce together (two leapers, or two
    /// sliders on one line), or a check the last double pawn step cannot
    /// have given. Accepted by the lenient mode.
    ImpossibleCheck,
    /// A castling right is given but the king is not on its back rank.
    CastlingWithoutKing {
        /// The side with the right.
        color: Color,
    },
    /// A castling right is given but no rook stands on that side of the
    /// king on the back rank.
    CastlingWithoutRook {
        /// The side with the right.
        color: Color,
        /// Which right.
        side: CastlingSide,
    },
    /// The en passant square is on the wrong rank, is occupied, or has no
    /// pawn in front of it that could just have made a double step.
    InvalidEnPassant {
        /// The square given.
        square: Square,
    },
    /// A castling right on a square that is not a rook of a king on its
    /// back rank, or a second right on one side ([`Board::from_setup`]).
    UnusableCastling {
        /// The rook square of the right.
        square: Square,
    },
    /// A move clock beyond 65,535, or a move number of 0
    /// ([`Board::from_setup`]).
    ClockOutOfRange,
    /// A square holding two pieces, or a piece without a colour
    /// ([`Board::from_setup`]).
    OverlappingPieces,
    /// Pieces marked promoted or held in hand, which only variants have
    /// ([`Board::from_setup`]).
    VariantState,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingKing { color } => write!(f, "{color} has no king"),
            Self::TooManyKings { color } => write!(f, "{color} has more than one king"),
            Self::TooManyPieces { color } => write!(
                f,
                "{color} has too many pieces (at most 16, at most 8 pawns, and no more promoted pieces than lost pawns)"
            ),
            Self::PawnOnBackRank { square } => {
                write!(f, "pawn on {square}, on the first or last rank")
            }
            Self::OpponentInCheck => f.write_str("the side not to move is in check"),
            Self::TooManyCheckers { count } => {
                write!(f, "{count} pieces give check, at most 2 can")
            }
            Self::ImpossibleCheck => f.write_str("the check pattern cannot arise in a game"),
            Self::CastlingWithoutKing { color } => {
                write!(
                    f,
                    "{color} has a castling right but no king on its back rank"
                )
            }
            Self::CastlingWithoutRook { color, side } => {
                let side = match side {
                    CastlingSide::KingSide => "king",
                    CastlingSide::QueenSide => "queen",
                };
                write!(
                    f,
                    "{color} has a {side}side castling right but no rook there on its back rank"
                )
            }
            Self::UnusableCastling { square } => {
                write!(f, "castling right on {square}, where no rook can castle")
            }
            Self::ClockOutOfRange => f.write_str("move clock beyond 65535, or a move number of 0"),
            Self::OverlappingPieces => {
                f.write_str("a square holds two pieces, or a piece has no colour")
            }
            Self::VariantState => {
                f.write_str("pieces promoted or in hand, which only variants have")
            }
            Self::InvalidEnPassant { square } => write!(
                f,
                "en passant square {square} does not follow a double pawn step by the side that just moved"
            ),
        }
    }
}

impl core::error::Error for PositionError {}

impl Board {
    /// Checks that the parsed position is possible, then normalises the en
    /// passant square. The kings were checked by the parser already, before
    /// it read the castling rights (see [`Board::validate_kings`]). With
    /// `clean`, an en passant square that no double step left is dropped
    /// rather than refused.
    pub(super) fn validate(&mut self, lenient: bool, clean: bool) -> Result<(), PositionError> {
        for color in Color::ALL {
            if self.has_too_many_pieces(color) {
                return Err(PositionError::TooManyPieces { color });
            }
        }
        if let Some(square) = (self.pieces(Piece::Pawn) & Bitboard::BACK_RANKS).first() {
            return Err(PositionError::PawnOnBackRank { square });
        }
        let us = self.side_to_move;
        if self.is_attacked(self.king(!us), us, self.occupied()) {
            return Err(PositionError::OpponentInCheck);
        }
        let double_step = match self.en_passant.map(|ep| self.validate_en_passant(ep)) {
            Some(Err(_)) if clean => {
                self.en_passant = None;
                None
            }
            checked => checked.transpose()?,
        };
        if !lenient {
            self.validate_checkers(double_step)?;
        }
        // Keep the en passant square only when a pawn could capture onto it.
        self.en_passant = self.en_passant.filter(|&ep| {
            !(attacks::pawn(!us, ep) & self.colored_pieces(us, Piece::Pawn)).is_empty()
        });
        Ok(())
    }

    /// Checks that each side has exactly one king.
    pub(super) fn validate_kings(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            match self.colored_pieces(color, Piece::King).len() {
                0 => return Err(PositionError::MissingKing { color }),
                1 => {}
                _ => return Err(PositionError::TooManyKings { color }),
            }
        }
        Ok(())
    }

    /// Whether `color` has more material than promotions can explain.
    fn has_too_many_pieces(&self, color: Color) -> bool {
        let count = |piece| self.colored_pieces(color, piece).len();
        let pawns = count(Piece::Pawn);
        let promoted = count(Piece::Knight).saturating_sub(2)
            + count(Piece::Bishop).saturating_sub(2)
            + count(Piece::Rook).saturating_sub(2)
            + count(Piece::Queen).saturating_sub(1);
        self.colors(color).len() > 16 || pawns > 8 || promoted > 8 - pawns
    }

    /// Checks the en passant square; returns the double step that left
    /// it: where the pawn stands now, and the square it came from.
    fn validate_en_passant(&self, ep: Square) -> Result<(Square, Square), PositionError> {
        let us = self.side_to_move;
        let invalid = PositionError::InvalidEnPassant { square: ep };
        if ep.rank() != Rank::Sixth.relative_to(us) {
            return Err(invalid);
        }
        let pushed = ep.en_passant_victim();
        // The start square lies as far beyond the en passant square as the
        // pawn's square lies before it.
        let origin = Square::from_index(2 * ep.index() - pushed.index());
        let empty = !self.occupied();
        if !self.colored_pieces(!us, Piece::Pawn).contains(pushed)
            || !empty.contains(ep)
            || !empty.contains(origin)
        {
            return Err(invalid);
        }
        Ok((pushed, origin))
    }

    /// Rejects check patterns no game can reach. `double_step` is the pawn
    /// that just made a double step and its start square, when the FEN
    /// says so.
    fn validate_checkers(
        &self,
        double_step: Option<(Square, Square)>,
    ) -> Result<(), PositionError> {
        let checkers = self.checkers();
        let count = checkers.len();
        if count > 2 {
            return Err(PositionError::TooManyCheckers { count });
        }
        let king = self.king(self.side_to_move);
        let sliders =
            self.pieces(Piece::Bishop) | self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        if count == 2 {
            let (Some(a), Some(b)) = (
                checkers.first(),
                (checkers - checkers.first().map_or(Bitboard::EMPTY, Square::bitboard)).first(),
            ) else {
                return Err(PositionError::ImpossibleCheck);
            };
            let no_slider = (checkers & sliders).is_empty();
            let aligned = (checkers & sliders) == checkers && attacks::line(a, b).contains(king);
            if no_slider || aligned {
                return Err(PositionError::ImpossibleCheck);
            }
        }
        if let Some((pushed, origin)) = double_step {
            // After a double step, each checker is the pawn itself or a
            // slider that the pawn uncovered by leaving its start square.
            let explained = checkers
                .iter()
                .all(|c| c == pushed || attacks::between(king, c).contains(origin));
            if !explained {
                return Err(PositionError::ImpossibleCheck);
            }
        }
        Ok(())
    }
}
