//! [`Board`]: a chess position, small and `Copy`, updated by copy-make.
//!
//! This file holds the type and its plain accessors. The other `impl Board`
//! blocks live beside the code they belong with:
//!
//! | file | what it holds |
//! |---|---|
//! | `board/check.rs` | checkers, pinned pieces, attackers, attack maps |
//! | `board/fen.rs` | FEN in and out |
//! | `board/castling_fen.rs` | the FEN castling field, and when rights call for Chess960 mode |
//! | `board/zobrist.rs` | the Polyglot Zobrist key |
//! | `board/validate.rs` | position checks after FEN parsing |
//! | `board/from_setup.rs` | the board of a [`Setup`](crate::setup::Setup) that is a legal position |
//! | `board/play.rs` | make (`play`, `play_unchecked`), the null move, UCI text to a legal move |
//! | `board/status.rs` | how the game stands: mate, stalemate, draws |
//! | `castling.rs` | how castling moves are written and recognised, and which are legal |
//! | `chess960.rs` | Chess960 start positions by number |
//! | `movegen/mod.rs` | legal move generation's entry points (`movegen/generate.rs`, `counting.rs`, `king.rs`, `en_passant.rs` its parts) |
//! | `movegen/single.rs` | one move's legality, without generating the others |
//! | `notation/san.rs` | writing SAN |
//! | `notation/parse.rs` | reading SAN |
//! | `notation/read.rs` | reading a move as UCI or SAN |
//! | `perft/make.rs` | perft's make in two steps: `prepare_make` once per piece, `make_prepared` per move |
//! | `perft/check_squares.rs` | bulk perft: what a pre-frontier node knows of its children's checkers and pins (Stockfish's check squares) |
//! | `perft/frontier_hints.rs` | bulk perft: what a pre-frontier node knows of its children: their kings' enemy attack maps, their knights' and sliders' moves |
//! | `serde_impls.rs` | `Serialize` and `Deserialize` as FEN (the `serde` feature) |
//!
//! Perft's make (`perft/make.rs`) writes the board's fields (pieces, key,
//! clocks, castling rights), which are `pub(crate)` for it; nothing else
//! outside `board/` writes them. It is the crate's second make beside
//! `play.rs`'s, kept apart for speed; the law that holds the two equal is
//! `children_are_the_boards_play_makes` in `perft/mod.rs`.

mod castling_fen;
mod check;
mod fen;
mod from_setup;
mod play;
mod status;
mod validate;
pub(crate) mod zobrist;

pub(crate) use check::{CheckInfo, MaybeCheckInfo};
pub use fen::{FenError, FenOptions, ShredderFen, Snippet};
pub use play::{IllegalMoveError, MoveError, NullMoveError};
pub use status::GameStatus;
pub use validate::PositionError;
#[cfg(feature = "std")]
pub(crate) use zobrist::en_passant_key;

use crate::{Bitboard, CastlingRights, Color, Piece, Square};

/// A chess position: where the pieces stand, the side to move, castling
/// rights, the en passant square and the move clocks.
///
/// The board is `Copy` (96 bytes): to try a move, copy the board and play
/// it on the copy. Checkers and pinned pieces are worked out when moves are
/// generated, so playing a move stays cheap.
///
/// Castling rights are kept as rook files, so Chess960 positions use the
/// same code as standard ones. A board is in *Chess960 mode* when its
/// castling rights need it (a right whose king is off the e-file or whose
/// rook is off the a- or h-file), or when [`FenOptions::chess960`] asked
/// for it; how the FEN spells the rights (`KQkq` or Shredder's `HAha`)
/// does not matter. The mode decides how castling moves are written (see
/// [`Move`](crate::Move)), so it ends with the last castling right: a
/// board without castling rights is a standard board. FEN is written the
/// same way in both modes (X-FEN), so a FEN carries the mode only where
/// the rights need it.
///
/// ```
/// use bitmoves::{Board, Color};
/// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.legal_moves().len(), 26);
/// # Ok::<(), bitmoves::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// Aligned to 16 on x86-64 so that `copy_for_child` may copy it in aligned
// 16-byte pieces; the size stays 96 bytes.
#[cfg_attr(target_arch = "x86_64", repr(align(16)))]
pub struct Board {
    // The fields are the crate's: written only by `board/` and by perft's
    // make (`perft/make.rs`), which the law test
    // `children_are_the_boards_play_makes` holds equal to `play`'s.
    pub(crate) pieces: [Bitboard; Piece::NUM],
    pub(crate) colors: [Bitboard; Color::NUM],
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) chess960: bool,
    /// The Polyglot key of all of the above, kept by `play`.
    pub(crate) key: u64,
}

