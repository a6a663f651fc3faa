//! [`PositionKey`]: a position as the repetition rules see it, packed
//! exactly (not hashed) into 24 bytes.

use bitmoves::{Bitboard, Board, CastlingSide, Color, FenError, FenOptions, Piece, Rank, Square};
use core::fmt::Write as _;
use std::string::String;

/// Nibble code of a pawn that has just made a double step and may be
/// captured en passant by a *legal* move. Its colour is the side not to
/// move.
const EN_PASSANT_PAWN: u8 = 12;
/// Nibble codes of a rook that may still castle, White's then Black's.
const CASTLING_ROOK: [u8; Color::NUM] = [13, 14];
/// Nibble code of the black king when Black is to move (the king is
/// code 11 when White is).
const BLACK_KING_TO_MOVE: u8 = 15;
/// No piece, in the square-indexed form of a key.
const EMPTY: u8 = 0xff;

/// A position as the rules of repetition define it: the pieces, the side to
/// move, the castling rights, and the en passant square *only when an en
/// passant capture is legal*. The move clocks do not count, nor does the
/// Chess960 mode (which only changes how castling is written).
///
/// Two boards have equal keys exactly when they are the same position in
/// that sense: the key is an exact encoding, not a hash, so no two
/// different positions ever share one.
///
/// The encoding: the occupied squares (64 bits), then one 4-bit code per
/// occupied square in square order (at most 32 pieces, 128 bits). Codes 0
/// to 11 are White's pawn, knight, bishop, rook, queen, king, then Black's.
/// Four codes fold the rest of the position into the pieces: 12 is the pawn
/// that may be captured en passant, 13 and 14 a white or black rook that
/// may still castle, 15 the black king when Black is to move. Keys compare
/// in that order (occupancy first), which is the order of a unit file.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::split::PositionKey;
/// // After 1. e4 the black pawns cannot take on e3: the square is no part
/// // of the position, so two transpositions that differ only in it agree.
/// let a: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// let b: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(PositionKey::new(&a), PositionKey::new(&b));
/// # Ok::<(), bitmoves::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PositionKey([u64; 3]);

impl core::hash::Hash for PositionKey {
    /// One well-mixed word: the split's table only needs the key to pick a
    /// bucket; equality still compares all 24 bytes.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let [a, b, c] = self.0;
        let mixed = a.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(23)
            ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(41)
            ^ c.wrapping_mul(0x1656_67b1_9e37_79f9);
        state.write_u64(fmix64(mixed));
    }
}

