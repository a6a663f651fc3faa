//! Legal moves by check and pin masks, for perft of the variants whose
//! moves are standard chess's plus their own (Racing Kings, Horde,
//! Crazyhouse): no move is made to test it, and the moves come in groups
//! (a piece and its target set, a pawn shift and its target set, a
//! dropped piece and its squares) that a [`Sink`] counts by popcount or
//! plays one by one. The order is not python-chess's; the set is
//! `standard_legal`'s (plus the variant's filter and drops) wherever
//! [`takes`] holds, as `tests` in `mask_perft.rs` and `tests/variant_law.rs`
//! check.

use super::movegen::{castling_pairs, ep_square, is_safe};
use super::{Variant, VariantKind, legal_drop_squares};
use crate::setup::Setup;
use crate::{Bitboard, Color, Move, Piece, Rank, Square, attacks};

/// What a [`FastMove`] does besides moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveKind {
    /// A plain move or capture, promoting to `promotion` if set.
    Normal,
    /// A pawn takes en passant on `to`.
    EnPassant,
    /// The king on `from` castles with the rook on `to`.
    Castle,
    /// `piece` is dropped on `to` (`from == to`).
    Drop,
}

/// A legal move with what making it needs to know: the moving (or
/// dropped) piece and the kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FastMove {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
    pub promotion: Option<Piece>,
    pub kind: MoveKind,
}

impl FastMove {
    /// The move as the rules engine writes it (castling as `chess960`
    /// says, a drop as [`drop_move`](super::drop_move)).
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn to_move(self, s: &Setup, chess960: bool) -> Move {
        match self.kind {
            MoveKind::Castle => super::from_chess960(s, chess960, Move::new(self.from, self.to)),
            MoveKind::Drop => super::drop_move(self.piece, self.to),
            MoveKind::Normal | MoveKind::EnPassant => Move {
                from: self.from,
                to: self.to,
                promotion: self.promotion,
            },
        }
    }
}

/// Where the generated moves go: counted ([`Count`]) or played
/// ([`Each`]).
pub(crate) trait Sink {
    /// `piece` from `from` to each square of `targets` (never a pawn).
    fn piece_moves(&mut self, piece: Piece, from: Square, targets: Bitboard);
    /// A pawn to each square of `targets` from the square `shift` below
    /// it (by index), promoting on the back ranks.
    fn pawn_moves(&mut self, targets: Bitboard, shift: i8);
    /// `piece` dropped on each square of `squares`.
    fn drops(&mut self, piece: Piece, squares: Bitboard);
    /// One move (en passant, castling).
    fn one(&mut self, mv: FastMove);
}

/// The pieces a pawn promotes to in these variants.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// Counts the moves.
pub(crate) struct Count(pub u64);

impl Sink for Count {
    #[inline(always)]
    fn piece_moves(&mut self, _piece: Piece, _from: Square, targets: Bitboard) {
        self.0 += targets.len() as u64;
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _shift: i8) {
        let promoting = (targets & Bitboard::BACK_RANKS).len() as u64;
        self.0 += targets.len() as u64 + (PROMOTIONS.len() as u64 - 1) * promoting;
    }

    #[inline(always)]
    fn drops(&mut self, _piece: Piece, squares: Bitboard) {
        self.0 += squares.len() as u64;
    }

    #[inline(always)]
    fn one(&mut self, _mv: FastMove) {
        self.0 += 1;
    }
}

/// Calls a function with each move.
pub(crate) struct Each<F: FnMut(FastMove)>(pub F);

