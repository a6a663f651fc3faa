//! Perft's child loops: the children of a node made one piece at a time,
//! in loops compiled per side to move and kind of piece, each piece's
//! moves in two steps (`Board::lift`, then `Board::land` per move).

use crate::attacks::Sliders;
use crate::board::{KnownChecks, Landing, Lifted, PieceChecks, ReplyChecks};
use crate::{Bitboard, Board, CastlingSide, Color, Move, Piece, PieceMoves};

/// How [`for_each_child`] makes the children.
#[derive(Clone, Copy)]
pub(super) enum Make<'a> {
    /// In full, key and clocks included, as [`Board::play_piece`] makes
    /// them.
    Full,
    /// Just enough to count their moves, as [`Board::play_to_count`]
    /// makes them, each handed over with its check situation where the
    /// parent's [`ReplyChecks`] tell it.
    ToCount(&'a ReplyChecks),
}

/// Plays each move of `moves` on a copy of `board` and hands the child to
/// `visit`, with its checkers and pins where `make` knows them already.
/// The loop is compiled once per side to move and kind of piece, so that
/// the make's questions about the piece (a king? a pawn? a promotion?)
/// are answered at compile time, as are its colour's key rows and sets
/// (`docs/performance.md` has what each step bought). Each piece's moves
/// are made in two steps (`Board::lift` once, then `Board::land` per
/// move), its quiet moves, captures and en passant in loops of their own.
#[inline(always)]
pub(super) fn for_each_child(
    board: &Board,
    moves: PieceMoves,
    make: Make,
    s: impl Sliders,
    visit: impl FnMut(&Board, KnownChecks) -> u64,
) -> u64 {
    match board.side_to_move() {
        Color::White => children_of::<true>(board, moves, make, s, visit),
        Color::Black => children_of::<false>(board, moves, make, s, visit),
    }
}

/// [`for_each_child`] for white to move (`WHITE`) or black.
#[inline(always)]
pub(super) fn children_of<const WHITE: bool>(
    board: &Board,
    moves: PieceMoves,
    make: Make,
    s: impl Sliders,
    visit: impl FnMut(&Board, KnownChecks) -> u64,
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
    mut visit: impl FnMut(&Board, KnownChecks) -> u64,
) -> u64 {
    let piece = Piece::ALL[PIECE];
    let us = Color::of_const::<WHITE>();
    // In two steps: what the moves of this piece share, once.
    if moves.to.is_empty() {
        return 0;
    }
    let lifted = board.lift(us, piece, moves.from);
    let checks = match make {
        Make::Full => PieceChecks::NONE,
        Make::ToCount(replies) => replies.for_piece(piece, moves.from),
    };
    let mut sum = 0;
    let mut land = |mv: Move, landing: Landing| {
        sum +=
            land_child::<PIECE, WHITE>(board, &lifted, mv, landing, make, &checks, s, &mut visit);
    };
    {
        let from = moves.from;
        let theirs = board.colors(!us);
        if piece == Piece::Pawn && moves.to.intersects(Bitboard::BACK_RANKS) {
            // Promotions: neither en passant nor a double step.
            moves.into_iter().for_each(|mv| {
                let capture = theirs.contains(mv.to);
                land(
                    mv,
                    if capture {
                        Landing::Capture
                    } else {
                        Landing::Quiet
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
                land(
                    Move {
                        from,
                        to,
                        promotion: None,
                    },
                    Landing::Quiet,
                );
            }
            for to in moves.to & theirs {
                land(
                    Move {
                        from,
                        to,
                        promotion: None,
                    },
                    Landing::Capture,
                );
            }
            for to in moves.to & en_passant {
                land(
                    Move {
                        from,
                        to,
                        promotion: None,
                    },
                    Landing::EnPassant,
                );
            }
        }
    }
    sum
}

/// One child of `board`, made as `make` says from what the moves of
/// `Piece::ALL[PIECE]` of White (`WHITE`) or Black share (see
/// `Board::lift`), or castling made from `board` itself, handed to
/// `visit` with what `checks` know of its checkers and pins. A function,
/// not a closure, so that it is always inlined: a closure written in the
/// generic `children` and left out of line would lose the dispatched
/// variant's target features (and working out `checks`' answer in the
/// `land` closure left that closure out of line: 0.92×).
///
/// The variant with the AVX-512 fills (`s.fills()`) is compiled with
/// AVX-512, where LLVM would copy the board in 64-byte stores that the
/// child's next reads wait on: it copies in 16-byte pieces, as builds with
/// AVX-512 everywhere do (see `Board::copy_for_child`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn land_child<const PIECE: usize, const WHITE: bool>(
    board: &Board,
    lifted: &Lifted,
    mv: Move,
    landing: Landing,
    make: Make,
    checks: &PieceChecks,
    s: impl Sliders,
    visit: &mut impl FnMut(&Board, KnownChecks) -> u64,
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
        && landing == Landing::Quiet
        && CastlingSide::of_king_move(mv.from, mv.to, board.colors(us).contains(mv.to)).is_some()
    {
        // Castling moves a rook as well: made from the parent.
        match make {
            Make::Full => child.play_piece_of(us, piece, mv),
            Make::ToCount(_) => child.play_to_count(us, piece, mv),
        }
        visit(&child, KnownChecks::UNKNOWN)
    } else {
        match make {
            Make::Full => child.land::<true>(lifted, us, piece, mv, landing),
            Make::ToCount(_) => child.land::<false>(lifted, us, piece, mv, landing),
        }
        let known = if mv.promotion.is_some() || landing == Landing::EnPassant {
            KnownChecks::UNKNOWN
        } else {
            checks.after(mv.to)
        };
        visit(&child, known)
    }
}