impl Default for Board {
    /// The standard starting position.
    fn default() -> Self {
        Self::startpos()
    }
}

impl Board {
    /// The FEN of the standard starting position.
    pub const STARTPOS_FEN: &'static str =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The standard starting position.
    pub fn startpos() -> Self {
        match Self::from_fen(Self::STARTPOS_FEN) {
            Ok(board) => board,
            Err(_) => unreachable!("the start position is valid"),
        }
    }

    /// An empty board with nothing set: the parser's starting point.
    fn empty() -> Self {
        Self {
            pieces: [Bitboard::EMPTY; Piece::NUM],
            colors: [Bitboard::EMPTY; Color::NUM],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
            key: 0,
        }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Every piece of the given kind, of both colours.
    #[inline(always)]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// Every piece of the given colour.
    #[inline(always)]
    pub fn colors(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The pieces of one kind and colour.
    #[inline(always)]
    pub fn colored_pieces(&self, color: Color, piece: Piece) -> Bitboard {
        self.colors(color) & self.pieces(piece)
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The kind of piece on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|&p| self.pieces(p).contains(square))
    }

    /// The colour of the piece on `square`, if any.
    pub fn color_on(&self, square: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.colors(c).contains(square))
    }

    /// The square of `color`'s king.
    ///
    /// Every board made by this crate has one king per side. (After
    /// [`Board::play_unchecked`] with an illegal move that is no longer
    /// promised; the answer is then a1, never a panic.)
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.colored_pieces(color, Piece::King).0;
        Square::from_index((kings.trailing_zeros() & 63) as usize)
    }

    /// The castling rights of both sides.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square a pawn may capture onto en passant. It is kept only when
    /// a pawn of the side to move stands beside the pawn that just made a
    /// double step (whether or not that capture is legal).
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (the fifty-move rule).
    ///
    /// Both clocks stop at 65535 rather than wrap round. No game gets near
    /// that: the seventy-five-move rule ends a game at a halfmove clock of
    /// 150, and it bounds a game's length far below 65535 full moves.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The number of the full move, starting at 1 and increasing after
    /// Black moves.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// Whether the board is in Chess960 mode (see the type's docs).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }
}

/// Positions for the laws of making moves: the start, castling rights of
/// both kinds (kiwipete), promotions and rook captures (CPW position 4),
/// en passant, and a Chess960 start.
#[cfg(test)]
pub(crate) const MAKE_TEST_FENS: [&str; 5] = [
    Board::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

/// The legal moves of `board` that perft's pre-frontier nodes know most
/// about (neither castling, en passant nor a promotion), each with the
/// piece that makes it and the board after it.
#[cfg(test)]
pub(crate) fn plain_moves(board: &Board) -> impl Iterator<Item = (crate::Move, Piece, Board)> + '_ {
    board.legal_moves().into_iter().filter_map(move |mv| {
        let piece = board.piece_on(mv.from).expect("a piece moves");
        let en_passant = piece == Piece::Pawn && Some(mv.to) == board.en_passant();
        let castling = piece == Piece::King && board.castling_side(mv).is_some();
        if castling || en_passant || mv.promotion.is_some() {
            return None;
        }
        let mut child = *board;
        child.play_unchecked(mv);
        Some((mv, piece, child))
    })
}

/// The position of `fen` and every position one and two plies below it
/// (one entry per path), for tests that check a law on many boards.
#[cfg(test)]
pub(crate) fn up_to_two_plies_below(fen: &str) -> std::vec::Vec<Board> {
    let root: Board = fen.parse().expect("a valid FEN");
    let mut boards = std::vec![root];
    for mv in root.legal_moves() {
        let mut child = root;
        child.play_unchecked(mv);
        boards.push(child);
        boards.extend(child.legal_moves().into_iter().map(|reply| {
            let mut grandchild = child;
            grandchild.play_unchecked(reply);
            grandchild
        }));
    }
    boards
}
