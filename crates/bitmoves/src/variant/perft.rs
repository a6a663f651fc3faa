//! Perft for any variant: the number of move paths of a given length,
//! bulk-counted at the last ply ([`perft`]) or played to the leaves
//! ([`perft_full`]). Standard chess, King of the Hill and Three-check move
//! as standard chess does, so where the fast [`Board`] takes the position
//! they are counted on it, with the variant's end checked at each node;
//! Racing Kings, Horde and Crazyhouse are counted on the mask generator
//! (`mask_gen.rs`); every other position and variant goes through the
//! rules engine ([`perft_by_rules`]).

use super::rules_perft::perft_full_by_rules;
use super::{Position, Variant, VariantKind, dispatch, mask_perft, perft_by_rules};
use crate::setup::Setup;
use crate::{Bitboard, Board, FenOptions, Piece, Square};

/// Counts the move paths of `depth` plies from `pos` (1 for depth 0), by
/// the rules of `V`.
///
/// ```
/// use bitmoves::variant::{perft, Position, RacingKings};
/// assert_eq!(perft(&Position::<RacingKings>::start(), 2), 421);
/// ```
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if on_masks::<V>() {
        return mask_perft::perft::<V, true>(&pos.setup, pos.chess960, depth);
    }
    match on_board(pos) {
        Some((board, rules)) => board_perft::<false>(&board, depth, rules),
        None => perft_by_rules(pos, depth),
    }
}

/// Counts the move paths of `depth` plies from `pos` as [`perft`] does, but
/// makes every move down to the leaves (no bulk count at the last ply):
/// the count that exercises making moves. Racing Kings, Horde and
/// Crazyhouse go through the mask generator; standard chess, King of the
/// Hill and Three-check through the fast [`Board`] where it takes the
/// position, as [`perft`] does; the others through the rules engine.
///
/// ```
/// use bitmoves::variant::{perft, perft_full, Crazyhouse, Position};
/// let pos = Position::<Crazyhouse>::start();
/// assert_eq!(perft_full(&pos, 3), perft(&pos, 3));
/// ```
pub fn perft_full<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if on_masks::<V>() {
        return mask_perft::perft::<V, false>(&pos.setup, pos.chess960, depth);
    }
    match on_board(pos) {
        Some((board, rules)) => board_perft::<true>(&board, depth, rules),
        None => perft_full_by_rules(pos, depth),
    }
}

/// Whether `V`'s perft goes through the mask generator.
const fn on_masks<V: Variant>() -> bool {
    matches!(
        V::KIND,
        VariantKind::RacingKings | VariantKind::Horde | VariantKind::Crazyhouse
    )
}

/// What ends a game of a variant whose moves are standard chess's, on a
/// position the fast [`Board`] holds.
#[derive(Clone, Copy)]
enum BoardRules {
    /// Nothing but checkmate and stalemate: standard chess.
    Standard,
    /// A king on the four centre squares (King of the Hill).
    Hill,
    /// The checks each side must still give, White's first (Three-check).
    Checks([i32; 2]),
}

/// The centre squares of King of the Hill.
const HILL: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The position as a [`Board`], where its variant moves as standard chess
/// does and the board takes the position (a legal one; converted once, at
/// the root).
fn on_board<V: Variant>(pos: &Position<V>) -> Option<(Board, BoardRules)> {
    let rules = match V::KIND {
        VariantKind::Standard => BoardRules::Standard,
        VariantKind::KingOfTheHill => BoardRules::Hill,
        VariantKind::ThreeCheck => BoardRules::Checks(pos.setup().remaining_checks),
        _ => return None,
    };
    let mut setup = *pos.setup();
    setup.ep_square = pos.legal_ep_square();
    let options = FenOptions {
        lenient: true,
        chess960: pos.is_chess960(),
    };
    let board = Board::from_setup(&setup, options).ok()?;
    Some((board, rules))
}

/// Perft on `board` for a variant with standard moves: bulk-counted at the
/// last ply, or with every leaf made (`FULL`); no move where the variant's
/// end is reached.
fn board_perft<const FULL: bool>(board: &Board, depth: u32, rules: BoardRules) -> u64 {
    if depth == 0 {
        return 1;
    }
    if standard_below(board, depth, rules) {
        return if FULL {
            crate::perft::perft_full(board, depth)
        } else {
            crate::perft::perft(board, depth)
        };
    }
    match rules {
        BoardRules::Standard => {}
        BoardRules::Hill => {
            if board.pieces(Piece::King).intersects(HILL) {
                return 0;
            }
        }
        BoardRules::Checks(checks) => {
            if checks.iter().any(|&n| n <= 0) {
                return 0;
            }
        }
    }
    if depth == 1 {
        if !FULL {
            return board.move_count() as u64;
        }
        return fold_children(board, |child| {
            core::hint::black_box(child);
            1
        });
    }
    let mover = board.side_to_move().index();
    fold_children(board, |child| {
        let rules = match rules {
            BoardRules::Checks(mut checks) => {
                if child.is_check() {
                    checks[mover] -= 1;
                }
                BoardRules::Checks(checks)
            }
            other => other,
        };
        board_perft::<FULL>(child, depth - 1, rules)
    })
}

/// Whether the variant's end can be met at no node of `depth` plies from
/// `board` that has moves below it, so that its count is standard chess's
/// (and the core's perft, dispatched for the CPU, counts it): in King of the
/// Hill, neither king can reach the centre in the moves its side makes in
/// the first `depth - 1` plies (a king move, castling included, brings it
/// at most one step closer); in Three-check, neither side can give all the
/// checks it still needs in them.
fn standard_below(board: &Board, depth: u32, rules: BoardRules) -> bool {
    let plies = depth.saturating_sub(1);
    let moves = [plies.div_ceil(2), plies / 2];
    let mover = board.side_to_move();
    let sides = [mover, !mover];
    match rules {
        BoardRules::Standard => true,
        BoardRules::Hill => (0..2).all(|i| hill_distance(board.king(sides[i])) > moves[i]),
        BoardRules::Checks(checks) => {
            (0..2).all(|i| i64::from(checks[sides[i].index()]) > i64::from(moves[i]))
        }
    }
}

/// The king moves from `square` to the nearest centre square of King of
/// the Hill (d4, e4, d5, e5).
fn hill_distance(square: Square) -> u32 {
    let distance = |coordinate: u32| match coordinate {
        0..3 => 3 - coordinate,
        3 | 4 => 0,
        _ => coordinate - 4,
    };
    distance(square.file() as u32).max(distance(square.rank() as u32))
}

/// The sum of `count` over the positions the legal moves lead to.
fn fold_children(board: &Board, mut count: impl FnMut(&Board) -> u64) -> u64 {
    let mut total = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = *board;
            child.play_unchecked(mv);
            total += count(&child);
        }
        false
    });
    total
}

/// Perft of `setup` by the rules of the variant `kind` names, chosen at
/// run time (each variant's code is its own monomorphised copy).
///
/// ```
/// use bitmoves::{setup::Setup, variant::{perft_of, VariantKind}};
/// let kind: VariantKind = "horde".parse()?;
/// let setup = Setup::from_fen(kind.start_fen())?;
/// assert_eq!(perft_of(kind, setup, false, 2), 128);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_of(kind: VariantKind, setup: Setup, chess960: bool, depth: u32) -> u64 {
    dispatch!(kind, V => perft(&Position::<V>::from_setup(setup, chess960), depth))
}
