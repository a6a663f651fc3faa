//! The generated files of `tables/src/`, one function per file.

use crate::GeneratedFile;
use crate::magic::{self, MagicEntry, MagicTables};
use crate::pext::PextTables;
use crate::render::{Source, Style};
use crate::sliders::Slider;
use crate::zobrist::ZobristTables;
use crate::{leapers, rays};

/// The table modules that every target compiles, as `lib.rs` declares them;
/// `pext` follows, for the targets that may read it.
const MODULES: [&str; 5] = ["leapers", "magic", "rays", "sliders", "zobrist"];

/// `lib.rs`: crate docs, the modules, and which targets get the PEXT tables.
pub fn lib_rs() -> GeneratedFile {
    let mut source = Source::new(&[
        "Precomputed bitboard tables for `bitmoves`: raw data only.",
        "",
        "Every item is a `pub static` of plain integers, nearly all arrays, with no types;",
        "the core crate `bitmoves` wraps them in its own `Bitboard` and `Square` types.",
        "Squares are little-endian rank-file: a1 = 0, b1 = 1, …, h8 = 63; colours White = 0,",
        "Black = 1; pieces Pawn = 0, Knight, Bishop, Rook, Queen, King = 5.",
        "",
        "Slider attacks come in two forms. Fancy magic bitboards (`ROOK_MAGICS`,",
        "`SLIDER_ATTACKS`, …) are in every build: they work on any CPU. PEXT tables",
        "(`ROOK_PEXT_OFFSETS`, `PEXT_ATTACKS`, …) are compiled for x86-64, the one target",
        "whose CPUs may have the PEXT instruction (BMI2) that reads them; the core crate",
        "decides at build time or at run time which one to use. The `all-sliders` feature",
        "compiles the PEXT tables on other targets too, for tests. Both share",
        "`ROOK_MASKS`, `BISHOP_MASKS`, `ROOK_RAYS_ALL` and `BISHOP_RAYS_ALL`.",
        "",
        "Zobrist keys are the Polyglot opening-book format's published Random64 numbers,",
        "rearranged into the indexing above (`ZOBRIST_PIECES`, `ZOBRIST_CASTLING`,",
        "`ZOBRIST_EN_PASSANT`, `ZOBRIST_WHITE_TO_MOVE`), so XORing them as Polyglot does",
        "gives Polyglot's keys.",
    ]);
    source.raw("\n#![no_std]\n\n");
    for module in MODULES {
        source.raw(&format!("mod {module};\n"));
    }
    source.raw("\n");
    for module in MODULES {
        source.raw(&format!("pub use {module}::*;\n"));
    }
    let pext = "#[cfg(any(target_arch = \"x86_64\", feature = \"all-sliders\"))]";
    source.raw(&format!("\n{pext}\nmod pext;\n{pext}\npub use pext::*;\n"));
    GeneratedFile {
        path: "lib.rs",
        contents: source.finish(),
    }
}

/// `leapers.rs`: knight, king and pawn attacks.
pub fn leapers_rs() -> GeneratedFile {
    let mut source = Source::new(&["Attacks of the leaping pieces: knight, king and pawn."]);
    source.array(
        &["Knight attacks: `KNIGHT_ATTACKS[square]`."],
        "KNIGHT_ATTACKS",
        "u64",
        &leapers::knight(),
        Style::Hex,
    );
    source.array(
        &["King attacks: `KING_ATTACKS[square]`."],
        "KING_ATTACKS",
        "u64",
        &leapers::king(),
        Style::Hex,
    );
    source.array_2d(
        &[
            "Pawn captures: `PAWN_ATTACKS[color][square]`, color 0 = white (north-east and",
            "north-west), 1 = black (south-east and south-west). Every square has an entry,",
            "ranks 1 and 8 included.",
        ],
        "PAWN_ATTACKS",
        "u64",
        &leapers::pawn(),
        Style::Hex,
    );
    GeneratedFile {
        path: "leapers.rs",
        contents: source.finish(),
    }
}

/// `rays.rs`: rays, `BETWEEN` and `LINE`.
pub fn rays_rs() -> GeneratedFile {
    let rays = rays::rays();
    let mut source = Source::new(&[
        "Rays in the eight directions, and the squares between and along two squares.",
    ]);
    source.array_2d(
        &[
            "Rays: `RAYS[direction][square]`, excluding the square, running to the edge.",
            "Directions: 0 North, 1 NorthEast, 2 East, 3 SouthEast, 4 South, 5 SouthWest,",
            "6 West, 7 NorthWest.",
        ],
        "RAYS",
        "u64",
        &rays,
        Style::Hex,
    );
    source.array_2d(
        &[
            "Squares strictly between two squares: `BETWEEN[a][b]`, when they share a rank,",
            "file or diagonal; 0 otherwise and when `a == b`.",
        ],
        "BETWEEN",
        "u64",
        &rays::between(),
        Style::Hex,
    );
    source.array_2d(
        &[
            "The whole line through two squares: `LINE[a][b]`, edge to edge and including",
            "both, when they share a rank, file or diagonal; 0 otherwise and when `a == b`.",
        ],
        "LINE",
        "u64",
        &rays::line(&rays),
        Style::Hex,
    );
    GeneratedFile {
        path: "rays.rs",
        contents: source.finish(),
    }
}

