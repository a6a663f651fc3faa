//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.
//!
//! - [`perft`]: bulk counting (the last ply counted from the move
//!   generator's target sets, not made);
//! - [`perft_full`]: every move made, down to the leaves;
//! - [`divide`]: the count below each root move;
//! - [`each_child`]: the children of a position, made by the same
//!   loops as perft's, for searches built on top (hashed, parallel);
//! - [`slider_backend`]: which variant of the recursion this CPU runs.
//!
//! Each runs the variant of the recursion compiled for this CPU (PEXT
//! sliders, or magic ones with or without POPCNT), and each loop over the
//! children is compiled once per side to move and kind of piece. Counts are
//! `u64`, which holds every count up to perft(13) of the start position
//! (1,981,066,775,000,976,614); `perft` does not check for overflow deeper
//! than that.
//!
//! Hashed perft, perft on several threads (with `u128` counts) and deep
//! perft split into work units are in the `bitmoves-perft` crate, built on
//! these functions.
//!
//! Perft's own code in the core lives here:
//!
//! | file | holds |
//! |---|---|
//! | `perft/mod.rs` | the entry points, the bulk and full recursions, and their dispatch (`dispatched!`) |
//! | `perft/dispatch.rs` | the variants' table (`variants!`): `Backend`, its names, the CPU detection, the choice without `std` |
//! | `perft/children.rs` | the child loops, per side to move and kind of piece |
//! | `perft/make.rs` | the make in two steps (`prepare_make`, `make_prepared`) |
//! | `perft/check_squares.rs` | what a pre-frontier node knows of its children's checkers and pins |
//! | `perft/frontier_hints.rs` | what a pre-frontier node knows of its children's counts (`ChildHints`) |
//! | `perft/fills/mod.rs` | the AVX-512 and AVX2 fills (`SetwiseFills`) and `AttackLayers`, with their laws |
//!
//! ```
//! use bitmoves::{perft::{divide, perft}, Board};
//! let board = Board::default();
//! assert_eq!(perft(&board, 4), 197_281);
//! assert_eq!(divide(&board, 4).map(|(_, nodes)| nodes).sum::<u64>(), 197_281);
//! ```

#[cfg(not(target_arch = "wasm32"))]
use crate::attacks::Magic;
use crate::attacks::{NATIVE, Obstruction};
#[cfg(target_arch = "x86_64")]
use crate::attacks::{Pext, PextWith};
use crate::color::with_side;
use crate::movegen::Mask;
use crate::{Board, Move};
use children::{Make, children_of, for_each_child};
use dispatch::Backend;
pub use dispatch::UnknownSliderVariant;
#[cfg(target_arch = "x86_64")]
use fills::{Avx2Fills, Avx512Fills};

mod check_squares;
mod children;
mod dispatch;
pub(crate) mod fills;
mod frontier_hints;
mod make;

/// Runs `$step` (`bulk` or `full`, macros of this module taking `board,
/// depth, sliders` and a function to recurse with) as the variant of the
/// recursion `$backend` names: one function per row of the variants'
/// table (`variants!` in `dispatch.rs`), compiled with its row's CPU
/// features, named after its variant.
macro_rules! dispatched {
    ($backend:expr, $step:ident($board:expr, $depth:expr)) => {
        dispatch::variants!(dispatch_rows!($backend, $step($board, $depth)))
    };
}

