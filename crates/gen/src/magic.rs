//! Fancy magic bitboards: a deterministic, seeded search for rook and bishop magics,
//! and the shared attack table they index.

use crate::geometry::NUM_SQUARES;
use crate::rng::SplitMix64;
use crate::sliders::{Slider, subsets};

/// Seed of the SplitMix64 stream the whole search draws its candidates from.
pub const SEED: u64 = 0x6269_746d_6f76_6573; // "bitmoves"

/// A candidate with few bits set, which makes a good magic far more likely.
fn sparse(rng: &mut SplitMix64) -> u64 {
    rng.next() & rng.next() & rng.next()
}

/// One square's magic parameters.
#[derive(Clone, Copy, Debug)]
pub struct MagicEntry {
    /// The multiplier.
    pub magic: u64,
    /// `64 - index bits`.
    pub shift: u8,
    /// Start of this square's block in the shared attack table.
    pub offset: u32,
}

#[cfg(test)]
impl MagicEntry {
    /// Index of `occupied` (already masked) inside the shared table.
    pub fn index(&self, masked: u64) -> usize {
        self.offset as usize + (masked.wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Magics for both sliders and the one attack table they share.
pub struct MagicTables {
    /// Rook parameters, indexed by square.
    pub rook: Vec<MagicEntry>,
    /// Bishop parameters, indexed by square.
    pub bishop: Vec<MagicEntry>,
    /// Attack sets: rook blocks for a1…h8, then bishop blocks for a1…h8.
    pub attacks: Vec<u64>,
}

/// Searches rooks a1…h8, then bishops a1…h8, from one PRNG stream seeded with [`SEED`].
pub fn build() -> MagicTables {
    let mut rng = SplitMix64::new(SEED);
    let mut attacks = Vec::new();
    let mut entries = [Vec::new(), Vec::new()];
    for (slider, entries) in Slider::ALL.into_iter().zip(&mut entries) {
        for sq in 0..NUM_SQUARES {
            let mask = slider.mask(sq);
            let occupancies: Vec<u64> = subsets(mask).collect();
            let expected: Vec<u64> = occupancies.iter().map(|&o| slider.attacks(sq, o)).collect();
            let bits = mask.count_ones();
            let (magic, block) = find_magic(&mut rng, mask, bits, &occupancies, &expected);
            entries.push(MagicEntry {
                magic,
                shift: u8::try_from(64 - bits).expect("shift fits in u8"),
                offset: u32::try_from(attacks.len()).expect("table fits in u32"),
            });
            attacks.extend(block);
        }
    }
    let [rook, bishop] = entries;
    MagicTables {
        rook,
        bishop,
        attacks,
    }
}

/// Draws sparse candidates until one maps every occupancy to a slot without a
/// destructive collision (two different attack sets); equal sets may share a slot.
/// Returns the magic and its filled block of `1 << bits` entries (unused slots are 0).
fn find_magic(
    rng: &mut SplitMix64,
    mask: u64,
    bits: u32,
    occupancies: &[u64],
    expected: &[u64],
) -> (u64, Vec<u64>) {
    let shift = 64 - bits;
    let mut block = vec![0; 1 << bits];
    // `stamp[i] == attempt` marks slot i as filled during the current attempt.
    let mut stamp = vec![0u32; 1 << bits];
    let mut attempt = 0;
    loop {
        let magic = sparse(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let fits = occupancies
            .iter()
            .zip(expected)
            .all(|(&occupied, &attacks)| {
                let i = (occupied.wrapping_mul(magic) >> shift) as usize;
                if stamp[i] == attempt {
                    block[i] == attacks
                } else {
                    stamp[i] = attempt;
                    block[i] = attacks;
                    true
                }
            });
        if fits {
            for (slot, &s) in block.iter_mut().zip(&stamp) {
                if s != attempt {
                    *slot = 0;
                }
            }
            return (magic, block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookup_matches_the_walk() {
        let tables = build();
        assert_eq!(tables.attacks.len(), 102_400 + 5_248);
        let occupancies = [
            0,
            !0,
            0x0000_0010_0800_2200,
            0x00ff_0000_0000_ff00,
            0x8142_2418_1824_4281,
        ];
        for sq in [0, 7, 27, 36, 56, 63] {
            for &occupied in &occupancies {
                for (slider, entries) in [
                    (Slider::Rook, &tables.rook),
                    (Slider::Bishop, &tables.bishop),
                ] {
                    let index = entries[sq].index(occupied & slider.mask(sq));
                    assert_eq!(
                        tables.attacks[index],
                        slider.attacks(sq, occupied),
                        "{slider:?} on {sq} with {occupied:#x}"
                    );
                }
            }
        }
    }
}