/// `sliders.rs`: masks and empty-board attacks shared by the magic and PEXT tables.
pub fn sliders_rs() -> GeneratedFile {
    let mut source = Source::new(&[
        "Slider masks and empty-board attacks, shared by the magic and PEXT tables.",
    ]);
    for (slider, name) in [(Slider::Rook, "ROOK"), (Slider::Bishop, "BISHOP")] {
        let piece = name.to_lowercase();
        source.array(
            &[&format!(
                "Relevant occupancy of a {piece}: `{name}_MASKS[square]`, the empty-board \
                 attacks without the last square of each ray."
            )],
            &format!("{name}_MASKS"),
            "u64",
            &slider.masks(),
            Style::Hex,
        );
    }
    for (slider, name) in [(Slider::Rook, "ROOK"), (Slider::Bishop, "BISHOP")] {
        let piece = name.to_lowercase();
        source.array(
            &[&format!(
                "Attacks of a {piece} on an empty board: `{name}_RAYS_ALL[square]`; \
                 PEXT entries are expanded with `pdep` over these."
            )],
            &format!("{name}_RAYS_ALL"),
            "u64",
            &slider.rays_all(),
            Style::Hex,
        );
    }
    GeneratedFile {
        path: "sliders.rs",
        contents: source.finish(),
    }
}

/// `magic.rs`: fancy magic parameters and the shared `SLIDER_ATTACKS` table.
pub fn magic_rs(tables: &MagicTables) -> GeneratedFile {
    let mut source = Source::new(&[
        "Fancy magic bitboards for rooks and bishops, sharing one attack table.",
        "",
        "Rook attacks on `sq` with blockers `occ` are",
        "`SLIDER_ATTACKS[ROOK_OFFSETS[sq] as usize + ((occ & ROOK_MASKS[sq]).wrapping_mul(ROOK_MAGICS[sq]) >> ROOK_SHIFTS[sq]) as usize]`,",
        "and likewise for bishops.",
    ]);
    let seed = format!(
        "one SplitMix64 stream seeded with `{:#018x}`, and keep the first candidate",
        magic::SEED
    );
    let found = [
        "Found by `bitmoves-gen`'s search (`crates/gen/src/magic.rs`): rooks a1…h8, then",
        "bishops a1…h8, draw sparse candidates `r1 & r2 & r3` from",
        &seed,
        "without a destructive collision (constructive collisions are allowed).",
    ];
    for (entries, name) in [(&tables.rook, "ROOK"), (&tables.bishop, "BISHOP")] {
        let piece = name.to_lowercase();
        let field = |f: fn(&MagicEntry) -> u64| entries.iter().map(f).collect::<Vec<u64>>();
        source.array(
            &[
                &[
                    &*format!("Magic multipliers of a {piece}: `{name}_MAGICS[square]`."),
                    "",
                ][..],
                &found,
            ]
            .concat(),
            &format!("{name}_MAGICS"),
            "u64",
            &field(|e| e.magic),
            Style::Hex,
        );
        source.array(
            &[&format!(
                "Index shifts of a {piece}: `{name}_SHIFTS[square]`, 64 minus the index bits."
            )],
            &format!("{name}_SHIFTS"),
            "u8",
            &field(|e| u64::from(e.shift)),
            Style::Decimal,
        );
        source.array(
            &[&format!(
                "Start of a {piece}'s block in `SLIDER_ATTACKS`: `{name}_OFFSETS[square]`."
            )],
            &format!("{name}_OFFSETS"),
            "u32",
            &field(|e| u64::from(e.offset)),
            Style::Decimal,
        );
    }
    source.array(
        &["Rook and bishop attacks: `SLIDER_ATTACKS[offset + magic index]`, rook blocks first."],
        "SLIDER_ATTACKS",
        "u64",
        &tables.attacks,
        Style::Hex,
    );
    GeneratedFile {
        path: "magic.rs",
        contents: source.finish(),
    }
}

