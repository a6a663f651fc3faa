//! The board layer: python-chess's `Board` (standard chess and Chess960),
//! its moves and the game's end, `Outcome` and `Termination`. Built on
//! `crate::legal_moves` (each board keeps its generator), `crate::values`
//! and `crate::capi`; the modules (`crate::modules`) build on it.
//! python-chess's `BaseBoard` belongs here.
//!
//! | file | what it holds |
//! |---|---|
//! | `board/pyboard.rs` | [`PyBoard`]: the position, its move stack and generator, FEN, pieces, attacks, keys |
//! | `board/position.rs` | the position with python-chess's en passant square, as the draw rules key it, and the moves that reset their count |
//! | `board/play.rs` | `pop`, `push_uci`, `push_san`, UCI and SAN, the questions about one move |
//! | `board/push.rs` | `push` and the `legal_moves` member, defined with the C API ([`install`]) |
//! | `board/setup.rs` | [`Setup`]: a position as python-chess holds one, legal or not |
//! | `board/status.rs` | checkmate, stalemate, the draw rules, [`Outcome`] and [`Termination`] |
//! | `board/extras.rs` | what python-chess derives from the position: `piece_map`, `root`, `ply`, castling-rights questions, `find_move`, the SVG picture |
//! | `board/transform.rs` | `mirror`, `transform` (and their `apply_` forms), `unicode` |
//! | `board/notation.rs` | `lan`, `variation_san`, `san_and_push`, XBoard moves |
//! | `board/epd.rs` | EPD with its operations: `epd(**operations)`, `set_epd`, `Board.from_epd` |
//! | `board/variant.rs` | standard chess's variant class attributes (`uci_variant`, `starting_fen`, Syzygy suffixes) and `is_variant_*` |

mod epd;
mod extras;
mod notation;
mod play;
mod position;
mod push;
mod pyboard;
pub mod setup;
mod status;
mod transform;
mod variant;

pub use push::install;
pub use pyboard::{PyBoard, STARTING_FEN};
pub use status::{Outcome, Termination};
