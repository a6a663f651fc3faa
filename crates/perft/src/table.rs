//! [`Table`]: the hash table of perft subtree counts, shared lock-free by
//! threads.
//!
//! # Layout
//!
//! The table is an array of 64-byte buckets, one cache line each, and a
//! bucket holds four 16-byte slots. A position's bucket is chosen by the low
//! bits of its Polyglot key ([`Board::key`]). A slot is two 64-bit words:
//!
//! ```text
//! data  = count (bits 0..48) | depth (48..54) | key bits 54..64 (54..64)
//! check = data ^ verification
//! ```
//!
//! The *verification* is a second 64-bit hash of the whole position (its
//! bitboards, its castling rook squares and its Polyglot key), not a
//! function of the Polyglot key alone. A slot answers a probe only when
//! the depth, the ten key bits and all 64 verification bits agree. Storing
//! `check` as `data ^ verification` is what makes the table lock-free: a
//! reader that sees half of one write and half of another finds a check
//! that no longer matches, and treats the slot as a miss.
//!
//! [`Board::key`]: bitmoves::Board::key

use bitmoves::{Board, Color, Piece};
use core::{
    fmt,
    sync::atomic::{AtomicU64, Ordering::Relaxed},
};
use std::vec::Vec;

/// Slots per bucket: four 16-byte slots fill one 64-byte cache line.
const SLOTS: usize = 4;

/// The size of one bucket in bytes: the table's allocation unit.
pub const BUCKET_BYTES: usize = core::mem::size_of::<Bucket>();

/// The bits of a slot's data word that hold the count.
const COUNT_BITS: u32 = 48;
/// The mask of the count bits.
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
/// The bits that hold the remaining depth, above the count.
const DEPTH_BITS: u32 = 6;
/// Key bits kept in the data word above the depth: `key >> KEY_SHIFT`.
const KEY_SHIFT: u32 = COUNT_BITS + DEPTH_BITS;

/// A hash table of perft subtree counts, for
/// [`perft_hashed`](super::perft_hashed) and its relatives.
///
/// Each entry holds the exact leaf count below one position at one
/// remaining depth, so entries never go stale: a table can be reused for
/// any number of counts, of any positions and depths, on any number of
/// threads at once (`&Table` is all a thread needs). [`Table::clear`]
/// empties it.
///
/// ```
/// use bitmoves::{perft::perft, Board};
/// use bitmoves_perft::{perft_hashed, Table};
/// let table = Table::new(1 << 20)?; // 1 MiB: 16,384 buckets of 4 entries
/// let board = Board::default();
/// assert_eq!(perft_hashed(&board, 5, &table), u128::from(perft(&board, 5)));
/// assert_eq!(perft_hashed(&board, 5, &table), 4_865_609); // from the table now
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub struct Table {
    buckets: Vec<Bucket>,
    /// `buckets.len() - 1`; the length is a power of two.
    mask: u64,
}

/// Four slots in one cache line.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; SLOTS]);

