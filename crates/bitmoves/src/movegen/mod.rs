//! Legal move generation through check and pin masks: no move is made and
//! then tested.
//!
//! The entry points, and which is for what. Every one ends in
//! `generate_into`; the public ones use the build's slider back-end
//! (`NATIVE`), the crate's own take one (`s`) for perft's dispatch.
//!
//! | entry point | for |
//! |---|---|
//! | [`Board::legal_moves`], [`Board::captures`], [`Board::quiets`] | the moves in a [`MoveList`] |
//! | [`Board::generate_moves`] | the moves, grouped by piece, to a visitor that may stop early |
//! | [`Board::generate_moves_to`] | the same, for the moves onto some squares only |
//! | [`Board::generate_captures`], [`Board::generate_quiets`] | the same, for captures (quiescence) or quiet moves only |
//! | [`Board::move_count`], [`Board::has_legal_moves`] | counting, or asking whether there is one |
//! | [`Board::is_legal`] (`movegen/single.rs`) | one move's legality |
//! | `generate_masked` (crate) | a visitor and a `Mask`, with the back-end `s`: under all the visitor entries, and perft's loops |
//! | `move_count_with`, `move_count_for` (crate) | bulk counting with the back-end `s`; `_for` with the side a constant and the checkers and pins maybe known (perft's frontier nodes) |
//! | `generate_into`, `generate_for` (private) | any sink: the White/Black dispatch (`with_side!`), then the side's checkers and pins |
//! | `generate_legal` (private) | one side, checkers and pins known: no check, check (evasions) or double check (king moves) |
//! | `generate_all` (private) | the body: pawns, knights, sliders, pinned sliders, the king |

mod move_list;
mod piece_moves;
mod single;
mod sink;

pub use move_list::{MoveList, MoveListIntoIter};
pub use piece_moves::{PieceMoves, PieceMovesIter};

#[cfg(target_arch = "x86_64")]
use crate::attacks::SetwiseFills;
use crate::attacks::{Magic, NATIVE, Sliders};
use crate::board::{CheckInfo, ChildHints, MaybeCheckInfo};
use crate::color::with_side;
use crate::{Bitboard, Board, CastlingSide, Color, Piece, Rank, Square, attacks};
pub(crate) use sink::Mask;
use sink::{MoveCounter, Sink, Visitor};

