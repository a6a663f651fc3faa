//! The values layer: python-chess's exceptions, its small immutable values
//! (`Move`, `Piece`) and the checked conversions of Python ints into the
//! core's types. It imports nothing of the crate: the layers above
//! (`crate::legal_moves`, `crate::board`, `crate::modules`) build on it.
//! python-chess's `SquareSet` and squares belong here.
//!
//! | file | what it holds |
//! |---|---|
//! | `values/errors.rs` | `InvalidMoveError`, `IllegalMoveError`, `AmbiguousMoveError`, and the core's SAN errors mapped onto them |
//! | `values/squareset.rs` | `SquareSet` |
//! | `values/moves.rs` | `Move`, `Piece`, the shared `Move` objects, `Int` and the checked square, piece and colour conversions |

mod errors;
mod moves;
mod squareset;

pub use errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
pub use moves::{Int, PyMove, PyPiece, color, piece_number, piece_type, shared_moves, square};
pub use squareset::PySquareSet;
