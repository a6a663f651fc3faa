//! [`MoveList`]: a fixed-capacity list of moves on the stack.

use crate::{Move, Square};
use core::ops::{Deref, DerefMut};

/// A list of moves that lives on the stack: no heap allocation.
///
/// It holds up to [`MoveList::CAPACITY`] moves. The most legal moves known
/// in a reachable position is 218; the capacity covers every position this
/// crate accepts, lenient mode included, because the FEN validation bounds
/// the material: a king (8 moves), and at most 15 other pieces of which at
/// most 9 are queens (27 moves each), 2 rooks (14), 2 bishops (13) and 2
/// knights (8), with promoted pieces standing in for lost pawns, and a pawn
/// at most 12 moves. That bounds the list at 8 + 9·27 + 2·14 + 2·13 + 2·8
/// = 321 moves.
///
/// It dereferences to a slice, mutably too, so `len()`, `iter()`,
/// `contains()`, indexing, `swap` and the in-place sorts work as on any
/// slice: an engine orders its moves where they lie.
///
/// ```
/// use bitmoves::{Board, Piece};
/// let board: Board = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse()?;
/// let mut moves = board.legal_moves();
/// // Captures first, then the rest by to-square.
/// moves.sort_unstable_by_key(|mv| (board.piece_on(mv.to).is_none(), mv.to));
/// assert_eq!(moves[0].to_string(), "e4d5");
/// moves.retain(|mv| board.piece_on(mv.from) == Some(Piece::King));
/// assert_eq!(moves.len(), 5);
/// # Ok::<(), bitmoves::FenError>(())
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// The most moves a list holds.
    pub const CAPACITY: usize = 321;

    /// An empty list.
    pub const fn new() -> Self {
        const PLACEHOLDER: Move = Move::new(Square::A1, Square::A1);
        Self {
            moves: [PLACEHOLDER; Self::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list is full, which move generation never causes (see the
    /// type's docs for the bound).
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` returns `true`, in their
    /// order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Shortens the list to at most `len` moves.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The moves of a [`MoveList`], by value.
#[derive(Debug, Clone)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}
