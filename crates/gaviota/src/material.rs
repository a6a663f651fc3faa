//! [`Material`]: the pieces of a position or table, each side's from the
//! strongest (king) down, and which index [`Scheme`] a table of it uses.

use crate::index::Scheme;
use bitmoves::{Board, Color, Piece};

/// The most pieces a position may have, kings included.
pub const MAX_PIECES: usize = 5;

/// The pieces of both sides: kind and square, king first, then from queen
/// down to pawns (squares of one kind in increasing order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Side {
    pieces: [(Piece, u8); MAX_PIECES],
    len: usize,
}

impl Side {
    /// One colour's pieces on a board (at most [`MAX_PIECES`]).
    pub(crate) fn of(board: &Board, color: Color) -> Side {
        let mut side = Side {
            pieces: [(Piece::King, 0); MAX_PIECES],
            len: 0,
        };
        for square in board.colors(color) {
            if let (Some(piece), Some(slot)) =
                (board.piece_on(square), side.pieces.get_mut(side.len))
            {
                *slot = (piece, square.index() as u8);
                side.len += 1;
            }
        }
        // Stable: squares of one kind stay in increasing order.
        side.pieces[..side.len].sort_by_key(|&(piece, _)| std::cmp::Reverse(piece));
        side
    }

    /// The pieces, strongest first.
    pub(crate) fn pieces(&self) -> &[(Piece, u8)] {
        &self.pieces[..self.len]
    }

    /// The squares, with each flipped top to bottom when `flip`.
    pub(crate) fn squares(&self, flip: bool) -> ([u8; MAX_PIECES], usize) {
        let mut squares = [0; MAX_PIECES];
        for (to, &(_, square)) in squares.iter_mut().zip(self.pieces()) {
            *to = if flip { square ^ 56 } else { square };
        }
        (squares, self.len)
    }

    /// The letters of the pieces, upper case: `KQ`.
    pub(crate) fn letters(&self) -> String {
        self.pieces()
            .iter()
            .map(|(piece, _)| piece.to_char().to_ascii_uppercase())
            .collect()
    }

    /// The kinds only.
    pub(crate) fn kinds(&self) -> Kinds {
        let mut kinds = Kinds::default();
        for &(piece, _) in self.pieces() {
            kinds.push(piece);
        }
        kinds
    }
}

/// One side's kinds of pieces, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Kinds {
    kinds: [Option<Piece>; MAX_PIECES],
    len: usize,
}

impl Kinds {
    fn push(&mut self, piece: Piece) {
        if let Some(slot) = self.kinds.get_mut(self.len) {
            *slot = Some(piece);
            self.len += 1;
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Piece> + '_ {
        self.kinds[..self.len].iter().flatten().copied()
    }
}

/// A table's material: white's kinds and black's, as the file's name
/// spells them (`kqkr`: white king and queen, black king and rook).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Material {
    pub white: Kinds,
    pub black: Kinds,
}

impl Material {
    /// The material of a file stem such as `kqkr`, if it is a table's.
    pub(crate) fn from_name(name: &str) -> Option<Material> {
        let bytes = name.as_bytes();
        let second_king = bytes.iter().skip(1).position(|&b| b == b'k')? + 1;
        if bytes.first() != Some(&b'k') || bytes.len() > MAX_PIECES {
            return None;
        }
        let side = |letters: &[u8]| {
            let mut kinds = Kinds::default();
            for &letter in letters {
                kinds.push(
                    Piece::from_char(char::from(letter)).filter(|_| letter.is_ascii_lowercase())?,
                );
            }
            Some(kinds)
        };
        let material = Material {
            white: side(&bytes[..second_king])?,
            black: side(&bytes[second_king..])?,
        };
        (material.scheme().is_some() && material.name() == name).then_some(material)
    }

    /// The file stem: `kqkr`.
    pub(crate) fn name(&self) -> String {
        self.white
            .iter()
            .chain(self.black.iter())
            .map(Piece::to_char)
            .collect()
    }

