//! [`FrontierHints`]: what a pre-frontier node of bulk perft knows,
//! before it makes its moves, of what each child (a frontier node, whose
//! moves are counted) would work out for itself:
//!
//! - the attack map its king walks against: the squares the mover attacks
//!   once it has moved, which the opponent's king (to move in the child)
//!   may not step onto or castle across. The node works the mover's map
//!   out once, with the squares its pieces attack at least once and at
//!   least twice, and each child gets the map without the moving piece's
//!   old attacks and with its new ones, on the squares around the king,
//!   where the move opens or closes no line of the mover's sliders;
//! - the number of moves of the opponent's knights and sliders, as if
//!   none were pinned: the node counts them once, and a child whose move
//!   is quiet and touches no line of the opponent's sliders has the same
//!   (its knights never mind a blocker).
//!
//! The child then skips its fills (or lookups) for both.
//! `perft/check_squares.rs` does the same for the child's checkers and
//! pins.

use crate::Board;
use crate::attacks::Sliders;
use crate::color::with_side;
use crate::movegen::Known;
use crate::perft::fills::AttackLayers;
#[cfg(target_arch = "x86_64")]
use crate::perft::fills::SetwiseFills;
use crate::{Bitboard, CastlingSide, Color, Piece, Square, attacks};

/// What a node knows, before it makes them, of its children: the attacks
/// of the side to move here, with the opponent's king off the board, and
/// the opponent's knights' and sliders' moves, as the node stands (see
/// [`Board::frontier_hints`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrontierHints {
    /// The squares the mover's pieces attack at least once, and at least
    /// twice (two pieces, or more).
    once: Bitboard,
    twice: Bitboard,
    /// The same for the mover's sliders alone.
    sliders_once: Bitboard,
    sliders_twice: Bitboard,
    /// Every square a queen on a square of the opponent's king zone (its
    /// king's steps and standard castling walks) would see: where a
    /// blocker's coming or going may change what the zone is attacked by
    /// (empty where the mover has no sliders: it matters only on theirs).
    seen: Bitboard,
    /// The occupied squares without the opponent's king.
    occupied: Bitboard,
    /// The moves of the opponent's knights and sliders onto squares
    /// without its own pieces, each piece counted as if free.
    replies: usize,
    /// Every square the opponent's sliders attack: a move from or to one
    /// of them changes what they reach.
    reply_lines: Bitboard,
}

impl FrontierHints {
    /// What the node knows of the map after any move of `piece` of `us`
    /// (the side to move) from `from` (not castling, a promotion or en
    /// passant).
    #[inline(always)]
    pub(crate) fn for_piece(
        &self,
        piece: Piece,
        us: Color,
        from: Square,
        s: impl Sliders,
    ) -> PieceHints {
        let old = attacks_of(piece, us, from, self.occupied, s);
        let other_sliders = if matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen) {
            self.sliders_twice | (self.sliders_once - old)
        } else {
            self.sliders_once
        };
        // A square attacked twice keeps an attacker when the piece goes;
        // one attacked once keeps it unless the piece was it. Nothing is
        // known where a slider of the mover, seen from the zone through
        // `from`, reaches further once the piece has gone (and `others`
        // is then every square, which no move's attacks change).
        let opens = (self.sliders_once & self.seen).contains(from);
        // The opponent's sliders reach further when the piece leaves one
        // of their lines: nothing known of the replies then.
        let leaves_line = self.reply_lines.contains(from);
        PieceHints {
            others: if opens {
                Bitboard::FULL
            } else {
                self.twice | (self.once - old)
            },
            blocking: other_sliders & self.seen,
            occupied: self.occupied - from.bitboard(),
            replies: self.replies,
            reply_lines: if leaves_line {
                Bitboard::FULL
            } else {
                self.reply_lines
            },
        }
    }
}

/// [`FrontierHints`] for the moves of one piece from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PieceHints {
    /// The squares the mover's other pieces attack, the piece gone; every
    /// square where nothing is known.
    others: Bitboard,
    /// The targets of a quiet move after which the child must work out its
    /// map itself: a square where the piece would cut a line of another
    /// slider of the mover into the zone.
    blocking: Bitboard,
    /// The occupied squares without the piece and the opponent's king.
    occupied: Bitboard,
    /// The node's `replies`, and the targets after which they are not
    /// known (every square where the piece leaves a line).
    replies: usize,
    reply_lines: Bitboard,
}

impl PieceHints {
    /// Nothing known: for children made in full, which count nothing.
    pub(crate) const NONE: Self = Self {
        others: Bitboard::FULL,
        blocking: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        replies: 0,
        reply_lines: Bitboard::FULL,
    };