impl<F: FnMut(FastMove)> Sink for Each<F> {
    #[inline(always)]
    fn piece_moves(&mut self, piece: Piece, from: Square, targets: Bitboard) {
        for to in targets {
            (self.0)(FastMove {
                from,
                to,
                piece,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, shift: i8) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - i32::from(shift)) as u32);
            let mv = |promotion| FastMove {
                from,
                to,
                piece: Piece::Pawn,
                promotion,
                kind: MoveKind::Normal,
            };
            if Bitboard::BACK_RANKS.contains(to) {
                for piece in PROMOTIONS {
                    (self.0)(mv(Some(piece)));
                }
            } else {
                (self.0)(mv(None));
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, piece: Piece, squares: Bitboard) {
        for to in squares {
            (self.0)(FastMove {
                from: to,
                to,
                piece,
                promotion: None,
                kind: MoveKind::Drop,
            });
        }
    }

    #[inline(always)]
    fn one(&mut self, mv: FastMove) {
        (self.0)(mv);
    }
}

/// Whether [`generate`] gives `standard_legal`'s moves (with the variant's
/// filter and drops) on `s`: the side to move has at most one king, and
/// for Racing Kings no pawns, castling rights or promoted pieces (the
/// check-giving filter reads only pieces). Only these three variants.
#[inline]
pub(crate) fn takes<V: Variant>(s: &Setup) -> bool {
    let one_king = !s.pieces_of(s.turn, Piece::King).has_more_than_one();
    match V::KIND {
        VariantKind::RacingKings => {
            one_king
                && s.kind(Piece::Pawn).is_empty()
                && s.castling.is_empty()
                && s.promoted.is_empty()
        }
        VariantKind::Horde | VariantKind::Crazyhouse => one_king && !V::KING_PROMOTIONS,
        _ => false,
    }
}

/// What Racing Kings' filter needs to know: which moves would give check.
struct NoCheck {
    /// The opponent's king (python-chess's `king`), if any.
    king: Option<Square>,
    /// Our knights, kings and pawns that attack it.
    fixed: Bitboard,
    /// Our sliders that attack it now.
    sliding: Bitboard,
    /// Our pieces alone between it and one of our sliders.
    discoverers: Bitboard,
}

impl NoCheck {
    fn new(s: &Setup) -> Self {
        let (us, occupied) = (s.turn, s.occupied());
        let Some(king) = s.king_of(!us) else {
            return Self {
                king: None,
                fixed: Bitboard::EMPTY,
                sliding: Bitboard::EMPTY,
                discoverers: Bitboard::EMPTY,
            };
        };
        let ours = s.side(us);
        let fixed = ((attacks::knight(king) & s.kind(Piece::Knight))
            | (attacks::king(king) & s.kind(Piece::King))
            | (attacks::pawn(!us, king) & s.kind(Piece::Pawn)))
            & ours;
        let straight = s.straight_sliders() & ours;
        let diagonal = s.diagonal_sliders() & ours;
        let sliding = (attacks::rook(king, occupied) & straight)
            | (attacks::bishop(king, occupied) & diagonal);
        let snipers = (attacks::rook(king, Bitboard::EMPTY) & straight)
            | (attacks::bishop(king, Bitboard::EMPTY) & diagonal);
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.has_more_than_one() {
                discoverers |= between & ours;
            }
        }
        Self {
            king: Some(king),
            fixed,
            sliding,
            discoverers,
        }
    }

    /// Whether `piece` from `from` to `to` leaves the opponent's king
    /// attacked.
    fn gives_check(&self, s: &Setup, piece: Piece, from: Square, to: Square) -> bool {
        let Some(king) = self.king else { return false };
        if to == king {
            // Taking the king (a loose setup): another king may be checked.
            let mut after = *s;
            super::make::push(&mut after, Move::new(from, to));
            return !after.checkers().is_empty();
        }
        if !(self.fixed - from.bitboard()).is_empty() {
            return true;
        }
        let occupied = (s.occupied() - from.bitboard()) | to.bitboard();
        let ours = s.side(s.turn);
        let direct = match piece {
            Piece::Pawn => attacks::pawn(s.turn, to),
            Piece::Knight => attacks::knight(to),
            Piece::Bishop => attacks::bishop(to, occupied),
            Piece::Rook => attacks::rook(to, occupied),
            Piece::Queen => attacks::queen(to, occupied),
            Piece::King => attacks::king(to),
        };
        let discovered = (attacks::rook(king, occupied) & s.straight_sliders() & ours)
            | (attacks::bishop(king, occupied) & s.diagonal_sliders() & ours);
        direct.contains(king) || !(discovered - from.bitboard()).is_empty()
    }

