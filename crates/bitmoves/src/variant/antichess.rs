//! Antichess in python-chess's three forms: [`Suicide`], [`Giveaway`] and
//! [`Antichess`] (Lichess's: Giveaway without castling rights at the
//! start). No check, captures compulsory, kings are ordinary pieces and
//! pawns may promote to them; losing every piece wins.

use super::antichess_moves;
use super::movegen::{castling_moves, ep_square, is_en_passant, pseudo_legal, pseudo_legal_ep};
use super::{LooseMoveList, Outcome, Position, Status, Termination, Variant, VariantKind};
use crate::setup::Setup;
use crate::{Bitboard, Color, Piece, Rank, attacks};

/// Antichess where a stalemated side wins with fewer pieces, loses with
/// more and draws with as many (python-chess's `SuicideBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Suicide;

/// Antichess where a stalemated side wins (python-chess's
/// `GiveawayBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Giveaway;

/// Lichess's Antichess: Giveaway's rules from a start without castling
/// rights (python-chess's `AntichessBoard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Antichess;

/// The legal moves: the captures if there are any (every capture counts,
/// whatever the masks), else the other moves but en passant. Over every
/// square, from one pass over the attack sets ([`antichess_moves`]).
fn legal<V: Variant>(
    pos: &Position<V>,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    if from_mask == Bitboard::FULL && to_mask == Bitboard::FULL {
        antichess_moves::legal_moves(pos, out);
        return;
    }
    let s = pos.setup();
    let start = out.len();
    pseudo_legal::<V>(s, pos.is_chess960(), Bitboard::FULL, s.side(!s.turn), out);
    pseudo_legal_ep(s, Bitboard::FULL, Bitboard::FULL, out);
    if out.len() > start {
        if from_mask != Bitboard::FULL || to_mask != Bitboard::FULL {
            let mut keep = start;
            for i in start..out.len() {
                let mv = out[i];
                if from_mask.contains(mv.from) && to_mask.contains(mv.to) {
                    out[keep] = mv;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        return;
    }
    pseudo_legal::<V>(
        s,
        pos.is_chess960(),
        from_mask,
        to_mask - s.side(!s.turn),
        out,
    );
    let mut keep = start;
    for i in start..out.len() {
        let mv = out[i];
        if !is_en_passant(s, mv) {
            out[keep] = mv;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// How many moves [`legal`] gives over every square, counted from the
/// attack sets without listing them: the captures (a pawn's onto the last
/// rank once per promotion, en passant included) if there are any, else
/// the other moves.
fn legal_count<V: Variant>(pos: &Position<V>) -> usize {
    let s = pos.setup();
    let us = s.turn;
    let (ours, theirs) = (s.side(us), s.side(!us));
    let occupied = s.occupied();
    let promotions = if V::KING_PROMOTIONS { 5 } else { 4 };
    let pawns = s.kind(Piece::Pawn) & ours;
    let pawn_moves = |targets: Bitboard| {
        (targets - Bitboard::BACK_RANKS).len() + promotions * (targets & Bitboard::BACK_RANKS).len()
    };
    let piece_moves = |targets: Bitboard| {
        let mut count = 0;
        for from in s.pieces_of(us, Piece::Knight) {
            count += (attacks::knight(from) & targets).len();
        }
        for from in s.pieces_of(us, Piece::King) {
            count += (attacks::king(from) & targets).len();
        }
        for from in ours & s.diagonal_sliders() {
            count += (attacks::bishop(from, occupied) & targets).len();
        }
        for from in ours & s.straight_sliders() {
            count += (attacks::rook(from, occupied) & targets).len();
        }
        count
    };
    let mut captures = piece_moves(theirs);
    for from in pawns {
        captures += pawn_moves(attacks::pawn(us, from) & theirs);
    }
    if let Some(ep) = ep_square(s)
        && !occupied.contains(ep)
    {
        let fifth = Rank::Fifth.relative_to(us).bitboard();
        captures += (pawns & attacks::pawn(!us, ep) & fifth).len();
    }
    if captures > 0 {
        return captures;
    }
    let empty = !occupied;
    let single = pawns.forward(us) & empty;
    let double_ranks = match us {
        Color::White => Bitboard::ranks(&[Rank::Third, Rank::Fourth]),
        Color::Black => Bitboard::ranks(&[Rank::Sixth, Rank::Fifth]),
    };
    let double = single.forward(us) & empty & double_ranks;
    let mut quiet = piece_moves(empty) + pawn_moves(single) + double.len();
    if s.castling.intersects(us.back_rank().bitboard()) {
        let mut castling = LooseMoveList::new();
        let to_mask = Bitboard::FULL - theirs;
        castling_moves::<V>(s, pos.is_chess960(), Bitboard::FULL, to_mask, &mut castling);
        quiet += castling.len();
    }
    quiet
}

/// Whether one side has no pieces left.
fn variant_end(s: &Setup) -> bool {
    Color::ALL.iter().any(|&c| s.side(c).is_empty())
}

/// python-chess's `is_stalemate` here: no legal move, the game not over.
fn stalemate<V: Variant>(pos: &Position<V>) -> bool {
    !variant_end(pos.setup()) && pos.legal_moves().is_empty()
}

/// Whether `color` cannot win: it cannot lose all its pieces
/// (python-chess's `SuicideBoard.has_insufficient_material`).
fn insufficient_material(s: &Setup, color: Color) -> bool {
    let (ours, theirs) = (s.side(color), s.side(!color));
    if ours.is_empty() {
        return false;
    }
    if theirs.is_empty() {
        return true;
    }
    let occupied = s.occupied();
    if occupied == s.kind(Piece::Bishop) {
        let we_light = ours.intersects(Bitboard::LIGHT_SQUARES);
        let we_dark = ours.intersects(Bitboard::DARK_SQUARES);
        let they_all_dark = !theirs.intersects(Bitboard::LIGHT_SQUARES);
        let they_all_light = !theirs.intersects(Bitboard::DARK_SQUARES);
        return (we_light && they_all_dark) || (we_dark && they_all_light);
    }
    if occupied == s.kind(Piece::Knight) && s.kind(Piece::Knight).len() == 2 {
        // python-chess: `turn == (color ^ white-on-light ^ black-on-dark)`.
        let white_light = s.side(Color::White).intersects(Bitboard::LIGHT_SQUARES);
        let black_dark = s.side(Color::Black).intersects(Bitboard::DARK_SQUARES);
        let color_bit = color == Color::White;
        return (s.turn == Color::White) == (color_bit ^ white_light ^ black_dark);
    }
    false
}

fn result(termination: Termination, winner: Option<Color>) -> Option<Outcome> {
    Some(Outcome {
        termination,
        winner,
    })
}

/// The hooks all three share.
macro_rules! antichess_rules {
    ($rules:ident, $outcome:item) => {
        impl Variant for $rules {
            const KIND: VariantKind = VariantKind::$rules;
            const KING_PROMOTIONS: bool = true;

            fn legal(pos: &Position<Self>, from_mask: Bitboard, to_mask: Bitboard, out: &mut LooseMoveList) {
                legal(pos, from_mask, to_mask, out);
            }

            fn legal_count(pos: &Position<Self>) -> usize {
                legal_count(pos)
            }

            fn is_variant_end(s: &Setup) -> bool {
                variant_end(s)
            }

            $outcome

            fn has_insufficient_material(s: &Setup, color: Color) -> bool {
                insufficient_material(s, color)
            }

            fn checkers(_s: &Setup) -> Bitboard {
                Bitboard::EMPTY
            }

            fn is_into_check(_pos: &Position<Self>, _mv: crate::Move) -> bool {
                false
            }

            fn was_into_check(_s: &Setup) -> bool {
                false
            }

            fn status(_pos: &Position<Self>, standard: Status) -> Status {
                standard
                    - Status::NO_WHITE_KING
                    - Status::NO_BLACK_KING
                    - Status::TOO_MANY_KINGS
                    - Status::OPPOSITE_CHECK
            }

            fn attacked_for_king(_s: &Setup, _path: Bitboard, _occupied: Bitboard) -> bool {
                false
            }

            fn fen_shows_promoted(pos: &Position<Self>) -> bool {
                pos.has_chess960_castling_rights()
            }
        }
    };
}

antichess_rules!(
    Suicide,
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let s = pos.setup();
        if s.side(s.turn).is_empty() {
            return result(Termination::VariantWin, Some(s.turn));
        }
        if !stalemate(pos) {
            return None;
        }
        let balance = s.side(s.turn).len() as i32 - s.side(!s.turn).len() as i32;
        match balance.signum() {
            1 => result(Termination::VariantLoss, Some(!s.turn)),
            -1 => result(Termination::VariantWin, Some(s.turn)),
            _ => result(Termination::VariantDraw, None),
        }
    }
);

/// Giveaway's and Antichess's result: a side with no pieces or no move wins.
fn giveaway_outcome<V: Variant>(pos: &Position<V>) -> Option<Outcome> {
    let s = pos.setup();
    (s.side(s.turn).is_empty() || stalemate(pos)).then_some(Outcome {
        termination: Termination::VariantWin,
        winner: Some(s.turn),
    })
}

antichess_rules!(
    Giveaway,
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        giveaway_outcome(pos)
    }
);

antichess_rules!(
    Antichess,
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        giveaway_outcome(pos)
    }
);
