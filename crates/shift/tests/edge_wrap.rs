//! DEMONSTRATION, not library API: why the edge check matters.
//!
//! Square arithmetic on bare indices (`index + 10` for "one north, two
//! east") forgets that the board has side edges. On the g- and h-files the
//! jump runs off the right edge and wraps round onto the a- or b-file one
//! rank higher, so the naive set is wrong. `Square::offset` checks the edge
//! and gives exactly the lookup.

use bitmoves::{Bitboard, Square, attacks};
use bitmoves_shift::offset;

/// The knight's eight jumps as bare index deltas (`rank * 8 + file`).
const NAIVE_DELTAS: [i32; 8] = [17, 10, -6, -15, -17, -10, 6, 15];

/// UNGUARDED: adds each delta to the index and keeps whatever lands in
/// 0..64. Only the top and bottom edges are checked; the side edges are not.
fn naive_knight(square: Square) -> Bitboard {
    NAIVE_DELTAS
        .into_iter()
        .filter_map(|delta| usize::try_from(square.index() as i32 + delta).ok())
        .filter_map(Square::try_index)
        .collect()
}

#[test]
fn unguarded_plus_10_from_the_h_file_wraps_onto_the_b_file_a_rank_higher() {
    // h4 + 10 = index 41 = b6: "one north, two east" from h4 is off the board.
    assert_eq!(Square::H4.index() + 10, Square::B6.index());
    assert!(naive_knight(Square::H4).contains(Square::B6));
    assert!(!attacks::knight(Square::H4).contains(Square::B6));
    // g1 + 10 = a3, the a-file.
    assert!(naive_knight(Square::G1).contains(Square::A3));
    assert!(!attacks::knight(Square::G1).contains(Square::A3));
}

#[test]
fn unguarded_arithmetic_is_wrong_on_the_a_b_g_h_files_and_right_only_on_c_to_f() {
    for sq in Square::ALL {
        let near_a_side_edge = !(2..=5).contains(&sq.file().index());
        assert_eq!(
            naive_knight(sq) != attacks::knight(sq),
            near_a_side_edge,
            "{sq}: naive {:#?}",
            naive_knight(sq)
        );
    }
}

#[test]
fn guarded_offset_walking_equals_the_lookup_on_every_square() {
    for sq in Square::ALL {
        assert_eq!(offset::knight(sq), attacks::knight(sq), "{sq}");
    }
}