    /// `targets` less those that give check.
    fn quiet(&self, s: &Setup, piece: Piece, from: Square, targets: Bitboard) -> Bitboard {
        let Some(king) = self.king else {
            return targets;
        };
        let plain = (self.fixed | self.sliding).is_empty()
            && !self.discoverers.contains(from)
            && !targets.contains(king);
        if !plain {
            let mut quiet = targets;
            for to in targets {
                if self.gives_check(s, piece, from, to) {
                    quiet.remove(to);
                }
            }
            return quiet;
        }
        // Only the moved piece can check, from its target square.
        let seen = s.occupied() - from.bitboard();
        let checking = match piece {
            Piece::Pawn => attacks::pawn(!s.turn, king),
            Piece::Knight => attacks::knight(king),
            Piece::Bishop => attacks::bishop(king, seen),
            Piece::Rook => attacks::rook(king, seen),
            Piece::Queen => attacks::queen(king, seen),
            Piece::King => attacks::king(king),
        };
        targets - checking
    }
}

/// The squares a `piece` (not a pawn) on `from` attacks.
#[inline(always)]
fn piece_attacks(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    match piece {
        Piece::Knight => attacks::knight(from),
        Piece::Bishop => attacks::bishop(from, occupied),
        Piece::Rook => attacks::rook(from, occupied),
        Piece::Queen => attacks::queen(from, occupied),
        Piece::King | Piece::Pawn => attacks::king(from),
    }
}

/// Gives every legal move of `s` to `sink`, by the rules of `V`, ignoring
/// the variant's end (the caller checks it). Only where [`takes`] holds.
/// Inlined, so that it is compiled with its caller's CPU features.
#[inline(always)]
pub(crate) fn generate<V: Variant, S: Sink>(s: &Setup, sink: &mut S) {
    let racing = V::KIND == VariantKind::RacingKings;
    let no_check = if racing { Some(NoCheck::new(s)) } else { None };
    let filter = |piece, from, targets: Bitboard| match &no_check {
        Some(no_check) if !targets.is_empty() => no_check.quiet(s, piece, from, targets),
        _ => targets,
    };
    let us = s.turn;
    let (ours, theirs, occupied) = (s.side(us), s.side(!us), s.occupied());
    let king = s.pieces_of(us, Piece::King).first();
    let (checkers, blockers) = match king {
        Some(king) => (s.attackers(!us, king), s.slider_blockers(king)),
        None => (Bitboard::EMPTY, Bitboard::EMPTY),
    };
    // Where a piece other than the king may go: anywhere not ours, or onto
    // the single checker or between it and the king.
    let target = match (king, checkers.first()) {
        (Some(king), Some(checker)) if !checkers.has_more_than_one() => {
            attacks::between(king, checker) | checkers
        }
        (Some(_), Some(_)) => Bitboard::EMPTY,
        _ => !ours,
    };
    if let Some(king) = king {
        let without_king = occupied - king.bitboard();
        let mut targets = attacks::king(king) - ours;
        for to in targets {
            if !s.attackers_under(!us, to, without_king).is_empty() {
                targets.remove(to);
            }
        }
        sink.piece_moves(Piece::King, king, filter(Piece::King, king, targets));
        if checkers.is_empty() {
            castling::<V, S>(s, sink);
        }
    }
    if V::KIND == VariantKind::Crazyhouse {
        drops(s, sink);
    }
    if target.is_empty() {
        return;
    }
    // A pinned piece stays on the line through its king.
    let pin_line = |from: Square| match king {
        Some(king) if blockers.contains(from) => attacks::line(king, from),
        _ => Bitboard::FULL,
    };
    // One loop per kind, so that each has its own attack lookup.
    let mut moves_of = |piece: Piece| {
        for from in s.pieces_of(us, piece) {
            let targets = piece_attacks(piece, from, occupied) & target & pin_line(from);
            sink.piece_moves(piece, from, filter(piece, from, targets));
        }
    };
    moves_of(Piece::Knight);
    moves_of(Piece::Bishop);
    moves_of(Piece::Rook);
    moves_of(Piece::Queen);
    let pawns = s.pieces_of(us, Piece::Pawn);
    if pawns.is_empty() {
        return;
    }
    let free = pawns - blockers;
    pawn_moves(us, free, theirs, occupied, target, sink);
    for pinned in pawns & blockers {
        let line = pin_line(pinned);
        pawn_moves(us, pinned.bitboard(), theirs, occupied, target & line, sink);
    }
    en_passant(s, king, checkers, target, sink);
}

