//! Chess notation beyond UCI (which stays with [`Move`](crate::Move)):
//! Standard Algebraic Notation, written and read against a board.
//!
//! | file | what it holds |
//! |---|---|
//! | `notation/san.rs` | [`San`], the written move, and [`Board::san`](crate::Board::san) |
//! | `notation/parse.rs` | [`Board::parse_san`](crate::Board::parse_san) and [`SanError`] |
//! | `notation/read.rs` | [`Board::read_move`](crate::Board::read_move), UCI or SAN, and [`ReadMoveError`] |
//!
//! Both work in `core` alone: a [`San`] is a small fixed buffer, and the
//! errors name squares as a [`Bitboard`](crate::Bitboard), so nothing is
//! allocated.

mod parse;
mod read;
mod san;

pub use parse::SanError;
pub use read::ReadMoveError;
pub use san::San;
