//! Perft's child loops: the children of a node made one piece at a time,
//! in loops compiled per side to move and kind of piece, each piece's
//! moves in two steps (`Board::prepare_make`, then `Board::make_prepared`
//! per move).

use super::check_squares::{CheckSquares, PieceCheckSquares};
use super::frontier_hints::{ChildHints, FrontierHints, PieceHints};
use super::make::{MoveKind, PreparedMake};
use crate::attacks::Sliders;
use crate::board::MaybeCheckInfo;
use crate::color::with_side;
use crate::{Bitboard, Board, CastlingSide, Color, Move, Piece, PieceMoves};

/// How [`for_each_child`] makes the children.
#[derive(Clone, Copy)]
pub(super) enum Make<'a> {
    /// In full, key and clocks included, as [`Board::play_piece`] makes
    /// them.
    Full,
    /// Just enough to count their moves, as [`Board::make_for_bulk_count`]
    /// makes them, each handed over with its check situation where the
    /// parent's [`CheckSquares`] tell it, and what else the parent's
    /// [`FrontierHints`] tell (its king's enemy attack map, its knights'
    /// and sliders' moves).
    ForBulkCount(&'a CheckSquares, &'a FrontierHints),
}

/// Plays each move of `moves` on a copy of `board` and hands the child to
/// `visit`, with its checkers and pins where `make` knows them already.
/// The loop is compiled once per side to move and kind of piece, so that
/// the make's questions about the piece (a king? a pawn? a promotion?)
/// are answered at compile time, as are its colour's key rows and sets
/// (`docs/performance.md` has what each step bought). Each piece's moves
/// are made in two steps (`Board::prepare_make` once, then
/// `Board::make_prepared` per move), its quiet moves, captures and en
/// passant in loops of their own.
#[inline(always)]
pub(super) fn for_each_child(
    board: &Board,
    moves: PieceMoves,
    make: Make,
    s: impl Sliders,
    visit: impl FnMut(&Board, MaybeCheckInfo, ChildHints) -> u64,
) -> u64 {
    with_side!(board.side_to_move(), WHITE => children_of::<WHITE>(board, moves, make, s, visit))
}

/// [`for_each_child`] for white to move (`WHITE`) or black.
#[inline(always)]
pub(super) fn children_of<const WHITE: bool>(
    board: &Board,
    moves: PieceMoves,
    make: Make,
    s: impl Sliders,
    visit: impl FnMut(&Board, MaybeCheckInfo, ChildHints) -> u64,
) -> u64 {
    match moves.piece {
        Piece::Pawn => children::<0, WHITE>(board, moves, make, s, visit),
        Piece::Knight => children::<1, WHITE>(board, moves, make, s, visit),
        Piece::Bishop => children::<2, WHITE>(board, moves, make, s, visit),
        Piece::Rook => children::<3, WHITE>(board, moves, make, s, visit),
        Piece::Queen => children::<4, WHITE>(board, moves, make, s, visit),
        Piece::King => children::<5, WHITE>(board, moves, make, s, visit),
    }
}

