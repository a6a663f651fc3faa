//! Slider attacks by kindergarten bitboards: each line's six inner squares
//! gathered into a 6-bit index by a shift or a multiplication, and looked
//! up in 4.5 KB of tables built at compile time.

use crate::{Bitboard, Direction, Square};
use bitmoves_tables as tables;

/// The a-file.
const A_FILE: u64 = 0x0101_0101_0101_0101;

/// Gathers the a-file's ranks 2 to 7 into bits 63 (rank 2) down to 58.
const FILE_GATHER: u64 = 0x0080_4020_1008_0400;

/// Gathers a diagonal's squares on files b to g into bits 58 (b) to 63.
const DIAGONAL_GATHER: u64 = 0x0202_0202_0202_0202;

/// `FIRST_RANK[file][inner]`: the squares a slider on `file` of a rank
/// attacks along it (bit 0 the a-file), where bit `i` of `inner` says
/// whether file `i + 1` (b to g) is occupied.
static FIRST_RANK: [[u8; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u8) << 1;
            let mut attacks = 0_u8;
            let mut to = file + 1;
            while to < 8 {
                attacks |= 1 << to;
                if occupied & (1 << to) != 0 {
                    break;
                }
                to += 1;
            }
            let mut to = file;
            while to > 0 {
                to -= 1;
                attacks |= 1 << to;
                if occupied & (1 << to) != 0 {
                    break;
                }
            }
            table[file][inner] = attacks;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// `A_FILE_ATTACKS[rank][index]`: the squares a rook on the a-file's
/// `rank` attacks along it, where `index` is the occupancy of ranks 2 to 7
/// gathered by [`FILE_GATHER`].
static A_FILE_ATTACKS: [[u64; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut inner = 0_u64;
        while inner < 64 {
            // Inner bit `i` stands for rank `i + 1`.
            let mut occupied = 0_u64;
            let mut bit = 0;
            while bit < 6 {
                if inner & (1 << bit) != 0 {
                    occupied |= 1 << (8 * (bit + 1));
                }
                bit += 1;
            }
            let mut attacks = 0_u64;
            let mut to = rank + 1;
            while to < 8 {
                attacks |= 1 << (8 * to);
                if occupied & (1 << (8 * to)) != 0 {
                    break;
                }
                to += 1;
            }
            let mut to = rank;
            while to > 0 {
                to -= 1;
                attacks |= 1 << (8 * to);
                if occupied & (1 << (8 * to)) != 0 {
                    break;
                }
            }
            table[rank][(occupied.wrapping_mul(FILE_GATHER) >> 58) as usize] = attacks;
            inner += 1;
        }
        rank += 1;
    }
    table
};

/// Rook attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (square.index() & 7, square.index() >> 3);
    let rank_index = (occupied.0 >> (8 * rank + 1)) & 63;
    let along_rank = (FIRST_RANK[file][rank_index as usize] as u64) << (8 * rank);
    let file_index = ((occupied.0 >> file) & A_FILE).wrapping_mul(FILE_GATHER) >> 58;
    let along_file = A_FILE_ATTACKS[rank][file_index as usize] << file;
    Bitboard(along_rank | along_file)
}

/// Bishop attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    let file = s & 7;
    let diagonal = tables::RAYS[Direction::NorthEast.index()][s] | tables::RAYS[Direction::SouthWest.index()][s];
    let anti = tables::RAYS[Direction::NorthWest.index()][s] | tables::RAYS[Direction::SouthEast.index()][s];
    let along = |mask: u64| {
        let index = (occupied.0 & mask).wrapping_mul(DIAGONAL_GATHER) >> 58;
        (FIRST_RANK[file][index as usize] as u64).wrapping_mul(A_FILE) & mask
    };
    Bitboard(along(diagonal) | along(anti))
}
