//! A small magic-bitboard search, run at first use: for each square it
//! draws sparse random multipliers until one maps every occupancy of the
//! square's relevant mask to a slot without mixing two different attack
//! sets, then keeps that square's block of the shared attack table.

use crate::offset;
use crate::sliders::{self, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use bitmoves::{Bitboard, Direction, Square};

/// Seed of the xorshift stream the search draws its candidates from.
const SEED: u64 = 0x7368_6966_745f_6d61; // "shift_ma"

/// Xorshift64: a tiny PRNG, so the search is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A candidate with few bits set: such multipliers succeed far more often.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// One square's magic: `offset + ((occupied & mask) * magic) >> shift` is
/// the index of its attack set in the shared table.
#[derive(Clone, Copy, Debug)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        let hash = (occupied & self.mask).0.wrapping_mul(self.magic) >> self.shift;
        // The hash has at most `64 - shift` (at most 12) bits, so it fits.
        self.offset + hash as usize
    }
}

/// Rook and bishop magics and the one attack table they share.
///
/// ```no_run
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::lazy::SliderTables;
/// let tables = SliderTables::build();
/// let occupied = Square::C6.bitboard();
/// assert_eq!(tables.bishop(Square::E4, occupied), attacks::bishop(Square::E4, occupied));
/// ```
pub struct SliderTables {
    rook: [Magic; Square::NUM],
    bishop: [Magic; Square::NUM],
    /// Attack sets: the rook blocks for a1…h8, then the bishop blocks.
    attacks: Vec<Bitboard>,
}

impl SliderTables {
    /// Searches magics for every square, rooks then bishops, and fills the
    /// attack table from the Kogge-Stone fills. Deterministic.
    pub fn build() -> Self {
        let mut rng = XorShift(SEED);
        let mut attacks = Vec::new();
        let mut search = |mask: fn(Square) -> Bitboard, walk: fn(Square, Bitboard) -> Bitboard| {
            Square::ALL.map(|square| {
                let mask = mask(square);
                let (magic, block) = find_magic(&mut rng, mask, |occupied| walk(square, occupied));
                let entry = Magic {
                    mask,
                    magic,
                    shift: 64 - mask.0.count_ones(),
                    offset: attacks.len(),
                };
                attacks.extend(block);
                entry
            })
        };
        let rook = search(rook_mask, sliders::rook);
        let bishop = search(bishop_mask, sliders::bishop);
        Self {
            rook,
            bishop,
            attacks,
        }
    }

    /// Rook attacks from `square` through `occupied`.
    #[inline]
    pub fn rook(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.rook[square.index()].index(occupied)]
    }

    /// Bishop attacks from `square` through `occupied`.
    #[inline]
    pub fn bishop(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.bishop[square.index()].index(occupied)]
    }

    /// How many attack sets the shared table holds.
    pub fn len(&self) -> usize {
        self.attacks.len()
    }

    /// Whether the table is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.attacks.is_empty()
    }
}

/// Draws candidates until one hashes every occupancy of `mask` without a
/// destructive collision (equal attack sets may share a slot). Returns the
/// magic and its block of `2^bits` attack sets; slots no occupancy reaches
/// are never read.
fn find_magic(
    rng: &mut XorShift,
    mask: Bitboard,
    attacks_of: impl Fn(Bitboard) -> Bitboard,
) -> (u64, Vec<Bitboard>) {
    let occupancies: Vec<Bitboard> = subsets(mask).collect();
    let attacks: Vec<Bitboard> = occupancies.iter().map(|&o| attacks_of(o)).collect();
    let shift = 64 - mask.0.count_ones();
    let mut block = vec![Bitboard::EMPTY; occupancies.len()];
    // `filled_in[i] == attempt`: slot i was written during this attempt.
    let mut filled_in = vec![0_u32; occupancies.len()];
    let mut attempt = 0;
    loop {
        let magic = rng.sparse();
        // Too few high bits in the product: the hash cannot spread well.
        if (mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let fits = occupancies.iter().zip(&attacks).all(|(occupied, &set)| {
            let slot = (occupied.0.wrapping_mul(magic) >> shift) as usize;
            if filled_in[slot] == attempt {
                block[slot] == set
            } else {
                filled_in[slot] = attempt;
                block[slot] = set;
                true
            }
        });
        if fits {
            return (magic, block);
        }
    }
}

/// The squares along `directions` from `square` whose occupancy matters:
/// each ray without its last square, which is attacked either way.
fn relevant(square: Square, directions: [Direction; 4]) -> Bitboard {
    directions
        .into_iter()
        .flat_map(|direction| {
            let (file, rank) = direction.delta();
            offset::ray(direction, square, Bitboard::EMPTY)
                .into_iter()
                .filter(move |next| next.offset(file, rank).is_some())
        })
        .collect()
}

/// The squares whose occupancy changes a rook's attacks from `square`.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::lazy::rook_mask;
/// assert_eq!(rook_mask(Square::A1).len(), 12);
/// assert_eq!(rook_mask(Square::D4).len(), 10);
/// ```
pub fn rook_mask(square: Square) -> Bitboard {
    relevant(square, ROOK_DIRECTIONS)
}

/// The squares whose occupancy changes a bishop's attacks from `square`.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::lazy::bishop_mask;
/// assert_eq!(bishop_mask(Square::D4).len(), 9);
/// ```
pub fn bishop_mask(square: Square) -> Bitboard {
    relevant(square, BISHOP_DIRECTIONS)
}

/// Every subset of `mask`, the empty set first, by the carry-rippler
/// trick: `next = (subset - mask) & mask` counts through the mask's bits.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::lazy::subsets;
/// let mask = Square::A1.bitboard() | Square::H8.bitboard();
/// assert_eq!(subsets(mask).count(), 4);
/// ```
pub fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut next = Some(Bitboard::EMPTY);
    std::iter::from_fn(move || {
        let subset = next?;
        let following = Bitboard(subset.0.wrapping_sub(mask.0) & mask.0);
        next = (!following.is_empty()).then_some(following);
        Some(subset)
    })
}