/// [`dispatched!`]'s body, given the variants' rows.
macro_rules! dispatch_rows {
    (($backend:expr, $step:ident($board:expr, $depth:expr))
        $([$cfg:meta] $variant:ident($sliders:ty) $name:literal [$($feature:tt),*]
        $(else $plain:ident)?;)*) => {{
        $(
            #[doc = concat!("The recursion of `", $name, "`.")]
            $(#[doc = concat!("Below positions where the fills do not pay, `", stringify!($plain), "`'s.")])?
            #[cfg($cfg)]
            #[allow(non_snake_case)]
            $(#[target_feature(enable = $feature)])*
            fn $variant(board: &Board, depth: u32, sliders: $sliders) -> u64 {
                $step!(board, depth, sliders, |b, d| {
                    $(if !fills_pay(b) { $plain(b, d, sliders.pext) } else)? {
                        $variant(b, d, sliders)
                    }
                })
            }
        )*
        match $backend {
            $(
                // SAFETY: a `Backend` is made only where the CPU has every
                // feature of its row (see `Backend`).
                #[cfg($cfg)]
                #[allow(unused_unsafe)]
                Backend::$variant(sliders) => unsafe {
                    $(if !fills_pay($board) { $plain($board, $depth, sliders.pext) } else)? {
                        $variant($board, $depth, sliders)
                    }
                },
            )*
        }
    }};
}

/// Whether the fills (AVX-512 or AVX2) can pay below `board`: only where
/// a side has
/// two knights and sliders or more (for one piece the lookups are
/// cheaper, so a tree without two never runs the fills, and the variant
/// without them is faster there). Pieces only come off the board (a
/// promotion aside), so a tree that starts without two mostly stays so.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fills_pay(board: &Board) -> bool {
    use crate::{
        Color,
        Piece::{King, Pawn},
    };
    let pieces = board.occupied() - board.pieces(Pawn) - board.pieces(King);
    (pieces & board.colors(Color::White)).has_more_than_one()
        || (pieces & board.colors(Color::Black)).has_more_than_one()
}

/// One node of bulk perft: the last ply counted, not made (bulk
/// counting). A macro, not a function, so that its closures are written
/// inside each variant of the recursion and take its target features
/// (closures inherit them): a pre-frontier node (depth 2, in the Chess
/// Programming Wiki's words; its children are the frontier nodes, whose
/// moves are counted) then counts each child's moves inline, with PEXT,
/// instead of calling the recursion once per child.
macro_rules! bulk {
    ($board:expr, $depth:expr, $s:expr, $recurse:expr) => {{
        let (board, depth, s): (&Board, u32, _) = ($board, $depth, $s);
        match depth {
            0 => 1,
            1 => board.move_count_with(s) as u64,
            2 => {
                // A pre-frontier node's children are made just enough to
                // count their moves, and counted with their side to move a
                // constant.
                let mut nodes = 0;
                let squares = board.check_squares();
                let hints = board.frontier_hints(s);
                let make = Make::ForBulkCount(&squares, &hints);
                board.generate_masked(Mask::ALL, s, |moves| {
                    nodes += with_side!(board.side_to_move(), WHITE => {
                        children_of::<WHITE>(board, moves, make, s, |child, known, hints| {
                            child.move_count_for::<{ !WHITE }>(known, hints, s) as u64
                        })
                    });
                    false
                });
                nodes
            }
            _ => {
                let mut nodes = 0;
                board.generate_masked(Mask::ALL, s, |moves| {
                    nodes += for_each_child(board, moves, Make::Full, s, |child, _, _| {
                        $recurse(child, depth - 1)
                    });
                    false
                });
                nodes
            }
        }
    }};
}

/// One node of full perft: every move made, down to the leaves. A macro
/// for the same reason as `bulk!`.
macro_rules! full {
    ($board:expr, $depth:expr, $s:expr, $recurse:expr) => {{
        let (board, depth, s): (&Board, u32, _) = ($board, $depth, $s);
        let mut nodes = 0;
        match depth {
            0 => nodes = 1,
            // The leaves: each made in full, and kept from being optimised
            // away, but with no call to count it.
            1 => {
                board.generate_masked(Mask::ALL, s, |moves| {
                    // The child loop adds the ones up and returns the sum,
                    // which stays in a register: `black_box` would make
                    // the compiler store and reload a count kept behind
                    // the closure's pointer around each leaf.
                    nodes += for_each_child(board, moves, Make::Full, s, |child, _, _| {
                        core::hint::black_box(child);
                        1
                    });
                    false
                });
            }
            _ => {
                board.generate_masked(Mask::ALL, s, |moves| {
                    nodes += for_each_child(board, moves, Make::Full, s, |child, _, _| {
                        $recurse(child, depth - 1)
                    });
                    false
                });
            }
        }
        nodes
    }};
}

/// The number of leaf nodes of the legal move tree `depth` plies deep.
/// `perft(board, 0)` is 1.
///
/// The last ply is *bulk counted*: the moves there are counted from the
/// move generator's target sets, not made. [`perft_full`] makes every move
/// and gives the same numbers.
///
/// ```
/// use bitmoves::{perft::perft, Board};
/// let board = Board::default();
/// assert_eq!(perft(&board, 0), 1);
/// assert_eq!(perft(&board, 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    perft_on(dispatch::backend(), board, depth)
}