/// The pushes, double steps and captures of `pawns` onto `target`.
#[inline(always)]
fn pawn_moves<S: Sink>(
    us: Color,
    pawns: Bitboard,
    theirs: Bitboard,
    occupied: Bitboard,
    target: Bitboard,
    sink: &mut S,
) {
    let (forward, east, west): (i8, i8, i8) = match us {
        Color::White => (8, 9, 7),
        Color::Black => (-8, -7, -9),
    };
    let (to_east, to_west) = attacks::pawns(us, pawns);
    sink.pawn_moves(to_east & theirs & target, east);
    sink.pawn_moves(to_west & theirs & target, west);
    let single = pawns.forward(us) - occupied;
    sink.pawn_moves(single & target, forward);
    let double_ranks = match us {
        Color::White => Rank::Third.bitboard() | Rank::Fourth.bitboard(),
        Color::Black => Rank::Sixth.bitboard() | Rank::Fifth.bitboard(),
    };
    let double = single.forward(us) - occupied;
    sink.pawn_moves(double & double_ranks & target, 2 * forward);
}

/// The legal en passant captures (python-chess's `_is_safe` on its
/// pseudo-legal ones, with its evasions' rule in check).
fn en_passant<S: Sink>(
    s: &Setup,
    king: Option<Square>,
    checkers: Bitboard,
    target: Bitboard,
    sink: &mut S,
) {
    let Some(ep) = ep_square(s) else { return };
    let us = s.turn;
    if s.occupied().contains(ep) {
        return;
    }
    let capturers = s.pieces_of(us, Piece::Pawn)
        & attacks::pawn(!us, ep)
        & Rank::Fifth.relative_to(us).bitboard();
    if capturers.is_empty() {
        return;
    }
    if let Some(checker) = checkers.first() {
        let pushed = ep.offset(0, if us == Color::White { -1 } else { 1 });
        if !target.contains(ep) && pushed != Some(checker) {
            return;
        }
    }
    for from in capturers {
        let mv = Move::new(from, ep);
        if king.is_none_or(|king| is_safe(s, king, Bitboard::EMPTY, mv)) {
            sink.one(FastMove {
                from,
                to: ep,
                piece: Piece::Pawn,
                promotion: None,
                kind: MoveKind::EnPassant,
            });
        }
    }
}

/// The castling moves (python-chess's `generate_castling_moves`), when not
/// in check.
fn castling<V: Variant, S: Sink>(s: &Setup, sink: &mut S) {
    if s.castling.is_empty() {
        return;
    }
    castling_pairs::<V>(s, Bitboard::FULL, Bitboard::FULL, |king, rook| {
        sink.one(FastMove {
            from: king,
            to: rook,
            piece: Piece::King,
            promotion: None,
            kind: MoveKind::Castle,
        });
    });
}

/// Crazyhouse's drops: each piece in hand on each legal drop square (a
/// pawn not on a back rank).
#[inline(always)]
fn drops<S: Sink>(s: &Setup, sink: &mut S) {
    let pocket = s.pockets[s.turn.index()];
    if pocket.is_empty() {
        return;
    }
    let squares = legal_drop_squares(s);
    for piece in Piece::ALL {
        if pocket.count(piece) > 0 {
            let allowed = if piece == Piece::Pawn {
                squares - Bitboard::BACK_RANKS
            } else {
                squares
            };
            sink.drops(piece, allowed);
        }
    }
}