    /// The index scheme of this material's table; `None` for a material
    /// that has no table (more than 5 pieces, or a side not led by its
    /// king, or the weaker side first, as `krkq`).
    pub(crate) fn scheme(&self) -> Option<Scheme> {
        use Piece::{King, Pawn};
        let rest = |kinds: &Kinds| -> Option<Vec<Piece>> {
            let mut pieces = kinds.iter();
            (pieces.next()? == King).then(|| pieces.collect())
        };
        let (w, b) = (rest(&self.white)?, rest(&self.black)?);
        if w.contains(&King) || b.contains(&King) {
            return None;
        }
        let pawns = w.iter().filter(|&&p| p == Pawn).count();
        let sorted = |pieces: &[Piece]| pieces.windows(2).all(|pair| pair[0] >= pair[1]);
        if !sorted(&w) || !sorted(&b) {
            return None;
        }
        Some(match (w.as_slice(), b.as_slice()) {
            ([Pawn], []) => Scheme::Kpk,
            ([_], []) => Scheme::Kxk,
            ([Pawn], [Pawn]) => Scheme::Kpkp,
            ([Pawn], [_]) => return None,
            ([_], [Pawn]) => Scheme::Kakp,
            ([a], [x]) if a >= x => Scheme::Kakb,
            ([_], [_]) => return None,
            ([_, _], []) => match pawns {
                0 if w[0] == w[1] => Scheme::Kaak,
                0 => Scheme::Kabk,
                1 => Scheme::Kapk,
                _ => Scheme::Kppk,
            },
            ([_, _, _], []) => match pawns {
                0 if w[0] == w[2] => Scheme::Kaaak,
                0 if w[0] == w[1] => Scheme::Kaabk,
                0 if w[1] == w[2] => Scheme::Kabbk,
                0 => Scheme::Kabck,
                1 if w[0] == w[1] => Scheme::Kaapk,
                1 => Scheme::Kabpk,
                2 => Scheme::Kappk,
                _ => Scheme::Kpppk,
            },
            ([_, _], [x]) => match (pawns, *x == Pawn) {
                (0, false) if w[0] == w[1] => Scheme::Kaakb,
                (0, false) => Scheme::Kabkc,
                (0, true) if w[0] == w[1] => Scheme::Kaakp,
                (0, true) => Scheme::Kabkp,
                (1, false) => Scheme::Kapkb,
                (1, true) => Scheme::Kapkp,
                (_, false) => Scheme::Kppka,
                (_, true) => Scheme::Kppkp,
            },
            _ => return None,
        })
    }

    /// Every material that has a table, by file stem.
    #[cfg(test)]
    pub(crate) fn all() -> Vec<Material> {
        let kinds = [
            Piece::Queen,
            Piece::Rook,
            Piece::Bishop,
            Piece::Knight,
            Piece::Pawn,
        ];
        let mut sides: Vec<Vec<Piece>> = vec![vec![]];
        for len in 1..=3 {
            let mut next = Vec::new();
            for side in sides.iter().filter(|s| s.len() == len - 1) {
                for &kind in &kinds {
                    if side.last().is_none_or(|&last| last >= kind) {
                        let mut longer = side.clone();
                        longer.push(kind);
                        next.push(longer);
                    }
                }
            }
            sides.extend(next);
        }
        let kinds_of = |rest: &[Piece]| {
            let mut k = Kinds::default();
            k.push(Piece::King);
            rest.iter().for_each(|&p| k.push(p));
            k
        };
        let mut all = Vec::new();
        for w in &sides {
            for b in &sides {
                let material = Material {
                    white: kinds_of(w),
                    black: kinds_of(b),
                };
                if w.len() + b.len() <= 3 && material.scheme().is_some() {
                    all.push(material);
                }
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_145_tables_and_their_names_read_back() {
        let all = Material::all();
        assert_eq!(all.len(), 145);
        for material in all {
            assert_eq!(Material::from_name(&material.name()), Some(material));
        }
    }

    #[test]
    fn names_that_are_no_tables_are_refused() {
        for name in [
            "kk", "krkq", "kpkq", "qkk", "kqk ", "kqkx", "kqrbnk", "KQK", "kqqkqq", "", "k",
        ] {
            assert_eq!(Material::from_name(name), None, "{name}");
        }
        assert_eq!(
            Material::from_name("kqk").and_then(|m| m.scheme()),
            Some(Scheme::Kxk)
        );
        assert_eq!(
            Material::from_name("kbnkp").and_then(|m| m.scheme()),
            Some(Scheme::Kabkp)
        );
    }
}