    /// What the child knows after `piece` of `us` goes to `to`, quietly
    /// (`quiet`) or taking what stands there: the mover's attack map on
    /// the squares of the opponent's king zone, and the opponent's
    /// knights' and sliders' moves, each where the child need not work it
    /// out itself (see [`ChildHints`]). Not for a promotion (the piece
    /// changes), castling or en passant. Branch-free: the children of one
    /// piece alternate between the answers unpredictably.
    #[inline(always)]
    pub(crate) fn after(
        &self,
        piece: Piece,
        us: Color,
        to: Square,
        quiet: bool,
        s: impl Sliders,
    ) -> ChildHints {
        let blocked = quiet & self.blocking.contains(to);
        let unknown = Bitboard(0u64.wrapping_sub(blocked as u64));
        let occupied = self.occupied | to.bitboard();
        // A capture takes one of the opponent's pieces (and frees its
        // square as a target); a quiet move onto a line cuts it.
        let replies_known = quiet & !self.reply_lines.contains(to);
        ChildHints {
            attacks: self.others | attacks_of(piece, us, to, occupied, s) | unknown,
            replies: if replies_known {
                self.replies
            } else {
                usize::MAX
            },
        }
    }
}

/// What a child's parent knows of it, each part or nothing
/// ([`ChildHints::UNKNOWN`]): the enemy's attack map on the squares its
/// king may step onto or castle across, and the moves of its knights and
/// sliders as if none were pinned, onto squares without its own pieces.
/// Two words, so that it crosses a call in registers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChildHints {
    /// The map; every square when not known (a map that attacks every
    /// square is worked out again by the child: the same answer, a little
    /// slower).
    attacks: Bitboard,
    /// The moves; `usize::MAX` when not known.
    replies: usize,
}

impl ChildHints {
    /// Nothing known.
    pub(crate) const UNKNOWN: Self = Self {
        attacks: Bitboard::FULL,
        replies: usize::MAX,
    };
}

impl Known for ChildHints {
    /// The enemy's attack map (the king off the board), if known: exact
    /// on the king's steps and standard castling walks.
    #[inline(always)]
    fn attacks(self) -> Option<Bitboard> {
        (self.attacks != Bitboard::FULL).then_some(self.attacks)
    }

    /// The moves of the side to move's knights and sliders, each counted
    /// as if free, onto squares without its own pieces, if known.
    #[inline(always)]
    fn piece_moves(self) -> Option<usize> {
        (self.replies != usize::MAX).then_some(self.replies)
    }
}

/// The squares `piece` of `colour` attacks from `from`, with `occupied`
/// blocking a slider.
#[inline(always)]
fn attacks_of(
    piece: Piece,
    colour: Color,
    from: Square,
    occupied: Bitboard,
    s: impl Sliders,
) -> Bitboard {
    match piece {
        Piece::Pawn => attacks::pawn(colour, from),
        Piece::Knight => attacks::knight(from),
        Piece::Bishop => s.bishop(from, occupied),
        Piece::Rook => s.rook(from, occupied),
        Piece::Queen => s.queen(from, occupied),
        Piece::King => attacks::king(from),
    }
}

impl Board {
    /// What this board knows of its children's enemy attack maps: see
    /// [`FrontierHints`], worked out with the back-end `s`: by two fills (the
    /// mover's attacks, what the zone sees) where it has them, by a lookup
    /// per piece and per zone square otherwise.
    #[inline(always)]
    pub(crate) fn frontier_hints(&self, s: impl Sliders) -> FrontierHints {
        with_side!(self.side_to_move(), WHITE => self.frontier_hints_for::<WHITE>(s))
    }

