//! [`LooseMoveList`]: a fixed-capacity move list big enough for any setup.

use crate::Move;
use core::mem::MaybeUninit;
use core::ops::{Deref, DerefMut};

/// A list of moves on the stack, big enough for the moves of any
/// [`Setup`](crate::setup::Setup), however many pieces it holds.
///
/// The bound: with `n` pieces of the side to move, each reaches at most
/// `min(27, 64 - n)` squares not its own, so moves without promotion
/// number at most `n · min(27, 64 - n)`; Crazyhouse drops at most
/// `6 · (64 - n)` (a loose setup's pocket may hold a king). Both together
/// peak at `n = 37`: 999 + 162 = 1,161. Promotions add at most 4 more
/// moves (Antichess promotes to kings) for each pawn move onto the last
/// rank (at most 8 pawns × 3 targets: 96), castling at most 2: 1,259 in
/// all, under [`LooseMoveList::CAPACITY`].
///
/// ```
/// use bitmoves::variant::{LooseMoveList, Position, Standard};
/// let pos: Position<Standard> = Position::from_fen("Q1Q1Q1Q1/1Q1Q1Q1Q/8/Q1Q1Q1Q1/8/1Q1Q1Q1Q/8/Q1Q1Q1Q1 w - - 0 1", false)?;
/// let moves: LooseMoveList = pos.legal_moves();
/// assert_eq!(moves.len(), 214); // as python-chess counts
/// # Ok::<(), bitmoves::setup::SetupFenError>(())
/// ```
///
/// The slots past the length are left uninitialised: filling 1,280 moves
/// for every node halved perft through the engine (7.4 against 15.4 million
/// nodes a second for the start position's perft 5, measured side by side;
/// see `docs/variants.md`).
#[derive(Clone)]
pub struct LooseMoveList {
    /// The first `len` slots are initialised; the rest are not read.
    moves: [MaybeUninit<Move>; LooseMoveList::CAPACITY],
    len: usize,
}

impl LooseMoveList {
    /// The most moves a list holds.
    pub const CAPACITY: usize = 1280;

    /// An empty list.
    pub const fn new() -> Self {
        Self {
            moves: [const { MaybeUninit::uninit() }; Self::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move. A move past the capacity (which the bound in the
    /// type's docs rules out) is dropped rather than panicking.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(mv);
            self.len += 1;
        }
    }

    /// Keeps the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self[i];
            if keep(&mv) {
                self.moves[kept].write(mv);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Shortens the list to `len` moves.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for LooseMoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl Deref for LooseMoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        // SAFETY: `len <= CAPACITY` (only `push` raises it, after writing
        // the slot at the old length), and the first `len` slots hold
        // initialised moves (`push` writes each before counting it;
        // `retain` writes kept moves below the old length; `truncate` and
        // `clear` only lower it). `MaybeUninit<Move>` has `Move`'s layout.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl DerefMut for LooseMoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`: the first `len` slots are initialised, and
        // the borrow of `self` is exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl core::fmt::Debug for LooseMoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a LooseMoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
