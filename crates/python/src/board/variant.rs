//! What python-chess's modules read of a board's variant: the class
//! attributes of standard chess (`uci_variant`, `aliases`, `starting_fen`,
//! the Syzygy suffixes and magics, `one_king`, …) and the variant end
//! questions, always `False` here. `chess.pgn`, `chess.syzygy` and
//! `chess.variant` read them, and a `chess.variant` board (a subclass)
//! sets its own.

use pyo3::prelude::*;

use super::pyboard::{PyBoard, STARTING_FEN};

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

    /// Whether the game ended by a rule of the variant: never in standard
    /// chess.
    fn is_variant_end(&self) -> bool {
        false
    }

    /// Whether the side to move lost by a rule of the variant: never in
    /// standard chess.
    fn is_variant_loss(&self) -> bool {
        false
    }

    /// Whether the side to move won by a rule of the variant: never in
    /// standard chess.
    fn is_variant_win(&self) -> bool {
        false
    }

    /// Whether the game is drawn by a rule of the variant: never in
    /// standard chess.
    fn is_variant_draw(&self) -> bool {
        false
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
