//! What python-chess's modules read of a board's variant: the class
//! attributes of standard chess (`uci_variant`, `aliases`, `starting_fen`,
//! the Syzygy suffixes and magics, `one_king`, …) and the variant end
//! questions, answered by the core's rules engine for the board's variant
//! (always `False` in standard chess), with Crazyhouse's pockets and
//! Three-check's counts. `chess.pgn`, `chess.syzygy` and `chess.variant`
//! read them, and a `chess.variant` board (a subclass) sets its own; the
//! variant a board class plays, and a board of a variant from FEN.

use bitmoves::setup::Pocket;
use bitmoves::variant::{Termination, VariantKind};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::core_or_loose::Pos;
use super::engine;
use super::pyboard::{PyBoard, STARTING_FEN};
use super::setup::Setup;

#[pymethods]
impl PyBoard {
    /// The names a PGN `Variant` tag may give standard chess.
    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec![
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
        ]
    }

    /// Whether the game ended by a rule of the variant (never in standard
    /// chess).
    pub fn is_variant_end(&self) -> bool {
        self.variant != VariantKind::Standard && engine::is_variant_end(&self.setup(), self.rules())
    }

    /// Whether the side to move lost by a rule of the variant.
    fn is_variant_loss(&self) -> bool {
        self.variant_termination() == Some(Termination::VariantLoss)
    }

    /// Whether the side to move won by a rule of the variant.
    fn is_variant_win(&self) -> bool {
        self.variant_termination() == Some(Termination::VariantWin)
    }

    /// Whether the game is drawn by a rule of the variant.
    fn is_variant_draw(&self) -> bool {
        self.variant_termination() == Some(Termination::VariantDraw)
    }

    /// Crazyhouse's pocket of `color`: how many of each piece type,
    /// pawn to king.
    fn _pocket(&self, color: bool) -> [u8; 6] {
        self.setup().pockets[usize::from(!color)].0
    }

    /// Sets Crazyhouse's pocket of `color` (counts pawn to king).
    fn _set_pocket(&mut self, py: Python<'_>, color: bool, counts: [u8; 6]) -> PyResult<()> {
        let mut setup = self.setup();
        setup.pockets[usize::from(!color)] = Pocket(counts);
        self.set_setup(py, &setup)
    }

    /// Three-check's checks still to give, `[black, white]` as
    /// python-chess indexes them (`remaining_checks[WHITE]`).
    fn _remaining_checks(&self) -> [i32; 2] {
        let checks = self.setup().remaining_checks;
        [checks[1], checks[0]]
    }

    /// Sets Three-check's checks still to give for `color`.
    fn _set_remaining_checks(&mut self, py: Python<'_>, color: bool, count: i32) -> PyResult<()> {
        let mut setup = self.setup();
        setup.remaining_checks[usize::from(!color)] = count;
        self.set_setup(py, &setup)
    }

    /// Crazyhouse's `legal_drop_squares_mask()`: the squares the side to
    /// move may drop a piece on.
    fn legal_drop_squares_mask(&self) -> u64 {
        engine::legal_drop_squares(&self.setup())
    }
}

impl PyBoard {
    /// A board of `variant` from FEN (read as python-chess's board of that
    /// variant reads it).
    pub fn from_fen_in(
        py: Python<'_>,
        fen: &str,
        chess960: bool,
        variant: VariantKind,
    ) -> PyResult<Self> {
        let setup = Self::read_fen_in(fen, variant)?;
        let state = Pos::of_fen(&setup, fen, chess960, variant);
        Self::from_pos(py, state, chess960, variant)
    }

    /// The position a FEN gives, as python-chess's board of `variant`
    /// reads it (a pocket in Crazyhouse, check counts in Three-check).
    pub fn read_fen_in(fen: &str, variant: VariantKind) -> PyResult<Setup> {
        engine::parse_fen(fen, variant).map_err(PyValueError::new_err)
    }

    /// The variant a board class plays: `Standard` for `Board`, else the
    /// one its `_bitmoves_variant` names (a `uci_variant`, set by the
    /// classes of `bitmoves.variant`); `Standard` for other subclasses
    /// (python-chess's own `chess.variant` classes among them, which play
    /// their rules through the subclass hooks).
    pub fn variant_of(cls: &Bound<'_, PyType>) -> VariantKind {
        if cls.is(cls.py().get_type::<PyBoard>()) {
            return VariantKind::Standard;
        }
        cls.getattr(pyo3::intern!(cls.py(), "_bitmoves_variant"))
            .and_then(|name| name.extract::<String>())
            .ok()
            .and_then(|name| {
                VariantKind::ALL
                    .into_iter()
                    .find(|kind| kind.uci_name() == name)
            })
            .unwrap_or(VariantKind::Standard)
    }

    /// How the variant's own rules end the game now, if they do.
    pub fn variant_termination(&self) -> Option<Termination> {
        if self.variant == VariantKind::Standard {
            return None;
        }
        engine::variant_outcome(&self.setup(), self.rules()).map(|o| o.termination)
    }
}

/// Standard chess's class attributes: each `name: Type = value` is the
/// `#[classattr]` `name` of `Board`.
macro_rules! class_attributes {
    ($($(#[$doc:meta])* $name:ident: $ty:ty = $value:expr;)*) => {
        #[pymethods]
        impl PyBoard {
            $(
                $(#[$doc])*
                #[classattr]
                fn $name() -> $ty {
                    $value
                }
            )*
        }
    };
}

class_attributes! {
    /// The variant's UCI name, `chess`.
    uci_variant: &'static str = "chess";
    /// The variant's XBoard name, `normal`.
    xboard_variant: &'static str = "normal";
    /// The FEN a game of the variant starts from.
    starting_fen: &'static str = STARTING_FEN;
    /// The file suffix of Syzygy WDL tables.
    tbw_suffix: &'static str = ".rtbw";
    /// The file suffix of Syzygy DTZ tables.
    tbz_suffix: &'static str = ".rtbz";
    /// The first bytes of a Syzygy WDL table.
    tbw_magic: &'static [u8] = b"\x71\xe8\x23\x5d";
    /// The first bytes of a Syzygy DTZ table.
    tbz_magic: &'static [u8] = b"\xd7\x66\x0c\xa5";
    /// `None`: standard chess has no separate pawnless WDL tables.
    pawnless_tbw_suffix: Option<&'static str> = None;
    /// `None`: standard chess has no separate pawnless DTZ tables.
    pawnless_tbz_suffix: Option<&'static str> = None;
    /// `None`: standard chess has no separate pawnless WDL tables.
    pawnless_tbw_magic: Option<&'static str> = None;
    /// `None`: standard chess has no separate pawnless DTZ tables.
    pawnless_tbz_magic: Option<&'static str> = None;
    /// `False`: kings may not stand side by side.
    connected_kings: bool = false;
    /// `True`: each side has one king.
    one_king: bool = true;
    /// `False`: captures are not compulsory.
    captures_compulsory: bool = false;
}
