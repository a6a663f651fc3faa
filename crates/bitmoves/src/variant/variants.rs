//! Each variant's rules type: a zero-sized [`Variant`] whose hooks say
//! what differs from the standard rules, as python-chess's
//! `chess.variant` board classes do.

use super::horde::horde_insufficient_material;
use super::make::{Capture, push};
use super::{LooseMoveList, Outcome, Position, Status, Termination, Variant, VariantKind, movegen};
use crate::setup::{Setup, highest};
use crate::{Bitboard, Color, Move, Piece, Rank, Square, attacks};

/// The outcome of a variant's win, loss or draw for the side to move,
/// checked in python-chess's order (loss, win, draw).
fn variant_result(s: &Setup, loss: bool, win: bool, draw: bool) -> Option<Outcome> {
    let (termination, winner) = if loss {
        (Termination::VariantLoss, Some(!s.turn))
    } else if win {
        (Termination::VariantWin, Some(s.turn))
    } else if draw {
        (Termination::VariantDraw, None)
    } else {
        return None;
    };
    Some(Outcome {
        termination,
        winner,
    })
}

/// The standard rules on any setup (python-chess's `chess.Board`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

/// King of the Hill: a king reaching d4, e4, d5 or e5 wins
/// (python-chess's `KingOfTheHillBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KingOfTheHill;

/// The four centre squares.
const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

impl KingOfTheHill {
    fn on_hill(s: &Setup, color: Color) -> bool {
        s.pieces_of(color, Piece::King).intersects(CENTER)
    }
}

/// Three-check: giving the third check wins; the setup's
/// `remaining_checks` count down (python-chess's `ThreeCheckBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThreeCheck;

/// Racing Kings: no move may give check; the first king on the eighth
/// rank wins, unless Black's king reaches it on the next move
/// (python-chess's `RacingKingsBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RacingKings;

impl RacingKings {
    /// Whether `mv` leaves the opponent in check.
    fn gives_check(s: &Setup, mv: Move) -> bool {
        let mut after = *s;
        push(&mut after, mv);
        !after.checkers().is_empty()
    }

    fn in_goal(s: &Setup) -> Bitboard {
        s.kind(Piece::King) & Rank::Eighth.bitboard()
    }
}

/// Horde: White's pawns against Black's army; the side left without pieces
/// loses (python-chess's `HordeBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Horde;

impl Variant for Standard {
    const KIND: VariantKind = VariantKind::Standard;
}

impl Variant for KingOfTheHill {
    const KIND: VariantKind = VariantKind::KingOfTheHill;

    fn is_variant_end(s: &Setup) -> bool {
        s.kind(Piece::King).intersects(CENTER)
    }

    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        variant_result(
            s,
            Self::on_hill(s, !s.turn),
            Self::on_hill(s, s.turn),
            false,
        )
    }

    fn has_insufficient_material(_s: &Setup, _color: Color) -> bool {
        false
    }
}

impl Variant for ThreeCheck {
    const KIND: VariantKind = VariantKind::ThreeCheck;
    const CHECKS_IN_FEN: bool = true;

    fn is_variant_end(s: &Setup) -> bool {
        s.remaining_checks.iter().any(|&n| n <= 0)
    }

    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        let ours = s.remaining_checks[s.turn.index()];
        let theirs = s.remaining_checks[(!s.turn).index()];
        variant_result(
            s,
            theirs <= 0 && 0 < ours,
            ours <= 0 && 0 < theirs,
            ours <= 0 && theirs <= 0,
        )
    }

    fn has_insufficient_material(s: &Setup, color: Color) -> bool {
        (s.side(color) - s.kind(Piece::King)).is_empty()
    }

    fn after_play(s: &mut Setup, _mv: Move, _capture: Option<Capture>) {
        if !s.checkers().is_empty() {
            let mover = (!s.turn).index();
            s.remaining_checks[mover] = s.remaining_checks[mover].saturating_sub(1);
        }
    }
}

