//! Legal move generation through check and pin masks: no move is made and
//! then tested.
//!
//! The entry points, and which is for what. Every one ends in
//! `generate_into`; the public ones use the build's slider back-end
//! (`NATIVE`), the crate's own take one (`s`) for perft's dispatch.
//!
//! | entry point | for |
//! |---|---|
//! | [`Board::legal_moves`], [`Board::captures`], [`Board::quiets`] | the moves in a [`MoveList`] |
//! | [`Board::generate_moves`] | the moves, grouped by piece, to a visitor that may stop early |
//! | [`Board::generate_moves_to`] | the same, for the moves onto some squares only |
//! | [`Board::generate_captures`], [`Board::generate_quiets`] | the same, for captures (quiescence) or quiet moves only |
//! | [`Board::move_count`], [`Board::has_legal_moves`] | counting, or asking whether there is one |
//! | [`Board::legal_en_passant`] (`en_passant.rs`) | the en passant square when a capture there is legal |
//! | [`Board::is_legal`] (`single.rs`) | one move's legality |
//! | `generate_masked` (crate) | a visitor and a `Mask`, with the back-end `s`: under all the visitor entries, and perft's loops |
//! | `move_count_with`, `move_count_for` (crate) | bulk counting with the back-end `s`; `_for` with the side a constant and the checkers and pins maybe known (perft's frontier nodes) |
//!
//! The files, one job each:
//!
//! | file | holds |
//! |---|---|
//! | `movegen/mod.rs` | the entry points above |
//! | `movegen/generate.rs` | the generator: `generate_into` (the White/Black dispatch, `with_side!`), `generate_legal` (no check, check or double check), `generate_all` (pawns, knights, sliders, pinned sliders), the pawns' moves, the enemy's attack map |
//! | `movegen/counting.rs` | a counting sink's knights and sliders, counted all at once (`count_setwise`) |
//! | `movegen/king.rs` | the king's moves: the visitors' path (`king_moves`) and the counting sinks' (`counted_king_moves`) |
//! | `movegen/en_passant.rs` | which pawns may capture en passant, listed or counted |
//! | `movegen/single.rs` | one move's legality (`Board::is_legal`) |
//! | `movegen/sink.rs` | where moves go: a visitor or a counter (`Sink`), and which moves it wants (`Mask`) |
//! | `movegen/move_list.rs` | [`MoveList`], the moves in a stack-allocated list |
//! | `movegen/piece_moves.rs` | [`PieceMoves`], one piece's moves as a from-square and a target set |
//!
//! Castling legality (which castles are free and safe) lives with the rest
//! of castling, in `castling.rs`.

mod counting;
mod en_passant;
mod generate;
mod king;
mod move_list;
mod piece_moves;
mod single;
mod sink;

pub use move_list::{MoveList, MoveListIntoIter};
pub use piece_moves::{PieceMoves, PieceMovesIter};

use crate::attacks::{NATIVE, Sliders};
use crate::board::MaybeCheckInfo;
use crate::{Bitboard, Board, Square};
pub(crate) use sink::Known;
pub(crate) use sink::Mask;
use sink::{MoveCounter, NothingKnown, Visitor};

