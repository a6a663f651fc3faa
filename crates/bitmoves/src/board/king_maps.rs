//! [`KingMaps`]: what a node knows, before it makes its moves, of the
//! attack map each child's king walks against: the squares the mover
//! attacks once it has moved, which the opponent's king (to move in the
//! child) may not step onto or castle across. Bulk perft's pre-frontier
//! nodes work the mover's map out once, with the squares each of its
//! pieces attacks at least once and at least twice, and hand each child
//! the map after its move: the map without the moving piece's old
//! attacks, with its new ones, on the squares around the king, where the
//! move opens or closes no line of the mover's sliders. The child then
//! skips its own fills for the map.
//!
//! It sits in `board/` beside `board/check_squares.rs`, which does the
//! same for the child's checkers and pins.

use super::Board;
#[cfg(target_arch = "x86_64")]
use crate::attacks::SetwiseFills;
use crate::attacks::{AttackLayers, Sliders};
use crate::color::with_side;
use crate::{Bitboard, CastlingSide, Color, Piece, Square, attacks};

/// What a node knows, before it makes them, of its children's enemy
/// attack maps: the attacks of the side to move here, with the
/// opponent's king off the board (see [`Board::king_maps`]), as the node
/// stands.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KingMaps {
    /// The squares the mover's pieces attack at least once, and at least
    /// twice (two pieces, or more).
    once: Bitboard,
    twice: Bitboard,
    /// The same for the mover's sliders alone.
    sliders_once: Bitboard,
    sliders_twice: Bitboard,
    /// Every square a queen on a square of the opponent's king zone (its
    /// king's steps and standard castling walks) would see: where a
    /// blocker's coming or going may change what the zone is attacked by.
    seen: Bitboard,
    /// The occupied squares without the opponent's king.
    occupied: Bitboard,
}

impl KingMaps {
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
    ) -> PieceKingMaps {
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
        PieceKingMaps {
            others: if opens {
                Bitboard::FULL
            } else {
                self.twice | (self.once - old)
            },
            blocking: other_sliders & self.seen,
            occupied: self.occupied - from.bitboard(),
        }
    }
}

/// [`KingMaps`] for the moves of one piece from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PieceKingMaps {
    /// The squares the mover's other pieces attack, the piece gone; every
    /// square where nothing is known.
    others: Bitboard,
    /// The targets of a quiet move after which the child must work out its
    /// map itself: a square where the piece would cut a line of another
    /// slider of the mover into the zone.
    blocking: Bitboard,
    /// The occupied squares without the piece and the opponent's king.
    occupied: Bitboard,
}

impl PieceKingMaps {
    /// Nothing known: for children made in full, which count nothing.
    pub(crate) const NONE: Self = Self {
        others: Bitboard::FULL,
        blocking: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
    };

    /// The mover's attack map after `piece` of `us` goes to `to`, quietly
    /// (`quiet`) or taking what stands there, on the squares of the
    /// opponent's king zone; [`MaybeAttacks::UNKNOWN`] where the child must
    /// work it out itself. Branch-free: the children of one piece
    /// alternate between the two answers unpredictably.
    #[inline(always)]
    pub(crate) fn after(
        &self,
        piece: Piece,
        us: Color,
        to: Square,
        quiet: bool,
        s: impl Sliders,
    ) -> MaybeAttacks {
        let blocked = quiet & self.blocking.contains(to);
        let unknown = Bitboard(0u64.wrapping_sub(blocked as u64));
        let occupied = self.occupied | to.bitboard();
        MaybeAttacks(self.others | attacks_of(piece, us, to, occupied, s) | unknown)
    }
}

/// The enemy's attack map as a child's parent knows it, on the squares
/// its king may step onto or castle across, or nothing known
/// ([`MaybeAttacks::UNKNOWN`]). One word, so that it crosses a call in a
/// register.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MaybeAttacks(Bitboard);

impl MaybeAttacks {
    /// Nothing known. (A map that attacks every square is worked out
    /// again by the child: the same answer, a little slower.)
    pub(crate) const UNKNOWN: Self = Self(Bitboard::FULL);

