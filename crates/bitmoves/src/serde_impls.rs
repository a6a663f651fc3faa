//! The `serde` feature: `Serialize` and `Deserialize` for the value types
//! and the board, written by hand (no derive macros, no allocation, so
//! the crate stays `no_std`).
//!
//! | type | form | example |
//! |---|---|---|
//! | [`Square`] | its name | `"e4"` |
//! | [`File`] | its letter | `"e"` |
//! | [`Rank`] | its digit, as text | `"4"` |
//! | [`Color`] | its name | `"white"`, `"black"` |
//! | [`Piece`] | its name | `"knight"` |
//! | [`CastlingSide`] | its name | `"king_side"`, `"queen_side"` |
//! | [`Move`] | UCI text | `"e7e8q"` |
//! | [`Board`] | FEN, Shredder castling letters in Chess960 mode | `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"` |
//! | [`Bitboard`] | a list of square names, ascending (a `u64` in formats that are not human-readable) | `["e4", "d5"]` |
//! | [`CastlingRights`] | a struct of the four rook files, each a file or none | `{"white_king_side": "h", "white_queen_side": "a", "black_king_side": null, "black_queen_side": null}` |
//!
//! Reading is strict: text that the type's own parser refuses is an
//! error, never a panic. A board is read with [`Board::from_fen`], so a
//! board that only lenient mode accepts does not read back. A board in
//! Chess960 mode is written with Shredder castling letters
//! ([`Board::shredder_fen`]) and other boards in X-FEN (`KQkq`), so
//! file letters mark the mode: they read back in Chess960 mode. A bitboard's
//! list may come in any order and name a square twice; a castling-rights
//! struct may leave out a field (read as none) but not name an unknown one.

use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, FenOptions, File, Move, Piece, Rank,
    Square,
};
use core::{fmt, marker::PhantomData};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

/// A type written as text: what the text looks like, and how to read it.
trait Text: Sized {
    /// What a reader expected, for error messages.
    const EXPECTING: &'static str;

    /// Reads the text, or says why not.
    fn read<E: de::Error>(text: &str) -> Result<Self, E>;
}

/// Reads a [`Text`] type from a string.
struct TextVisitor<T>(PhantomData<T>);

impl<T: Text> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::read(text)
    }
}

/// Implements `Serialize` as the type's `Display` text, and `Deserialize`
/// through [`Text::read`].
macro_rules! serde_as_text {
    ($($ty:ty),+) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )+};
}

serde_as_text!(Square, File, Rank, Color, Piece, Move);

/// Finds the value whose `Display` text is `text`.
fn by_name<T: fmt::Display + Copy, E: de::Error>(
    all: &[T],
    text: &str,
    expecting: &'static str,
) -> Result<T, E> {
    all.iter()
        .copied()
        .find(|value| displays_as(value, text))
        .ok_or_else(|| E::invalid_value(Unexpected::Str(text), &expecting))
}

/// Whether `value`'s `Display` text is `text`, found without allocating.
fn displays_as(value: &impl fmt::Display, text: &str) -> bool {
    let mut rest = Unwritten(text);
    fmt::write(&mut rest, format_args!("{value}")).is_ok() && rest.0.is_empty()
}

/// The part of a text that written output has not matched yet.
struct Unwritten<'a>(&'a str);

impl fmt::Write for Unwritten<'_> {
    /// Matches `text` against the front, failing on a mismatch.
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 = self.0.strip_prefix(text).ok_or(fmt::Error)?;
        Ok(())
    }
}

impl Text for Square {
    const EXPECTING: &'static str = "a square name like \"e4\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        text.parse().map_err(E::custom)
    }
}

impl Text for File {
    const EXPECTING: &'static str = "a file letter from \"a\" to \"h\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        by_name(&File::ALL, text, Self::EXPECTING)
    }
}

impl Text for Rank {
    const EXPECTING: &'static str = "a rank digit from \"1\" to \"8\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        by_name(&Rank::ALL, text, Self::EXPECTING)
    }
}

impl Text for Color {
    const EXPECTING: &'static str = "\"white\" or \"black\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        by_name(&Color::ALL, text, Self::EXPECTING)
    }
}

impl Text for Piece {
    const EXPECTING: &'static str =
        "a piece name: \"pawn\", \"knight\", \"bishop\", \"rook\", \"queen\" or \"king\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        by_name(&Piece::ALL, text, Self::EXPECTING)
    }
}

/// The names of [`CastlingSide::ALL`].
const CASTLING_SIDE_NAMES: [&str; 2] = ["king_side", "queen_side"];

impl Serialize for CastlingSide {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(CASTLING_SIDE_NAMES[self.index()])
    }
}

impl<'de> Deserialize<'de> for CastlingSide {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData))
    }
}

impl Text for CastlingSide {
    const EXPECTING: &'static str = "\"king_side\" or \"queen_side\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        CASTLING_SIDE_NAMES
            .iter()
            .position(|&name| name == text)
            .and_then(CastlingSide::try_index)
            .ok_or_else(|| E::invalid_value(Unexpected::Str(text), &Self::EXPECTING))
    }
}

