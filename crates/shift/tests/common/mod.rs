//! Strategies shared by the integration tests.

use bitmoves::Bitboard;
use proptest::prelude::*;

/// Arbitrary sets of squares, dense and sparse: uniform bits (half the
/// board), and ANDs of two or three words (a quarter, an eighth).
pub fn bitboard() -> impl Strategy<Value = Bitboard> {
    prop_oneof![
        any::<u64>(),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, c)| a & b & c),
    ]
    .prop_map(Bitboard)
}
