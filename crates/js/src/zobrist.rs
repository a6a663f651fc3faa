//! chess.js's position hash: its Zobrist keys, drawn from xoroshiro128**
//! with chess.js's seed in chess.js's order, indexed by 0x88 squares, so
//! that `hash()` and the repetition counts are chess.js's to the bit.

use std::sync::OnceLock;

/// chess.js's seed for its key generator.
const SEED: u128 = 0xa187eb39cdcaed8f31c4b365b102e01e;

/// The keys: pieces `[color][kind][0x88 square]`, en passant by file,
/// castling by chess.js's 4-bit index, and the side key.
pub struct Keys {
    /// `PIECE_KEYS[color][kind][sq0x88]`, kinds in chess.js's order p n b r q k.
    pub pieces: [[[u64; 128]; 6]; 2],
    /// `EP_KEYS[file]`.
    pub ep: [u64; 8],
    /// `CASTLING_KEYS[(w >> 5) | (b >> 3)]` in chess.js's bit flags.
    pub castling: [u64; 16],
    /// XORed in when black is to move.
    pub side: u64,
}

/// xoroshiro128** as chess.js writes it (state: low 64 bits are s0).
struct Xoroshiro(u128);

impl Xoroshiro {
    fn next(&mut self) -> u64 {
        let mut s0 = self.0 as u64;
        let mut s1 = (self.0 >> 64) as u64;
        let result = s0.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        s1 ^= s0;
        s0 = s0.rotate_left(24) ^ s1 ^ (s1 << 16);
        s1 = s1.rotate_left(37);
        self.0 = (u128::from(s1) << 64) | u128::from(s0);
        result
    }
}

/// The keys, made on first use.
pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rand = Xoroshiro(SEED);
        let mut keys = Box::new(Keys {
            pieces: [[[0; 128]; 6]; 2],
            ep: [0; 8],
            castling: [0; 16],
            side: 0,
        });
        for color in keys.pieces.iter_mut() {
            for kind in color.iter_mut() {
                for key in kind.iter_mut() {
                    *key = rand.next();
                }
            }
        }
        for key in keys.ep.iter_mut().chain(keys.castling.iter_mut()) {
            *key = rand.next();
        }
        keys.side = rand.next();
        keys
    })
}

/// The 0x88 index chess.js gives square `index` (a1 = 0 … h8 = 63).
pub fn ox88(index: usize) -> usize {
    (7 - index / 8) * 16 + index % 8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first output of chess.js's generator, computed with chess.js's
    /// own BigInt code (`xoroshiro128(seed)()` in node).
    #[test]
    fn the_first_key_is_chess_js_first_draw() {
        assert_eq!(Xoroshiro(SEED).next(), 0xc9c4700ec0b2a75c);
        assert_eq!(keys().pieces[0][0][0], 0xc9c4700ec0b2a75c);
        assert_ne!(keys().side, 0);
    }

    #[test]
    fn ox88_maps_the_corners() {
        assert_eq!(ox88(0), 112); // a1
        assert_eq!(ox88(7), 119); // h1
        assert_eq!(ox88(56), 0); // a8
        assert_eq!(ox88(63), 7); // h8
    }
}