    /// The map, if known.
    #[inline(always)]
    pub(crate) fn get(self) -> Option<Bitboard> {
        (self.0 != Bitboard::FULL).then_some(self.0)
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
    /// [`KingMaps`], worked out with the back-end `s`: by two fills (the
    /// mover's attacks, what the zone sees) where it has them, by a lookup
    /// per piece and per zone square otherwise.
    #[inline(always)]
    pub(crate) fn king_maps(&self, s: impl Sliders) -> KingMaps {
        with_side!(self.side_to_move(), WHITE => self.king_maps_for::<WHITE>(s))
    }

    /// [`Board::king_maps`] with White (`WHITE`) or Black to move.
    #[inline(always)]
    fn king_maps_for<const WHITE: bool>(&self, s: impl Sliders) -> KingMaps {
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
        KingMaps {
            once,
            twice,
            sliders_once: layers.sliders,
            sliders_twice: layers.sliders_twice,
            seen,
            occupied,
        }
    }
}

/// The attack layers of the sliders `diagonal` and `orthogonal` and the
/// knights `knights`, and what a queen on each square of `zone` sees, with
/// `occupied` blocking: by the fills where `s` has them, by lookups
/// otherwise.
#[inline(always)]
fn layers_and_seen(
    s: impl Sliders,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    zone: Bitboard,
    occupied: Bitboard,
) -> (AttackLayers, Bitboard) {
    #[cfg(target_arch = "x86_64")]
    if let Some(fills) = s.fills() {
        return (
            fills.attack_layers(diagonal, orthogonal, knights, occupied),
            fills.attacks(zone, zone, Bitboard::EMPTY, occupied),
        );
    }
    let layers = AttackLayers::by_lookups(s, diagonal, orthogonal, knights, occupied);
    let mut seen = Bitboard::EMPTY;
    for square in zone {
        seen |= s.queen(square, occupied);
    }
    (layers, seen)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::attacks::Magic;

    /// Law: where a parent's [`KingMaps`] know a child's enemy attack map
    /// (a move that is not castling, a promotion or en passant), it is the
    /// map the child works out itself, with its king off the board, on
    /// every square of the king's zone (its steps and its standard
    /// castling walks); on every position up to two plies below the make
    /// tests' positions and positions with sliders lined up on a king's
    /// zone, for every legal move, with every back-end this CPU has
    /// (magic and PEXT lookups, the AVX-512 and the AVX2 fills).
    #[test]
    fn what_the_parent_knows_of_the_childs_map_is_what_the_child_finds() {
        king_maps_law(Magic);
        #[cfg(target_arch = "x86_64")]
        {
            use crate::attacks::{Avx2Fills, Fills, Pext, PextAvx2, PextFills};
            if let Some(pext) = Pext::detect() {
                king_maps_law(pext);
                if let Some(fills) = Fills::detect() {
                    king_maps_law(PextFills { pext, fills });
                }
                if let Some(fills) = Avx2Fills::detect() {
                    king_maps_law(PextAvx2 { pext, fills });
                }
            }
        }
    }

    fn king_maps_law(s: impl Sliders) {
        let lines = [
            // Sliders of both sides aimed at the kings' zones, behind
            // pieces that may step aside or in between.
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/2b5/8/4Q3/8/8/R3K2R b KQ - 0 1",
            "r3k3/1P6/8/3B4/8/5n2/8/4K2R w Kq - 0 1",
            "8/8/3k4/2n1r3/8/1Q3B2/8/4K1R1 w - - 0 1",
            "3qk3/8/1b3n2/3PN3/8/2B5/r2Q4/4K2R b K - 0 1",
            "1k6/8/8/3R4/8/8/8/3RK3 w - - 0 1",
        ];
        let (mut known, mut all) = (0, 0);
        for fen in crate::board::MAKE_TEST_FENS.into_iter().chain(lines) {
            for board in crate::board::up_to_two_plies_below(fen) {
                let us = board.side_to_move();
                let maps = board.king_maps(s);
                for mv in board.legal_moves() {
                    let piece = board.piece_on(mv.from).expect("a piece moves");
                    let en_passant = piece == Piece::Pawn && Some(mv.to) == board.en_passant();
                    let castling = piece == Piece::King && board.castling_side(mv).is_some();
                    if castling || en_passant || mv.promotion.is_some() {
                        continue;
                    }
                    let quiet = board.piece_on(mv.to).is_none();
                    let mut child = board;
                    child.play_unchecked(mv);
                    all += 1;
                    let after = maps.for_piece(piece, us, mv.from, s);
                    let Some(map) = after.after(piece, us, mv.to, quiet, s).get() else {
                        continue;
                    };
                    known += 1;
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
        // Most children are known: the shortcut is taken, not skipped.
        assert!(known * 2 > all, "{known} of {all}");
    }
}
