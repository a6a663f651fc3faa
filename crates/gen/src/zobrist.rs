//! Zobrist keys: the Polyglot book format's published Random64 numbers, rearranged
//! into bitmoves' own indexing, and seeded extra keys for Chess960 castling rooks.

use crate::geometry::NUM_SQUARES;

/// The Polyglot Random64 table as text: one hex number per line in Random64 order,
/// `#` comments. The file's header describes its layout.
const RANDOM64_TEXT: &str = include_str!("../data/polyglot-random64.txt");

/// How many numbers Random64 holds: 768 piece-square, 4 castling, 8 en-passant, 1 turn.
pub const RANDOM64_LEN: usize = 781;

/// Colours in table order: White = 0, Black = 1.
pub const NUM_COLORS: usize = 2;

/// Piece kinds in table order: Pawn = 0, Knight, Bishop, Rook, Queen, King = 5.
pub const NUM_PIECES: usize = 6;

/// Start of Random64's castling numbers: white short, white long, black short, black long.
const POLYGLOT_CASTLING: usize = 768;

/// Start of Random64's en-passant numbers, by file a…h.
const POLYGLOT_EN_PASSANT: usize = 772;

/// Random64's side-to-move number, XORed in when White is to move.
const POLYGLOT_TURN: usize = 780;

/// Every Zobrist key, in bitmoves' indexing.
pub struct ZobristTables {
    /// `pieces[color][piece][square]`.
    pub pieces: Vec<Vec<Vec<u64>>>,
    /// `castling[color][side]`, side KingSide = 0, QueenSide = 1.
    pub castling: Vec<Vec<u64>>,
    /// `en_passant[file]`.
    pub en_passant: Vec<u64>,
    /// XORed in when White is to move.
    pub white_to_move: u64,
}

/// The 781 Random64 numbers, in Polyglot's order.
///
/// # Panics
///
/// If the data file holds a line that is not `0x` and hex digits, or not 781 numbers.
pub fn random64() -> Vec<u64> {
    let numbers: Vec<u64> = RANDOM64_TEXT
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            line.strip_prefix("0x")
                .and_then(|hex| u64::from_str_radix(hex, 16).ok())
                .unwrap_or_else(|| panic!("polyglot-random64.txt:{}: bad number", i + 1))
        })
        .collect();
    assert_eq!(numbers.len(), RANDOM64_LEN, "polyglot-random64.txt");
    numbers
}

/// Index into Random64 of `piece` of `color` on `square`, in bitmoves' numbering
/// (color White = 0, piece Pawn = 0 … King = 5, square a1 = 0 … h8 = 63).
///
/// Polyglot's kind is `2 * piece + 1` for White and `2 * piece` for Black, and its
/// `8 * row + file` with row 0 = rank 1 is our little-endian square.
fn polyglot_piece(color: usize, piece: usize, square: usize) -> usize {
    let white = usize::from(color == 0);
    64 * (2 * piece + white) + square
}

/// Rearranges Random64 into bitmoves' indexing.
pub fn build() -> ZobristTables {
    let random = random64();
    let pieces = (0..NUM_COLORS)
        .map(|color| {
            (0..NUM_PIECES)
                .map(|piece| {
                    (0..NUM_SQUARES)
                        .map(|square| random[polyglot_piece(color, piece, square)])
                        .collect()
                })
                .collect()
        })
        .collect();
    // Polyglot's order, white short, white long, black short, black long, is already
    // `[color][side]` flattened.
    let castling = random[POLYGLOT_CASTLING..POLYGLOT_EN_PASSANT]
        .chunks(2)
        .map(<[u64]>::to_vec)
        .collect();
    ZobristTables {
        pieces,
        castling,
        en_passant: random[POLYGLOT_EN_PASSANT..POLYGLOT_TURN].to_vec(),
        white_to_move: random[POLYGLOT_TURN],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_holds_the_published_numbers() {
        let random = random64();
        assert_eq!(random[0], 0x9d39_247e_3377_6d41, "first number");
        assert_eq!(random[6], 0x0fbb_ad1f_6104_2279, "a leading zero digit");
        assert_eq!(random[768], 0x31d7_1dce_64b2_c310, "white short castling");
        assert_eq!(
            random[772], 0x70cc_73d9_0bc2_6e24,
            "en passant on the a-file"
        );
        assert_eq!(random[780], 0xf8d6_26aa_af27_8509, "white to move");
    }

    #[test]
    fn every_random64_number_is_used_once() {
        let tables = build();
        let mut used: Vec<u64> = tables.pieces.concat().concat();
        used.extend(tables.castling.concat());
        used.extend(&tables.en_passant);
        used.push(tables.white_to_move);
        let mut random = random64();
        used.sort_unstable();
        random.sort_unstable();
        assert_eq!(used, random);
    }
}
