//! SplitMix64: the generator's one source of deterministic random numbers.

/// SplitMix64: a small, well-mixed PRNG, so every seeded draw is reproducible
/// everywhere. Each table that needs random numbers owns a documented seed.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A stream that starts from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next number of the stream.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