    /// [`Board::frontier_hints`] with White (`WHITE`) or Black to move.
    #[inline(always)]
    fn frontier_hints_for<const WHITE: bool>(&self, s: impl Sliders) -> FrontierHints {
        let us = Color::of_const::<WHITE>();
        let king = self.king(!us);
        let rights = (self.castling_rights().bits() >> (2 * (!us).index())) & 0b11;
        let ours = self.colors(us);
        let occupied = self.occupied() - king.bitboard();
        let queens = self.pieces(Piece::Queen);
        // The zone: the king's steps, and the squares its standard castling
        // crosses (Chess960 castling asks square by square, not the map).
        let mut zone = attacks::king(king);
        if !self.is_chess960() {
            for side in CastlingSide::ALL {
                if rights & (1 << side.index()) != 0 {
                    zone |= side.standard_squares(!us).1;
                }
            }
        }
        let theirs = self.colors(!us);
        let (replies, reply_lines) = replies_and_lines(
            s,
            (self.pieces(Piece::Bishop) | queens) & theirs,
            (self.pieces(Piece::Rook) | queens) & theirs,
            self.pieces(Piece::Knight) & theirs,
            self.occupied(),
            !theirs,
        );
        let (layers, seen) = layers_and_seen(
            s,
            (self.pieces(Piece::Bishop) | queens) & ours,
            (self.pieces(Piece::Rook) | queens) & ours,
            self.pieces(Piece::Knight) & ours,
            zone,
            occupied,
        );
        let (east, west) = attacks::pawns(us, self.colored_pieces(us, Piece::Pawn));
        let (mut once, mut twice) = (layers.sliders, layers.sliders_twice);
        for (set, set_twice) in [
            (layers.knights, layers.knights_twice),
            (east, Bitboard::EMPTY),
            (west, Bitboard::EMPTY),
            (attacks::king(self.king(us)), Bitboard::EMPTY),
        ] {
            twice |= set_twice | (once & set);
            once |= set;
        }
        FrontierHints {
            once,
            twice,
            sliders_once: layers.sliders,
            sliders_twice: layers.sliders_twice,
            seen,
            occupied,
            replies,
            reply_lines,
        }
    }
}

/// The moves onto `target` of the knights `knights` and the sliders
/// `diagonal` and `orthogonal`, each counted as if free, and the squares
/// the sliders attack, with `occupied` blocking: by the fills where `s`
/// has them, by lookups otherwise.
#[inline(always)]
fn replies_and_lines(
    s: impl Sliders,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    occupied: Bitboard,
    target: Bitboard,
) -> (usize, Bitboard) {
    #[cfg(target_arch = "x86_64")]
    if let Some(fills) = s.fills() {
        return (
            fills.move_count(diagonal, orthogonal, knights, occupied, target),
            fills.attacks(diagonal, orthogonal, Bitboard::EMPTY, occupied),
        );
    }
    let (mut moves, mut lines) = (0, Bitboard::EMPTY);
    for from in diagonal | orthogonal {
        let mut reach = Bitboard::EMPTY;
        if diagonal.contains(from) {
            reach |= s.bishop(from, occupied);
        }
        if orthogonal.contains(from) {
            reach |= s.rook(from, occupied);
        }
        lines |= reach;
        moves += (reach & target).len();
    }
    for from in knights {
        moves += (attacks::knight(from) & target).len();
    }
    (moves, lines)
}

/// The attack layers of the sliders `diagonal` and `orthogonal` and the
/// knights `knights`, and what a queen on each square of `zone` sees, with
/// `occupied` blocking (nothing where there are no sliders): by the fills
/// where `s` has them, by lookups otherwise.
#[inline(always)]
fn layers_and_seen(
    s: impl Sliders,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    zone: Bitboard,
    occupied: Bitboard,
) -> (AttackLayers, Bitboard) {
    // The zone's view matters only where the mover's sliders attack.
    let sliders = !(diagonal | orthogonal).is_empty();
    #[cfg(target_arch = "x86_64")]
    if let Some(fills) = s.fills() {
        let layers = fills.attack_layers(diagonal, orthogonal, knights, occupied);
        if !sliders {
            return (layers, Bitboard::EMPTY);
        }
        return (layers, fills.attacks(zone, zone, Bitboard::EMPTY, occupied));
    }
    let layers = layers_by_lookups(s, diagonal, orthogonal, knights, occupied);
    let mut seen = Bitboard::EMPTY;
    if sliders {
        for square in zone {
            seen |= s.queen(square, occupied);
        }
    }
    (layers, seen)
}

