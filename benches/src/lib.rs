//! Shared, deterministic inputs for the bitmoves benches: a seeded
//! xorshift generator and the fixed pseudo-random sets built from it, so
//! every bench target measures the same positions on every run; and the
//! timing helpers of the side-by-side tables (medians, a thread's CPU time).

use bitmoves::{Bitboard, Square};

/// Xorshift64 with a fixed seed: reproducible pseudo-random bits, no `rand`.
///
/// ```
/// use bitmoves_benches::XorShift;
/// let mut a = XorShift::new(7);
/// let mut b = XorShift::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// The seed every bench uses unless it says otherwise.
    pub const SEED: u64 = 0x6265_6e63_6865_7321; // "benches!"

    /// A generator started from `seed` (zero is replaced, it would stick).
    pub const fn new(seed: u64) -> Self {
        Self(if seed == 0 { Self::SEED } else { seed })
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A pseudo-random square.
    pub fn square(&mut self) -> Square {
        Square::ALL[(self.next_u64() % 64) as usize]
    }

    /// `count` distinct pseudo-random squares drawn from `within`.
    ///
    /// # Panics
    /// When `within` has fewer than `count` squares.
    pub fn squares(&mut self, count: usize, within: Bitboard) -> Bitboard {
        assert!(within.len() >= count, "not enough squares to draw from");
        let mut set = Bitboard::EMPTY;
        while set.len() < count {
            let square = self.square();
            if within.contains(square) {
                set.insert(square);
            }
        }
        set
    }
}

/// The occupancy the attack benches use: each square taken with
/// probability 1/4 (about 16 pieces, a middlegame), from [`XorShift::SEED`].
///
/// ```
/// let occupied = bitmoves_benches::occupancy();
/// assert_eq!(occupied, bitmoves_benches::occupancy());
/// assert!((8..=24).contains(&occupied.len()));
/// ```
pub fn occupancy() -> Bitboard {
    let mut rng = XorShift::new(XorShift::SEED);
    Bitboard(rng.next_u64() & rng.next_u64())
}

/// The median of `values` (the upper one of an even count).
///
/// ```
/// assert_eq!(bitmoves_benches::median(vec![3.0, 1.0, 2.0]), 2.0);
/// ```
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The calling thread's time on a CPU so far, in seconds, from Linux's
/// `/proc/thread-self/schedstat` (nanoseconds; `None` elsewhere). On a
/// shared machine it leaves out the time other processes held the core.
pub fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}
