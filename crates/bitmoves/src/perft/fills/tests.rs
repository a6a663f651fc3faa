//! The fills' laws: each kind of fills (AVX-512, AVX2, where this CPU
//! has it) gives what the table lookups give, piece by piece.

use super::*;
use crate::attacks::{self, Magic, Sliders};
use crate::{Board, Piece};

/// The positions the laws are checked on: every position up to two
/// plies below the make tests' positions (castling, en passant,
/// promotions, Chess960).
fn boards() -> std::vec::Vec<Board> {
    crate::board::MAKE_TEST_FENS
        .into_iter()
        .flat_map(crate::board::up_to_two_plies_below)
        .collect()
}

/// Law: the fills' attack map of a side's knights and sliders is the
/// union of each piece's table lookup, with and without a king taken
/// off the board; for the AVX-512 and the AVX2 fills, where this CPU
/// has them.
#[test]
fn the_attack_map_is_the_union_of_the_lookups() {
    with_each_kind_of_fills!(attack_map_law);
}

/// Runs `$law` with the AVX-512 and the AVX2 fills, where this CPU has
/// them.
macro_rules! with_each_kind_of_fills {
    ($law:ident) => {
        if let Some(fills) = Avx512Fills::detect() {
            $law(fills);
        }
        if let Some(fills) = Avx2Fills::detect() {
            $law(fills);
        }
    };
}
use with_each_kind_of_fills;

/// Calls `law` with each board of [`boards`] and each side.
fn each_side(mut law: impl FnMut(&Board, crate::Color, Bitboard)) {
    for board in boards() {
        for side in [crate::Color::White, crate::Color::Black] {
            law(&board, side, board.colors(side));
        }
    }
}

/// Calls `law` with each board of [`boards`], each side's diagonal
/// sliders, orthogonal sliders and knights, and the occupancy with and
/// without the other side's king.
fn each_side_and_occupancy(mut law: impl FnMut(&Board, Bitboard, Bitboard, Bitboard, Bitboard)) {
    each_side(|board, side, ours| {
        let queens = board.pieces(Piece::Queen);
        let diagonal = (board.pieces(Piece::Bishop) | queens) & ours;
        let orthogonal = (board.pieces(Piece::Rook) | queens) & ours;
        let knights = board.pieces(Piece::Knight) & ours;
        for occupied in [
            board.occupied(),
            board.occupied() - board.king(!side).bitboard(),
        ] {
            law(board, diagonal, orthogonal, knights, occupied);
        }
    });
}

fn attack_map_law(fills: impl SetwiseFills) {
    each_side_and_occupancy(|board, diagonal, orthogonal, knights, occupied| {
        let mut expected = Bitboard::EMPTY;
        for from in knights {
            expected |= attacks::knight(from);
        }
        for from in diagonal {
            expected |= Magic.bishop(from, occupied);
        }
        for from in orthogonal {
            expected |= Magic.rook(from, occupied);
        }
        assert_eq!(
            fills.attacks(diagonal, orthogonal, knights, occupied),
            expected,
            "{board}"
        );
    });
}

/// Law: the fills' attack layers hold the squares that one or more,
/// and two or more, of a side's sliders (and, apart, of its knights)
/// attack by their table lookups, with and without a king taken off
/// the board; for the AVX-512 and the AVX2 fills, where this CPU has
/// them.
#[test]
fn the_attack_layers_count_the_lookups() {
    with_each_kind_of_fills!(attack_layers_law);
}

fn attack_layers_law(fills: impl SetwiseFills) {
    each_side_and_occupancy(|board, diagonal, orthogonal, knights, occupied| {
        // Each square's attackers, counted one piece at a time.
        let mut sliders = [0; 64];
        let mut leapers = [0; 64];
        for from in diagonal | orthogonal {
            let mut reach = Bitboard::EMPTY;
            if diagonal.contains(from) {
                reach |= Magic.bishop(from, occupied);
            }
            if orthogonal.contains(from) {
                reach |= Magic.rook(from, occupied);
            }
            reach.into_iter().for_each(|to| sliders[to.index()] += 1);
        }
        for from in knights {
            attacks::knight(from)
                .into_iter()
                .for_each(|to| leapers[to.index()] += 1);
        }
        let at_least = |counts: &[u32; 64], n: u32| {
            Bitboard::FULL
                .into_iter()
                .filter(|to| counts[to.index()] >= n)
                .collect::<Bitboard>()
        };
        let expected = AttackLayers {
            sliders: at_least(&sliders, 1),
            sliders_twice: at_least(&sliders, 2),
            knights: at_least(&leapers, 1),
            knights_twice: at_least(&leapers, 2),
        };
        assert_eq!(
            fills.attack_layers(diagonal, orthogonal, knights, occupied),
            expected,
            "{board}"
        );
    });
}

/// Law: the fills' move count is the sum over the pieces of their
/// lookups' squares in the target, for the whole board and for a
/// check's evasion squares alike; for the AVX-512 and the AVX2 fills,
/// where this CPU has them.
#[test]
fn the_move_count_is_the_sum_of_the_lookups() {
    with_each_kind_of_fills!(move_count_law);
}

fn move_count_law(fills: impl SetwiseFills) {
    each_side(|board, side, ours| {
        let queens = board.pieces(Piece::Queen) & ours;
        let bishops = board.pieces(Piece::Bishop) & ours;
        let rooks = board.pieces(Piece::Rook) & ours;
        let knights = board.pieces(Piece::Knight) & ours;
        let occupied = board.occupied();
        let king = board.king(!side);
        for target in [
            !ours,
            board.colors(!side),
            !ours & attacks::queen(king, occupied),
        ] {
            let mut expected = 0;
            for from in knights {
                expected += (attacks::knight(from) & target).len();
            }
            for from in bishops {
                expected += (Magic.bishop(from, occupied) & target).len();
            }
            for from in rooks {
                expected += (Magic.rook(from, occupied) & target).len();
            }
            for from in queens {
                expected += (Magic.queen(from, occupied) & target).len();
            }
            let count =
                fills.move_count(bishops | queens, rooks | queens, knights, occupied, target);
            assert_eq!(count, expected, "{board}");
        }
    });
}