/// One entry: see the module docs for the packing.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Why a [`Table`] could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableError {
    /// The size is smaller than one bucket of [`BUCKET_BYTES`] bytes.
    TooSmall {
        /// The size asked for, in bytes.
        bytes: usize,
    },
    /// The memory could not be allocated.
    OutOfMemory {
        /// The size that was being allocated, in bytes (the size asked for,
        /// rounded down to a power of two of buckets).
        bytes: usize,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooSmall { bytes } => write!(
                f,
                "a hash table of {bytes} bytes is smaller than one {BUCKET_BYTES}-byte bucket"
            ),
            Self::OutOfMemory { bytes } => {
                write!(f, "cannot allocate a hash table of {bytes} bytes")?;
                let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
                let exact = units.iter().enumerate().rev().find_map(|(power, unit)| {
                    let size = 1usize.checked_shl(10 * (power as u32 + 1))?;
                    (bytes % size == 0).then(|| (bytes / size, unit))
                });
                match exact {
                    Some((count, unit)) => write!(f, " ({count} {unit})"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl core::error::Error for TableError {}

impl Table {
    /// A table of at most `bytes` bytes: the largest power of two of
    /// 64-byte buckets that fits (so 3 MiB gives 2 MiB).
    /// Every entry starts empty.
    ///
    /// # Errors
    ///
    /// [`TableError::TooSmall`] below one bucket, and
    /// [`TableError::OutOfMemory`] when the allocation fails (the
    /// allocation is fallible: it does not abort the process). On systems
    /// that overcommit memory, as Linux does by default, an allocation may
    /// succeed and the process still be stopped later when the memory is
    /// written; the table writes every byte here, so that happens in `new`
    /// rather than in the middle of a count.
    ///
    /// ```
    /// use bitmoves_perft::{Table, TableError};
    /// assert_eq!(Table::new(3 << 20)?.bytes(), 2 << 20);
    /// assert_eq!(Table::new(64)?.bytes(), 64);
    /// assert!(matches!(Table::new(63), Err(TableError::TooSmall { bytes: 63 })));
    /// assert!(matches!(Table::new(usize::MAX), Err(TableError::OutOfMemory { .. })));
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn new(bytes: usize) -> Result<Self, TableError> {
        let wanted = bytes / BUCKET_BYTES;
        if wanted == 0 {
            return Err(TableError::TooSmall { bytes });
        }
        // The largest power of two not above `wanted`.
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let out_of_memory = TableError::OutOfMemory {
            bytes: len.saturating_mul(BUCKET_BYTES),
        };
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(len).map_err(|_| out_of_memory)?;
        huge_pages(buckets.spare_capacity_mut());
        buckets.resize_with(len, Bucket::default);
        Ok(Self {
            buckets,
            mask: len as u64 - 1,
        })
    }

    /// The table's size in bytes: a power of two of 64-byte buckets.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// How many entries the table holds when full: four per bucket.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    /// Empties every entry. Counts stay exact without this (an entry is a
    /// fact about a position), so clear only to time a count from a cold
    /// table or to compare table sizes fairly.
    pub fn clear(&mut self) {
        self.buckets.fill_with(Bucket::default);
    }

    /// The bucket of the position whose Polyglot key is `key`.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // The mask keeps the index below `buckets.len()`, so the bounds
        // check always passes; the branch is never taken.
        &self.buckets[(key & self.mask) as usize]
    }

    /// Starts loading the bucket of the position whose Polyglot key is
    /// `key` into the cache, so that a probe a little later finds it
    /// there. Only a hint: it changes no value.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: `_mm_prefetch` needs SSE, which the cfg above
            // guarantees. It never faults and reads nothing into the
            // program's state; the pointer is a valid bucket anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = key;
    }

    /// The stored count of `board`'s subtree `depth` plies deep, if the
    /// table holds it.
    #[inline(always)]
    pub(crate) fn probe(&self, entry: &Entry) -> Option<u64> {
        let bucket = self.bucket(entry.key);
        bucket.0.iter().find_map(|slot| {
            let data = slot.data.load(Relaxed);
            let check = slot.check.load(Relaxed);
            (data >> COUNT_BITS == entry.tag && check ^ data == entry.verification)
                .then_some(data & COUNT_MASK)
        })
    }

    /// Stores `count` for `entry`, unless it needs more than 48 bits.
    /// The slot replaced is the one with the smallest count: the entries
    /// that save the most work stay.
    #[inline(always)]
    pub(crate) fn store(&self, entry: &Entry, count: u128) {
        if count > u128::from(COUNT_MASK) {
            return;
        }
        let data = (entry.tag << COUNT_BITS) | count as u64;
        let bucket = self.bucket(entry.key);
        let mut victim = &bucket.0[0];
        let mut smallest = u64::MAX;
        for slot in &bucket.0 {
            let stored = slot.data.load(Relaxed) & COUNT_MASK;
            if stored < smallest {
                smallest = stored;
                victim = slot;
            }
        }
        victim.check.store(data ^ entry.verification, Relaxed);
        victim.data.store(data, Relaxed);
    }
}

/// Asks Linux to back `memory` with 2 MiB pages (transparent huge pages):
/// every probe of a big table lands on a random page, and with 4 KiB pages
/// nearly each one also misses the TLB. Only advice: where it is not
/// followed, nothing changes but speed.
#[cfg(target_os = "linux")]
fn huge_pages<T>(memory: &mut [core::mem::MaybeUninit<T>]) {
    unsafe extern "C" {
        fn madvise(
            addr: *mut core::ffi::c_void,
            len: usize,
            advice: core::ffi::c_int,
        ) -> core::ffi::c_int;
    }
    const MADV_HUGEPAGE: core::ffi::c_int = 14;
    let start = memory.as_mut_ptr() as usize;
    let end = start + core::mem::size_of_val(memory);
    // madvise wants a page-aligned start; huge pages need 2 MiB-aligned
    // stretches, so advise the 2 MiB-aligned middle of the allocation.
    const HUGE: usize = 2 << 20;
    let first = start.next_multiple_of(HUGE);
    let last = end / HUGE * HUGE;
    if first < last {
        // SAFETY: `madvise` with MADV_HUGEPAGE only changes how the kernel
        // backs pages inside this allocation, which we own; it reads and
        // writes no memory of ours. Failure (an old kernel, THP off) is
        // harmless and ignored.
        unsafe { madvise(first as *mut _, last - first, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages<T>(_: &mut [core::mem::MaybeUninit<T>]) {}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

/// What identifies a table entry: the position's Polyglot key (the bucket
/// and ten stored bits), the remaining depth, and the verification hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// [`Board::key`]: picks the bucket.
    pub key: u64,
    /// The depth and the key's top ten bits, as the data word holds them
    /// above the count.
    pub tag: u64,
    /// The second, independent 64-bit hash of the position.
    pub verification: u64,
}

impl Entry {
    /// The entry for `board`'s subtree `depth` plies deep, or `None` when
    /// the depth is too large to store (64 or more).
    #[inline(always)]
    pub fn new(board: &Board, depth: u32) -> Option<Self> {
        if depth >= 1 << DEPTH_BITS {
            return None;
        }
        let key = board.key();
        Some(Self {
            key,
            tag: ((key >> KEY_SHIFT) << DEPTH_BITS) | u64::from(depth),
            verification: verification(board),
        })
    }
}

/// Odd 64-bit constants with more than 32 bits set, the first twelve such
/// numbers of a SplitMix64 stream seeded with the ASCII bytes "perfthsh"
/// (`0x7065_7266_7468_7368`). A bitboard XORed with one is never zero,
/// since no position has more than 32 pieces.
const MIX: [u64; 12] = [
    0x834e_63ee_34fe_5c99,
    0x895f_d95a_27e4_ad7d,
    0x42f4_e8cf_3b29_14bb,
    0x5618_ee4b_e357_6469,
    0xfd71_a1b0_f265_a3d1,
    0x4c55_9f2a_3d14_bdc9,
    0x77b0_de5c_2451_cffd,
    0x9981_ee2a_17be_21f5,
    0xa57e_7cb6_ea20_8751,
    0xbc6c_95da_1335_9d19,
    0x46a5_45ae_2bbd_a795,
    0xd62c_6f67_4757_969b,
];

/// The product of `a` and `b` as 128 bits, its halves XORed together.
#[inline(always)]
const fn fold_multiply(a: u64, b: u64) -> u64 {
    let product = a as u128 * b as u128;
    product as u64 ^ (product >> 64) as u64
}

/// A 64-bit hash of the whole position, from its eight words: the six
/// piece bitboards, White's pieces, and the Polyglot key (which brings in
/// the side to move and the en passant file). Castling rights go in as the
/// squares of the rooks that may castle, XORed into the kings: the two
/// sets never share a square, and a castling rook square always holds a
/// rook, so the word still tells both apart. The squares name the rook
/// files, which the Polyglot key does not (its castling numbers are by
/// side; in Chess960 a side can have two rooks on one wing, and which of
/// them may castle changes the move tree). Built by multiplication, not
/// from Zobrist numbers, so it is not a function of the Polyglot key.
#[inline(always)]
fn verification(board: &Board) -> u64 {
    let bits = |piece| board.pieces(piece).0;
    let castling = board.castling_rights().rook_squares().0;
    let a = fold_multiply(bits(Piece::Pawn) ^ MIX[0], bits(Piece::Knight) ^ MIX[1]);
    let b = fold_multiply(bits(Piece::Bishop) ^ MIX[2], bits(Piece::Rook) ^ MIX[3]);
    let c = fold_multiply(
        bits(Piece::Queen) ^ MIX[4],
        (bits(Piece::King) ^ castling) ^ MIX[5],
    );
    let d = fold_multiply(board.colors(Color::White).0 ^ MIX[6], board.key() ^ MIX[7]);
    fold_multiply(a ^ MIX[8], b ^ MIX[9]) ^ fold_multiply(c ^ MIX[10], d ^ MIX[11])
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::FenOptions;
    use std::sync::atomic::AtomicBool;

    fn board960(fen: &str) -> Board {
        let options = FenOptions {
            chess960: true,
            ..FenOptions::default()
        };
        Board::from_fen_with(fen, options).expect("valid Chess960 position")
    }

    #[test]
    fn sizes_round_down_to_a_power_of_two_of_buckets() {
        assert_eq!(BUCKET_BYTES, 64);
        for (bytes, rounded) in [
            (64, 64),
            (127, 64),
            (128, 128),
            (4095, 2048),
            (5 << 20, 4 << 20),
        ] {
            let table = Table::new(bytes).expect("small");
            assert_eq!(table.bytes(), rounded, "{bytes}");
            assert_eq!(table.capacity(), rounded / 16, "{bytes}");
        }
        assert_eq!(Table::new(0).err(), Some(TableError::TooSmall { bytes: 0 }));
        assert!(matches!(
            Table::new(usize::MAX >> 1),
            Err(TableError::OutOfMemory { .. })
        ));
    }

    #[test]
    fn out_of_memory_names_the_size_in_binary_units() {
        let error = TableError::OutOfMemory { bytes: 1 << 50 };
        assert_eq!(
            error.to_string(),
            "cannot allocate a hash table of 1125899906842624 bytes (1 PiB)"
        );
        let error = TableError::OutOfMemory { bytes: 192 };
        assert_eq!(
            error.to_string(),
            "cannot allocate a hash table of 192 bytes"
        );
    }

    /// Two Chess960 positions that differ only in which of the two rooks
    /// on the king's side may castle share a Polyglot key but not an entry.
    #[test]
    fn castling_rights_by_rook_file_change_the_entry() {
        let inner = board960("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
        let outer = board960("4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
        let none = board960("4k3/8/8/8/8/8/8/4K1RR w - - 0 1");
        assert_eq!(inner.key(), outer.key());
        let entries = [inner, outer, none].map(|board| Entry::new(&board, 3).expect("depth 3"));
        assert_ne!(entries[0].verification, entries[1].verification);
        assert_ne!(entries[0].verification, entries[2].verification);
        assert_ne!(entries[1].verification, entries[2].verification);
        // Black's rights by rook file, too.
        let a = board960("rr2k3/8/8/8/8/8/8/4K3 b a - 0 1");
        let b = board960("rr2k3/8/8/8/8/8/8/4K3 b b - 0 1");
        assert_eq!(a.key(), b.key());
        assert_ne!(Entry::new(&a, 2), Entry::new(&b, 2));
    }

    #[test]
    fn the_depth_is_part_of_the_entry_and_large_depths_are_not_stored() {
        let board = Board::default();
        let table = Table::new(1 << 10).expect("small");
        let two = Entry::new(&board, 2).expect("depth 2");
        let three = Entry::new(&board, 3).expect("depth 3");
        table.store(&two, 400);
        assert_eq!(table.probe(&two), Some(400));
        assert_eq!(table.probe(&three), None);
        assert_eq!(Entry::new(&board, 63).map(|e| e.tag & 63), Some(63));
        assert_eq!(Entry::new(&board, 64), None);
        // Counts beyond 48 bits are not stored.
        table.store(&three, 1 << 48);
        assert_eq!(table.probe(&three), None);
        table.store(&three, (1 << 48) - 1);
        assert_eq!(table.probe(&three), Some((1 << 48) - 1));
    }

    /// The replacement rule keeps the largest counts of a full bucket.
    #[test]
    fn a_full_bucket_replaces_its_smallest_count() {
        let table = Table::new(BUCKET_BYTES).expect("one bucket");
        let entry = |n: u64| Entry {
            key: 0,
            tag: 2,
            verification: n,
        };
        for n in [50, 10, 40, 30] {
            table.store(&entry(n), u128::from(n));
        }
        table.store(&entry(20), 20);
        assert_eq!(table.probe(&entry(10)), None);
        for n in [20, 30, 40, 50] {
            assert_eq!(table.probe(&entry(n)), Some(n));
        }
    }

    /// A slot holding one entry's check word and another's data word, as a
    /// reader may see it while a writer is halfway through, is a miss for
    /// both entries.
    #[test]
    fn a_torn_slot_is_a_miss() {
        let table = Table::new(BUCKET_BYTES).expect("one bucket");
        let a = Entry {
            key: 0,
            tag: 4,
            verification: 0x1234_5678_9abc_def0,
        };
        let b = Entry {
            verification: 0x0fed_cba9_8765_4321,
            ..a
        };
        table.store(&a, 111);
        let slot = &table.bucket(0).0[0];
        assert_eq!(table.probe(&a), Some(111));
        // The writer of `b` (count 222) has replaced the check word only.
        slot.check
            .store(((4 << COUNT_BITS) | 222) ^ b.verification, Relaxed);
        assert_eq!(table.probe(&a), None);
        assert_eq!(table.probe(&b), None);
        // ... and then the data word.
        slot.data.store((4 << COUNT_BITS) | 222, Relaxed);
        assert_eq!(table.probe(&b), Some(222));
        assert_eq!(table.probe(&a), None);
    }

    /// Stress: a writer stores entries that differ only in their
    /// verification and count into one bucket while a reader probes: a torn entry (one
    /// writer's check word with another's data word) must read as a miss,
    /// never as a wrong count.
    #[test]
    fn torn_entries_are_misses_not_wrong_counts() {
        let table = Table::new(BUCKET_BYTES).expect("one bucket");
        let entry = |n: u64| Entry {
            key: 0,
            tag: 5,
            verification: n.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        };
        let stop = AtomicBool::new(false);
        let writes = AtomicU64::new(0);
        let wrong = AtomicU64::new(0);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let mut n = 0;
                while !stop.load(Relaxed) {
                    table.store(&entry(n % 8), u128::from(n % 8 + 1000));
                    n += 1;
                    writes.store(n, Relaxed);
                }
            });
            // Probe while the writer makes a million stores (or for at
            // most five seconds, on a busy machine).
            let start = std::time::Instant::now();
            let first = writes.load(Relaxed);
            while writes.load(Relaxed) < first + 1_000_000 && start.elapsed().as_secs() < 5 {
                for n in 0..8 {
                    if let Some(count) = table.probe(&entry(n))
                        && count != n + 1000
                    {
                        wrong.fetch_add(1, Relaxed);
                    }
                }
            }
            stop.store(true, Relaxed);
        });
        assert_eq!(wrong.into_inner(), 0);
    }
}
