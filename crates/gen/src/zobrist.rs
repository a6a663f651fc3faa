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

    /// The values of `pub static NAME` in the rendered `zobrist.rs`, flattened in
    /// row-major order: what the compiled table holds at `[i][j][k]` is entry
    /// `(i * J + j) * K + k`.
    fn rendered(name: &str) -> Vec<u64> {
        let text = crate::files::zobrist_rs(&build()).contents;
        let item = format!("pub static {name}: ");
        let start = text.find(&item).expect("the static is rendered") + item.len();
        let rest = &text[start..];
        let value =
            &rest[rest.find(" = ").expect("a value") + 3..rest.find(";\n").expect("an end")];
        value
            .split(['[', ']', ',', '\n'])
            .filter(|token| !token.is_empty())
            .map(|token| match token.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16).expect("hex"),
                None => token.parse().expect("decimal"),
            })
            .collect()
    }

    /// The Polyglot key of a position, from the rendered tables: `placement` and
    /// `castling` as the fields of a FEN, `en_passant` the file to hash (when a
    /// capture is possible), `white` whether White is to move.
    fn polyglot_key(
        placement: &str,
        castling: &str,
        en_passant: Option<usize>,
        white: bool,
    ) -> u64 {
        let (pieces, rights) = (rendered("ZOBRIST_PIECES"), rendered("ZOBRIST_CASTLING"));
        let mut key = 0;
        for (row, rank) in placement.split('/').rev().enumerate() {
            let mut file = 0;
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(skip) => file += skip as usize,
                    None => {
                        let color = usize::from(c.is_ascii_lowercase());
                        let piece = "pnbrqk".find(c.to_ascii_lowercase()).expect("a piece");
                        key ^= pieces[(color * NUM_PIECES + piece) * NUM_SQUARES + 8 * row + file];
                        file += 1;
                    }
                }
            }
        }
        for (i, right) in "KQkq".chars().enumerate() {
            if castling.contains(right) {
                key ^= rights[i];
            }
        }
        if let Some(file) = en_passant {
            key ^= rendered("ZOBRIST_EN_PASSANT")[file];
        }
        if white {
            key ^= rendered("ZOBRIST_WHITE_TO_MOVE")[0];
        }
        key
    }

    #[test]
    fn rendered_types() {
        let text = crate::files::zobrist_rs(&build()).contents;
        for item in [
            "pub static ZOBRIST_PIECES: [[[u64; 64]; 6]; 2] = [",
            "pub static ZOBRIST_CASTLING: [[u64; 2]; 2] = [",
            "pub static ZOBRIST_EN_PASSANT: [u64; 8] = [",
            "pub static ZOBRIST_WHITE_TO_MOVE: u64 = 0xf8d626aaaf278509;",
        ] {
            assert!(text.contains(item), "{item}");
        }
    }

    #[test]
    fn rendered_tables_follow_the_polyglot_layout() {
        let random = random64();
        let pieces = rendered("ZOBRIST_PIECES");
        let at = |color: usize, piece: usize, square: usize| {
            pieces[(color * NUM_PIECES + piece) * NUM_SQUARES + square]
        };
        let (white, black) = (0, 1);
        let (pawn, knight, king) = (0, 1, 5);
        assert_eq!(at(white, pawn, 0), random[64], "white pawn on a1");
        assert_eq!(at(black, pawn, 0), random[0], "black pawn on a1");
        assert_eq!(
            at(white, knight, 6),
            random[64 * 3 + 6],
            "white knight on g1"
        );
        assert_eq!(
            at(black, king, 60),
            random[64 * 10 + 8 * 7 + 4],
            "black king on e8"
        );
        assert_eq!(at(white, king, 63), random[767], "white king on h8");
        // Every entry, by Polyglot's formula: kind = 2 * piece + (1 if white),
        // index 64 * kind + 8 * row + file.
        assert_eq!(pieces.len(), NUM_COLORS * NUM_PIECES * NUM_SQUARES);
        for color in 0..NUM_COLORS {
            for piece in 0..NUM_PIECES {
                for (row, file) in (0..8).flat_map(|row| (0..8).map(move |file| (row, file))) {
                    let kind = 2 * piece + usize::from(color == white);
                    assert_eq!(
                        at(color, piece, 8 * row + file),
                        random[64 * kind + 8 * row + file],
                        "color {color} piece {piece} row {row} file {file}"
                    );
                }
            }
        }
        // `[color][side]`: white short, white long, black short, black long.
        assert_eq!(rendered("ZOBRIST_CASTLING"), random[768..772]);
        assert_eq!(rendered("ZOBRIST_EN_PASSANT"), random[772..780]);
        assert_eq!(rendered("ZOBRIST_WHITE_TO_MOVE"), [random[780]]);
    }

    #[test]
    fn start_position_has_the_published_key() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(
            polyglot_key(start, "KQkq", None, true),
            0x463b_9618_1691_fc9c
        );
    }

    #[test]
    fn published_keys_after_moves() {
        // The Polyglot format's test positions: 1. e4 (no en-passant capture is
        // possible, so no file is hashed); 1. e4 d5; 1. e4 d5 2. e5 f5 (exf6 is).
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        assert_eq!(polyglot_key(e4, "KQkq", None, false), 0x823c_9b50_fd11_4196);
        let d5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR";
        assert_eq!(polyglot_key(d5, "KQkq", None, true), 0x0756_b944_61c5_0fb0);
        let f5 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR";
        assert_eq!(
            polyglot_key(f5, "KQkq", Some(5), true),
            0x22a4_8b5a_8e47_ff78
        );
    }
}