/// This file holds the `impl Board` block for legal move generation.
impl Board {
    /// Hands the legal moves to `visitor`, grouped by the piece that moves.
    /// The visitor returns `true` to stop early; `generate_moves` returns
    /// whether it was stopped. No group it receives is empty.
    ///
    /// This is the fast path: counting moves is adding up
    /// [`PieceMoves::len`], and nothing is allocated.
    ///
    /// ```
    /// use bitmoves::{Board, Piece};
    /// let board = Board::default();
    /// let mut knight_moves = 0;
    /// board.generate_moves(|moves| {
    ///     if moves.piece == Piece::Knight {
    ///         knight_moves += moves.len();
    ///     }
    ///     false
    /// });
    /// assert_eq!(knight_moves, 4);
    /// ```
    #[inline]
    pub fn generate_moves(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(Mask::ALL, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the legal moves whose to-square is in
    /// `targets` only: the others are not generated at all. (A castling
    /// move's to-square is the one it is written with, see
    /// [`Board::castling_move`].)
    ///
    /// ```
    /// use bitmoves::{Board, Square};
    /// let board = Board::default();
    /// let mut moves = 0;
    /// board.generate_moves_to(Square::F3.bitboard(), |group| {
    ///     moves += group.len();
    ///     false
    /// });
    /// assert_eq!(moves, 2); // f2f3 and g1f3
    /// ```
    #[inline]
    pub fn generate_moves_to(
        &self,
        targets: Bitboard,
        visitor: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let mask = Mask {
            from: Bitboard::FULL,
            to: targets,
            pawn_to: targets,
        };
        self.generate_masked(mask, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the captures only, the moves a
    /// quiescence search looks at: every move onto an enemy piece, en
    /// passant, and every promotion (captures or not).
    #[inline]
    pub fn generate_captures(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(self.split_masks().0, NATIVE, visitor)
    }

    /// [`Board::generate_moves`] for the quiet moves only: every legal move
    /// that [`Board::generate_captures`] leaves out (castling among them).
    #[inline]
    pub fn generate_quiets(&self, visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_masked(self.split_masks().1, NATIVE, visitor)
    }

    /// The captures (see [`Board::generate_captures`]) in a list.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board: Board = "4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1".parse()?;
    /// let captures: Vec<String> = board.captures().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(captures, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    /// assert_eq!(board.captures().len() + board.quiets().len(), board.legal_moves().len());
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn captures(&self) -> MoveList {
        self.list_masked(self.split_masks().0)
    }

    /// The quiet moves (see [`Board::generate_quiets`]) in a list.
    pub fn quiets(&self) -> MoveList {
        self.list_masked(self.split_masks().1)
    }

    /// The masks of the captures and of the quiet moves: two halves of the
    /// legal moves that never overlap.
    #[inline(always)]
    fn split_masks(&self) -> (Mask, Mask) {
        let theirs = self.colors(!self.side_to_move());
        let en_passant = self.en_passant().map_or(Bitboard::EMPTY, Square::bitboard);
        let pawn_captures = theirs | en_passant | Bitboard::BACK_RANKS;
        let captures = Mask {
            from: Bitboard::FULL,
            to: theirs,
            pawn_to: pawn_captures,
        };
        let quiets = Mask {
            from: Bitboard::FULL,
            to: !theirs,
            pawn_to: !pawn_captures,
        };
        (captures, quiets)
    }

    /// The moves of `mask`, in a list.
    pub(crate) fn list_masked(&self, mask: Mask) -> MoveList {
        let mut list = MoveList::new();
        self.generate_masked(mask, NATIVE, |moves| {
            moves.into_iter().for_each(|mv| list.push(mv));
            false
        });
        list
    }

    /// Generation into a visitor that wants the moves of `mask` only, with
    /// the slider back-end `s`: what every visitor entry point calls.
    #[inline(always)]
    pub(crate) fn generate_masked(
        &self,
        mask: Mask,
        s: impl Sliders,
        visit: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        self.generate_into(&mut Visitor { visit, mask }, s)
    }

    /// The legal moves, in a stack-allocated list.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let moves = Board::default().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "g1f3"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.list_masked(Mask::ALL)
    }

    /// The number of legal moves, counted without listing them (pawns are
    /// counted set-wise, a few shifts for all of them).
    #[inline]
    pub fn move_count(&self) -> usize {
        self.move_count_with(NATIVE)
    }

    /// [`Board::move_count`] with the slider back-end `s`.
    #[inline(always)]
    pub(crate) fn move_count_with(&self, s: impl Sliders) -> usize {
        let mut counter = MoveCounter(0, ChildHints::UNKNOWN);
        self.generate_into(&mut counter, s);
        counter.0
    }

    /// [`Board::move_count_with`] for White to move (`WHITE`) or Black,
    /// which must be the side to move: for callers that know it at compile
    /// time (the children of perft's pre-frontier nodes), and that may
    /// know the checkers and pins already (`known`, see `CheckSquares`),
    /// and more (`hints`: the enemy's attack map for the king, the moves
    /// of the knights and sliders; see `FrontierHints`).
    #[inline(always)]
    pub(crate) fn move_count_for<const WHITE: bool>(
        &self,
        known: MaybeCheckInfo,
        hints: ChildHints,
        s: impl Sliders,
    ) -> usize {
        let info = match known.get() {
            Some(info) => info,
            None => self.check_info_for::<WHITE>(),
        };
        let mut counter = MoveCounter(0, hints);
        self.generate_legal::<WHITE>(&info, &mut counter, s);
        counter.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// The en passant square when an en passant capture is legal here.
    /// [`Board::en_passant`] keeps the square whenever a pawn stands ready
    /// beside (the FEN and Polyglot rule); this is the stricter rule that
    /// decides whether two positions are the same for repetition.
    ///
    /// ```
    /// use bitmoves::Board;
    /// // The d4 pawn may not take on e3: it is pinned along the fourth rank.
    /// let pinned: Board = "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1".parse()?;
    /// assert!(pinned.en_passant().is_some());
    /// assert_eq!(pinned.legal_en_passant(), None);
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn legal_en_passant(&self) -> Option<Square> {
        let info = self.check_info();
        let king = self.king(self.side_to_move());
        let capturers = with_side!(self.side_to_move(), WHITE => {
            self.en_passant_capturers::<WHITE>(&info, king, NATIVE)
        });
        capturers.map(|(_, square)| square)
    }

    /// Generates into any sink, choosing the specialisation by the side to
    /// move: each side's generator is compiled apart, with the colour a
    /// constant (`WHITE`).
    #[inline(always)]
    fn generate_into(&self, sink: &mut impl Sink, s: impl Sliders) -> bool {
        with_side!(self.side_to_move(), WHITE => self.generate_for::<WHITE>(sink, s))
    }

    /// [`Board::generate_legal`] for the side `WHITE` says, which must be
    /// the side to move, with its checkers and pinned pieces worked out
    /// here. (A function of its own, not written into `generate_into`:
    /// perft's full recursion compiles to the same code as before with it.)
    #[inline(always)]
    fn generate_for<const WHITE: bool>(&self, sink: &mut impl Sink, s: impl Sliders) -> bool {
        self.generate_legal::<WHITE>(&self.check_info_for::<WHITE>(), sink, s)
    }

    /// Generates the legal moves of the side `WHITE` says, which must be
    /// the side to move, with its checkers and pinned pieces `info` worked
    /// out already, choosing the specialisation by the number of checkers:
    /// none, one (evasions), or two (king moves only).
    #[inline(always)]
    fn generate_legal<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        sink: &mut impl Sink,
        s: impl Sliders,
    ) -> bool {
        if info.checkers.is_empty() {
            self.generate_all::<false, WHITE>(info, sink, s)
        } else if !info.checkers.has_more_than_one() {
            self.generate_all::<true, WHITE>(info, sink, s)
        } else {
            self.king_moves::<true, WHITE>(sink, s)
        }
    }

    /// All moves when at most one piece gives check. With a checker, every
    /// piece but the king must capture it or block the line to the king.
    #[inline(always)]
    fn generate_all<const IN_CHECK: bool, const WHITE: bool>(
        &self,
        info: &CheckInfo,
        sink: &mut impl Sink,
        s: impl Sliders,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let ours = self.colors(us);
        let occupied = self.occupied();
        let king = self.king(us);
        let mask = sink.mask();
        // Pinned pieces and pieces the sink does not want are left alone.
        let pinned = info.pinned | !mask.from;
        let evasions = match info.checkers.first() {
            Some(checker) if IN_CHECK => attacks::between(king, checker) | checker.bitboard(),
            _ => !ours,
        };
        if self.pawn_moves::<WHITE>(info, evasions & mask.pawn_to, sink, s) {
            return true;
        }
        let target = evasions & mask.to;
        let counted = self.count_setwise::<IN_CHECK, WHITE>(sink, s, info, target, occupied);
        if !counted {
            // A pinned knight can never move.
            for from in self.colored_pieces(us, Piece::Knight) - pinned {
                if sink.emit(Piece::Knight, from, attacks::knight(from) & target) {
                    return true;
                }
            }
        }
        let bishops = self.colored_pieces(us, Piece::Bishop);
        let rooks = self.colored_pieces(us, Piece::Rook);
        let queens = self.colored_pieces(us, Piece::Queen);
        if !counted {
            for from in bishops - pinned {
                if sink.emit(Piece::Bishop, from, s.bishop(from, occupied) & target) {
                    return true;
                }
            }
            for from in rooks - pinned {
                if sink.emit(Piece::Rook, from, s.rook(from, occupied) & target) {
                    return true;
                }
            }
            for from in queens - pinned {
                if sink.emit(Piece::Queen, from, s.queen(from, occupied) & target) {
                    return true;
                }
            }
        }
        // A pinned slider may only move along the line through its king.
        for from in (bishops | rooks | queens) & info.pinned & mask.from {
            let (piece, reach) = if bishops.contains(from) {
                (Piece::Bishop, s.bishop(from, occupied))
            } else if rooks.contains(from) {
                (Piece::Rook, s.rook(from, occupied))
            } else {
                (Piece::Queen, s.queen(from, occupied))
            };
            if sink.emit(piece, from, reach & target & attacks::line(king, from)) {
                return true;
            }
        }
        self.king_moves::<IN_CHECK, WHITE>(sink, s)
    }

    /// Counts the moves of the unpinned knights and sliders of the side to
    /// move (`WHITE`, in check: `IN_CHECK`) onto `target` all at once, when
    /// the sink is a counter; returns whether it did. Every piece is
    /// counted as if free, and then the pinned ones' moves are taken out.
    /// The free count is the sink's where it knows it (perft's frontier,
    /// not in check: see `FrontierHints`), with any back-end; otherwise
    /// the fills' (AVX-512 or AVX2), where the back-end has them and there
    /// are two pieces or more (for one, its lookup is cheaper).
    #[inline(always)]
    fn count_setwise<const IN_CHECK: bool, const WHITE: bool>(
        &self,
        sink: &mut impl Sink,
        s: impl Sliders,
        info: &CheckInfo,
        target: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        let known = if IN_CHECK {
            None
        } else {
            sink.known_piece_moves()
        };
        let Some(count) = sink.setwise_count() else {
            return false;
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
        *count += moves;
        true
    }

    /// [`Board::attacked_squares`], by the fills (AVX-512 or AVX2) where the
    /// back-end has them and `by` has two knights and sliders or more (for
    /// fewer, the lookups are cheaper).
    #[inline(always)]
    fn attacked_squares_with(&self, s: impl Sliders, by: Color, occupied: Bitboard) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        if let Some(fills) = s.fills() {
            let them = self.colors(by);
            let queens = self.pieces(Piece::Queen);
            let diagonal = (self.pieces(Piece::Bishop) | queens) & them;
            let orthogonal = (self.pieces(Piece::Rook) | queens) & them;
            let knights = self.pieces(Piece::Knight) & them;
            if (diagonal | orthogonal | knights).has_more_than_one() {
                let (east, west) = attacks::pawns(by, self.colored_pieces(by, Piece::Pawn));
                let pieces = fills.attacks(diagonal, orthogonal, knights, occupied);
                return pieces | east | west | attacks::king(self.king(by));
            }
        }
        self.attacked_squares(by, occupied, s)
    }

    /// Pawn pushes onto empty squares, captures onto enemy pieces, and en
    /// passant. `target` holds the squares a pawn may go to (check evasions
    /// and the sink's mask), apart from en passant, which is judged apart.
    #[inline(always)]
    fn pawn_moves<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        target: Bitboard,
        sink: &mut impl Sink,
        s: impl Sliders,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let theirs = self.colors(!us);
        let empty = !self.occupied();
        let king = self.king(us);
        let double_step_rank = Rank::Third.relative_to(us).bitboard();
        let pawns = self.colored_pieces(us, Piece::Pawn);
        // A counting sink counts en passant apart, below.
        let en_passant = if sink.setwise_count().is_some() {
            None
        } else {
            self.en_passant_capturers::<WHITE>(info, king, s)
        };
        // A counting sink takes the unpinned pawns all at once.
        let one_by_one = match sink.setwise_count() {
            None => pawns & sink.mask().from,
            Some(count) => {
                let free = pawns - info.pinned;
                let single = free.forward(us) & empty;
                let double = (single & double_step_rank).forward(us) & empty;
                let (east, west) = attacks::pawns(us, free);
                let (east, west) = (east & theirs & target, west & theirs & target);
                // Pushes land on empty squares and captures on enemy pieces,
                // so only the two capture sets can share a square.
                let to = ((single | double) & target) | (east ^ west);
                let both = east & west;
                *count += to.len() + 2 * both.len();
                let promoting = (to | both) & Bitboard::BACK_RANKS;
                if !promoting.is_empty() {
                    *count += 3
                        * ((to & Bitboard::BACK_RANKS).len()
                            + 2 * (both & Bitboard::BACK_RANKS).len());
                }
                // Every legal en passant capture, pinned pawns' too: rare,
                // and counted out of line.
                if let Some(square) = self.en_passant() {
                    *count += self.en_passant_count::<WHITE>(info, king, square);
                }
                pawns & info.pinned
            }
        };
        for from in one_by_one {
            let single = from.bitboard().forward(us) & empty;
            let double = (single & double_step_rank).forward(us) & empty;
            let captures = attacks::pawn(us, from) & theirs;
            let mut to = (single | double | captures) & target;
            if info.pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            if let Some((capturers, square)) = en_passant
                && capturers.contains(from)
                && sink.mask().pawn_to.contains(square)
            {
                to.insert(square);
            }
            if sink.emit(Piece::Pawn, from, to) {
                return true;
            }
        }
        false
    }

    /// The king's moves: steps onto squares no enemy attacks, and castling
    /// when not in check.
    #[inline(always)]
    fn king_moves<const IN_CHECK: bool, const WHITE: bool>(
        &self,
        sink: &mut impl Sink,
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
        if sink.setwise_count().is_some() {
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
        let attacked = if let Some(attacked) = sink.known_attacks() {
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
        let (attacked, sides) = match sink.known_attacks() {
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

    /// The castling moves whose squares are free, one bit per side (bit
    /// `side.index()`): a small value that crosses into `safe_castles` in a
    /// register.
    #[inline(always)]
    fn unblocked_castles<const WHITE: bool>(&self, king: Square) -> u8 {
        let us = Color::of_const::<WHITE>();
        let occupied = self.occupied();
        let mut sides = 0;
        if !self.is_chess960() {
            // King and rooks on their standard squares: fixed paths.
            let held = self.castling_rights().bits() >> (2 * us.index());
            for side in CastlingSide::ALL {
                let (empty, _) = side.standard_squares(us);
                if held & (1 << side.index()) != 0 && !empty.intersects(occupied) {
                    sides |= 1 << side.index();
                }
            }
            return sides;
        }
        for side in CastlingSide::ALL {
            if let Some(path) = self.castling_rights().path(us, side, king)
                && !path.empty.intersects(occupied)
            {
                sides |= 1 << side.index();
            }
        }
        sides
    }

    /// The targets of the castling moves of `us`, holding the rights
    /// `held` (bit `side.index()` per side), on a standard board, whose
    /// squares are free in `occupied` and whose king walk `attacked` (the
    /// enemy's attack map; the king not in check) leaves alone.
    /// Branch-free.
    #[inline(always)]
    fn standard_castles(us: Color, held: u8, occupied: Bitboard, attacked: Bitboard) -> Bitboard {
        let mut to = 0;
        for side in CastlingSide::ALL {
            let (empty, king_walk) = side.standard_squares(us);
            let free = ((occupied & empty) | (attacked & king_walk)).is_empty();
            let ok = (u64::from(held) >> side.index()) & u64::from(free);
            to |= ok << side.king_destination(us).index();
        }
        Bitboard(to)
    }

    /// The targets of the unblocked castling moves (`sides`, from
    /// `unblocked_castles`) on a standard board, where the king steps to
    /// the g- or c-file: those whose king walk `attacked` (the enemy's
    /// attack map) leaves alone.
    #[inline(always)]
    fn safe_standard_castles(us: Color, sides: u8, attacked: Bitboard) -> Bitboard {
        let mut to = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            let (_, king_walk) = side.standard_squares(us);
            if sides & (1 << side.index()) != 0 && !king_walk.intersects(attacked) {
                to.insert(side.king_destination(us));
            }
        }
        to
    }

    /// The targets of the unblocked castling moves (`sides`, from
    /// `unblocked_castles`) of a board in Chess960 mode whose king walk is
    /// safe, written king-takes-rook (see [`Board::castling_move`]).
    #[inline(never)]
    fn safe_chess960_castles<const WHITE: bool>(
        &self,
        king: Square,
        sides: u8,
        s: impl Sliders,
    ) -> Bitboard {
        let us = Color::of_const::<WHITE>();
        let mut to = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            if sides & (1 << side.index()) == 0 {
                continue;
            }
            let Some(path) = self.castling_rights().path(us, side, king) else {
                continue;
            };
            // The castling rook may be shielding a square the king crosses
            // or lands on, so judge without it.
            let occupied = self.occupied() - king.bitboard() - path.rook.bitboard();
            let safe = !path
                .king_walk
                .iter()
                .any(|square| self.is_attacked_with(square, !us, occupied, s));
            if safe {
                to.insert(path.rook);
            }
        }
        to
    }

    /// The pawns that may legally capture en passant, and the square they
    /// capture onto.
    #[inline(always)]
    fn en_passant_capturers<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        s: impl Sliders,
    ) -> Option<(Bitboard, Square)> {
        let square = self.en_passant()?;
        self.en_passant_capturers_slow::<WHITE>(info, king, square, s)
    }

    /// The number of legal en passant captures onto `square`, pinned pawns'
    /// too: what a counting sink adds for en passant. Out of line, and so
    /// without the dispatched variant's target features: magic lookups,
    /// which need none (a PEXT lookup would be a call here). Counting it
    /// apart keeps en passant out of the counting loops (bulk perft on
    /// pos3: 2% faster than with PEXT lookups out of line, 4% than with
    /// the count inline).
    #[inline(never)]
    fn en_passant_count<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        square: Square,
    ) -> usize {
        self.en_passant_capturers_slow::<WHITE>(info, king, square, Magic)
            .map_or(0, |(capturers, _)| capturers.len())
    }

    /// The body of [`Self::en_passant_capturers`], kept out of line: en
    /// passant is rare.
    #[inline(never)]
    fn en_passant_capturers_slow<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        square: Square,
        s: impl Sliders,
    ) -> Option<(Bitboard, Square)> {
        let us = Color::of_const::<WHITE>();
        let captured = square.en_passant_victim();
        let queens = self.pieces(Piece::Queen);
        let theirs = self.colors(!us) - captured.bitboard();
        let diagonal = (self.pieces(Piece::Bishop) | queens) & theirs;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & theirs;
        // A leaper giving check must be the captured pawn itself.
        let leaper_checks = info.checkers - captured.bitboard() - diagonal - orthogonal;
        if !leaper_checks.is_empty() {
            return None;
        }
        let mut capturers = Bitboard::EMPTY;
        for from in attacks::pawn(!us, square) & self.colored_pieces(us, Piece::Pawn) {
            let occupied =
                (self.occupied() - from.bitboard() - captured.bitboard()) | square.bitboard();
            let exposed =
                (s.bishop(king, occupied) & diagonal) | (s.rook(king, occupied) & orthogonal);
            if exposed.is_empty() {
                capturers.insert(from);
            }
        }
        (!capturers.is_empty()).then_some((capturers, square))
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