/// [`perft`] run by the variant `backend`, which must suit this CPU.
fn perft_on(backend: Backend, board: &Board, depth: u32) -> u64 {
    dispatched!(backend, bulk(board, depth))
}

/// [`perft_full`] run by the variant `backend`, which must suit this CPU.
/// Full perft counts nothing, so the fills have nothing to do there: it
/// runs the plain PEXT variant instead (2-3% faster on the Intel Xeon).
fn perft_full_on(backend: Backend, board: &Board, depth: u32) -> u64 {
    dispatched!(backend.without_fills(), full(board, depth))
}

/// Like [`perft`], but makes every move down to the leaves instead of
/// counting the last ply. Slower; it exercises
/// [`Board::play_unchecked`] on every leaf.
///
/// ```
/// use bitmoves::{perft::{perft, perft_full}, Board};
/// let board = Board::default();
/// assert_eq!(perft_full(&board, 3), perft(&board, 3));
/// ```
pub fn perft_full(board: &Board, depth: u32) -> u64 {
    perft_full_on(dispatch::backend(), board, depth)
}

/// The slider back-end and instruction set perft runs with on this CPU:
/// `"pext+avx512"` (BMI2's PEXT, and the last ply counted by AVX-512
/// fills below positions where a side has two knights or sliders or
/// more; plain PEXT below the others), `"pext+avx2"` (the same with AVX2
/// fills), `"pext"` (PEXT, with POPCNT), `"magic+popcnt"`, `"magic"`, or
/// `"obstruction"` (obstruction difference: wasm32's only one).
///
/// A build for generic x86-64 still runs the PEXT variant on a CPU that has
/// BMI2, except AMD's Zen 1 and Zen 2, whose PEXT is slow, and adds the
/// fills where the CPU has AVX-512F and AVX-512 VPOPCNTDQ, or else AVX2.
/// The environment variable `BITMOVES_SLIDERS` forces a variant by this
/// name (`obstruction`, `magic`, `pext`, `pext+avx2`, `pext+avx512`) where
/// the CPU can run it, and otherwise the best one below it. A wasm32
/// build has `obstruction` only (obstruction difference: no large tables).
///
/// ```
/// let backend = bitmoves::perft::slider_backend();
/// let all = ["pext+avx512", "pext+avx2", "pext", "magic+popcnt", "magic", "obstruction"];
/// assert!(all.contains(&backend));
/// ```
pub fn slider_backend() -> &'static str {
    dispatch::backend().name()
}

/// [`slider_backend`], or the error where `BITMOVES_SLIDERS` names no
/// variant: a program reports it and stops before it counts (perft
/// itself, which cannot fail, decides as for `auto`). The names are
/// those [`slider_backend`] gives, and `auto`.
///
/// ```
/// match bitmoves::perft::slider_variant() {
///     Ok(variant) => assert_eq!(variant, bitmoves::perft::slider_backend()),
///     Err(error) => assert!(error.to_string().contains("unknown slider variant")),
/// }
/// ```
pub fn slider_variant() -> Result<&'static str, UnknownSliderVariant> {
    dispatch::wanted()?;
    Ok(slider_backend())
}

/// Hands each child of `board` (the position after each legal move; a
/// piece's quiet moves before its captures) to `visit`, made by the loops perft itself
/// uses: compiled once per side to move and kind of piece. Searches built
/// on perft (hashed, parallel) walk the tree with it.
///
/// ```
/// use bitmoves::{perft::{each_child, perft}, Board};
/// let board = Board::default();
/// let mut nodes = 0;
/// each_child(&board, |child| nodes += perft(child, 2));
/// assert_eq!(nodes, perft(&board, 3));
/// ```
#[inline]
pub fn each_child(board: &Board, mut visit: impl FnMut(&Board)) {
    board.generate_moves(|moves| {
        for_each_child(board, moves, Make::Full, NATIVE, |child, _, _| {
            visit(child);
            0
        });
        false
    });
}

