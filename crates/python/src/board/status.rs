//! How the game stands: checkmate, stalemate, the draw rules with
//! python-chess's exact meaning (repetitions counted back to the last
//! irreversible move), `Outcome` and `Termination`.

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;

use super::core_or_loose::{Pos, is_irreversible_pos};
use super::engine::{self, Rules};
use super::pyboard::PyBoard;
use super::repetition_key::{Position, State};
use crate::values::{Int, PyMove};

/// How a game ended: python-chess's `chess.Termination` members, in its
/// order (values 1 to 10). The Python values are `bitmoves._outcome`'s
/// `enum.Enum` ([`Outcome::object`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum Termination {
    /// The side to move is checkmated.
    CHECKMATE = 1,
    /// The side to move has no legal move and is not in check.
    STALEMATE,
    /// Neither side can win (python-chess's material rule).
    INSUFFICIENT_MATERIAL,
    /// 75 moves each without a capture or pawn move.
    SEVENTYFIVE_MOVES,
    /// The same position a fifth time.
    FIVEFOLD_REPETITION,
    /// 50 moves each without a capture or pawn move (claimed).
    FIFTY_MOVES,
    /// The same position a third time (claimed).
    THREEFOLD_REPETITION,
    /// A variant's own win (for the side to move).
    VARIANT_WIN,
    /// A variant's own loss (for the side to move).
    VARIANT_LOSS,
    /// A variant's own draw.
    VARIANT_DRAW,
}

/// The end of a game: `termination` and `winner` (`true` white, `false`
/// black, `None` for a draw).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the game ended.
    pub(crate) termination: Termination,
    /// The winner, or `None` for a draw.
    pub(crate) winner: Option<bool>,
}

/// `bitmoves._outcome`'s `Termination` and `Outcome` classes.
static CLASSES: GILOnceCell<(Py<PyAny>, Py<PyAny>)> = GILOnceCell::new();

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The Python `Outcome(Termination(value), winner)`.
    pub fn object(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let (termination, outcome) = CLASSES.get_or_try_init(py, || {
            let module = py.import("bitmoves._outcome")?;
            Ok::<_, PyErr>((
                module.getattr("Termination")?.unbind(),
                module.getattr("Outcome")?.unbind(),
            ))
        })?;
        let member = termination.call1(py, (self.termination as u8,))?;
        outcome.call1(py, (member, self.winner))
    }
}

impl PyBoard {
    fn has_moves(&self) -> bool {
        match self.core() {
            Some(board) => board.has_legal_moves(),
            None => engine::has_legal_moves(&self.setup(), self.rules()),
        }
    }

    fn halfmoves(&self) -> u32 {
        match self.core() {
            Some(board) => u32::from(board.halfmove_clock()),
            None => self.setup().halfmove_clock,
        }
    }

    fn insufficient(&self) -> bool {
        match self.core() {
            Some(board) => board.is_insufficient_material(),
            None => {
                let (setup, rules) = (self.setup(), self.rules());
                engine::has_insufficient_material(&setup, rules, true)
                    && engine::has_insufficient_material(&setup, rules, false)
            }
        }
    }

    /// The variant's own end, as python-chess's `outcome` checks it first.
    fn variant_end(&self) -> Option<Outcome> {
        use bitmoves::variant::Termination as Core;
        let white = self.setup().white();
        let (termination, winner) = match self.variant_termination()? {
            Core::VariantLoss => (Termination::VARIANT_LOSS, Some(!white)),
            Core::VariantWin => (Termination::VARIANT_WIN, Some(white)),
            _ => (Termination::VARIANT_DRAW, None),
        };
        Some(Outcome {
            termination,
            winner,
        })
    }

    /// Whether the 50- and 75-move rules hold in this variant (not in
    /// Crazyhouse, as python-chess's `CrazyhouseBoard._is_halfmoves`).
    fn halfmove_rules(&self) -> bool {
        self.variant != bitmoves::variant::VariantKind::Crazyhouse
    }

    fn halfmoves_at_least(&self, n: u32) -> bool {
        self.halfmove_rules() && self.halfmoves() >= n && self.has_moves()
    }

    /// The rules a position of the stack was read with.
    fn stacked(&self) -> Rules {
        Rules {
            pushed: true,
            ..self.rules()
        }
    }

    /// The legal moves with the positions they lead to.
    fn successors(&self) -> Vec<(PyMove, Pos)> {
        match self.state() {
            Pos::Legal(state) => {
                let board = state.board;
                board
                    .legal_moves()
                    .iter()
                    .map(|&mv| {
                        let mut next = board;
                        next.play_unchecked(mv);
                        let after = State {
                            board: next,
                            ep_square: None,
                        };
                        (PyMove::from_core(mv), Pos::Legal(after))
                    })
                    .collect()
            }
            Pos::General(setup) => {
                let rules = self.rules();
                engine::legal_moves(setup, rules)
                    .into_iter()
                    .map(|mv| {
                        let mut next = *setup;
                        engine::push(&mut next, rules, mv);
                        (mv, Pos::of(&next, self.chess960, self.variant))
                    })
                    .collect()
            }
        }
    }

    /// python-chess's `is_repetition`, walking the stack back.
    fn repetition(&self, mut count: i64) -> bool {
        let now = self.state();
        let occupied = now.setup().occupied();
        let mut maybe = 1;
        for index in (0..self.stack.len()).rev() {
            if self.entry(index).setup().occupied() == occupied {
                maybe += 1;
                if maybe >= count {
                    break;
                }
            }
        }
        if maybe < count {
            return false;
        }
        let rules = self.stacked();
        let key = now.key(self.rules());
        let mut after = *now;
        let mut len = self.stack.len();
        loop {
            if count <= 1 {
                return true;
            }
            if (len as i64) < count - 1 {
                return false;
            }
            len -= 1;
            let (before, mv) = (self.entry(len), self.stack[len].1);
            if is_irreversible_pos(&before, mv, &after, rules) {
                return false;
            }
            if before.key(rules) == key {
                count -= 1;
            }
            after = before;
        }
    }

