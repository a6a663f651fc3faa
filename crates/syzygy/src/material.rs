//! [`Material`]: how many pieces of each kind and colour a position or a
//! table has, its key for lookups, and table names (`KRPvKR`).

use bitmoves::setup::Setup;
use bitmoves::{Bitboard, Board, Color, Piece};

/// A position's pieces as the tables read them: the fast [`Board`] of
/// standard chess, or a variant's [`Setup`].
pub(crate) trait Placement {
    /// The side to move.
    fn turn(&self) -> Color;
    /// The squares of one colour's pieces of one kind.
    fn colored(&self, color: Color, piece: Piece) -> Bitboard;
}

impl Placement for Board {
    #[inline(always)]
    fn turn(&self) -> Color {
        self.side_to_move()
    }
    #[inline(always)]
    fn colored(&self, color: Color, piece: Piece) -> Bitboard {
        self.colored_pieces(color, piece)
    }
}

impl Placement for Setup {
    #[inline(always)]
    fn turn(&self) -> Color {
        self.turn
    }
    #[inline(always)]
    fn colored(&self, color: Color, piece: Piece) -> Bitboard {
        self.kind(piece) & self.side(color)
    }
}

/// The letters of a table name, strongest first.
const LETTERS: [(char, Piece); 6] = [
    ('K', Piece::King),
    ('Q', Piece::Queen),
    ('R', Piece::Rook),
    ('B', Piece::Bishop),
    ('N', Piece::Knight),
    ('P', Piece::Pawn),
];

/// Piece counts: `counts[color][piece]`, white first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Material {
    pub counts: [[u8; Piece::NUM]; Color::NUM],
}

impl Material {
    /// The material on a board.
    #[inline]
    pub fn of(board: &impl Placement) -> Self {
        let mut counts = [[0; Piece::NUM]; Color::NUM];
        for color in Color::ALL {
            for piece in Piece::ALL {
                counts[color.index()][piece.index()] = board.colored(color, piece).len() as u8;
            }
        }
        Material { counts }
    }

    /// The material of a table name such as `KRPvKR`; `None` when the text
    /// is not one (each side's letters, one king each where `one_king`,
    /// else any pieces, as in antichess's `BvN`).
    pub fn from_name(name: &str, one_king: bool) -> Option<Self> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; Piece::NUM]; Color::NUM];
        for (side, text) in [white, black].into_iter().enumerate() {
            if text.is_empty() {
                return None;
            }
            for c in text.chars() {
                let &(_, piece) = LETTERS.iter().find(|(letter, _)| *letter == c)?;
                let count = &mut counts[side][piece.index()];
                *count = count.checked_add(1)?;
            }
        }
        let material = Material { counts };
        let kings_ok = !one_king || counts.iter().all(|side| side[Piece::King.index()] == 1);
        (kings_ok && material.count() <= 7).then_some(material)
    }

    /// The number of pieces.
    pub fn count(&self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// Whether there is a pawn.
    pub fn has_pawns(&self) -> bool {
        self.counts.iter().any(|side| side[Piece::Pawn.index()] > 0)
    }

    /// The same material with the colours swapped.
    pub fn mirrored(&self) -> Self {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// A number that differs for every material, for hashing.
    #[inline]
    pub fn key(&self) -> u64 {
        let mut key = 0u64;
        for (i, &n) in self.counts.iter().flatten().enumerate() {
            key |= u64::from(n & 0x0f) << (4 * i);
        }
        key
    }

    /// The side's letters, `KRP`.
    fn side_name(&self, color: usize) -> String {
        let mut text = String::new();
        for (letter, piece) in LETTERS {
            for _ in 0..self.counts[color][piece.index()] {
                text.push(letter);
            }
        }
        text
    }

    /// The name in this colour order, `KRPvKR`.
    pub fn name(&self) -> String {
        format!("{}v{}", self.side_name(0), self.side_name(1))
    }

    /// The name of the table that holds this material, the stronger side
    /// first (the order the files are named in).
    pub fn table_name(&self) -> String {
        let strength = |side: usize| {
            let pieces: Vec<usize> = LETTERS
                .iter()
                .enumerate()
                .flat_map(|(rank, (_, piece))| {
                    std::iter::repeat_n(rank, usize::from(self.counts[side][piece.index()]))
                })
                .collect();
            pieces
        };
        let (white, black) = (strength(0), strength(1));
        // The side with more pieces first; with as many, the one with the
        // stronger pieces (the lower letter ranks).
        let swap = (white.len(), &black) < (black.len(), &white);
        if swap {
            self.mirrored().name()
        } else {
            self.name()
        }
    }

    /// The table's pieces in `[leading side, other side]` pawn counts: the
    /// side with fewer pawns leads, if it has any.
    pub fn pawns(&self) -> [u8; 2] {
        let white = self.counts[0][Piece::Pawn.index()];
        let black = self.counts[1][Piece::Pawn.index()];
        let (mut lead, mut other) = (black, white);
        if other > 0 && (lead == 0 || other < lead) {
            std::mem::swap(&mut lead, &mut other);
        }
        [lead, other]
    }

    /// How many kinds of piece occur exactly once, over both colours.
    pub fn unique_pieces(&self) -> usize {
        self.counts.iter().flatten().filter(|&&n| n == 1).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_the_stronger_side_first() {
        for (name, table) in [
            ("KvKQ", "KQvK"),
            ("KRvKQ", "KQvKR"),
            ("KPvKN", "KNvKP"),
            ("KPPvKR", "KPPvKR"),
            ("KRvKPP", "KPPvKR"),
            ("KBNvK", "KBNvK"),
        ] {
            let material = Material::from_name(name, true).unwrap();
            assert_eq!(material.table_name(), table, "{name}");
        }
        assert!(Material::from_name("KKvK", true).is_none());
        assert!(Material::from_name("KKvK", false).is_some());
        assert!(Material::from_name("KQv", false).is_none());
        assert!(Material::from_name("KXvK", false).is_none());
        assert!(Material::from_name("KQQQQQQvK", false).is_none());
    }

    #[test]
    fn the_side_with_fewer_pawns_leads() {
        let pawns = |name| Material::from_name(name, true).unwrap().pawns();
        assert_eq!(pawns("KPvK"), [1, 0]);
        assert_eq!(pawns("KPPvKP"), [1, 2]);
        assert_eq!(pawns("KPvKP"), [1, 1]);
        assert_eq!(pawns("KRvKP"), [1, 0]);
    }
}
