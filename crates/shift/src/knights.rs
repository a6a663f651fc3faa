//! Knight attacks by masked shifts: for one square, for many knights at
//! once (two ways), the squares reachable in `k` moves, and fork squares.

use crate::compass::{knight_jumps, shift};
use crate::masks::{NOT_A_FILE, NOT_AB_FILE, NOT_GH_FILE, NOT_H_FILE};
use bitmoves::{Bitboard, Square};

/// The squares a knight on `square` attacks: the union of its eight masked
/// jumps.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::knights;
/// assert_eq!(format!("{:#}", knights::attacks(Square::G2)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . 1 . 1
/// 3 . . . . 1 . . .
/// 2 . . . . . . . .
/// 1 . . . . 1 . . .
///   A B C D E F G H
/// ");
/// assert_eq!(knights::attacks(Square::G2), attacks::knight(Square::G2));
/// ```
#[inline(always)]
pub fn attacks(square: Square) -> Bitboard {
    set_attacks(square.bitboard())
}

/// The squares a knight on `square` may move to: its attacks, less the
/// squares holding `own` pieces.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::knights;
/// let own = Square::E1.bitboard() | Square::G2.bitboard();
/// assert_eq!(knights::moves(Square::G2, own).len(), 3);
/// ```
#[inline(always)]
pub fn moves(square: Square, own: Bitboard) -> Bitboard {
    attacks(square) & !own
}

/// Every square attacked by some knight of `knights`: the union of the
/// eight knight-jump shifts of the whole set.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::knights;
/// let knights = Square::B1.bitboard() | Square::G1.bitboard();
/// let union = attacks::knight(Square::B1) | attacks::knight(Square::G1);
/// assert_eq!(knights::set_attacks(knights), union);
/// ```
#[inline(always)]
pub fn set_attacks(knights: Bitboard) -> Bitboard {
    let [a, b, c, d, e, f, g, h] = knight_jumps(knights);
    a | b | c | d | e | f | g | h
}

/// The same set as [`set_attacks`], computed in parallel-prefix form: shift
/// the knights one and two files each way (masking the files they would
/// wrap onto), then move the one-file set two ranks and the two-file set
/// one rank, up and down. Six shifts instead of eight.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::knights;
/// let knights = Square::A8.bitboard() | Square::E4.bitboard();
/// assert_eq!(knights::set_attacks_parallel(knights), knights::set_attacks(knights));
/// ```
#[inline(always)]
pub fn set_attacks_parallel(knights: Bitboard) -> Bitboard {
    let one_file = (shift(knights, 1) & NOT_A_FILE) | (shift(knights, -1) & NOT_H_FILE);
    let two_files = (shift(knights, 2) & NOT_AB_FILE) | (shift(knights, -2) & NOT_GH_FILE);
    shift(one_file, 16) | shift(one_file, -16) | shift(two_files, 8) | shift(two_files, -8)
}

/// The squares a knight starting anywhere in `starts` reaches in at most
/// `moves` moves (the starts themselves included).
///
/// ```
/// use bitmoves::{Bitboard, Square};
/// use bitmoves_shift::knights;
/// let a1 = Square::A1.bitboard();
/// assert_eq!(knights::fill(a1, 0), a1);
/// assert_eq!(knights::fill(a1, 1).len(), 3);
/// assert_eq!(knights::fill(a1, 6), Bitboard::FULL); // h8 is six moves away
/// ```
pub fn fill(starts: Bitboard, moves: usize) -> Bitboard {
    (0..moves).fold(starts, |reached, _| reached | set_attacks(reached))
}

/// The squares from which a knight attacks two or more of `targets`.
///
/// A knight on `s` attacks `t` exactly when a knight on `t` attacks `s`, so
/// these are the squares lying in at least two of the eight knight-jump
/// images of `targets` (each image holds a square at most once). The images
/// are counted with a saturating two-bit counter, like a half adder:
/// `twice |= once & image; once |= image`. No loop over the targets and no
/// branch. Squares in `targets` are not excluded: mask the result as needed.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::knights;
/// let king_and_queen = Square::E8.bitboard() | Square::A8.bitboard();
/// let forks = knights::fork_squares(king_and_queen);
/// assert_eq!(forks, Square::C7.bitboard());
/// ```
pub fn fork_squares(targets: Bitboard) -> Bitboard {
    let (_once, twice) = knight_jumps(targets).into_iter().fold(
        (Bitboard::EMPTY, Bitboard::EMPTY),
        |(once, twice), image| (once | image, twice | (once & image)),
    );
    twice
}
