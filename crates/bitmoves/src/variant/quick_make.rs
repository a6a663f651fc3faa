//! python-chess's `push` for the moves games are made of, on bitboards:
//! a piece of the side to move going to a square that is empty or the
//! other side's, neither a drop nor castling. Every other move, and any
//! setup whose colour and kind bitboards disagree on the two squares,
//! goes through [`make::push`], whose result this equals (unit tests
//! below, on every move of random playouts of each variant).

use super::make::{self, Capture};
use crate::setup::Setup;
use crate::{Color, Move, Piece};

/// The kind on `square` as [`Setup::piece_kind_on`] finds it (the first
/// kind, in [`Piece::ALL`]'s order, whose bitboard holds it).
#[inline(always)]
fn kind_on(s: &Setup, square: crate::Square) -> Option<Piece> {
    Piece::ALL
        .into_iter()
        .find(|&piece| s.kind(piece).contains(square))
}

/// Plays `mv` on `s` as [`make::push`] does and returns the capture.
#[inline]
pub(crate) fn push(s: &mut Setup, mv: Move) -> Option<Capture> {
    let us = s.turn;
    let (ours, theirs) = (s.side(us), s.side(!us));
    let (from_bb, to_bb) = (mv.from.bitboard(), mv.to.bitboard());
    if mv.from == mv.to || !ours.contains(mv.from) || theirs.contains(mv.from) {
        return make::push(s, mv);
    }
    if ours.contains(mv.to) {
        return make::push(s, mv);
    }
    let Some(mut piece) = kind_on(s, mv.from) else {
        return make::push(s, mv);
    };
    let taken = kind_on(s, mv.to);
    if taken.is_some() != theirs.contains(mv.to) {
        return make::push(s, mv);
    }
    let files = mv.from.file().index().abs_diff(mv.to.file().index());
    if piece == Piece::King && files > 1 {
        // The two-square step is castling on a standard board.
        return make::push(s, mv);
    }
    let ep = s.ep_square.take();
    s.halfmove_clock = s.halfmove_clock.saturating_add(1);
    if us == Color::Black {
        s.fullmove_number = s.fullmove_number.saturating_add(1);
    }
    if piece == Piece::Pawn || taken.is_some() {
        s.halfmove_clock = 0;
    }
    let mut promoted = s.promoted.contains(mv.from);
    s.pieces[piece.index()] -= from_bb;
    s.colors[us.index()] -= from_bb;
    s.promoted -= from_bb;
    let mut captured = taken.map(|taken| Capture {
        square: mv.to,
        piece: taken,
        promoted: s.promoted.contains(mv.to),
        to: mv.to,
    });
    s.castling -= to_bb | from_bb;
    if piece == Piece::King && !promoted {
        s.castling -= us.back_rank().bitboard();
    } else if captured.is_some_and(|c| c.piece == Piece::King && !c.promoted)
        && mv.to.rank() == (!us).back_rank()
    {
        s.castling -= (!us).back_rank().bitboard();
    }
    if piece == Piece::Pawn {
        make::pawn_step(s, us, mv, ep, &mut captured);
    }
    if let Some(promotion) = mv.promotion {
        promoted = true;
        piece = promotion;
    }
    if let Some(taken) = taken {
        s.pieces[taken.index()] -= to_bb;
        s.colors[(!us).index()] -= to_bb;
        s.promoted -= to_bb;
    }
    s.pieces[piece.index()] |= to_bb;
    s.colors[us.index()] |= to_bb;
    if promoted {
        s.promoted |= to_bb;
    }
    s.turn = !us;
    captured
}

#[cfg(test)]
mod tests {
    use super::super::{
        Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, LooseMoveList, Position,
        RacingKings, Standard, Suicide, ThreeCheck, Variant,
    };
    use super::*;
    use crate::{Bitboard, Square};

    /// A small seeded random source (xorshift64*).
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }

    /// Checks `push` against `make::push` for `mv` on `s`.
    fn same(s: &Setup, mv: Move) {
        let (mut quick, mut plain) = (*s, *s);
        let (a, b) = (push(&mut quick, mv), make::push(&mut plain, mv));
        assert_eq!((quick, a), (plain, b), "{mv:?} on {s:?}");
    }

    /// Law: on random playouts of `V` from its start and from a
    /// middlegame, for every pseudo-legal move (promotions, en passant and
    /// castling included) and a few arbitrary ones, the quick push gives
    /// `make::push`'s setup and capture.
    fn law<V: Variant>(seed: u64) {
        let mut random = Random(seed | 1);
        let fens = [
            V::KIND.start_fen(),
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in fens {
            for _ in 0..20 {
                let Ok(mut pos) = Position::<V>::from_fen(fen, random.below(2) == 0) else {
                    continue;
                };
                for _ in 0..120 {
                    let mut pseudo = LooseMoveList::new();
                    pos.generate_pseudo_legal(Bitboard::FULL, Bitboard::FULL, &mut pseudo);
                    for &mv in pseudo.iter() {
                        same(pos.setup(), mv);
                    }
                    for _ in 0..4 {
                        let from = Square::ALL[random.below(64)];
                        let to = Square::ALL[random.below(64)];
                        let promotion =
                            [None, Some(Piece::Queen), Some(Piece::King)][random.below(3)];
                        same(
                            pos.setup(),
                            Move {
                                from,
                                to,
                                promotion,
                            },
                        );
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[random.below(moves.len())]);
                }
            }
        }
    }

    #[test]
    fn quick_push_equals_push() {
        law::<Standard>(1);
        law::<KingOfTheHill>(2);
        law::<ThreeCheck>(3);
        law::<RacingKings>(4);
        law::<Horde>(5);
        law::<Suicide>(6);
        law::<Giveaway>(7);
        law::<Antichess>(8);
        law::<Atomic>(9);
        law::<Crazyhouse>(10);
    }

    /// Setups whose bitboards disagree go through `make::push` unchanged.
    #[test]
    fn inconsistent_setups_take_the_plain_path() {
        let mut s = Setup::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").expect("a FEN");
        s.pieces[Piece::Knight.index()] |= Square::E3.bitboard();
        same(&s, Move::new(Square::E2, Square::E3));
        s.colors[Color::Black.index()] |= Square::E2.bitboard();
        same(&s, Move::new(Square::E2, Square::E4));
        let mut s = Setup::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").expect("a FEN");
        s.promoted |= Square::E4.bitboard();
        same(&s, Move::new(Square::E2, Square::E4));
    }
}
