//! Crazyhouse (python-chess's `CrazyhouseBoard`): captured pieces go to the
//! capturer's pocket (promoted ones as pawns) and may be dropped instead of
//! a move; no 75-move rule. Drops are [`Move`]s with `from == to`
//! ([`drop_move`]).

use super::make::Capture;
use super::movegen::standard_legal;
use super::{LooseMoveList, Position, Status, Variant, VariantKind, drop_move};
use crate::setup::{Setup, highest};
use crate::{Bitboard, Color, Move, Piece, attacks};

/// Crazyhouse, and Crazyhouse960 on a Chess960 position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Crazyhouse;

/// Where the side to move may drop: anywhere empty, between its king and
/// a single checker, nowhere in double check (python-chess's
/// `legal_drop_squares_mask`).
pub fn legal_drop_squares(s: &Setup) -> Bitboard {
    let empty = !s.occupied();
    let Some(king) = s.king_of(s.turn) else {
        return empty;
    };
    let checkers = s.attackers(!s.turn, king);
    match highest(checkers) {
        None => empty,
        Some(checker) if !checkers.has_more_than_one() => attacks::between(king, checker) & empty,
        Some(_) => Bitboard::EMPTY,
    }
}

impl Variant for Crazyhouse {
    const KIND: VariantKind = VariantKind::Crazyhouse;
    const POCKETS: bool = true;
    const SEVENTY_FIVE_MOVES: bool = false;

    fn legal(
        pos: &Position<Self>,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        let s = pos.setup();
        standard_legal::<Self>(s, pos.is_chess960(), from_mask, to_mask, out);
        let squares = legal_drop_squares(s) & from_mask & to_mask;
        let pocket = s.pockets[s.turn.index()];
        for piece in Piece::ALL {
            if pocket.count(piece) == 0 {
                continue;
            }
            let allowed = if piece == Piece::Pawn {
                squares - Bitboard::BACK_RANKS
            } else {
                squares
            };
            for square in allowed {
                out.push(drop_move(piece, square));
            }
        }
    }

    fn has_insufficient_material(s: &Setup, _color: Color) -> bool {
        let in_pockets = |piece| {
            s.pockets
                .iter()
                .map(|p| u32::from(p.count(piece)))
                .sum::<u32>()
        };
        let pocketed: u32 = Piece::ALL.iter().map(|&piece| in_pockets(piece)).sum();
        s.occupied().len() as u32 + pocketed <= 3
            && s.promoted.is_empty()
            && (s.kind(Piece::Pawn) | s.straight_sliders()).is_empty()
            && [Piece::Pawn, Piece::Rook, Piece::Queen]
                .iter()
                .all(|&piece| in_pockets(piece) == 0)
    }

    fn after_play(s: &mut Setup, mv: Move, capture: Option<Capture>) {
        let mover = !s.turn;
        if let Some(capture) = capture {
            let piece = if capture.promoted {
                Piece::Pawn
            } else {
                capture.piece
            };
            s.pockets[mover.index()].add(piece);
        }
        if let Some((piece, _)) = super::as_drop(mv) {
            s.pockets[mover.index()].remove(piece);
        }
    }

    fn fen_shows_promoted(_pos: &Position<Self>) -> bool {
        true
    }

    fn status(pos: &Position<Self>, mut status: Status) -> Status {
        let s = pos.setup();
        let pocketed = |piece: Piece| {
            s.pockets
                .iter()
                .map(|p| u32::from(p.count(piece)))
                .sum::<u32>()
        };
        let all_pocketed: u32 = Piece::ALL.iter().map(|&piece| pocketed(piece)).sum();
        if s.kind(Piece::Pawn).len() as u32 + pocketed(Piece::Pawn) <= 16 {
            status -= Status::TOO_MANY_BLACK_PAWNS;
            status -= Status::TOO_MANY_WHITE_PAWNS;
        }
        if s.occupied().len() as u32 + all_pocketed <= 32 {
            status -= Status::TOO_MANY_BLACK_PIECES;
            status -= Status::TOO_MANY_WHITE_PIECES;
        }
        status
    }
}
