//! Software PEXT/PDEP, and the PEXT slider table: each entry is the attack set
//! compressed by the piece's empty-board attacks, so it fits in 16 bits.

use crate::geometry::NUM_SQUARES;
use crate::sliders::Slider;

/// The set bits of `mask` as one-bit masks, lowest first: the `i`-th is
/// where bit `i` of a PEXT index lives.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let low = mask & mask.wrapping_neg();
        mask &= mask.wrapping_sub(1);
        (low != 0).then_some(low)
    })
}

/// Parallel bit extract: gathers the bits of `x` selected by `mask` into the low bits.
pub fn pext(x: u64, mask: u64) -> u64 {
    bits(mask)
        .enumerate()
        .map(|(i, bit)| u64::from(x & bit != 0) << i)
        .sum()
}

/// Parallel bit deposit: scatters the low bits of `x` to the positions set in `mask`.
pub fn pdep(x: u64, mask: u64) -> u64 {
    bits(mask)
        .enumerate()
        .map(|(i, bit)| bit * (x >> i & 1))
        .sum()
}

/// The PEXT slider table shared by rooks and bishops.
pub struct PextTables {
    /// Start of each rook square's block in `attacks`.
    pub rook_offsets: Vec<u32>,
    /// Start of each bishop square's block in `attacks`.
    pub bishop_offsets: Vec<u32>,
    /// `pext(attacks, rays_all[sq])` at `offset[sq] + pext(occupied, mask[sq])`.
    pub attacks: Vec<u16>,
}

/// Builds the PEXT table: rook blocks for a1…h8, then bishop blocks for a1…h8.
pub fn build() -> PextTables {
    let mut attacks = Vec::new();
    let mut offsets = [Vec::new(), Vec::new()];
    for (slider, offsets) in Slider::ALL.into_iter().zip(&mut offsets) {
        for sq in 0..NUM_SQUARES {
            let (mask, rays_all) = (slider.mask(sq), slider.attacks(sq, 0));
            offsets.push(u32::try_from(attacks.len()).expect("table fits in u32"));
            for index in 0..1u64 << mask.count_ones() {
                let compressed = pext(slider.attacks(sq, pdep(index, mask)), rays_all);
                attacks.push(u16::try_from(compressed).expect("at most 14 attacked squares"));
            }
        }
    }
    let [rook_offsets, bishop_offsets] = offsets;
    PextTables {
        rook_offsets,
        bishop_offsets,
        attacks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_and_pdep_round_trip() {
        let mask = 0x0101_0101_0101_01fe;
        let x = 0x0001_0000_0100_0042;
        assert_eq!(pdep(pext(x, mask), mask), x & mask);
        assert_eq!(pext(0b1010, 0b1110), 0b101);
    }

    #[test]
    fn pext_lookup_matches_the_walk() {
        let tables = build();
        for (sq, occupied) in [
            (0, 0x0100_0000_0000_0010),
            (27, 0x0008_0000_1000_0800),
            (63, !0),
        ] {
            for (slider, offsets) in [
                (Slider::Rook, &tables.rook_offsets),
                (Slider::Bishop, &tables.bishop_offsets),
            ] {
                let index = offsets[sq] as usize + pext(occupied, slider.mask(sq)) as usize;
                let got = pdep(u64::from(tables.attacks[index]), slider.attacks(sq, 0));
                assert_eq!(got, slider.attacks(sq, occupied), "{slider:?} on {sq}");
            }
        }
    }
}