/// The perft count below each legal root move: `(move, perft(child,
/// depth - 1))`, in move generation order. The counts add up to
/// `perft(board, depth)`. At depth 0 there are no root moves to list, so
/// the iterator is empty.
///
/// ```
/// use bitmoves::{perft::divide, Board};
/// let split: Vec<_> = divide(&Board::default(), 2).collect();
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
pub fn divide(board: &Board, depth: u32) -> impl Iterator<Item = (Move, u64)> + '_ {
    let moves = if depth == 0 {
        Default::default()
    } else {
        board.legal_moves()
    };
    moves.into_iter().map(move |mv| {
        let mut child = board.copy_for_child();
        child.play_unchecked(mv);
        (mv, perft(&child, depth - 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant of the recursion this CPU can run gives the same
    /// counts, bulk and full, on positions with castling, en passant and
    /// promotions (kiwipete, CPW positions 3 and 4).
    #[test]
    fn every_variant_this_cpu_runs_counts_alike() {
        let mut backends = std::vec![Backend::Magic(Magic)];
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        backends.extend(dispatch::every_variant_here());
        let cases = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                4,
                4_085_603,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                4,
                422_333,
            ),
        ];
        for (fen, depth, expected) in cases {
            let board: Board = fen.parse().unwrap();
            for &backend in &backends {
                assert_eq!(
                    perft_on(backend, &board, depth),
                    expected,
                    "{} {fen}",
                    backend.name()
                );
                assert_eq!(
                    perft_full_on(backend, &board, depth - 1),
                    perft_on(backend, &board, depth - 1),
                    "{} {fen}",
                    backend.name()
                );
            }
        }
    }

    /// The fills' variants (AVX-512 and AVX2) hand a subtree where no side
    /// has two knights or sliders to the plain PEXT one, at the root and
    /// below it (here Black's knight takes one of White's two, or White's
    /// moves away from the capture), and the counts stay those of magic
    /// sliders.
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    #[test]
    fn the_fills_hand_over_subtrees_with_one_piece_a_side() {
        let Some(pext) = Pext::detect() else { return };
        let mut backends = std::vec::Vec::new();
        if let Some(fills) = Avx512Fills::detect() {
            backends.push(Backend::PextAvx512(PextWith { pext, fills }));
        }
        if let Some(fills) = Avx2Fills::detect() {
            backends.push(Backend::PextAvx2(PextWith { pext, fills }));
        }
        for backend in backends {
            hand_over_counts(backend);
        }
    }

    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    fn hand_over_counts(backend: Backend) {
        for fen in [
            "4k3/8/8/3n4/8/2N1N3/8/4K3 b - - 0 1",
            "4k3/8/8/3n4/8/2N1N3/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/1r6/R3K2R b KQ - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            for depth in 1..=5 {
                assert_eq!(
                    perft_on(backend, &board, depth),
                    perft_on(Backend::Magic(Magic), &board, depth),
                    "{} {fen} depth {depth}",
                    backend.name()
                );
            }
        }
    }

    /// Law: the crate's two makes agree. The children perft makes (in two
    /// steps, `Board::prepare_make` and `Board::make_prepared` in
    /// `perft/make.rs`, or castling in one) are the boards
    /// `play_unchecked` makes (`Board::make` in `board/play.rs`), every
    /// field and the key alike, one for each legal move, on every position
    /// two plies below positions with castling rights of both kinds, en
    /// passant, promotions, rook captures and a Chess960 start; and each
    /// key is the one computed from scratch. (The make for bulk counting,
    /// which leaves key and clocks out, is held by the perft suites'
    /// counts.)
    #[test]
    fn children_are_the_boards_play_makes() {
        let promotions = "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1";
        for fen in crate::board::MAKE_TEST_FENS.into_iter().chain([promotions]) {
            for board in crate::board::up_to_two_plies_below(fen) {
                let mut children = std::vec::Vec::new();
                each_child(&board, |child| children.push(*child));
                let mut played: std::vec::Vec<Board> = board
                    .legal_moves()
                    .into_iter()
                    .map(|mv| {
                        let mut child = board;
                        child.play_unchecked(mv);
                        child
                    })
                    .collect();
                // Each piece's quiet moves come before its captures.
                children.sort_by_cached_key(|child| std::format!("{child:?}"));
                played.sort_by_cached_key(|child| std::format!("{child:?}"));
                assert_eq!(children, played, "{board}");
                for child in &children {
                    assert_eq!(child.key(), child.compute_key(), "{child}");
                }
            }
        }
    }
}
