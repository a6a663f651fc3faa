//! [`Status`]: what is wrong with a position, as python-chess's `status()`
//! flags it, for every variant.

use core::ops;

use super::{Position, Variant, valid_ep_square};
use crate::{Bitboard, Color, Piece, attacks};

/// python-chess's `Status` flags: problems a position has (empty when it
/// is valid). The bits are python-chess's, so `status.0` is its `int`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Status(pub u32);

impl Status {
    /// No problem.
    pub const VALID: Self = Self(0);
    /// White has no king.
    pub const NO_WHITE_KING: Self = Self(1 << 0);
    /// Black has no king.
    pub const NO_BLACK_KING: Self = Self(1 << 1);
    /// More than two kings.
    pub const TOO_MANY_KINGS: Self = Self(1 << 2);
    /// More than 8 white pawns.
    pub const TOO_MANY_WHITE_PAWNS: Self = Self(1 << 3);
    /// More than 8 black pawns.
    pub const TOO_MANY_BLACK_PAWNS: Self = Self(1 << 4);
    /// Pawns on the first or last rank.
    pub const PAWNS_ON_BACKRANK: Self = Self(1 << 5);
    /// More than 16 white pieces.
    pub const TOO_MANY_WHITE_PIECES: Self = Self(1 << 6);
    /// More than 16 black pieces.
    pub const TOO_MANY_BLACK_PIECES: Self = Self(1 << 7);
    /// Castling rights without their king and rook.
    pub const BAD_CASTLING_RIGHTS: Self = Self(1 << 8);
    /// An en passant square no double step can have left.
    pub const INVALID_EP_SQUARE: Self = Self(1 << 9);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: Self = Self(1 << 10);
    /// No pieces at all.
    pub const EMPTY: Self = Self(1 << 11);
    /// Racing Kings: a king in check.
    pub const RACE_CHECK: Self = Self(1 << 12);
    /// Racing Kings: both kings on the eighth rank with Black to move.
    pub const RACE_OVER: Self = Self(1 << 13);
    /// Racing Kings: pawns, or more pieces of a kind than the start has.
    pub const RACE_MATERIAL: Self = Self(1 << 14);
    /// More checkers than a move can give.
    pub const TOO_MANY_CHECKERS: Self = Self(1 << 15);
    /// Checkers no last move can have given.
    pub const IMPOSSIBLE_CHECK: Self = Self(1 << 16);

    /// Whether no flag is set.
    pub const fn is_valid(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
}

impl ops::BitOr for Status {
    type Output = Self;

    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

impl ops::BitOrAssign for Status {
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 |= rhs.0;
    }
}

impl ops::Sub for Status {
    type Output = Self;

    /// The flags of `self` not in `rhs`.
    fn sub(self, rhs: Self) -> Self {
        Self(self.0 & !rhs.0)
    }
}

impl ops::SubAssign for Status {
    fn sub_assign(&mut self, rhs: Self) {
        self.0 &= !rhs.0;
    }
}

impl<V: Variant> Position<V> {
    /// What is wrong with the position, as python-chess's `status()` says
    /// for this variant.
    ///
    /// ```
    /// use bitmoves::variant::{Position, Standard, Horde, Status};
    /// let pos: Position<Standard> = Position::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", false)?;
    /// assert_eq!(pos.status(), Status::NO_BLACK_KING);
    /// assert!(Position::<Horde>::start().status().is_valid());
    /// # Ok::<(), bitmoves::setup::SetupFenError>(())
    /// ```
    pub fn status(&self) -> Status {
        V::status(self, self.standard_status())
    }

    /// python-chess's `Board.status()` before the variant's changes.
    fn standard_status(&self) -> Status {
        let s = self.setup();
        let mut errors = Status::VALID;
        let mut flag = |on: bool, status: Status| {
            if on {
                errors |= status;
            }
        };
        let (white, black) = (s.side(Color::White), s.side(Color::Black));
        let (kings, pawns) = (s.kind(Piece::King), s.kind(Piece::Pawn));
        flag(s.occupied().is_empty(), Status::EMPTY);
        flag(!white.intersects(kings), Status::NO_WHITE_KING);
        flag(!black.intersects(kings), Status::NO_BLACK_KING);
        flag(kings.len() > 2, Status::TOO_MANY_KINGS);
        flag(white.len() > 16, Status::TOO_MANY_WHITE_PIECES);
        flag(black.len() > 16, Status::TOO_MANY_BLACK_PIECES);
        flag((white & pawns).len() > 8, Status::TOO_MANY_WHITE_PAWNS);
        flag((black & pawns).len() > 8, Status::TOO_MANY_BLACK_PAWNS);
        flag(
            pawns.intersects(Bitboard::BACK_RANKS),
            Status::PAWNS_ON_BACKRANK,
        );
        flag(
            self.given_castling.is_some_and(|given| given != s.castling),
            Status::BAD_CASTLING_RIGHTS,
        );
        let valid_ep = valid_ep_square(s);
        flag(s.ep_square != valid_ep, Status::INVALID_EP_SQUARE);
        flag(V::was_into_check(s), Status::OPPOSITE_CHECK);
        let checkers = self.checkers();
        let our_kings = kings & (s.side(s.turn) - s.promoted);
        if let (Some(first), Some(last)) = (checkers.first(), crate::setup::highest(checkers)) {
            flag(checkers.len() > 2, Status::TOO_MANY_CHECKERS);
            let impossible = match valid_ep.and_then(|ep| {
                Some((
                    ep.offset(0, if s.turn == Color::White { -1 } else { 1 })?,
                    ep,
                ))
            }) {
                Some((pushed_to, ep)) => {
                    let pushed_from = ep.offset(0, if s.turn == Color::White { 1 } else { -1 });
                    let before = (s.occupied() - pushed_to.bitboard())
                        | pushed_from.map_or(Bitboard::EMPTY, |sq| sq.bitboard());
                    checkers.len() > 1
                        || (last != pushed_to && V::attacked_for_king(s, our_kings, before))
                }
                None => {
                    checkers.len() > 2
                        || (checkers.len() == 2 && attacks::line(first, last).intersects(our_kings))
                }
            };
            flag(impossible, Status::IMPOSSIBLE_CHECK);
        }
        errors
    }
}
