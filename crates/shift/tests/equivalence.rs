//! Every way of computing a piece's attacks gives the same set, for every
//! square: the core's lookup, masked shifts (and both fills for sliders),
//! offset walking, and the lazily built tables.

mod common;

use bitmoves::{Bitboard, Color, Square, attacks};
use bitmoves_shift::{kings, knights, lazy, offset, pawns, sliders};
use common::bitboard;
use proptest::prelude::*;

#[test]
fn knight_shift_equals_lookup_equals_offset_equals_lazy_on_every_square() {
    for sq in Square::ALL {
        let lookup = attacks::knight(sq);
        assert_eq!(knights::attacks(sq), lookup, "shift, {sq}");
        assert_eq!(offset::knight(sq), lookup, "offset, {sq}");
        assert_eq!(lazy::knight(sq), lookup, "lazy, {sq}");
    }
}

#[test]
fn king_shift_equals_lookup_equals_offset_equals_lazy_on_every_square() {
    for sq in Square::ALL {
        let lookup = attacks::king(sq);
        assert_eq!(kings::attacks(sq), lookup, "shift, {sq}");
        assert_eq!(offset::king(sq), lookup, "offset, {sq}");
        assert_eq!(lazy::king(sq), lookup, "lazy, {sq}");
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

/// Checks every slider method against the lookup for one square and
/// occupancy, naming the method that disagrees.
fn assert_sliders_agree(sq: Square, occupied: Bitboard) {
    let rook = attacks::rook(sq, occupied);
    let bishop = attacks::bishop(sq, occupied);
    let queen = attacks::queen(sq, occupied);
    let context = format!("{sq}, occupied {occupied:#?}");
    assert_eq!(
        sliders::rook(sq, occupied),
        rook,
        "rook Kogge-Stone, {context}"
    );
    assert_eq!(
        sliders::rook_by_steps(sq, occupied),
        rook,
        "rook step fill, {context}"
    );
    assert_eq!(offset::rook(sq, occupied), rook, "rook offset, {context}");
    assert_eq!(lazy::rook(sq, occupied), rook, "rook lazy, {context}");
    assert_eq!(
        sliders::bishop(sq, occupied),
        bishop,
        "bishop Kogge-Stone, {context}"
    );
    assert_eq!(
        sliders::bishop_by_steps(sq, occupied),
        bishop,
        "bishop step fill, {context}"
    );
    assert_eq!(
        offset::bishop(sq, occupied),
        bishop,
        "bishop offset, {context}"
    );
    assert_eq!(lazy::bishop(sq, occupied), bishop, "bishop lazy, {context}");
    assert_eq!(
        sliders::queen(sq, occupied),
        queen,
        "queen Kogge-Stone, {context}"
    );
    assert_eq!(
        sliders::queen_by_steps(sq, occupied),
        queen,
        "queen step fill, {context}"
    );
    assert_eq!(
        offset::queen(sq, occupied),
        queen,
        "queen offset, {context}"
    );
    assert_eq!(lazy::queen(sq, occupied), queen, "queen lazy, {context}");
}

/// Exhaustive: only the relevant mask's squares change a slider's attacks,
/// so all of its subsets cover every occupancy that matters.
#[test]
fn rook_fills_offset_and_lazy_equal_lookup_for_every_square_and_every_relevant_occupancy() {
    for sq in Square::ALL {
        for occupied in lazy::subsets(lazy::rook_mask(sq)) {
            let lookup = attacks::rook(sq, occupied);
            assert_eq!(
                sliders::rook(sq, occupied),
                lookup,
                "Kogge-Stone, {sq} {occupied:?}"
            );
            assert_eq!(
                sliders::rook_by_steps(sq, occupied),
                lookup,
                "steps, {sq} {occupied:?}"
            );
            assert_eq!(
                offset::rook(sq, occupied),
                lookup,
                "offset, {sq} {occupied:?}"
            );
            assert_eq!(lazy::rook(sq, occupied), lookup, "lazy, {sq} {occupied:?}");
        }
    }
}

#[test]
fn bishop_fills_offset_and_lazy_equal_lookup_for_every_square_and_every_relevant_occupancy() {
    for sq in Square::ALL {
        for occupied in lazy::subsets(lazy::bishop_mask(sq)) {
            let lookup = attacks::bishop(sq, occupied);
            assert_eq!(
                sliders::bishop(sq, occupied),
                lookup,
                "Kogge-Stone, {sq} {occupied:?}"
            );
            assert_eq!(
                sliders::bishop_by_steps(sq, occupied),
                lookup,
                "steps, {sq} {occupied:?}"
            );
            assert_eq!(
                offset::bishop(sq, occupied),
                lookup,
                "offset, {sq} {occupied:?}"
            );
            assert_eq!(
                lazy::bishop(sq, occupied),
                lookup,
                "lazy, {sq} {occupied:?}"
            );
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
            assert_sliders_agree(sq, occupied);
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
