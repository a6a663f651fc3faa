//! The modules layer, on top: what is built on the board, as python-chess
//! has it beside `chess.Board` (the `pgn` submodule, pickling, the bridge
//! to python-chess itself) and what python-chess lacks (NumPy encoding,
//! perft). Imports `crate::board` and `crate::values`; nothing imports it
//! but the crate root.
//!
//! | file | what it holds |
//! |---|---|
//! | `modules/encode.rs` | `encode_planes`, `encode_bitboards`, `encode_state`: boards into NumPy arrays |
//! | `modules/perft.rs` | `Board.perft` and `Board.divide`, with the GIL released |
//! | `modules/pickle.rs` | pickling and copying `Board`, `Move`, `Piece` |
//! | `modules/interop.rs` | `Board.from_python_chess` and `Board.to_python_chess` |
//! | `modules/input.rs` | the PGN readers' input: paths and file objects, decompressed, interruptible |
//! | `modules/pgn/mod.rs` | the `bitmoves.pgn` submodule: `read_games`, `read_positions`, `PgnError` |
//! | `modules/polyglot/mod.rs` | the `bitmoves.polyglot` submodule: python-chess's `MemoryMappedReader`, `Entry`, `POLYGLOT_RANDOM_ARRAY` |
//! | `modules/gaviota.rs` | the `bitmoves.gaviota` submodule: python-chess's `PythonTablebase` and `MissingTableError` over `bitmoves-gaviota` |
//! | `modules/syzygy.rs` | the `bitmoves.syzygy` submodule: python-chess's `Tablebase` and `MissingTableError` over `bitmoves-syzygy` |

pub mod encode;
pub mod gaviota;
mod input;
mod interop;
mod perft;
pub mod pgn;
mod pickle;
pub mod polyglot;
pub mod syzygy;
