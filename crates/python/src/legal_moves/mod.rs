//! The `legal_moves` machinery, python-chess's `LegalMoveGenerator`: the
//! C-API types behind `board.legal_moves` (a live view of a board's legal
//! moves) and its iterator, and the move generation that fills them with
//! the shared `Move` objects. Built with `crate::capi` on
//! `crate::values`; the board (`crate::board`) keeps one generator and
//! tells it every change of position.
//!
//! | file | what it holds |
//! |---|---|
//! | `legal_moves/generator.rs` | [`GeneratorRef`] and the `LegalMoveGenerator` type: the position's legal moves, kept while it stands |
//! | `legal_moves/iter.rs` | the `LegalMoveIterator` type: the store of a position's moves and `iter()` over them |
//! | `legal_moves/generate.rs` | generating the moves as shared `Move` objects into an iterator, in python-chess's order; [`legal_move`] |
//! | `legal_moves/popcnt.rs` | whether the generation counts with the `popcnt` instruction ([`use_popcnt`]) |

mod generate;
mod generator;
mod iter;
mod popcnt;

pub use generate::legal_move;
pub use generator::{GeneralPosition, GeneratorRef, generator_type, set_constructor};
pub use popcnt::use_popcnt;
