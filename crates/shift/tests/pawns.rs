//! Set-wise pawn pushes and attacks equal a per-pawn reference built with
//! `Square::offset`, for both colours and any position.

mod common;

use bitmoves::{Bitboard, Color, Rank, Square, attacks};
use bitmoves_shift::pawns;
use common::bitboard;
use proptest::prelude::*;

/// One rank forward for `color`.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Single pushes, pawn by pawn.
fn single_by_pawn(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    pawns
        .iter()
        .filter_map(|pawn| pawn.offset(0, forward(color)))
        .filter(|&to| empty.contains(to))
        .collect()
}

/// Double pushes, pawn by pawn: from the starting rank, both squares empty.
fn double_by_pawn(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    let start = Rank::Second.relative_to(color);
    pawns
        .iter()
        .filter(|pawn| pawn.rank() == start)
        .filter_map(|pawn| {
            let one = pawn.offset(0, forward(color))?;
            let two = one.offset(0, forward(color))?;
            (empty.contains(one) && empty.contains(two)).then_some(two)
        })
        .collect()
}

/// Attacks, pawn by pawn, with `Square::offset`.
fn attacks_by_pawn(color: Color, pawns: Bitboard, file_delta: i8) -> Bitboard {
    pawns
        .iter()
        .filter_map(|pawn| pawn.offset(file_delta, forward(color)))
        .collect()
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

proptest! {
    /// For any pawns and empty squares: set-wise single pushes == per pawn.
    #[test]
    fn single_pushes_equal_the_per_pawn_reference(color in color(), pawns in bitboard(), empty in bitboard()) {
        prop_assert_eq!(pawns::single_pushes(color, pawns, empty), single_by_pawn(color, pawns, empty));
    }

    /// For any pawns and empty squares: set-wise double pushes (through the
    /// rank-3/6 mask) == per pawn, so a blocked first square blocks them.
    #[test]
    fn double_pushes_equal_the_per_pawn_reference(color in color(), pawns in bitboard(), empty in bitboard()) {
        prop_assert_eq!(pawns::double_pushes(color, pawns, empty), double_by_pawn(color, pawns, empty));
    }

    /// For any pawns: east/west attacks == per pawn == union of lookups, and
    /// captures are the attacks on enemies.
    #[test]
    fn attacks_and_captures_equal_the_per_pawn_reference(color in color(), pawns in bitboard(), enemies in bitboard()) {
        let east = attacks_by_pawn(color, pawns, 1);
        let west = attacks_by_pawn(color, pawns, -1);
        let lookups = pawns.iter().fold(Bitboard::EMPTY, |set, sq| set | attacks::pawn(color, sq));
        prop_assert_eq!(pawns::east_attacks(color, pawns), east);
        prop_assert_eq!(pawns::west_attacks(color, pawns), west);
        prop_assert_eq!(pawns::attacks(color, pawns), lookups);
        prop_assert_eq!(pawns::east_captures(color, pawns, enemies), east & enemies);
        prop_assert_eq!(pawns::west_captures(color, pawns, enemies), west & enemies);
        prop_assert_eq!(pawns::captures(color, pawns, enemies), lookups & enemies);
    }

    /// For any position: all targets == pushes + captures, per pawn.
    #[test]
    fn targets_are_pushes_and_captures(color in color(), pawns in bitboard(), empty in bitboard(), enemies in bitboard()) {
        let expected = single_by_pawn(color, pawns, empty)
            | double_by_pawn(color, pawns, empty)
            | (attacks_by_pawn(color, pawns, 1) | attacks_by_pawn(color, pawns, -1)) & enemies;
        prop_assert_eq!(pawns::targets(color, pawns, empty, enemies), expected);
    }
}

#[test]
fn a_blocked_first_square_blocks_the_double_push_for_both_colors() {
    for color in Color::ALL {
        let pawn = Square::E2.relative_to(color);
        let blocker = Square::E3.relative_to(color);
        let free = Square::E4.relative_to(color);
        let empty = !(pawn.bitboard() | blocker.bitboard());
        assert!(pawns::double_pushes(color, pawn.bitboard(), empty).is_empty());
        assert_eq!(
            pawns::double_pushes(color, pawn.bitboard(), empty | blocker.bitboard()),
            free.bitboard()
        );
    }
}