/// This file holds the `impl Board` block for legal move generation.
impl Board {
    /// Hands the legal moves to `visitor`, grouped by the piece that moves.
    /// The visitor returns `true` to stop early; `generate_moves` returns
    /// whether it was stopped. No group it receives is empty.
    ///
    /// This is the fast path: counting moves is adding up
    /// [`PieceMoves::len`], and nothing is allocated.
    ///
    /// ```
    /// use bitmoves::{Board, Piece};
    /// let board = Board::default();
    /// let mut knight_moves = 0;
    /// board.generate_moves(|moves| {
    ///     if moves.piece == Piece::Knight {
    ///         knight_moves += moves.len();
    ///     }
    ///     false
    /// });
    /// assert_eq!(knight_moves, 4);
    /// ```
    #[inline]
    pub fn generate_moves(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(Mask::ALL, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the legal moves whose to-square is in
    /// `targets` only: the others are not generated at all. (A castling
    /// move's to-square is the one it is written with, see
    /// [`Board::castling_move`].)
    ///
    /// ```
    /// use bitmoves::{Board, Square};
    /// let board = Board::default();
    /// let mut moves = 0;
    /// board.generate_moves_to(Square::F3.bitboard(), |group| {
    ///     moves += group.len();
    ///     false
    /// });
    /// assert_eq!(moves, 2); // f2f3 and g1f3
    /// ```
    #[inline]
    pub fn generate_moves_to(
        &self,
        targets: Bitboard,
        visitor: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let mask = Mask {
            from: Bitboard::FULL,
            to: targets,
            pawn_to: targets,
        };
        self.generate_masked(mask, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the captures only, the moves a
    /// quiescence search looks at: every move onto an enemy piece, en
    /// passant, and every promotion (captures or not).
    #[inline]
    pub fn generate_captures(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(self.split_masks().0, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the quiet moves only: every legal move
    /// that [`Board::generate_captures`] leaves out (castling among them).
    #[inline]
    pub fn generate_quiets(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(self.split_masks().1, NATIVE, visitor)
    }

    /// The captures (see [`Board::generate_captures`]) in a list.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board: Board = "4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1".parse()?;
    /// let captures: Vec<String> = board.captures().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(captures, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    /// assert_eq!(board.captures().len() + board.quiets().len(), board.legal_moves().len());
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn captures(&self) -> MoveList {
        self.list_masked(self.split_masks().0)
    }

    /// The quiet moves (see [`Board::generate_quiets`]) in a list.
    pub fn quiets(&self) -> MoveList {
        self.list_masked(self.split_masks().1)
    }

    /// The masks of the captures and of the quiet moves: two halves of the
    /// legal moves that never overlap.
    #[inline(always)]
    fn split_masks(&self) -> (Mask, Mask) {
        let theirs = self.colors(!self.side_to_move());
        let en_passant = self.en_passant().map_or(Bitboard::EMPTY, Square::bitboard);
        let pawn_captures = theirs | en_passant | Bitboard::BACK_RANKS;
        let captures = Mask {
            from: Bitboard::FULL,
            to: theirs,
            pawn_to: pawn_captures,
        };
        let quiets = Mask {
            from: Bitboard::FULL,
            to: !theirs,
            pawn_to: !pawn_captures,
        };
        (captures, quiets)
    }

    /// The moves of `mask`, in a list.
    pub(crate) fn list_masked(&self, mask: Mask) -> MoveList {
        let mut list = MoveList::new();
        self.generate_masked(mask, NATIVE, |moves| {
            moves.into_iter().for_each(|mv| list.push(mv));
            false
        });
        list
    }

    /// Generation into a visitor that wants the moves of `mask` only, with
    /// the slider back-end `s`: what every visitor entry point calls.
    #[inline(always)]
    pub(crate) fn generate_masked(
        &self,
        mask: Mask,
        s: impl Sliders,
        visit: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        self.generate_into(&mut Visitor { visit, mask }, s)
    }

    /// The legal moves, in a stack-allocated list.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let moves = Board::default().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "g1f3"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.list_masked(Mask::ALL)
    }

    /// The number of legal moves, counted without listing them (pawns are
    /// counted set-wise, a few shifts for all of them).
    #[inline]
    pub fn move_count(&self) -> usize {
        self.move_count_with(NATIVE)
    }

    /// [`Board::move_count`] with the slider back-end `s`.
    #[inline(always)]
    pub(crate) fn move_count_with(&self, s: impl Sliders) -> usize {
        let mut counter = MoveCounter {
            count: 0,
            known: NothingKnown,
        };
        self.generate_into(&mut counter, s);
        counter.count
    }

    /// [`Board::move_count_with`] for White to move (`WHITE`) or Black,
    /// which must be the side to move: for callers that know it at compile
    /// time (the children of perft's pre-frontier nodes), and that may
    /// know the checkers and pins already (`known`, see `CheckSquares`),
    /// and more (`hints`: the enemy's attack map for the king, the moves
    /// of the knights and sliders; see `FrontierHints`).
    #[inline(always)]
    pub(crate) fn move_count_for<const WHITE: bool>(
        &self,
        known: MaybeCheckInfo,
        hints: impl Known,
        s: impl Sliders,
    ) -> usize {
        let info = match known.get() {
            Some(info) => info,
            None => self.check_info_for::<WHITE>(),
        };
        let mut counter = MoveCounter {
            count: 0,
            known: hints,
        };
        self.generate_legal::<WHITE>(&info, &mut counter, s);
        counter.count
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }
}
