//! Named masks of the classic write-ups: the files a shift must clear so
//! it cannot wrap round the board edge, the ranks pawn pushes pass
//! through, and the centre and the rim that evaluation examples use.

use bitmoves::{Bitboard, File, Rank};

/// Every square except the a-file. An eastward shift by one file masks its
/// result with this: anything that "landed" on the a-file wrapped from the
/// h-file of the rank below.
///
/// ```
/// use bitmoves_shift::masks::NOT_A_FILE;
/// assert_eq!(format!("{NOT_A_FILE:#}"), "\
/// 8 . 1 1 1 1 1 1 1
/// 7 . 1 1 1 1 1 1 1
/// 6 . 1 1 1 1 1 1 1
/// 5 . 1 1 1 1 1 1 1
/// 4 . 1 1 1 1 1 1 1
/// 3 . 1 1 1 1 1 1 1
/// 2 . 1 1 1 1 1 1 1
/// 1 . 1 1 1 1 1 1 1
///   A B C D E F G H
/// ");
/// assert_eq!(NOT_A_FILE.0, 0xfefe_fefe_fefe_fefe);
/// ```
pub const NOT_A_FILE: Bitboard = Bitboard(!File::A.bitboard().0);

/// Every square except the a- and b-files: the mask for shifts two files
/// east (the knight's `no_ea_ea` and `so_ea_ea`).
///
/// ```
/// use bitmoves_shift::masks::NOT_AB_FILE;
/// assert_eq!(NOT_AB_FILE.0, 0xfcfc_fcfc_fcfc_fcfc);
/// ```
pub const NOT_AB_FILE: Bitboard = Bitboard(!(File::A.bitboard().0 | File::B.bitboard().0));

/// Every square except the h-file: the mask for shifts one file west.
///
/// ```
/// use bitmoves_shift::masks::NOT_H_FILE;
/// assert_eq!(NOT_H_FILE.0, 0x7f7f_7f7f_7f7f_7f7f);
/// ```
pub const NOT_H_FILE: Bitboard = Bitboard(!File::H.bitboard().0);

/// Every square except the g- and h-files: the mask for shifts two files
/// west (the knight's `no_we_we` and `so_we_we`).
///
/// ```
/// use bitmoves_shift::masks::NOT_GH_FILE;
/// assert_eq!(NOT_GH_FILE.0, 0x3f3f_3f3f_3f3f_3f3f);
/// ```
pub const NOT_GH_FILE: Bitboard = Bitboard(!(File::G.bitboard().0 | File::H.bitboard().0));

/// Rank 1, White's back rank.
pub const RANK_1: Bitboard = Rank::First.bitboard();
/// Rank 2, where White's pawns start.
pub const RANK_2: Bitboard = Rank::Second.bitboard();
/// Rank 3: a White pawn whose single push lands here may push again.
///
/// ```
/// use bitmoves_shift::masks::RANK_3;
/// assert_eq!(format!("{RANK_3:#}"), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 1 1 1 1 1 1 1 1
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// ```
pub const RANK_3: Bitboard = Rank::Third.bitboard();
/// Rank 4, where a White double push ends.
pub const RANK_4: Bitboard = Rank::Fourth.bitboard();
/// Rank 5, where a Black double push ends.
pub const RANK_5: Bitboard = Rank::Fifth.bitboard();
/// Rank 6: a Black pawn whose single push lands here may push again.
pub const RANK_6: Bitboard = Rank::Sixth.bitboard();
/// Rank 7, where Black's pawns start.
pub const RANK_7: Bitboard = Rank::Seventh.bitboard();
/// Rank 8, Black's back rank.
pub const RANK_8: Bitboard = Rank::Eighth.bitboard();

/// The four centre squares d4, e4, d5 and e5.
///
/// ```
/// use bitmoves_shift::masks::CENTER;
/// assert_eq!(format!("{CENTER:#}"), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . 1 1 . . .
/// 4 . . . 1 1 . . .
/// 3 . . . . . . . .
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// ```
pub const CENTER: Bitboard = Bitboard(
    (File::D.bitboard().0 | File::E.bitboard().0)
        & (Rank::Fourth.bitboard().0 | Rank::Fifth.bitboard().0),
);

/// The 28 squares on the rim of the board: the a- and h-files and the
/// first and last ranks. A knight there attacks at most four squares.
///
/// ```
/// use bitmoves_shift::masks::EDGES;
/// assert_eq!(format!("{EDGES:#}"), "\
/// 8 1 1 1 1 1 1 1 1
/// 7 1 . . . . . . 1
/// 6 1 . . . . . . 1
/// 5 1 . . . . . . 1
/// 4 1 . . . . . . 1
/// 3 1 . . . . . . 1
/// 2 1 . . . . . . 1
/// 1 1 1 1 1 1 1 1 1
///   A B C D E F G H
/// ");
/// assert_eq!(EDGES.len(), 28);
/// ```
pub const EDGES: Bitboard =
    Bitboard(File::A.bitboard().0 | File::H.bitboard().0 | RANK_1.0 | RANK_8.0);

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::Square;

    #[test]
    fn file_masks_hold_the_squares_a_shift_may_land_on() {
        for sq in Square::ALL {
            let file = sq.file().index();
            assert_eq!(NOT_A_FILE.contains(sq), file != 0, "{sq}");
            assert_eq!(NOT_AB_FILE.contains(sq), file >= 2, "{sq}");
            assert_eq!(NOT_H_FILE.contains(sq), file != 7, "{sq}");
            assert_eq!(NOT_GH_FILE.contains(sq), file <= 5, "{sq}");
        }
    }

    #[test]
    fn rank_masks_are_the_eight_rows_in_order() {
        let ranks = [
            RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8,
        ];
        for (index, rank) in ranks.into_iter().enumerate() {
            assert_eq!(rank.len(), 8);
            assert!(rank.iter().all(|sq| sq.rank().index() == index));
        }
    }

    #[test]
    fn center_and_edges_are_the_middle_four_and_the_rim() {
        for sq in Square::ALL {
            let (file, rank) = (sq.file().index(), sq.rank().index());
            let middle = |i: usize| i == 3 || i == 4;
            let rim = |i: usize| i == 0 || i == 7;
            assert_eq!(CENTER.contains(sq), middle(file) && middle(rank), "{sq}");
            assert_eq!(EDGES.contains(sq), rim(file) || rim(rank), "{sq}");
        }
        assert_eq!(CENTER.len(), 4);
        assert_eq!(EDGES.len(), 28);
    }
}
