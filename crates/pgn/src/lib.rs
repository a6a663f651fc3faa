//! `bitmoves-pgn`: PGN at database scale over [`bitmoves`]. A streaming
//! reader with a [`Visitor`] that allocates nothing per move, owned
//! [`Game`]s and their writer, and replay on several threads in file
//! order.
//!
//! | file | what it holds |
//! |---|---|
//! | `input.rs` | [`open`], [`decompress`]: files, stdin, zstd and gzip by magic bytes; an input's buffer filled |
//! | `grammar.rs` | the PGN grammar of lines: line ends, blank lines, the byte order mark, what a line does to its game (where games start and end) |
//! | `text.rs` | tables of bytes, and text as `str` |
//! | `split.rs` | the splitter that cuts games out of a stream |
//! | `raw.rs` | [`RawGame`]: a game as the splitter cut it, and reading it |
//! | `parse.rs` | reading a game in one pass: its tags, then its movetext |
//! | `movetext.rs` | the movetext, for every game: moves replayed, variations, where the game ends |
//! | `replay.rs` | `Replay`: the position the movetext is replayed on (the fast board's side) |
//! | `pending.rs` | [`PendingGame`]: a game found, to be read |
//! | `tally.rs` | counting a visitor's calls, to read a game again without repeating them |
//! | `visitor.rs` | [`Visitor`] and [`Flow`] |
//! | `reader.rs` | [`Reader`]: games straight from the input's buffer, else cut by the splitter |
//! | `error.rs` | [`PgnError`] and [`ErrorKind`]; where a game is, and why reading it stopped |
//! | `game.rs` | the owned [`Game`] and its builder |
//! | `write.rs` | writing a [`Game`] as PGN |
//! | `skim.rs` | following the grammar over lines, to find where games end without reading them |
//! | `chunk.rs` | cutting the input into chunks of whole games, numbered, for the threads |
//! | `variant.rs` | [`VariantPosition`]: games of the variants (a `Variant` tag), replayed through the core's rules engine |
//! | `parallel.rs` | [`read_parallel`]: replay on N threads, results in file order |
//! | `parquet/mod.rs` | the `parquet` module: games to a Parquet dataset (feature `parquet`) |
//!
//! ```
//! use bitmoves_pgn::{Game, Reader};
//! let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let game = Game::read(&mut reader).expect("one game")?;
//! assert_eq!(game.tag("Event"), Some("Casual"));
//! assert_eq!(game.mainline().count(), 7);
//! assert_eq!(game.end().to_string(), "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
//! # Ok::<(), bitmoves_pgn::PgnError>(())
//! ```

mod chunk;
mod error;
mod game;
mod grammar;
mod input;
mod movetext;
mod parallel;
#[cfg(feature = "parquet")]
pub mod parquet;
mod parse;
mod pending;
mod raw;
mod reader;
mod replay;
mod skim;
mod split;
mod tally;
mod text;
mod variant;
mod visitor;
mod write;

pub use error::{ErrorKind, PgnError};
pub use game::{Game, GameBuilder, Line, Node};
pub use input::{decompress, open};
pub use parallel::{read_parallel, read_parallel_sized};
pub use pending::PendingGame;
pub use raw::RawGame;
pub use reader::Reader;
pub use variant::VariantPosition;
pub use visitor::{Flow, Visitor};

/// The longest game the reader holds, in bytes: a longer one is skipped
/// with [`ErrorKind::TooLong`], so no input makes memory grow without
/// bound.
pub const MAX_GAME_BYTES: usize = 32 << 20;

/// How deep variations may nest when a visitor enters them
/// ([`ErrorKind::TooDeep`] beyond). Skipped variations nest without
/// limit: they are only counted.
pub const MAX_DEPTH: usize = 1000;

/// The Rust examples of `docs/pgn.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/pgn.md")]
pub struct GuideDoctests;
