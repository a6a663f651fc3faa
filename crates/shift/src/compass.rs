//! Compass shifts: a whole set moved one step (or one knight jump) at once,
//! masked so nothing wraps from one edge of the board to the other.
//!
//! With a1 = bit 0 and h8 = bit 63, a step north is `<< 8` and a step east is
//! `<< 1`. A shift towards the east moves the h-file onto the a-file of the
//! next rank, so every eastward shift clears the file(s) it would wrap onto
//! ([`NOT_A_FILE`], [`NOT_AB_FILE`]) and every westward shift the h-side
//! ones. North and south need no mask: bits pushed past a1 or h8 fall off.

use crate::masks::{NOT_A_FILE, NOT_AB_FILE, NOT_GH_FILE, NOT_H_FILE};
use bitmoves::{Bitboard, Direction};

/// Shifts every bit of `set` by `by` places: towards h8 when positive,
/// towards a1 when negative. Bits pushed past either end are lost; bits
/// crossing a file edge wrap, so callers mask. `by` must lie in `-63..=63`.
///
/// This is the crate's one raw shift; everything else goes through it.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::compass::shift;
/// assert_eq!(shift(Square::E4.bitboard(), 8), Square::E5.bitboard());
/// assert_eq!(shift(Square::H4.bitboard(), 1), Square::A5.bitboard()); // wrapped!
/// ```
#[inline(always)]
pub const fn shift(set: Bitboard, by: i8) -> Bitboard {
    if by >= 0 {
        Bitboard(set.0 << by)
    } else {
        Bitboard(set.0 >> -by)
    }
}

/// One step towards rank 8 (`<< 8`); no file mask is needed.
#[inline(always)]
pub const fn north(set: Bitboard) -> Bitboard {
    shift(set, 8)
}

/// One step towards rank 1 (`>> 8`); no file mask is needed.
#[inline(always)]
pub const fn south(set: Bitboard) -> Bitboard {
    shift(set, -8)
}

