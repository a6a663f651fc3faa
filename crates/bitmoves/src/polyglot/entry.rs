//! [`BookEntry`], one 16-byte record of a Polyglot book, its move bits, and
//! [`BookMove`], an entry read as a legal move of a board.

use crate::{Board, Move, Piece, Square};

/// One record of a Polyglot book, as stored: 16 bytes, big-endian.
///
/// | bytes | field    | meaning                                         |
/// |-------|----------|-------------------------------------------------|
/// | 0–7   | `key`    | the position's Polyglot key ([`Board::key`])    |
/// | 8–9   | `raw_move` | the move, bits described below                |
/// | 10–11 | `weight` | how often to play it, relative to its siblings  |
/// | 12–15 | `learn`  | free for learning data; books usually leave 0   |
///
/// The move's bits, from the lowest: to-file (0–2), to-rank (3–5),
/// from-file (6–8), from-rank (9–11), promotion (12–14: 0 none, 1 knight,
/// 2 bishop, 3 rook, 4 queen); bit 15 is unused and must be 0. Castling is
/// written as the king taking its own rook (`e1h1`, `e1a1`, `e8h8`,
/// `e8a8` on a standard board).
///
/// ```
/// use bitmoves::polyglot::BookEntry;
/// let bytes = [0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x1c, 0, 7, 0, 0, 0, 0];
/// let entry = BookEntry::from_bytes(bytes);
/// assert_eq!(entry.key, 0x463b96181691fc9c); // the starting position
/// assert_eq!(entry.raw_move, 0x031c);
/// assert_eq!(entry.decoded_move().unwrap().to_string(), "e2e4");
/// assert_eq!(entry.weight, 7);
/// assert_eq!(entry.to_bytes(), bytes);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The Polyglot key of the position the move is for.
    pub key: u64,
    /// The move, packed as the type's docs describe.
    pub raw_move: u16,
    /// The move's weight: the larger, the more often it is played.
    pub weight: u16,
    /// Learning data, which bitmoves passes through untouched.
    pub learn: u32,
}

impl BookEntry {
    /// The size of one entry in a book file, in bytes.
    pub const SIZE: usize = 16;

    /// An entry for the move `mv`, packed as written: a castling move must
    /// already be king-takes-rook (`e1h1`), as Polyglot writes it, and a
    /// promotion to a pawn or a king is left out (it has no code).
    ///
    /// ```
    /// use bitmoves::polyglot::BookEntry;
    /// let entry = BookEntry::new(0x463b96181691fc9c, "g1f3".parse()?, 20, 0);
    /// assert_eq!(entry.raw_move, 0x0195);
    /// assert_eq!(BookEntry::new(1, "e7e8q".parse()?, 1, 0).raw_move, 0x4d3c);
    /// # Ok::<(), bitmoves::ParseMoveError>(())
    /// ```
    pub const fn new(key: u64, mv: Move, weight: u16, learn: u32) -> Self {
        Self {
            key,
            raw_move: encode_move(mv),
            weight,
            learn,
        }
    }

