//! The tables the kernels read, in the layout `movegen.cu` names (`T_*`):
//! leaper attacks, rays between and along two squares, slider moves on an
//! empty board, and the fancy-magic
//! slider tables, all from `bitmoves-tables`, as one array of `u64`.

use crate::kernels::TABLE_SLIDERS;
use bitmoves_tables as tables;
use std::vec::Vec;

/// The kernels' table, word by word (`T_KNIGHT` … `T_SLIDERS` in
/// `movegen.cu`, in that order).
pub(crate) fn words() -> Vec<u64> {
    let mut words = Vec::with_capacity(TABLE_SLIDERS + tables::SLIDER_ATTACKS.len());
    words.extend_from_slice(&tables::KNIGHT_ATTACKS);
    words.extend_from_slice(&tables::KING_ATTACKS);
    // The side to move is always white in the kernels' frame.
    words.extend_from_slice(&tables::PAWN_ATTACKS[0]);
    words.extend(tables::BETWEEN.iter().flatten());
    words.extend(tables::LINE.iter().flatten());
    // The kernels take the key from the product's high word: shift - 32.
    let index = |offset: u32, shift: u8| u64::from(offset) << 8 | u64::from(shift - 32);
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
        let words = words();
        assert_eq!(words.len(), TABLE_SLIDERS + tables::SLIDER_ATTACKS.len());
        assert_eq!(words[TABLE_SLIDERS], tables::SLIDER_ATTACKS[0]);
        assert_eq!(words[192 + 8 * 64 + 3], tables::BETWEEN[8][3]);
    }

    #[test]
    fn every_magic_key_is_in_the_high_word_and_every_place_fits_32_bits() {
        // magic_attacks in movegen.cu shifts the product's high word by
        // shift - 32 and adds the offset in 32 bits.
        let sliders = [
            (&tables::ROOK_SHIFTS, &tables::ROOK_OFFSETS),
            (&tables::BISHOP_SHIFTS, &tables::BISHOP_OFFSETS),
        ];
        for (shifts, offsets) in sliders {
            for (&shift, &offset) in shifts.iter().zip(offsets.iter()) {
                assert!((32..64).contains(&shift), "shift {shift}");
                let end = u64::from(offset) + (1u64 << (64 - shift));
                assert!(end <= tables::SLIDER_ATTACKS.len() as u64);
                assert!(end <= u64::from(u32::MAX));
            }
        }
    }
}