/// The masked shifts: each `name = by & MASK` is `pub const fn name(set)`,
/// `set` moved `by` places by [`shift`] and masked with `MASK`, which
/// clears the files the shift would wrap onto.
macro_rules! masked_shifts {
    ($($(#[$doc:meta])* $name:ident = $by:literal & $mask:ident;)*) => {
        $(
            $(#[$doc])*
            #[inline(always)]
            pub const fn $name(set: Bitboard) -> Bitboard {
                Bitboard(shift(set, $by).0 & $mask.0)
            }
        )*
    };
}

masked_shifts! {
    /// One step towards the h-file (`<< 1`), masked with [`NOT_A_FILE`].
    ///
    /// ```
    /// use bitmoves::Square;
    /// use bitmoves_shift::compass::east;
    /// assert_eq!(east(Square::E4.bitboard()), Square::F4.bitboard());
    /// assert!(east(Square::H4.bitboard()).is_empty());
    /// ```
    east = 1 & NOT_A_FILE;
    /// One step towards the a-file (`>> 1`), masked with [`NOT_H_FILE`].
    west = -1 & NOT_H_FILE;
    /// One step towards h8 (`<< 9`), masked with [`NOT_A_FILE`].
    north_east = 9 & NOT_A_FILE;
    /// One step towards a8 (`<< 7`), masked with [`NOT_H_FILE`].
    north_west = 7 & NOT_H_FILE;
    /// One step towards h1 (`>> 7`), masked with [`NOT_A_FILE`].
    south_east = -7 & NOT_A_FILE;
    /// One step towards a1 (`>> 9`), masked with [`NOT_H_FILE`].
    south_west = -9 & NOT_H_FILE;
    /// Knight jump two north, one east (`<< 17`), masked with [`NOT_A_FILE`].
    no_no_ea = 17 & NOT_A_FILE;
    /// Knight jump one north, two east (`<< 10`), masked with [`NOT_AB_FILE`].
    ///
    /// ```
    /// use bitmoves::Square;
    /// use bitmoves_shift::compass::no_ea_ea;
    /// assert_eq!(no_ea_ea(Square::E4.bitboard()), Square::G5.bitboard());
    /// assert!(no_ea_ea(Square::G4.bitboard()).is_empty()); // not a5
    /// ```
    no_ea_ea = 10 & NOT_AB_FILE;
    /// Knight jump one south, two east (`>> 6`), masked with [`NOT_AB_FILE`].
    so_ea_ea = -6 & NOT_AB_FILE;
    /// Knight jump two south, one east (`>> 15`), masked with [`NOT_A_FILE`].
    so_so_ea = -15 & NOT_A_FILE;
    /// Knight jump two north, one west (`<< 15`), masked with [`NOT_H_FILE`].
    no_no_we = 15 & NOT_H_FILE;
    /// Knight jump one north, two west (`<< 6`), masked with [`NOT_GH_FILE`].
    no_we_we = 6 & NOT_GH_FILE;
    /// Knight jump one south, two west (`>> 10`), masked with [`NOT_GH_FILE`].
    so_we_we = -10 & NOT_GH_FILE;
    /// Knight jump two south, one west (`>> 17`), masked with [`NOT_H_FILE`].
    so_so_we = -17 & NOT_H_FILE;
}

/// The eight knight jumps of `set`, one set per direction, clockwise from
/// `no_no_ea`. Each is a one-to-one image of `set`, so a square lies in
/// as many of them as there are knights in `set` attacking it.
#[inline(always)]
pub const fn knight_jumps(set: Bitboard) -> [Bitboard; 8] {
    [
        no_no_ea(set),
        no_ea_ea(set),
        so_ea_ea(set),
        so_so_ea(set),
        so_so_we(set),
        so_we_we(set),
        no_we_we(set),
        no_no_we(set),
    ]
}

/// How far [`shift`] moves a set for one step in `direction`.
///
/// ```
/// use bitmoves::Direction;
/// use bitmoves_shift::compass::delta;
/// assert_eq!(delta(Direction::NorthWest), 7);
/// assert_eq!(delta(Direction::South), -8);
/// ```
#[inline(always)]
pub const fn delta(direction: Direction) -> i8 {
    let (file, rank) = direction.delta();
    rank * 8 + file
}

/// The squares a one-step shift in `direction` may land on: everything but
/// the file it would wrap onto. The fills mask with this.
#[inline(always)]
pub const fn landing(direction: Direction) -> Bitboard {
    match direction.delta().0 {
        1 => NOT_A_FILE,
        -1 => NOT_H_FILE,
        _ => Bitboard::FULL,
    }
}

/// One step in `direction`: the named shift of that direction.
///
/// ```
/// use bitmoves::{Direction, Square};
/// use bitmoves_shift::compass::step;
/// assert_eq!(step(Direction::SouthWest, Square::B2.bitboard()), Square::A1.bitboard());
/// assert!(step(Direction::SouthWest, Square::A2.bitboard()).is_empty());
/// ```
#[inline(always)]
pub const fn step(direction: Direction, set: Bitboard) -> Bitboard {
    match direction {
        Direction::North => north(set),
        Direction::NorthEast => north_east(set),
        Direction::East => east(set),
        Direction::SouthEast => south_east(set),
        Direction::South => south(set),
        Direction::SouthWest => south_west(set),
        Direction::West => west(set),
        Direction::NorthWest => north_west(set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::Square;

    #[test]
    fn each_step_moves_every_square_by_its_delta_or_drops_it_at_the_edge() {
        for direction in Direction::ALL {
            let (df, dr) = direction.delta();
            for sq in Square::ALL {
                let expected = sq.offset(df, dr).map_or(Bitboard::EMPTY, Square::bitboard);
                assert_eq!(
                    step(direction, sq.bitboard()),
                    expected,
                    "{direction:?} {sq}"
                );
                let generic = shift(sq.bitboard(), delta(direction)) & landing(direction);
                assert_eq!(generic, expected, "{direction:?} {sq}");
            }
        }
    }

    #[test]
    fn each_knight_jump_moves_every_square_or_drops_it_at_the_edge() {
        for sq in Square::ALL {
            let jumps = knight_jumps(sq.bitboard());
            for (set, (df, dr)) in jumps.into_iter().zip(crate::offset::KNIGHT_DELTAS) {
                let expected = sq.offset(df, dr).map_or(Bitboard::EMPTY, Square::bitboard);
                assert_eq!(set, expected, "{sq} ({df}, {dr})");
            }
        }
    }
}
