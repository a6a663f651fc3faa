//! The king's moves: safe steps and castling, for visitors (the engine
//! bench's path) and for counting sinks.
use super::sink::{Known, Sink};
use crate::attacks::Sliders;
use crate::{Bitboard, Board, Color, Piece, Square, attacks};

/// This file holds the `impl Board` block for the king's moves.
impl Board {
    /// The king's moves: steps onto squares no enemy attacks, and castling
    /// when not in check.
    #[inline(always)]
    pub(super) fn king_moves<const IN_CHECK: bool, const WHITE: bool, S: Sink>(
        &self,
        sink: &mut S,
        s: impl Sliders,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let king = self.king(us);
        let mask = sink.mask();
        if !mask.from.contains(king) {
            return false;
        }
        let steps = (attacks::king(king) - self.colors(us)) & mask.to;
        // Counting sinks (perft's frontier, `move_count`) judge castling
        // their own way: see `counted_king_moves`.
        if S::COUNTS {
            return self.counted_king_moves::<IN_CHECK, WHITE>(sink, s, king, steps);
        }
        // Only our own rights matter (two bits of the rights' summary).
        let ours_held = (self.castling_rights().bits() >> (2 * us.index())) & 0b11;
        let castles = if IN_CHECK || ours_held == 0 {
            0
        } else {
            self.unblocked_castles::<WHITE>(king)
        };
        let castling = castles != 0;
        // The king must not hide behind itself from a slider.
        let occupied = self.occupied() - king.bitboard();
        // Build the enemy's attack map only when it pays: for a square or
        // two (one, where the fills build the map), testing them one by one
        // is cheaper. (Written out here, not through `map_pays` and
        // `safe_steps`: with them the compiler lays out the generators'
        // code differently, and this path is the engine bench's.)
        #[cfg(target_arch = "x86_64")]
        let fills = s.fills().is_some();
        #[cfg(not(target_arch = "x86_64"))]
        let fills = false;
        let many_steps = if fills {
            steps.has_more_than_one()
        } else {
            Bitboard(steps.0 & steps.0.wrapping_sub(1)).has_more_than_one()
        };
        // No closure: one left out of line would lose the fills' target
        // features.
        let attacked = if let Some(attacked) = sink.known().attacks() {
            Some(attacked)
        } else if many_steps || (castling && !self.is_chess960()) {
            Some(self.attacked_squares_with(s, !us, occupied))
        } else {
            None
        };
        let mut to = match attacked {
            Some(attacked) => steps - attacked,
            // A plain loop: an iterator's `fold` here was left out of line
            // in perft's inlined leaf counting.
            None => {
                let mut safe = Bitboard::EMPTY;
                for square in steps {
                    if !self.is_attacked_with(square, !us, occupied, s) {
                        safe.insert(square);
                    }
                }
                safe
            }
        };
        if castling {
            let safe = match attacked {
                Some(attacked) if !self.is_chess960() => {
                    Self::safe_standard_castles(us, castles, attacked)
                }
                _ => self.safe_chess960_castles::<WHITE>(king, castles, s),
            };
            to |= safe & mask.to;
        }
        sink.emit(Piece::King, king, to)
    }

    /// [`Board::king_moves`] for a counting sink, from the king on `king`
    /// and its steps `steps`: with the map known on a standard board
    /// (perft's frontier), every held castling side is judged branch-free,
    /// free squares and a safe walk in one test (`standard_castles`);
    /// without it, the sides whose squares are free are found first, and
    /// the map built when one is. (The generators' own path, in
    /// `king_moves`, is left as it was: the engine bench's code.)
    #[inline(always)]
    fn counted_king_moves<const IN_CHECK: bool, const WHITE: bool>(
        &self,
        sink: &mut impl Sink,
        s: impl Sliders,
        king: Square,
        steps: Bitboard,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let mask = sink.mask();
        // Only our own rights matter (two bits of the rights' summary), and
        // none in check.
        let held = if IN_CHECK {
            0
        } else {
            (self.castling_rights().bits() >> (2 * us.index())) & 0b11
        };
        let standard = !self.is_chess960();
        // The king must not hide behind itself from a slider.
        let occupied = self.occupied() - king.bitboard();
        // Build the enemy's attack map only when it pays (`map_pays`);
        // standard castling with a free side asks the map too.
        let many_steps = Self::map_pays(steps, s);
        // The castling sides to judge: with the map known on a standard
        // board, every held one (`standard_castles` asks for free squares
        // as well, branch-free); else those whose squares are free. No
        // closure: one left out of line would lose the fills' target
        // features.
        let (attacked, sides) = match sink.known().attacks() {
            Some(attacked) if standard => (Some(attacked), held),
            known => {
                let sides = if held != 0 {
                    self.unblocked_castles::<WHITE>(king)
                } else {
                    0
                };
                if known.is_some() {
                    (known, sides)
                } else if many_steps || (sides != 0 && standard) {
                    (Some(self.attacked_squares_with(s, !us, occupied)), sides)
                } else {
                    (None, sides)
                }
            }
        };
        let mut to = match attacked {
            Some(attacked) => steps - attacked,
            None => self.safe_steps(steps, !us, occupied, s),
        };
        if sides != 0 {
            let castles = match attacked {
                Some(attacked) if standard => {
                    Self::standard_castles(us, sides, self.occupied(), attacked)
                }
                _ => self.safe_chess960_castles::<WHITE>(king, sides, s),
            };
            to |= castles & mask.to;
        }
        sink.emit(Piece::King, king, to)
    }

    /// Whether building the enemy's attack map pays for the king's steps
    /// `steps`: for a square or two (one, where the fills build the map),
    /// testing them one by one is cheaper.
    #[inline(always)]
    fn map_pays(steps: Bitboard, s: impl Sliders) -> bool {
        #[cfg(target_arch = "x86_64")]
        let fills = s.fills().is_some();
        #[cfg(not(target_arch = "x86_64"))]
        let fills = {
            let _ = s;
            false
        };
        if fills {
            steps.has_more_than_one()
        } else {
            Bitboard(steps.0 & steps.0.wrapping_sub(1)).has_more_than_one()
        }
    }

    /// The squares of `steps` that `by` does not attack, with `occupied`
    /// blocking, one by one. A plain loop: an iterator's `fold` here was
    /// left out of line in perft's inlined leaf counting.
    #[inline(always)]
    fn safe_steps(
        &self,
        steps: Bitboard,
        by: Color,
        occupied: Bitboard,
        s: impl Sliders,
    ) -> Bitboard {
        let mut safe = Bitboard::EMPTY;
        for square in steps {
            if !self.is_attacked_with(square, by, occupied, s) {
                safe.insert(square);
            }
        }
        safe
    }
}
