//! Fast, correct chess move generation with generated bitboard tables.
//!
//! The value types ([`Square`], [`File`], [`Rank`], [`Color`], [`Piece`],
//! [`Direction`], [`Bitboard`]) and the [`attacks`] lookups are the
//! foundation; every table behind them is generated at development time by
//! `cargo xtask regenerate` and checked in, so nothing is computed at
//! start-up.
//!
//! ```
//! use bitmoves::{attacks, Bitboard, Square};
//! let targets = attacks::rook(Square::A1, Square::A4.bitboard());
//! assert!(targets.contains(Square::A4) && !targets.contains(Square::A5));
//! assert_eq!(targets.len(), 3 + 7);
//! ```
//!
//! The crate is `no_std`: disable the default `std` feature to build it
//! without the standard library.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod color;
mod direction;
mod file;
mod piece;
mod rank;
mod square;
mod types;

pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use direction::Direction;
pub use file::File;
pub use piece::Piece;
pub use rank::Rank;
pub use square::{ParseSquareError, Square};
