//! The board layer: python-chess's `Board` (standard chess and Chess960,
//! and the variants of `bitmoves.variant`, its subclasses),
//! its moves and the game's end, `Outcome` and `Termination`. Built on
//! `crate::legal_moves` (each board keeps its generator), `crate::values`
//! and `crate::capi`; the modules (`crate::modules`) build on it.
//!
//! | file | what it holds |
//! |---|---|
//! | `board/pyboard.rs` | [`PyBoard`]: the position, its move stack and generator, FEN, pieces, attacks, keys |
//! | `board/core_or_loose.rs` | [`core_or_loose::Pos`]: the core's legal board or any position as a [`setup::Setup`]; its key and `is_irreversible` across both |
//! | `board/repetition_key.rs` | the position with python-chess's en passant square, as the draw rules key it, and the moves that reset their count |
//! | `board/move_methods.rs` | `pop`, `push_uci`, `push_san`, UCI and SAN, the questions about one move |
//! | `board/capi_push.rs` | `push` (and `_push_native`, the same without subclass hooks) and the `legal_moves` member, defined with the C API ([`install`]) |
//! | `board/hooks.rs` | subclass hooks, the native side: the one pointer compare that tells `Board` apart, and the class's record of the Python methods its hooks need |
//! | `board/capi_queries.rs` | `piece_at`, `piece_type_at`, `color_at`, `pieces`, `attacks`, `attackers`, `is_attacked_by`, `copy`, defined with the C API ([`install`]) |
//! | `board/setup.rs` | [`setup::Setup`]: a position as python-chess holds one, legal or not |
//! | `board/baseboard.rs` | [`PyBaseBoard`], python-chess's `BaseBoard`: the pieces alone; `Board` extends it |
//! | `board/fen.rs` | FEN out: the core's board as python-chess writes it, or the rules engine's |
//! | `board/stack.rs` | the move stack: legal positions as the fast path pushes them, positions off the core beside them |
//! | `board/edit.rs` | python-chess's assignable fields and bitboards, the edits, attacks, pins, `status()` |
//! | `board/moves.rs` | the `generate_*` methods and the `LegalMoveGenerator(board)` / `PseudoLegalMoveGenerator(board)` views |
//! | `board/error_text.rs` | python-chess's wording of errors: Python's `repr()` of text, a FEN's errors from the core's error kind |
//! | `board/engine.rs` | the bridge to the core's rules engine for any position and every variant: setups, moves and answers in python-chess's shapes |
//! | `board/status.rs` | checkmate, stalemate, the draw rules, `Outcome` and `Termination` (made as `bitmoves/_outcome.py`'s dataclass and enum) |
//! | `board/derived.rs` | what python-chess derives from the position: `piece_map`, `root`, `ply`, castling-rights questions, `find_move`, the SVG picture |
//! | `board/transform.rs` | `mirror`, `transform` (and their `apply_` forms), `unicode` |
//! | `board/notation.rs` | `lan`, `variation_san`, `san_and_push`, XBoard moves |
//! | `board/epd.rs` | EPD with its operations: `epd(**operations)`, `set_epd`, `Board.from_epd` |
//! | `board/variant.rs` | the board's variant: standard chess's class attributes (`uci_variant`, `starting_fen`, Syzygy suffixes), `is_variant_*` by the variant's rules, Crazyhouse's pockets and Three-check's counts, the variant a class plays |

/// `attackers` and `is_attacked_by` of a board class, from its own
/// `attackers_mask` (`Board` and `BaseBoard` hold their pieces apart).
macro_rules! attack_questions {
    ($type:ty) => {
        #[pymethods]
        impl $type {
            /// The squares of `color`'s pieces attacking `square`, as a
            /// `SquareSet`; `occupied` (any set of squares) as in
            /// `attackers_mask`.
            #[pyo3(signature = (color, square, occupied=None))]
            fn attackers(
                &self,
                py: Python<'_>,
                color: bool,
                square: Int,
                occupied: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PySquareSet>> {
                let occupied = occupied.map(mask_of).transpose()?.map(Bits);
                PySquareSet::object(py, self.attackers_mask(color, square, occupied)?)
            }

            /// Whether a piece of `color` attacks `square`; `occupied` (any
            /// set of squares) as in `attackers_mask`.
            #[pyo3(signature = (color, square, occupied=None))]
            fn is_attacked_by(
                &self,
                color: bool,
                square: Int,
                occupied: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<bool> {
                let occupied = occupied.map(mask_of).transpose()?.map(Bits);
                Ok(self.attackers_mask(color, square, occupied)? != 0)
            }
        }
    };
}

/// The piece bitboards of a board class (python-chess's `occupied`,
/// `occupied_co`, `pawns` … `kings`, `promoted`), read from its own
/// `setup()` (`Board` and `BaseBoard` hold their pieces apart).
macro_rules! piece_masks {
    ($type:ty) => {
        piece_masks!($type;
            /// The pawns of both colours, as an int bitboard.
            pawns = 1,
            /// The knights, as an int bitboard.
            knights = 2,
            /// The bishops, as an int bitboard.
            bishops = 3,
            /// The rooks, as an int bitboard.
            rooks = 4,
            /// The queens, as an int bitboard.
            queens = 5,
            /// The kings, as an int bitboard.
            kings = 6,
        );
    };
    ($type:ty; $($(#[$doc:meta])* $name:ident = $kind:literal,)*) => {
        #[pymethods]
        impl $type {
            /// Every occupied square, as an int bitboard.
            #[getter]
            fn occupied(&self) -> u64 {
                self.setup().occupied()
            }

            /// The pieces of one colour, as int bitboards:
            /// `occupied_co[WHITE]`.
            #[getter]
            fn occupied_co(&self) -> [u64; 2] {
                let s = self.setup();
                [s.co(false), s.co(true)]
            }

            $(
                $(#[$doc])*
                #[getter]
                fn $name(&self) -> u64 {
                    self.setup().kind($kind)
                }
            )*

            /// The pieces marked promoted, as an int bitboard.
            #[getter]
            fn promoted(&self) -> u64 {
                self.setup().promoted
            }
        }
    };
}

mod baseboard;
mod capi_push;
mod capi_queries;
mod core_or_loose;
mod derived;
mod edit;
pub mod engine;
mod epd;
mod error_text;
mod fen;
mod hooks;
mod move_methods;
mod moves;
mod notation;
mod pyboard;
mod repetition_key;
pub mod setup;
mod stack;
mod status;
mod transform;
mod variant;

pub use baseboard::PyBaseBoard;
pub(crate) use move_methods::canonical_san;
pub use moves::{MoveView, legal_move_generator, pseudo_legal_move_generator};
pub use pyboard::{PyBoard, STARTING_FEN};

use pyo3::prelude::*;
use pyo3::types::PyType;

/// Installs the `Board` entries defined with the C API: `push` and
/// `legal_moves` (`capi_push.rs`), the square questions and `copy`
/// (`capi_queries.rs`).
pub fn install(board: &Bound<'_, PyType>, mv: &Bound<'_, PyType>) -> PyResult<()> {
    capi_push::install(board, mv)?;
    capi_queries::install(board)
}
