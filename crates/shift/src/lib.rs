//! Move generation by shifting whole bitboards, as the classic write-ups
//! teach it, next to the other ways of computing the same sets.
//!
//! The core crate [`bitmoves`] answers "which squares does this piece
//! attack?" from tables generated at development time. This crate computes
//! the same answers four other ways, and its tests prove every one of them
//! equal to the lookups:
//!
//! - [`compass`] shifts and the [`masks`] that stop them wrapping round the
//!   board edge, used set-wise by [`pawns`], [`knights`] and [`kings`];
//! - [`sliders`] without tables, by occluded (Kogge-Stone) fills and by the
//!   simple one-step-at-a-time fill;
//! - [`offset`] walking: one square at a time with [`Square::offset`], which
//!   knows where the board ends;
//! - [`lazy`] tables, built at run time on first use.
//!
//! Geometry is the core's: a1 = bit 0, h8 = bit 63, north is `<< 8`.
//!
//! ```
//! use bitmoves::{attacks, Bitboard, Square};
//! use bitmoves_shift::{knights, offset, sliders};
//! let occupied = Square::D6.bitboard() | Square::G4.bitboard();
//! let lookup = attacks::rook(Square::D4, occupied);
//! assert_eq!(sliders::rook(Square::D4, occupied), lookup);
//! assert_eq!(offset::rook(Square::D4, occupied), lookup);
//! assert_eq!(knights::attacks(Square::H4), attacks::knight(Square::H4));
//! ```
//!
//! [`Square::offset`]: bitmoves::Square::offset

pub mod compass;
pub mod kings;
pub mod knights;
pub mod lazy;
pub mod masks;
pub mod offset;
pub mod pawns;
pub mod sliders;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