/// [`for_each_child`] for the piece `Piece::ALL[PIECE]` of white
/// (`WHITE`) or black.
#[inline(always)]
fn children<const PIECE: usize, const WHITE: bool>(
    board: &Board,
    moves: PieceMoves,
    make: Make,
    s: impl Sliders,
    mut visit: impl FnMut(&Board, MaybeCheckInfo, ChildHints) -> u64,
) -> u64 {
    let piece = Piece::ALL[PIECE];
    let us = Color::of_const::<WHITE>();
    // In two steps: what the moves of this piece share, once.
    if moves.to.is_empty() {
        return 0;
    }
    let prepared = board.prepare_make(us, piece, moves.from);
    let (checks, hints) = match make {
        Make::Full => (PieceCheckSquares::NONE, PieceHints::NONE),
        Make::ForBulkCount(squares, hints) => (
            squares.for_piece(piece, moves.from),
            hints.for_piece(piece, us, moves.from, s),
        ),
    };
    let known = Known {
        checks: &checks,
        hints: &hints,
    };
    let mut sum = 0;
    let mut make_one = |mv: Move, kind: MoveKind| {
        sum += make_child::<PIECE, WHITE>(board, &prepared, mv, kind, make, known, s, &mut visit);
    };
    {
        let from = moves.from;
        let theirs = board.colors(!us);
        if piece == Piece::Pawn && moves.to.intersects(Bitboard::BACK_RANKS) {
            // Promotions: neither en passant nor a double step.
            moves.into_iter().for_each(|mv| {
                let capture = theirs.contains(mv.to);
                make_one(
                    mv,
                    if capture {
                        MoveKind::Capture
                    } else {
                        MoveKind::Quiet
                    },
                );
            });
        } else {
            // Quiet moves, captures and en passant in loops of their own,
            // each without the others' branches. Only a pawn goes en
            // passant.
            let en_passant = match board.en_passant() {
                Some(square) if piece == Piece::Pawn => square.bitboard(),
                _ => Bitboard::EMPTY,
            };
            for to in moves.to - theirs - en_passant {
                make_one(Move::new(from, to), MoveKind::Quiet);
            }
            for to in moves.to & theirs {
                make_one(Move::new(from, to), MoveKind::Capture);
            }
            for to in moves.to & en_passant {
                make_one(Move::new(from, to), MoveKind::EnPassant);
            }
        }
    }
    sum
}

/// What a piece's children are handed over with: their checkers and pins,
/// and their [`ChildHints`], where the parent knows them.
#[derive(Clone, Copy)]
struct Known<'a> {
    checks: &'a PieceCheckSquares,
    hints: &'a PieceHints,
}

/// One child of `board`, made as `make` says from what the moves of
/// `Piece::ALL[PIECE]` of White (`WHITE`) or Black share (see
/// `Board::prepare_make`), or castling made from `board` itself, handed to
/// `visit` with what `known` tells of its checkers, pins and hints. A
/// function,
/// not a closure, so that it is always inlined: a closure written in the
/// generic `children` and left out of line would lose the dispatched
/// variant's target features (and working out `checks`' answer in the
/// `make_prepared` closure left that closure out of line: 0.92×).
///
/// The variants with the fills (`s.fills()`) copy the board in 16-byte
/// pieces, as builds with AVX-512 everywhere do (see
/// `Board::copy_for_child`): the AVX-512 one is compiled with AVX-512,
/// where LLVM would copy in 64-byte stores that the child's next reads
/// wait on (the AVX2 one times the same either way).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn make_child<const PIECE: usize, const WHITE: bool>(
    board: &Board,
    prepared: &PreparedMake,
    mv: Move,
    kind: MoveKind,
    make: Make,
    known: Known,
    s: impl Sliders,
    visit: &mut impl FnMut(&Board, MaybeCheckInfo, ChildHints) -> u64,
) -> u64 {
    let piece = Piece::ALL[PIECE];
    let us = Color::of_const::<WHITE>();
    #[cfg(target_arch = "x86_64")]
    let mut child = if s.fills().is_some() {
        board.copy_by_chunks()
    } else {
        board.copy_for_child()
    };
    #[cfg(not(target_arch = "x86_64"))]
    let mut child = {
        let _ = s;
        board.copy_for_child()
    };
    if piece == Piece::King
        && kind == MoveKind::Quiet
        && CastlingSide::of_king_move(mv.from, mv.to, board.colors(us).contains(mv.to)).is_some()
    {
        // Castling moves a rook as well: made from the parent.
        match make {
            Make::Full => child.play_piece_of(us, piece, mv),
            Make::ForBulkCount(..) => child.make_for_bulk_count(us, piece, mv),
        }
        visit(&child, MaybeCheckInfo::UNKNOWN, ChildHints::UNKNOWN)
    } else {
        match make {
            Make::Full => child.make_prepared::<true>(prepared, us, piece, mv, kind),
            Make::ForBulkCount(..) => child.make_prepared::<false>(prepared, us, piece, mv, kind),
        }
        if mv.promotion.is_some() || kind == MoveKind::EnPassant {
            visit(&child, MaybeCheckInfo::UNKNOWN, ChildHints::UNKNOWN)
        } else {
            let hints = known
                .hints
                .after(piece, us, mv.to, kind == MoveKind::Quiet, s);
            visit(&child, known.checks.after(mv.to), hints)
        }
    }
}