    /// The entry stored in these 16 big-endian bytes.
    pub const fn from_bytes(bytes: [u8; Self::SIZE]) -> Self {
        let [
            k0,
            k1,
            k2,
            k3,
            k4,
            k5,
            k6,
            k7,
            m0,
            m1,
            w0,
            w1,
            l0,
            l1,
            l2,
            l3,
        ] = bytes;
        Self {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The 16 big-endian bytes that store this entry in a book file.
    pub const fn to_bytes(&self) -> [u8; Self::SIZE] {
        let [k0, k1, k2, k3, k4, k5, k6, k7] = self.key.to_be_bytes();
        let [m0, m1] = self.raw_move.to_be_bytes();
        let [w0, w1] = self.weight.to_be_bytes();
        let [l0, l1, l2, l3] = self.learn.to_be_bytes();
        [
            k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3,
        ]
    }

    /// The move as the book writes it (castling as king-takes-rook), or
    /// `None` when its bits are no move at all: bit 15 set, a promotion
    /// code above 4, or the same from- and to-square.
    ///
    /// ```
    /// use bitmoves::polyglot::BookEntry;
    /// let castle = BookEntry { key: 0, raw_move: 0x0107, weight: 1, learn: 0 };
    /// assert_eq!(castle.decoded_move().unwrap().to_string(), "e1h1");
    /// let nonsense = BookEntry { raw_move: 0x5000 | 0x031c, ..castle };
    /// assert_eq!(nonsense.decoded_move(), None); // promotion code 5
    /// ```
    pub const fn decoded_move(&self) -> Option<Move> {
        let raw = self.raw_move;
        if raw & 0x8000 != 0 {
            return None;
        }
        let to = Square::from_index((raw & 0x3f) as usize);
        let from = Square::from_index(((raw >> 6) & 0x3f) as usize);
        let promotion = match (raw >> 12) & 0x7 {
            0 => None,
            code @ 1..=4 => Some(Piece::from_index(code as usize)),
            _ => return None,
        };
        if from as u8 == to as u8 {
            return None;
        }
        Some(Move {
            from,
            to,
            promotion,
        })
    }

    /// The legal move of `board` that this entry stands for, in the board's
    /// own castling convention, or `None` when there is none: the key
    /// belongs to another position (a collision), or the move is corrupt or
    /// not legal here. The key itself is not compared.
    ///
    /// King-takes-rook onto a rook that still has its castling right is
    /// castling: `e1h1` becomes `e1g1` on a standard board and stays `e1h1`
    /// in Chess960 mode. Every other move is taken as written.
    ///
    /// ```
    /// use bitmoves::{Board, FenOptions, Move, Square, polyglot::BookEntry};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// let castle = BookEntry::new(board.key(), "e1h1".parse()?, 1, 0);
    /// assert_eq!(castle.legal_move(&board).unwrap().to_string(), "e1g1");
    /// let options = FenOptions { chess960: true, ..FenOptions::default() };
    /// let chess960 = Board::from_fen_with("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", options)?;
    /// assert_eq!(castle.legal_move(&chess960).unwrap().to_string(), "e1h1");
    /// let rook_jump = BookEntry::new(board.key(), "a1a8".parse()?, 1, 0);
    /// assert_eq!(rook_jump.legal_move(&board).unwrap().to_string(), "a1a8");
    /// let king_jump = BookEntry::new(board.key(), "e1e3".parse()?, 1, 0);
    /// assert_eq!(king_jump.legal_move(&board), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_move(&self, board: &Board) -> Option<Move> {
        let mut mv = self.decoded_move()?;
        let castling_rooks =
            board.castling_rights().rook_squares() & board.colors(board.side_to_move());
        if castling_rooks.contains(mv.to)
            && let Some(castle) = board
                .castling_side(mv)
                .and_then(|side| board.castling_move(side))
        {
            mv = castle;
        }
        board.is_legal(mv).then_some(mv)
    }

    /// The entry as a [`BookMove`] of `board`: its [`legal_move`](Self::legal_move)
    /// with its weight and learning data, or `None` where the move is not
    /// legal there.
    ///
    /// ```
    /// use bitmoves::Board;
    /// use bitmoves::polyglot::BookEntry;
    /// let board = Board::startpos();
    /// let entry = BookEntry::new(board.key(), "e2e4".parse()?, 10, 3);
    /// let book_move = entry.book_move(&board).unwrap();
    /// assert_eq!((book_move.mv.to_string(), book_move.weight, book_move.learn), ("e2e4".into(), 10, 3));
    /// assert_eq!(BookEntry::new(board.key(), "e2e5".parse()?, 10, 3).book_move(&board), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn book_move(&self, board: &Board) -> Option<BookMove> {
        Some(BookMove {
            mv: self.legal_move(board)?,
            weight: self.weight,
            learn: self.learn,
        })
    }
}

/// `mv` packed into Polyglot's 16 move bits (see [`BookEntry`]).
const fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        Some(piece @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)) => piece as u16,
        _ => 0,
    };
    (promotion << 12) | ((mv.from as u16) << 6) | mv.to as u16
}

/// A book move of a board: an entry read as a legal move, with its weight
/// and learning data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, legal on the board it was looked up for, in that board's
    /// castling convention.
    pub mv: Move,
    /// Its weight in the book.
    pub weight: u16,
    /// Its learning data in the book.
    pub learn: u32,
}
