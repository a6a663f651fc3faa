//! The tables the kernels read, in the layout `movegen.cu` names (`T_*`):
//! leaper attacks, rays between and along two squares, slider moves on an
//! empty board, and the fancy-magic
//! slider tables, all from `bitmoves-tables`, as one array of `u64`.

use bitmoves_tables as tables;
use std::vec::Vec;

/// The kernels' table, word by word (`T_KNIGHT` … `T_SLIDERS` in
/// `movegen.cu`, in that order).
pub(crate) fn words() -> Vec<u64> {
    let mut words = Vec::with_capacity(192 + 2 * 4096 + 8 * 64 + tables::SLIDER_ATTACKS.len());
    words.extend_from_slice(&tables::KNIGHT_ATTACKS);
    words.extend_from_slice(&tables::KING_ATTACKS);
    // The side to move is always white in the kernels' frame.
    words.extend_from_slice(&tables::PAWN_ATTACKS[0]);
    words.extend(tables::BETWEEN.iter().flatten());
    words.extend(tables::LINE.iter().flatten());
    let index = |offset: u32, shift: u8| u64::from(offset) << 8 | u64::from(shift);
    words.extend_from_slice(&tables::ROOK_MASKS);
    words.extend_from_slice(&tables::ROOK_MAGICS);
    words.extend((0..64).map(|s| index(tables::ROOK_OFFSETS[s], tables::ROOK_SHIFTS[s])));
    words.extend_from_slice(&tables::BISHOP_MASKS);
    words.extend_from_slice(&tables::BISHOP_MAGICS);
    words.extend((0..64).map(|s| index(tables::BISHOP_OFFSETS[s], tables::BISHOP_SHIFTS[s])));
    words.extend_from_slice(&tables::ROOK_RAYS_ALL);
    words.extend_from_slice(&tables::BISHOP_RAYS_ALL);
    words.extend_from_slice(&tables::SLIDER_ATTACKS);
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sliders_start_where_movegen_cu_says() {
        // T_SLIDERS = 192 + 2 * 4096 + 8 * 64 in movegen.cu.
        let words = words();
        assert_eq!(
            words.len(),
            192 + 2 * 4096 + 8 * 64 + tables::SLIDER_ATTACKS.len()
        );
        assert_eq!(words[192 + 2 * 4096 + 8 * 64], tables::SLIDER_ATTACKS[0]);
        assert_eq!(words[192 + 8 * 64 + 3], tables::BETWEEN[8][3]);
    }
}
