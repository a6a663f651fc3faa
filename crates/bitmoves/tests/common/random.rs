//! The tests' seeded random sources: SplitMix64, and the xorshift of the
//! PGN and Syzygy tests (their tests and the CLI's include this file too).

/// SplitMix64: a small, seeded random source, so every run of a test
/// checks the same positions.
pub struct Random(pub u64);

impl Random {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `board` after up to `plies` random legal moves (fewer where the
    /// game ends first).
    pub fn playout(&mut self, mut board: bitmoves::Board, plies: usize) -> bitmoves::Board {
        for _ in 0..plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play_unchecked(moves[self.below(moves.len())]);
        }
        board
    }
}

/// A xorshift generator from `state` (not zero): what the PGN tests'
/// mutations and the Syzygy tests' random positions draw from.
pub fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
