//! [`Wdl`] and [`Dtz`]: what a probe answers, in the format's terms.

use std::fmt;
use std::ops::Neg;

/// Win, draw or loss for the side to move, with the 50-move rule's two
/// in-between results.
///
/// The numbers (`as i8`, [`Wdl::value`]) are the format's and
/// python-chess's: -2 to 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move loses (-2).
    Loss = -2,
    /// A loss that the 50-move rule turns into a draw (-1).
    BlessedLoss = -1,
    /// A draw (0).
    Draw = 0,
    /// A win that the 50-move rule turns into a draw (1).
    CursedWin = 1,
    /// The side to move wins (2).
    Win = 2,
}

impl Wdl {
    /// The value's WDL, clamped to -2..=2.
    pub fn from_value(value: i8) -> Self {
        match value {
            i8::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2..=i8::MAX => Wdl::Win,
        }
    }

    /// The number, -2 to 2.
    pub fn value(self) -> i8 {
        self as i8
    }

    /// The result for the other side (also `-wdl`).
    pub fn negate(self) -> Self {
        -self
    }

    /// Whether the 50-move rule turns the result into a draw: a cursed win
    /// or a blessed loss.
    pub fn is_spoiled(self) -> bool {
        matches!(self, Wdl::CursedWin | Wdl::BlessedLoss)
    }
}

impl Neg for Wdl {
    type Output = Wdl;

    /// The result for the other side.
    #[inline]
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    /// The number, as python-chess prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

/// Distance to zeroing (the next capture or pawn move) in plies, as the
/// tables round it (the format's DTZ50''), signed for the side to move:
///
/// | DTZ              | WDL | meaning                                                  |
/// |------------------|-----|----------------------------------------------------------|
/// | 1 to 100         |  2  | a win: a zeroing move can be forced in `n` plies          |
/// | above 100        |  1  | a cursed win (zeroing in `n` or `n - 100` plies)          |
/// | 0                |  0  | a draw                                                   |
/// | below -100       | -1  | a blessed loss                                           |
/// | -100 to -1       | -2  | a loss: the opponent zeroes within `-n` plies             |
///
/// A value may be one ply more than the true distance (the tables store
/// some in full moves); never where that would change the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtz(pub i32);

impl Dtz {
    /// The WDL this DTZ implies for a position right after a zeroing move.
    pub fn wdl(self) -> Wdl {
        match self.0 {
            n if n < -100 => Wdl::BlessedLoss,
            n if n < 0 => Wdl::Loss,
            0 => Wdl::Draw,
            n if n <= 100 => Wdl::Win,
            _ => Wdl::CursedWin,
        }
    }
}

impl fmt::Display for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Wdl; 5] = [
        Wdl::Loss,
        Wdl::BlessedLoss,
        Wdl::Draw,
        Wdl::CursedWin,
        Wdl::Win,
    ];

    /// Law: negation is the number's negation, its own inverse, and
    /// reverses the order (the alpha-beta search relies on all three).
    #[test]
    fn negation_mirrors_the_numbers_and_the_order() {
        for a in ALL {
            assert_eq!((-a).value(), -a.value());
            assert_eq!(-(-a), a);
            assert_eq!(Wdl::from_value(a.value()), a);
            for b in ALL {
                assert_eq!(a < b, -b < -a);
                assert_eq!(a < b, a.value() < b.value());
            }
        }
    }

    /// Law: the spoiled results are exactly the odd numbers.
    #[test]
    fn spoiled_results_are_the_odd_numbers() {
        for a in ALL {
            assert_eq!(a.is_spoiled(), a.value() % 2 != 0);
        }
    }
}