    /// The positions since the last irreversible move, this one included.
    fn reversible_positions(&self) -> Vec<Position> {
        let rules = self.stacked();
        let mut positions = vec![self.state().key(self.rules())];
        let mut after = *self.state();
        for index in (0..self.stack.len()).rev() {
            let (before, mv) = (self.entry(index), self.stack[index].1);
            if is_irreversible_pos(&before, mv, &after, rules) {
                break;
            }
            positions.push(before.key(rules));
            after = before;
        }
        positions
    }

    fn threefold_claim(&self) -> bool {
        let positions = self.reversible_positions();
        let count = |key: &Position| positions.iter().filter(|p| *p == key).count();
        if count(&positions[0]) >= 3 {
            return true;
        }
        let rules = self.stacked();
        self.successors()
            .iter()
            .any(|(_, next)| count(&next.key(rules)) >= 2)
    }

    fn fifty_claim(&self) -> bool {
        if !self.halfmove_rules() {
            return false;
        }
        if self.halfmoves_at_least(100) {
            return true;
        }
        if self.halfmoves() < 99 {
            return false;
        }
        let setup = self.setup();
        let rules = self.stacked();
        self.successors().iter().any(|(mv, next)| {
            if engine::kinds::is_zeroing(&setup, *mv) {
                return false;
            }
            let halfmoves = next.setup().halfmove_clock;
            let moves = match next {
                Pos::Legal(state) => state.board.has_legal_moves(),
                Pos::General(s) => engine::has_legal_moves(s, rules),
            };
            halfmoves >= 100 && moves
        })
    }

    /// python-chess's `outcome`, in its order of precedence.
    fn outcome_now(&self, claim_draw: bool) -> Option<Outcome> {
        let draw = |termination| {
            Some(Outcome {
                termination,
                winner: None,
            })
        };
        if let Some(outcome) = self.variant_end() {
            return Some(outcome);
        }
        if self.is_check() && !self.has_moves() {
            return Some(Outcome {
                termination: Termination::CHECKMATE,
                winner: Some(!self.setup().white()),
            });
        }
        if self.insufficient() {
            return draw(Termination::INSUFFICIENT_MATERIAL);
        }
        if !self.has_moves() {
            return draw(Termination::STALEMATE);
        }
        if self.halfmoves_at_least(150) {
            return draw(Termination::SEVENTYFIVE_MOVES);
        }
        if self.repetition(5) {
            return draw(Termination::FIVEFOLD_REPETITION);
        }
        if claim_draw {
            if self.fifty_claim() {
                return draw(Termination::FIFTY_MOVES);
            }
            if self.threefold_claim() {
                return draw(Termination::THREEFOLD_REPETITION);
            }
        }
        None
    }
}

#[pymethods]
impl PyBoard {
    /// Whether the side to move is checkmated.
    #[pyo3(name = "_is_checkmate_native")]
    pub(super) fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_moves()
    }

    /// Whether the side to move has no legal move and is not in check.
    #[pyo3(name = "_is_stalemate_native")]
    pub(super) fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.is_variant_end() && !self.has_moves()
    }

    /// Whether neither side has the material to mate.
    /// Subclasses (python-chess's variants) that define their own
    /// `has_insufficient_material` are asked through it.
    fn is_insufficient_material(slf: &Bound<'_, Self>) -> PyResult<bool> {
        if slf.get_type().is(slf.py().get_type::<PyBoard>()) {
            return Ok(slf.borrow().insufficient());
        }
        for color in [true, false] {
            let side: bool = slf
                .call_method1("has_insufficient_material", (color,))?
                .extract()?;
            if !side {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A halfmove clock of 100 or more, with a legal move left.
    fn is_fifty_moves(&self) -> bool {
        self.halfmoves_at_least(100)
    }

    /// A halfmove clock of 150 or more, with a legal move left.
    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_at_least(150)
    }

    /// Whether the position now has occurred `count` times (this one
    /// included) since the last irreversible move.
    #[pyo3(signature = (count=Int(3)), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: Int) -> bool {
        self.repetition(count.0)
    }

    /// The position a fifth time.
    fn is_fivefold_repetition(&self) -> bool {
        self.repetition(5)
    }

    /// Whether the side to move may claim the fifty-move rule, now or with
    /// a move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.fifty_claim()
    }

    /// Whether the side to move may claim threefold repetition, now or
    /// with a move.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.threefold_claim()
    }

    /// Fifty moves or threefold repetition may be claimed.
    fn can_claim_draw(&self) -> bool {
        self.fifty_claim() || self.threefold_claim()
    }

    /// How the game ended, or `None`; with `claim_draw=True` the draws a
    /// player may claim count too.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "_outcome_native")]
    pub(super) fn outcome(&self, py: Python<'_>, claim_draw: bool) -> PyResult<Option<Py<PyAny>>> {
        self.outcome_now(claim_draw)
            .map(|outcome| outcome.object(py))
            .transpose()
    }

    /// Whether `outcome(claim_draw=...)` is not `None`.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "_is_game_over_native")]
    pub(super) fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_now(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "_result_native")]
    pub(super) fn result(&self, claim_draw: bool) -> &'static str {
        self.outcome_now(claim_draw).map_or("*", |o| o.result())
    }
}
