//! [`Pos`]: a board's position, the core's legal board (the fast path)
//! or any position python-chess allows, as a [`Setup`] the core's rules
//! engine plays on; its key for the draw rules and `is_irreversible` across both.

use bitmoves::variant::VariantKind;
use bitmoves::{Board, Color, Square};

use super::engine::{self, Rules};
use super::repetition_key::{NO_VARIANT_STATE, Position, State, is_irreversible};
use super::setup::Setup;
use crate::values::PyMove;

/// A board's position: the core's legal board (the fast path) or, for a
/// position the core does not take, python-chess's fields ([`Setup`]),
/// which the core's rules engine plays on (`super::engine`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Pos {
    /// A legal position, on the core's generator.
    Legal(State),
    /// Any other position.
    General(Setup),
}

impl Pos {
    /// The position of a setup: the core's when it takes it exactly
    /// (castling rights as python-chess cleans them, a valid en passant
    /// square, nothing marked promoted), else the setup itself.
    /// A board of another variant than `Standard` always keeps the setup.
    pub fn of(setup: &Setup, chess960: bool, variant: VariantKind) -> Self {
        if variant == VariantKind::Standard
            && Self::core_may_take(setup, chess960)
            && let Some(state) = setup.legal_state(chess960)
        {
            return Self::Legal(state);
        }
        Self::General(*setup)
    }

    /// The position of a setup read from `fen`: as [`Pos::of`], but the
    /// core reads the FEN itself (no FEN written and read again), which
    /// is what makes `Board(fen)` fast.
    pub fn of_fen(setup: &Setup, fen: &str, chess960: bool, variant: VariantKind) -> Self {
        if variant != VariantKind::Standard {
            return Self::General(*setup);
        }
        let options = bitmoves::FenOptions {
            lenient: true,
            chess960,
        };
        if Self::core_may_take(setup, chess960)
            && let Ok(board) = Board::from_fen_with(fen, options)
        {
            let state = State {
                board,
                ep_square: setup.ep_square,
            };
            if Setup::of(&state) == *setup {
                return Self::Legal(state);
            }
        }
        Self::of(setup, chess960, variant)
    }

    /// What the core's board needs beyond a legal position: castling
    /// rights as python-chess cleans them, a valid en passant square,
    /// nothing marked promoted.
    fn core_may_take(setup: &Setup, chess960: bool) -> bool {
        let clean = engine::clean_castling_rights(setup, chess960) == setup.castling_rights;
        let ep_ok = setup.ep_square.is_none()
            || engine::valid_ep_square(setup).map(|sq| sq as usize)
                == setup.ep_square.map(Square::index);
        clean && ep_ok && setup.promoted == 0
    }

    /// The position as python-chess holds it.
    pub fn setup(&self) -> Setup {
        match self {
            Self::Legal(state) => Setup::of(state),
            Self::General(setup) => *setup,
        }
    }

    /// The core board, for a legal position.
    pub fn core(&self) -> Option<&Board> {
        match self {
            Self::Legal(state) => Some(&state.board),
            Self::General(_) => None,
        }
    }

    /// The position as the draw rules key it.
    pub fn key(&self, rules: Rules) -> Position {
        match self {
            Self::Legal(state) => Position::of(&state.board),
            Self::General(setup) => general_key(setup, rules),
        }
    }
}

/// The key of any position, as python-chess's `_transposition_key`.
pub fn general_key(setup: &Setup, rules: Rules) -> Position {
    Position {
        pieces: setup.pieces,
        colors: setup.colors,
        white: setup.turn == Color::White,
        castling: engine::castling_rights(setup, rules),
        en_passant: setup
            .ep_square
            .filter(|_| engine::has_legal_en_passant(setup, rules)),
        variant_state: match rules.variant {
            VariantKind::Crazyhouse => (setup.pockets, setup.promoted, NO_VARIANT_STATE.2),
            VariantKind::ThreeCheck => (NO_VARIANT_STATE.0, 0, setup.remaining_checks),
            _ => NO_VARIANT_STATE,
        },
    }
}

/// python-chess's `is_irreversible` for a move from any position.
pub fn is_irreversible_pos(before: &Pos, mv: PyMove, after: &Pos, rules: Rules) -> bool {
    match (before, after) {
        (Pos::Legal(b), Pos::Legal(a)) => is_irreversible(b, mv, &a.board),
        _ => engine::is_irreversible(&before.setup(), rules, mv),
    }
}

impl State {
    /// The position as python-chess holds it.
    pub fn setup_of(&self) -> Setup {
        Setup::of(self)
    }
}
