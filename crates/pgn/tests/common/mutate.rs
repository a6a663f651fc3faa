//! Random mutations of PGN text, shared by the tests that check laws on
//! hostile input.

/// The bytes mutations are made of: PGN's own characters.
pub const ALPHABET: &[u8] = b"[]{}()\";%$!?.-+#=0123456789 \n\rabcdefghKQRBNOx*/";

/// The seeded random sources shared with the core's tests.
#[allow(dead_code)] // only `xorshift` is drawn from here
#[path = "../../../bitmoves/tests/common/random.rs"]
mod random;
pub use random::xorshift;

/// `base` with 1 to `most` bytes replaced, inserted or deleted at random.
pub fn mutate(base: &[u8], most: u64, next: &mut impl FnMut() -> u64) -> Vec<u8> {
    let mut data = base.to_vec();
    for _ in 0..1 + next() % most {
        let at = (next() % data.len() as u64) as usize;
        let byte = ALPHABET[(next() % ALPHABET.len() as u64) as usize];
        match next() % 3 {
            0 => data[at] = byte,
            1 => data.insert(at, byte),
            _ => {
                data.remove(at);
            }
        }
    }
    data
}