impl Text for Move {
    const EXPECTING: &'static str = "a UCI move like \"e2e4\" or \"e7e8q\"";

    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        Move::from_uci(text).map_err(E::custom)
    }
}

impl Text for Board {
    const EXPECTING: &'static str = "a FEN string";

    /// Reads the FEN strictly; file letters in its castling field (which
    /// the writer uses exactly for Chess960-mode boards) put the board in
    /// Chess960 mode.
    fn read<E: de::Error>(text: &str) -> Result<Self, E> {
        let chess960 = text
            .split_ascii_whitespace()
            .nth(2)
            .is_some_and(|castling| {
                castling
                    .chars()
                    .any(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c))
            });
        let options = FenOptions {
            chess960,
            ..FenOptions::default()
        };
        Board::from_fen_with(text, options).map_err(E::custom)
    }
}

impl Serialize for Board {
    /// The FEN; a board in Chess960 mode writes its castling rights in
    /// Shredder letters (rook files), which carry the mode back.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_chess960() {
            serializer.collect_str(&self.shredder_fen())
        } else {
            serializer.collect_str(self)
        }
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData))
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if !serializer.is_human_readable() {
            return serializer.serialize_u64(self.0);
        }
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for square in *self {
            seq.serialize_element(&square)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_seq(BitboardVisitor)
        } else {
            deserializer.deserialize_u64(BitboardVisitor)
        }
    }
}

/// Reads a bitboard from a list of squares or a `u64`.
struct BitboardVisitor;

impl<'de> Visitor<'de> for BitboardVisitor {
    type Value = Bitboard;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of square names like [\"e4\", \"d5\"], or a u64")
    }

    fn visit_u64<E: de::Error>(self, bits: u64) -> Result<Bitboard, E> {
        Ok(Bitboard(bits))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bitboard, A::Error> {
        let mut set = Bitboard::EMPTY;
        while let Some(square) = seq.next_element::<Square>()? {
            set.insert(square);
        }
        Ok(set)
    }
}

/// The field names of [`CastlingRights`], in the order of
/// [`CASTLING_FIELDS`].
const CASTLING_FIELDS: [&str; 4] = [
    "white_king_side",
    "white_queen_side",
    "black_king_side",
    "black_queen_side",
];

/// The right each field of [`CASTLING_FIELDS`] names.
const CASTLING_RIGHTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::KingSide),
    (Color::White, CastlingSide::QueenSide),
    (Color::Black, CastlingSide::KingSide),
    (Color::Black, CastlingSide::QueenSide),
];

impl Serialize for CastlingRights {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("CastlingRights", CASTLING_FIELDS.len())?;
        for (name, (color, side)) in CASTLING_FIELDS.into_iter().zip(CASTLING_RIGHTS) {
            fields.serialize_field(name, &self.rook(color, side))?;
        }
        fields.end()
    }
}

impl<'de> Deserialize<'de> for CastlingRights {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("CastlingRights", &CASTLING_FIELDS, CastlingRightsVisitor)
    }
}

/// Reads [`CastlingRights`] from a map (or, in formats without field
/// names, a sequence of the four fields in order).
struct CastlingRightsVisitor;

impl<'de> Visitor<'de> for CastlingRightsVisitor {
    type Value = CastlingRights;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("castling rights: the rook file (or none) of each of the four rights")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CastlingRights, A::Error> {
        let mut rights = CastlingRights::NONE;
        let mut seen = [false; 4];
        while let Some(CastlingField(index)) = map.next_key()? {
            if core::mem::replace(&mut seen[index], true) {
                return Err(de::Error::duplicate_field(CASTLING_FIELDS[index]));
            }
            let (color, side) = CASTLING_RIGHTS[index];
            rights.set(color, side, map.next_value::<Option<File>>()?);
        }
        Ok(rights)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CastlingRights, A::Error> {
        let mut rights = CastlingRights::NONE;
        for (index, (color, side)) in CASTLING_RIGHTS.into_iter().enumerate() {
            let rook = seq
                .next_element::<Option<File>>()?
                .ok_or_else(|| de::Error::invalid_length(index, &self))?;
            rights.set(color, side, rook);
        }
        Ok(rights)
    }
}

/// A field name of [`CastlingRights`], as its index in [`CASTLING_FIELDS`].
struct CastlingField(usize);

impl<'de> Deserialize<'de> for CastlingField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_identifier(CastlingFieldVisitor)
    }
}

/// Reads a [`CastlingField`] from its name or index.
struct CastlingFieldVisitor;

impl Visitor<'_> for CastlingFieldVisitor {
    type Value = CastlingField;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a castling rights field name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<CastlingField, E> {
        CASTLING_FIELDS
            .iter()
            .position(|&field| field == name)
            .map(CastlingField)
            .ok_or_else(|| E::unknown_field(name, &CASTLING_FIELDS))
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<CastlingField, E> {
        usize::try_from(index)
            .ok()
            .filter(|&index| index < CASTLING_FIELDS.len())
            .map(CastlingField)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(index), &self))
    }
}
