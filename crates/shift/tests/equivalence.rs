//! Every way of computing a piece's attacks gives the same set, for every
//! square: the core's lookup, masked shifts (and both fills for sliders),
//! offset walking, and the lazily built tables.

mod common;

use bitmoves::{Bitboard, Color, Square, attacks};
use bitmoves_shift::{kings, knights, lazy, offset, pawns, sliders};
use common::bitboard;
use proptest::prelude::*;

#[test]
fn knight_and_king_shift_equal_lookup_equal_offset_equal_lazy_on_every_square() {
    type Leaper = fn(Square) -> Bitboard;
    let leapers: [(&str, [Leaper; 4]); 2] = [
        (
            "knight",
            [
                attacks::knight,
                knights::attacks,
                offset::knight,
                lazy::knight,
            ],
        ),
        (
            "king",
            [attacks::king, kings::attacks, offset::king, lazy::king],
        ),
    ];
    for (piece, [lookup, shift, by_offset, by_lazy]) in leapers {
        for sq in Square::ALL {
            let expected = lookup(sq);
            assert_eq!(shift(sq), expected, "shift, {piece} {sq}");
            assert_eq!(by_offset(sq), expected, "offset, {piece} {sq}");
            assert_eq!(by_lazy(sq), expected, "lazy, {piece} {sq}");
        }
    }
}

#[test]
fn pawn_shift_equals_lookup_equals_offset_equals_lazy_on_every_square_for_both_colors() {
    for color in Color::ALL {
        for sq in Square::ALL {
            let lookup = attacks::pawn(color, sq);
            assert_eq!(
                pawns::attacks(color, sq.bitboard()),
                lookup,
                "shift, {color} {sq}"
            );
            assert_eq!(offset::pawn(color, sq), lookup, "offset, {color} {sq}");
            assert_eq!(lazy::pawn(color, sq), lookup, "lazy, {color} {sq}");
        }
    }
}

/// One way of computing a slider's attacks.
type Method = fn(Square, Bitboard) -> Bitboard;

/// Every way of computing a slider's attacks, the lookup first:
/// `attacks::PIECE`, the Kogge-Stone fill, the step fill (`STEPS`), offset
/// walking and the lazily built table.
macro_rules! methods {
    ($piece:ident, $steps:ident) => {
        [
            ("lookup", attacks::$piece as Method),
            ("Kogge-Stone", sliders::$piece),
            ("step fill", sliders::$steps),
            ("offset", offset::$piece),
            ("lazy", lazy::$piece),
        ]
    };
}

/// Every way of computing a rook's attacks.
const ROOK: [(&str, Method); 5] = methods!(rook, rook_by_steps);
/// Every way of computing a bishop's attacks.
const BISHOP: [(&str, Method); 5] = methods!(bishop, bishop_by_steps);
/// Every way of computing a queen's attacks.
const QUEEN: [(&str, Method); 5] = methods!(queen, queen_by_steps);

/// Checks every method against the first (the lookup) for one square and
/// occupancy, naming the method that disagrees.
fn assert_methods_agree(
    piece: &str,
    methods: &[(&str, Method); 5],
    sq: Square,
    occupied: Bitboard,
) {
    let lookup = methods[0].1(sq, occupied);
    for (name, method) in &methods[1..] {
        assert_eq!(
            method(sq, occupied),
            lookup,
            "{piece} {name}, {sq}, occupied {occupied:#?}"
        );
    }
}

/// Exhaustive: only the relevant mask's squares change a slider's attacks,
/// so all of its subsets cover every occupancy that matters.
#[test]
fn rook_fills_offset_and_lazy_equal_lookup_for_every_square_and_every_relevant_occupancy() {
    for sq in Square::ALL {
        for occupied in lazy::subsets(lazy::rook_mask(sq)) {
            assert_methods_agree("rook", &ROOK, sq, occupied);
        }
    }
}

#[test]
fn bishop_fills_offset_and_lazy_equal_lookup_for_every_square_and_every_relevant_occupancy() {
    for sq in Square::ALL {
        for occupied in lazy::subsets(lazy::bishop_mask(sq)) {
            assert_methods_agree("bishop", &BISHOP, sq, occupied);
        }
    }
}

#[test]
fn relevant_masks_match_the_known_sizes() {
    // 102,400 rook and 5,248 bishop occupancies: the classic table sizes.
    let rook: usize = Square::ALL
        .map(|sq| 1 << lazy::rook_mask(sq).len())
        .iter()
        .sum();
    let bishop: usize = Square::ALL
        .map(|sq| 1 << lazy::bishop_mask(sq).len())
        .iter()
        .sum();
    assert_eq!((rook, bishop), (102_400, 5_248));
}

proptest! {
    /// For every square and any occupancy (edge squares and the slider's
    /// own square included): both fills == lookup == offset == lazy.
    #[test]
    fn every_slider_method_equals_lookup_for_every_square_and_any_occupancy(occupied in bitboard()) {
        for sq in Square::ALL {
            assert_methods_agree("rook", &ROOK, sq, occupied);
            assert_methods_agree("bishop", &BISHOP, sq, occupied);
            assert_methods_agree("queen", &QUEEN, sq, occupied);
        }
    }

    /// For every square and any own pieces: shift moves == lookup - own.
    #[test]
    fn leaper_moves_are_attacks_without_own_pieces(own in bitboard()) {
        for sq in Square::ALL {
            prop_assert_eq!(knights::moves(sq, own), attacks::knight(sq) - own);
            prop_assert_eq!(kings::moves(sq, own), attacks::king(sq) - own);
        }
    }

    /// For any set of kings: set-wise attacks == union of per-square lookups.
    #[test]
    fn king_set_attacks_equal_the_union_of_lookups(kings in bitboard()) {
        let union = kings.iter().fold(Bitboard::EMPTY, |set, sq| set | attacks::king(sq));
        prop_assert_eq!(kings::set_attacks(kings), union);
    }
}