/// The layers of the sliders `diagonal` and `orthogonal` and the knights
/// `knights`, with `occupied` blocking the sliders, by one lookup per
/// piece: for back-ends without the fills.
#[inline(always)]
fn layers_by_lookups(
    s: impl Sliders,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    occupied: Bitboard,
) -> AttackLayers {
    let mut layers = AttackLayers::default();
    for from in diagonal {
        let reach = s.bishop(from, occupied);
        layers.sliders_twice |= layers.sliders & reach;
        layers.sliders |= reach;
    }
    for from in orthogonal {
        let reach = s.rook(from, occupied);
        layers.sliders_twice |= layers.sliders & reach;
        layers.sliders |= reach;
    }
    for from in knights {
        let reach = attacks::knight(from);
        layers.knights_twice |= layers.knights & reach;
        layers.knights |= reach;
    }
    layers
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::attacks::{Magic, Obstruction};

    /// Law: what a parent's [`FrontierHints`] know of a child (a move
    /// that is not castling, a promotion or en passant) is what the child
    /// works out itself: its enemy attack map, with its king off the
    /// board, on every square of the king's zone (its steps and standard
    /// castling walks), and its knights' and sliders' moves, each counted
    /// as if free, onto squares without its own pieces. On every position
    /// up to two plies below the make tests' positions and positions with
    /// sliders lined up on a king's zone, for every legal move, with every
    /// back-end this CPU has (obstruction difference, magic and PEXT
    /// lookups, the AVX-512 and the AVX2 fills).
    #[test]
    fn what_the_parent_hints_is_what_the_child_finds() {
        frontier_hints_law(Obstruction);
        frontier_hints_law(Magic);
        #[cfg(target_arch = "x86_64")]
        {
            use crate::attacks::{Pext, PextWith};
            use crate::perft::fills::{Avx2Fills, Avx512Fills};
            if let Some(pext) = Pext::detect() {
                frontier_hints_law(pext);
                if let Some(fills) = Avx512Fills::detect() {
                    frontier_hints_law(PextWith { pext, fills });
                }
                if let Some(fills) = Avx2Fills::detect() {
                    frontier_hints_law(PextWith { pext, fills });
                }
            }
        }
    }

    /// The moves of the knights and sliders of `side` onto squares
    /// without its own pieces, each piece counted as if free, by lookups.
    fn free_piece_moves(board: &Board, side: Color) -> usize {
        let ours = board.colors(side);
        let occupied = board.occupied();
        let mut moves = 0;
        for from in ours {
            let reach = match board.piece_on(from) {
                Some(Piece::Knight) => attacks::knight(from),
                Some(Piece::Bishop) => Magic.bishop(from, occupied),
                Some(Piece::Rook) => Magic.rook(from, occupied),
                Some(Piece::Queen) => Magic.queen(from, occupied),
                _ => Bitboard::EMPTY,
            };
            moves += (reach - ours).len();
        }
        moves
    }

    fn frontier_hints_law(s: impl Sliders) {
        let lines = [
            // Sliders of both sides aimed at the kings' zones, behind
            // pieces that may step aside or in between.
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/2b5/8/4Q3/8/8/R3K2R b KQ - 0 1",
            "r3k3/1P6/8/3B4/8/5n2/8/4K2R w Kq - 0 1",
            "8/8/3k4/2n1r3/8/1Q3B2/8/4K1R1 w - - 0 1",
            "3qk3/8/1b3n2/3PN3/8/2B5/r2Q4/4K2R b K - 0 1",
            "1k6/8/8/3R4/8/8/8/3RK3 w - - 0 1",
            // Movers without sliders (the zone's view skipped); CPW pos3.
            "4k3/3p1p2/8/4P3/4K3/8/8/8 b - - 0 1",
            "4k3/8/8/3n4/8/2N1N3/8/4K3 b - - 0 1",
            "4k3/8/1q6/8/3N4/8/2r5/4K3 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let (mut maps, mut replies, mut all) = (0, 0, 0);
        for fen in crate::board::MAKE_TEST_FENS.into_iter().chain(lines) {
            for board in crate::board::up_to_two_plies_below(fen) {
                let us = board.side_to_move();
                let hints = board.frontier_hints(s);
                for (mv, piece, child) in crate::board::plain_moves(&board) {
                    let quiet = board.piece_on(mv.to).is_none();
                    all += 1;
                    let known = hints
                        .for_piece(piece, us, mv.from, s)
                        .after(piece, us, mv.to, quiet, s);
                    if let Some(moves) = known.piece_moves() {
                        replies += 1;
                        assert_eq!(moves, free_piece_moves(&child, !us), "{board} {mv}");
                    }
                    let Some(map) = known.attacks() else {
                        continue;
                    };
                    maps += 1;
                    let king = child.king(!us);
                    let mut zone = attacks::king(king);
                    if !child.is_chess960() {
                        for side in CastlingSide::ALL {
                            if child.castling_rights().rook(!us, side).is_some() {
                                zone |= side.standard_squares(!us).1;
                            }
                        }
                    }
                    let found =
                        child.attacked_squares(us, child.occupied() - king.bitboard(), Magic);
                    assert_eq!(map & zone, found & zone, "{board} {mv}");
                }
            }
        }
        // Most children are known: the shortcuts are taken, not skipped.
        assert!(maps * 2 > all, "maps: {maps} of {all}");
        assert!(replies * 3 > all, "replies: {replies} of {all}");
    }
}
