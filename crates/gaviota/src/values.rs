//! [`Dtm`] and [`Wdl`], the probes' answers, and how a table's byte is
//! read as a mate distance.

use bitmoves::Color;
use std::fmt;

/// Depth to mate in half-moves, for the side to move: positive when it
/// mates, negative when it is mated, 0 for a draw or a checkmate on the
/// board (python-chess's `probe_dtm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtm(pub i32);

impl fmt::Display for Dtm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Win, draw or loss for the side to move (python-chess's `probe_wdl`:
/// 1, 0, -1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move is mated, now or by force.
    Loss,
    /// Neither side can force mate.
    Draw,
    /// The side to move mates by force.
    Win,
}

impl Wdl {
    /// -1, 0 or 1.
    pub fn value(self) -> i8 {
        match self {
            Wdl::Loss => -1,
            Wdl::Draw => 0,
            Wdl::Win => 1,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value().fmt(f)
    }
}

/// What a table's byte says: who mates, in how many half-moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stored {
    /// A draw, or a position the table marks as impossible.
    Draw,
    /// `color` mates in `plies` half-moves.
    Mate { color: Color, plies: i32 },
}

/// Reads a stored byte for `side` to move (as the table sees the board).
///
/// The low two bits say who mates (1 White, 2 Black), the rest how many
/// moves; the mover's mates take an odd number of plies, the other's an
/// even one. A byte holds distances up to 63 moves directly; the longer
/// ones reuse the two codes that need no distance (draw and impossible)
/// with the distance less 63, and Black to move's 63 under "draw" stands
/// for White mating in 127 moves.
pub(crate) fn decode(side: Color, byte: u8) -> Stored {
    const DRAW: u8 = 0;
    const WHITE: u8 = 1;
    const BLACK: u8 = 2;
    const IMPOSSIBLE: u8 = 3;
    if byte == DRAW || byte == IMPOSSIBLE {
        return Stored::Draw;
    }
    let (code, count) = (byte & 3, i32::from(byte >> 2));
    let (mover, other) = match side {
        Color::White => (Color::White, Color::Black),
        Color::Black => (Color::Black, Color::White),
    };
    let mover_code = if side == Color::White { WHITE } else { BLACK };
    let (color, plies) = match code {
        c if c == mover_code => (mover, 2 * (count + 1) - 1),
        WHITE | BLACK => (other, 2 * count),
        DRAW if side == Color::Black && count == 63 => (other, 2 * 127),
        DRAW => (mover, 2 * (count + 64) - 1),
        _ => (other, 2 * (count + 63)),
    };
    Stored::Mate { color, plies }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_movers_mates_are_odd_and_the_others_even() {
        for side in [Color::White, Color::Black] {
            for byte in 0..=255u8 {
                if let Stored::Mate { color, plies } = decode(side, byte) {
                    assert!((0..=254).contains(&plies), "{side:?} {byte}");
                    assert_eq!(plies % 2 == 1, color == side, "{side:?} {byte}");
                }
            }
        }
        assert_eq!(
            decode(Color::White, 1),
            Stored::Mate {
                color: Color::White,
                plies: 1
            }
        );
        assert_eq!(
            decode(Color::Black, 2),
            Stored::Mate {
                color: Color::Black,
                plies: 1
            }
        );
        assert_eq!(
            decode(Color::Black, 252),
            Stored::Mate {
                color: Color::White,
                plies: 254
            }
        );
    }
}
