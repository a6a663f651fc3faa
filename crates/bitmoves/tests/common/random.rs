//! The tests' seeded random sources: SplitMix64, and the xorshift of the
//! PGN and Syzygy tests (their tests and the CLI's include this file too).

/// SplitMix64 as the table generator has it (the tests draw the same
/// stream from a seed as `crates/gen` does).
#[path = "../../../gen/src/rng.rs"]
mod rng;

/// SplitMix64: a small, seeded random source, so every run of a test
/// checks the same positions.
pub struct Random(rng::SplitMix64);

impl Random {
    /// A source started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(rng::SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0.next()
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