impl Variant for RacingKings {
    const KIND: VariantKind = VariantKind::RacingKings;

    fn legal(
        pos: &Position<Self>,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        let start = out.len();
        movegen::standard_legal::<Self>(pos.setup(), pos.is_chess960(), from_mask, to_mask, out);
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            if !Self::gives_check(pos.setup(), mv) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn is_variant_end(s: &Setup) -> bool {
        if Self::in_goal(s).is_empty() {
            return false;
        }
        let black_kings = s.pieces_of(Color::Black, Piece::King);
        let Some(black_king) = highest(black_kings) else {
            return true;
        };
        if s.turn == Color::White || black_kings.intersects(Rank::Eighth.bitboard()) {
            return true;
        }
        // White has reached the goal: the game is over unless Black's king
        // has a safe square on the eighth rank.
        let targets = attacks::king(black_king) & (Rank::Eighth.bitboard() - s.side(Color::Black));
        targets
            .into_iter()
            .all(|target: Square| !s.attackers(Color::White, target).is_empty())
    }

    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        let in_goal = Self::in_goal(s);
        let end = Self::is_variant_end(s);
        variant_result(
            s,
            end && !in_goal.intersects(s.side(s.turn)),
            end && in_goal.intersects(s.side(s.turn)) && !in_goal.intersects(s.side(!s.turn)),
            Color::ALL.iter().all(|&c| in_goal.intersects(s.side(c))),
        )
    }

    fn status(pos: &Position<Self>, mut status: Status) -> Status {
        let s = pos.setup();
        if pos.is_check() {
            status |= Status::RACE_CHECK | Status::TOO_MANY_CHECKERS | Status::IMPOSSIBLE_CHECK;
        }
        let in_goal = Self::in_goal(s);
        if s.turn == Color::Black && Color::ALL.iter().all(|&c| in_goal.intersects(s.side(c))) {
            status |= Status::RACE_OVER;
        }
        let too_many = |color, piece, most| s.pieces_of(color, piece).len() > most;
        let excess = Color::ALL.iter().any(|&c| {
            too_many(c, Piece::Knight, 2)
                || too_many(c, Piece::Bishop, 2)
                || too_many(c, Piece::Rook, 2)
                || too_many(c, Piece::Queen, 1)
        });
        if !s.kind(Piece::Pawn).is_empty() || excess {
            status |= Status::RACE_MATERIAL;
        }
        status
    }

    fn has_insufficient_material(_s: &Setup, _color: Color) -> bool {
        false
    }
}

impl Variant for Horde {
    const KIND: VariantKind = VariantKind::Horde;

    fn is_variant_end(s: &Setup) -> bool {
        Color::ALL.iter().any(|&c| s.side(c).is_empty())
    }

    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        let any = !s.occupied().is_empty();
        variant_result(
            s,
            any && s.side(s.turn).is_empty(),
            any && s.side(!s.turn).is_empty(),
            !any,
        )
    }

    fn has_insufficient_material(s: &Setup, color: Color) -> bool {
        horde_insufficient_material(s, color)
    }

    fn status(pos: &Position<Self>, mut status: Status) -> Status {
        let s = pos.setup();
        status -= Status::NO_WHITE_KING;
        if s.side(Color::White).len() <= 36 {
            status -= Status::TOO_MANY_WHITE_PIECES;
            status -= Status::TOO_MANY_WHITE_PAWNS;
        }
        let pawns = s.kind(Piece::Pawn);
        if !pawns.intersects(Rank::Eighth.bitboard())
            && !(s.side(Color::Black) & pawns).intersects(Rank::First.bitboard())
        {
            status -= Status::PAWNS_ON_BACKRANK;
        }
        if s.side(Color::White).intersects(s.kind(Piece::King)) {
            status |= Status::TOO_MANY_KINGS;
        }
        status
    }
}