/// `pext.rs`: PEXT offsets and the shared, compressed `PEXT_ATTACKS` table.
pub fn pext_rs(tables: &PextTables) -> GeneratedFile {
    let mut source = Source::new(&[
        "PEXT slider tables for rooks and bishops, sharing one compressed attack table.",
        "",
        "Rook attacks on `sq` with blockers `occ` are",
        "`pdep(PEXT_ATTACKS[ROOK_PEXT_OFFSETS[sq] as usize + pext(occ, ROOK_MASKS[sq]) as usize] as u64, ROOK_RAYS_ALL[sq])`,",
        "and likewise for bishops.",
    ]);
    for (offsets, name) in [
        (&tables.rook_offsets, "ROOK"),
        (&tables.bishop_offsets, "BISHOP"),
    ] {
        let piece = name.to_lowercase();
        let values: Vec<u64> = offsets.iter().map(|&o| u64::from(o)).collect();
        source.array(
            &[&format!(
                "Start of a {piece}'s block in `PEXT_ATTACKS`: `{name}_PEXT_OFFSETS[square]`."
            )],
            &format!("{name}_PEXT_OFFSETS"),
            "u32",
            &values,
            Style::Decimal,
        );
    }
    let values: Vec<u64> = tables.attacks.iter().map(|&a| u64::from(a)).collect();
    source.array(
        &[
            "Rook and bishop attacks, compressed with `pext` by the empty-board attacks:",
            "`PEXT_ATTACKS[offset + pext(occupied, mask)]`, rook blocks first.",
        ],
        "PEXT_ATTACKS",
        "u16",
        &values,
        Style::Decimal,
    );
    GeneratedFile {
        path: "pext.rs",
        contents: source.finish(),
    }
}

/// `zobrist.rs`: the Polyglot Zobrist keys in bitmoves' indexing.
pub fn zobrist_rs(tables: &ZobristTables) -> GeneratedFile {
    let mut source = Source::new(&[
        "Zobrist keys: the Polyglot opening-book format's published Random64 numbers",
        "(`crates/gen/data/polyglot-random64.txt`), in bitmoves' indexing.",
        "",
        "A position's Polyglot key is the XOR of `ZOBRIST_PIECES` for every piece, of",
        "`ZOBRIST_CASTLING` for every castling right, of `ZOBRIST_EN_PASSANT` when an",
        "en-passant capture is possible, and of `ZOBRIST_WHITE_TO_MOVE` when White is to",
        "move. The start position's key is `0x463b96181691fc9c`.",
    ]);
    source.array_3d(
        &[
            "Piece keys: `ZOBRIST_PIECES[color][piece][square]`, color White = 0, Black = 1;",
            "piece Pawn = 0, Knight, Bishop, Rook, Queen, King = 5. Polyglot's",
            "`Random64[64 * (2 * piece + white) + square]`, where white is 1 for White.",
        ],
        "ZOBRIST_PIECES",
        "u64",
        &tables.pieces,
        Style::Hex,
    );
    source.array_2d(
        &[
            "Castling-right keys: `ZOBRIST_CASTLING[color][side]`, side KingSide = 0,",
            "QueenSide = 1. Polyglot's `Random64[768 + 2 * color + side]`.",
        ],
        "ZOBRIST_CASTLING",
        "u64",
        &tables.castling,
        Style::Hex,
    );
    source.array(
        &[
            "En-passant keys: `ZOBRIST_EN_PASSANT[file]`, file a = 0 … h = 7. Polyglot's",
            "`Random64[772 + file]`. Polyglot XORs one in only when a pawn of the side to",
            "move stands beside the double-pushed pawn, ready to capture it.",
        ],
        "ZOBRIST_EN_PASSANT",
        "u64",
        &tables.en_passant,
        Style::Hex,
    );
    source.scalar(
        &[
            "Side-to-move key: Polyglot XORs `ZOBRIST_WHITE_TO_MOVE` in when White is to",
            "move, and nothing when Black is. Polyglot's `Random64[780]`.",
        ],
        "ZOBRIST_WHITE_TO_MOVE",
        "u64",
        tables.white_to_move,
        Style::Hex,
    );
    GeneratedFile {
        path: "zobrist.rs",
        contents: source.finish(),
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::NUM_SQUARES;
    use crate::zobrist::{NUM_COLORS, NUM_PIECES, build, random64};

    /// The values of `pub static NAME` in the rendered `zobrist.rs`, flattened in
    /// row-major order: what the compiled table holds at `[i][j][k]` is entry
    /// `(i * J + j) * K + k`.
    fn rendered(name: &str) -> Vec<u64> {
        let text = super::zobrist_rs(&build()).contents;
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
        let text = super::zobrist_rs(&build()).contents;
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
