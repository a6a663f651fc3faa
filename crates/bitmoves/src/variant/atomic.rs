//! Atomic chess (python-chess's `AtomicBoard`): a capture explodes the
//! capturing piece and every piece but pawns next to the target square;
//! exploding the opponent's king wins; kings side by side cannot check
//! each other.

use super::atomic_fast::{self, Kings};
use super::make::{Capture, push};
use super::movegen::{self, pseudo_legal};
use super::{
    LooseMoveList, Outcome, Position, Status, Termination, Variant, VariantKind, valid_ep_square,
};
use crate::setup::{HighFirst, Setup};
use crate::{Bitboard, Color, Move, Piece, attacks};

/// Atomic chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Atomic;

/// Whether a white king stands next to a black king.
fn kings_connected(s: &Setup) -> bool {
    let black = s.pieces_of(Color::Black, Piece::King);
    s.pieces_of(Color::White, Piece::King)
        .into_iter()
        .any(|king| attacks::king(king).intersects(black))
}

/// Whether the side that just moved left its king attacked.
fn was_into_check(s: &Setup) -> bool {
    !kings_connected(s) && s.was_into_check()
}

/// python-chess's `AtomicBoard.status` changes.
fn atomic_status(pos: &Position<Atomic>, mut status: Status) -> Status {
    let s = pos.setup();
    status -= Status::OPPOSITE_CHECK;
    status -= match s.turn {
        Color::White => Status::NO_WHITE_KING,
        Color::Black => Status::NO_BLACK_KING,
    };
    if pos.checkers().len() <= 14 {
        status -= Status::TOO_MANY_CHECKERS;
    }
    if valid_ep_square(s).is_none() {
        status -= Status::IMPOSSIBLE_CHECK;
    }
    status
}

/// Whether `color` has a king.
fn has_king(s: &Setup, color: Color) -> bool {
    !s.pieces_of(color, Piece::King).is_empty()
}

/// Whether a pseudo-legal move is legal: the mover keeps a king, and
/// either explodes the opponent's or leaves its own unattacked.
fn is_legal(pos: &Position<Atomic>, mv: Move) -> bool {
    let mut after = *pos;
    after.play(mv);
    let s = after.setup();
    let kings = !s.kind(Piece::King).is_empty();
    let mover_lost = !has_king(s, !s.turn);
    let opponent_lost = !has_king(s, s.turn);
    kings && !mover_lost && (opponent_lost || !was_into_check(s))
}

impl Variant for Atomic {
    const KIND: VariantKind = VariantKind::Atomic;

    fn legal(
        pos: &Position<Self>,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        let start = out.len();
        pseudo_legal::<Self>(pos.setup(), pos.is_chess960(), from_mask, to_mask, out);
        let kings = Kings::of(pos.setup());
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            let fast = kings.and_then(|kings| atomic_fast::is_legal(pos.setup(), kings, mv));
            if fast.unwrap_or_else(|| is_legal(pos, mv)) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn legal_count(pos: &Position<Self>) -> usize {
        let counted = Kings::of(pos.setup())
            .and_then(|kings| atomic_fast::legal_count(pos, kings, |mv| is_legal(pos, mv)));
        counted.unwrap_or_else(|| {
            let mut moves = LooseMoveList::new();
            Self::legal(pos, Bitboard::FULL, Bitboard::FULL, &mut moves);
            moves.len()
        })
    }

    fn is_variant_end(s: &Setup) -> bool {
        !Color::ALL.iter().all(|&c| has_king(s, c))
    }

    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        let kings = !s.kind(Piece::King).is_empty();
        if kings && !has_king(s, s.turn) {
            return Some(Outcome {
                termination: Termination::VariantLoss,
                winner: Some(!s.turn),
            });
        }
        if kings && !has_king(s, !s.turn) {
            return Some(Outcome {
                termination: Termination::VariantWin,
                winner: Some(s.turn),
            });
        }
        None
    }

    fn has_insufficient_material(s: &Setup, color: Color) -> bool {
        let kings = s.kind(Piece::King);
        let (ours, theirs) = (s.side(color), s.side(!color));
        if !theirs.intersects(kings) {
            return false;
        }
        if (ours - kings).is_empty() {
            return true;
        }
        let bishops = s.kind(Piece::Bishop);
        if !(theirs - kings).is_empty() {
            // Unless only bishops that cannot explode each other remain.
            if s.occupied() == bishops | kings {
                let white = bishops & s.side(Color::White);
                let black = bishops & s.side(Color::Black);
                if !white.intersects(Bitboard::DARK_SQUARES) {
                    return !black.intersects(Bitboard::LIGHT_SQUARES);
                }
                if !white.intersects(Bitboard::LIGHT_SQUARES) {
                    return !black.intersects(Bitboard::DARK_SQUARES);
                }
            }
            return false;
        }
        if !(s.kind(Piece::Queen) | s.kind(Piece::Pawn)).is_empty() {
            return false;
        }
        let minors_and_rooks = s.kind(Piece::Knight) | bishops | s.kind(Piece::Rook);
        if minors_and_rooks.len() == 1 {
            return true;
        }
        if s.occupied() == s.kind(Piece::Knight) | kings {
            return s.kind(Piece::Knight).len() <= 2;
        }
        false
    }

    fn checkers(s: &Setup) -> Bitboard {
        if kings_connected(s) {
            Bitboard::EMPTY
        } else {
            s.checkers()
        }
    }

    fn was_into_check(s: &Setup) -> bool {
        was_into_check(s)
    }

    fn status(pos: &Position<Self>, standard: Status) -> Status {
        atomic_status(pos, standard)
    }

    fn is_into_check(pos: &Position<Self>, mv: Move) -> bool {
        let mut after = *pos.setup();
        let capture = push(&mut after, mv);
        Self::after_play(&mut after, mv, capture);
        was_into_check(&after)
    }

    fn attacked_for_king(s: &Setup, path: Bitboard, occupied: Bitboard) -> bool {
        // The king may castle onto squares next to the enemy king.
        let mut path = path;
        for king in s.pieces_of(!s.turn, Piece::King) {
            path -= attacks::king(king);
        }
        movegen::attacked_for_king(s, path, occupied)
    }

    fn after_play(s: &mut Setup, _mv: Move, capture: Option<Capture>) {
        let Some(capture) = capture else { return };
        let radius = attacks::king(capture.to) - s.kind(Piece::Pawn);
        s.castling -= radius;
        let unpromoted_kings = s.kind(Piece::King) - s.promoted;
        for color in Color::ALL {
            if radius.intersects(unpromoted_kings & s.side(color)) {
                s.castling -= color.back_rank().bitboard();
            }
        }
        s.remove(capture.to);
        for square in HighFirst(radius) {
            s.remove(square);
        }
    }
}
