//! Counting sinks' own path: the knights' and sliders' moves counted
//! all at once, from what the caller knows or by the fills.
use super::sink::{Known, Sink};
use crate::attacks::Sliders;
use crate::board::CheckInfo;
#[cfg(target_arch = "x86_64")]
use crate::perft::fills::SetwiseFills;
use crate::{Bitboard, Board, Color, Piece, attacks};

/// This file holds the `impl Board` block for set-wise counting.
impl Board {
    /// Counts the moves of the unpinned knights and sliders of the side to
    /// move (`WHITE`, in check: `IN_CHECK`) onto `target` all at once, when
    /// the sink is a counter; returns whether it did. Every piece is
    /// counted as if free, and then the pinned ones' moves are taken out.
    /// The free count is the sink's where it knows it (perft's frontier,
    /// not in check: see `FrontierHints`), with any back-end; otherwise
    /// the fills' (AVX-512 or AVX2), where the back-end has them and there
    /// are two pieces or more (for one, its lookup is cheaper).
    #[inline(always)]
    pub(super) fn count_setwise<const IN_CHECK: bool, const WHITE: bool, S: Sink>(
        &self,
        sink: &mut S,
        s: impl Sliders,
        info: &CheckInfo,
        target: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        if !S::COUNTS {
            return false;
        }
        let known = if IN_CHECK {
            None
        } else {
            sink.known().piece_moves()
        };
        let us = Color::of_const::<WHITE>();
        let knights = self.colored_pieces(us, Piece::Knight);
        let bishops = self.colored_pieces(us, Piece::Bishop);
        let rooks = self.colored_pieces(us, Piece::Rook);
        let queens = self.colored_pieces(us, Piece::Queen);
        let all = knights | bishops | rooks | queens;
        let free = match known {
            Some(moves) => Some(moves),
            None if all.has_more_than_one() => fills_move_count(
                s,
                bishops | queens,
                rooks | queens,
                knights,
                occupied,
                target,
            ),
            None => None,
        };
        let Some(mut moves) = free else {
            return false;
        };
        for from in all & info.pinned {
            let reach = if knights.contains(from) {
                attacks::knight(from)
            } else if bishops.contains(from) {
                s.bishop(from, occupied)
            } else if rooks.contains(from) {
                s.rook(from, occupied)
            } else {
                s.queen(from, occupied)
            };
            moves -= (reach & target).len();
        }
        sink.add(moves);
        true
    }
}

/// The moves onto `target` of the knights and sliders, each counted as if
/// free, by the fills of the back-end `s`; `None` where it has none.
#[inline(always)]
fn fills_move_count(
    s: impl Sliders,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    occupied: Bitboard,
    target: Bitboard,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(fills) = s.fills() {
        return Some(fills.move_count(diagonal, orthogonal, knights, occupied, target));
    }
    let _ = (s, diagonal, orthogonal, knights, occupied, target);
    None
}