/// MurmurHash3's 64-bit finaliser: every input bit reaches every output bit.
fn fmix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl PositionKey {
    /// The key of `board`. `None` only for a board that no game reaches
    /// and the FEN parser refuses: more than 32 pieces, or a castling right
    /// without its rook.
    pub fn new(board: &Board) -> Option<Self> {
        let occupied = board.occupied();
        if occupied.len() > 32 {
            return None;
        }
        let mut codes = [EMPTY; 64];
        for color in Color::ALL {
            for piece in Piece::ALL {
                let code = piece_code(color, piece);
                for square in board.colored_pieces(color, piece) {
                    codes[square.index()] = code;
                }
            }
        }
        let rights = board.castling_rights();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = rights.rook(color, side) {
                    let square = Square::new(file, Rank::First.relative_to(color));
                    if codes[square.index()] != piece_code(color, Piece::Rook) {
                        return None;
                    }
                    codes[square.index()] = CASTLING_ROOK[color.index()];
                }
            }
        }
        if let Some(pushed) = capturable_pawn(board) {
            codes[pushed.index()] = EN_PASSANT_PAWN;
        }
        if board.side_to_move() == Color::Black {
            codes[board.king(Color::Black).index()] = BLACK_KING_TO_MOVE;
        }
        let mut nibbles = 0u128;
        for (slot, square) in occupied.iter().enumerate() {
            nibbles |= u128::from(codes[square.index()] & 0xf) << (4 * slot);
        }
        // Splitting the 128 nibble bits into two words is the point here.
        let words = [occupied.0, nibbles as u64, (nibbles >> 64) as u64];
        Some(Self(words))
    }

    /// The key's three words: occupancy, then the low and high 64 bits of
    /// the nibble codes.
    pub fn to_words(self) -> [u64; 3] {
        self.0
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.decode().side
    }

    /// The key unpacked into squares and the state folded into them.
    fn decode(&self) -> Decoded {
        let [occupied, low, high] = self.0;
        let mut nibbles = u128::from(low) | (u128::from(high) << 64);
        let mut decoded = Decoded {
            letters: [0; 64],
            kings: [Square::E1, Square::E8],
            castling_rooks: [Bitboard::EMPTY; Color::NUM],
            en_passant_pawn: None,
            side: Color::White,
        };
        for square in Bitboard(occupied).iter().take(32) {
            // A nibble is 4 bits: the cast keeps all of it.
            let code = (nibbles & 0xf) as u8;
            nibbles >>= 4;
            let (color, piece) = match code {
                EN_PASSANT_PAWN => {
                    decoded.en_passant_pawn = Some(square);
                    // The side to move may not be known yet: fixed below.
                    (Color::White, Piece::Pawn)
                }
                BLACK_KING_TO_MOVE => {
                    decoded.side = Color::Black;
                    (Color::Black, Piece::King)
                }
                c if c == CASTLING_ROOK[0] || c == CASTLING_ROOK[1] => {
                    let color = Color::from_index(usize::from(c - CASTLING_ROOK[0]));
                    decoded.castling_rooks[color.index()].insert(square);
                    (color, Piece::Rook)
                }
                c => (
                    Color::from_index(usize::from(c) / Piece::NUM),
                    Piece::from_index(usize::from(c) % Piece::NUM),
                ),
            };
            if piece == Piece::King {
                decoded.kings[color.index()] = square;
            }
            decoded.letters[square.index()] = letter(color, piece);
        }
        if let Some(pawn) = decoded.en_passant_pawn {
            // The pawn that may be taken belongs to the side not to move.
            decoded.letters[pawn.index()] = letter(!decoded.side, Piece::Pawn);
        }
        decoded
    }

    /// Writes the position as FEN, with halfmove clock 0 and the given
    /// fullmove number. Castling is written in Shredder letters when
    /// `chess960` (the mode of the root the position came from) and it has
    /// castling rights left, else `KQkq` ([`Board`]'s `Display` writes
    /// X-FEN in both modes); read back with the root's mode, the FEN gives
    /// a board with this key.
    pub fn write_fen(&self, chess960: bool, fullmove: u16, out: &mut String) {
        let decoded = self.decode();
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for &letter in &decoded.letters[rank * 8..rank * 8 + 8] {
                if letter == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                out.push(char::from(letter));
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(decoded.side.to_char());
        out.push(' ');
        let castling_start = out.len();
        for color in Color::ALL {
            let king = decoded.kings[color.index()].file();
            let rooks = decoded.castling_rooks[color.index()];
            let king_side = rooks.iter().find(|rook| rook.file() > king);
            let queen_side = rooks.iter().find(|rook| rook.file() < king);
            for (rook, letter) in [(king_side, 'k'), (queen_side, 'q')] {
                if let Some(rook) = rook {
                    let letter = if chess960 {
                        rook.file().to_char()
                    } else {
                        letter
                    };
                    out.push(match color {
                        Color::White => letter.to_ascii_uppercase(),
                        Color::Black => letter,
                    });
                }
            }
        }
        if out.len() == castling_start {
            out.push('-');
        }
        let forward = match decoded.side {
            Color::White => 1,
            Color::Black => -1,
        };
        out.push(' ');
        match decoded
            .en_passant_pawn
            .and_then(|pushed| pushed.offset(0, forward))
        {
            Some(square) => {
                out.push(square.file().to_char());
                out.push(square.rank().to_char());
            }
            None => out.push('-'),
        }
        let _ = write!(out, " 0 {fullmove}");
    }

    /// The position as FEN (see [`PositionKey::write_fen`]).
    pub fn fen(&self, chess960: bool, fullmove: u16) -> String {
        let mut fen = String::with_capacity(90);
        self.write_fen(chess960, fullmove, &mut fen);
        fen
    }

    /// A board for the position, read back from its FEN. Positions are read
    /// leniently (see [`FenOptions::lenient`]): a key made from a board is
    /// always accepted.
    pub fn to_board(&self, chess960: bool) -> Result<Board, FenError> {
        let options = FenOptions {
            lenient: true,
            chess960,
        };
        Board::from_fen_with(&self.fen(chess960, 1), options)
    }
}

/// The code of a piece of `color` (before the special codes are applied).
fn piece_code(color: Color, piece: Piece) -> u8 {
    // At most 11: the cast cannot truncate.
    (color.index() * Piece::NUM + piece.index()) as u8
}

/// A key unpacked: the FEN letter on each square (0 for none), the kings,
/// the rooks that may castle, the pawn that may be captured en passant,
/// the side to move.
struct Decoded {
    letters: [u8; 64],
    kings: [Square; Color::NUM],
    castling_rooks: [Bitboard; Color::NUM],
    en_passant_pawn: Option<Square>,
    side: Color,
}

/// The FEN letter of a piece, as an ASCII byte.
fn letter(color: Color, piece: Piece) -> u8 {
    // FEN letters are ASCII: the cast keeps all of it.
    let c = piece.to_char() as u8;
    match color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

/// The pawn that may be captured en passant by a legal move, if any. The
/// board keeps its en passant square whenever an enemy pawn stands beside
/// the pawn that made the double step; only a legal capture makes the
/// square part of the position.
fn capturable_pawn(board: &Board) -> Option<Square> {
    let target = board.legal_en_passant()?;
    // The pawn stands one rank past the target, seen from the side that
    // pushed it.
    let behind = match board.side_to_move() {
        Color::White => -1,
        Color::Black => 1,
    };
    target.offset(0, behind)
}
