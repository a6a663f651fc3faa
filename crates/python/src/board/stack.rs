//! The move stack of a `Board`: legal positions in `PyBoard::stack` as
//! the fast path pushes them, positions off the core beside it by index
//! (`PyBoard::general_stack`), read and changed only here.

use std::sync::LazyLock;

use bitmoves::Board;

use super::core_or_loose::Pos;
use super::pyboard::PyBoard;
use super::repetition_key::State;
use crate::values::PyMove;

/// The start position, read once: what a position off the core leaves in
/// `stack` in its place (reading the start FEN on every push was a third
/// of a variant board's `push`).
static START: LazyLock<Board> = LazyLock::new(Board::default);

impl PyBoard {
    /// The position the move stack starts from.
    pub fn root_state(&self) -> Pos {
        if self.stack.is_empty() {
            *self.state()
        } else {
            self.entry(0)
        }
    }

    /// The position before the move at `index` of the stack.
    pub fn entry(&self, index: usize) -> Pos {
        match self.general_stack.iter().rev().find(|(i, _)| *i <= index) {
            Some((i, setup)) if *i == index => Pos::General(*setup),
            _ => Pos::Legal(self.stack[index].0),
        }
    }

    /// Puts a position and the move played from it on the stack.
    pub fn push_entry(&mut self, before: Pos, mv: PyMove) {
        match before {
            Pos::Legal(state) => self.stack.push((state, mv)),
            Pos::General(setup) => {
                self.general_stack.push((self.stack.len(), setup));
                let start = State {
                    board: *START,
                    ep_square: None,
                };
                self.stack.push((start, mv));
            }
        }
    }

    /// Takes the last position and move off the stack.
    pub fn pop_entry(&mut self) -> Option<(Pos, PyMove)> {
        let (state, mv) = self.stack.pop()?;
        let index = self.stack.len();
        if self.general_stack.last().is_some_and(|(i, _)| *i >= index)
            && let Some((i, setup)) = self.general_stack.pop()
            && i == index
        {
            return Some((Pos::General(setup), mv));
        }
        Some((Pos::Legal(state), mv))
    }

    /// Empties the move stack.
    pub fn clear_moves(&mut self) {
        self.stack.clear();
        self.general_stack.clear();
    }

    /// Keeps the last `keep` moves of the stack.
    pub fn keep_last(&mut self, keep: usize) {
        let drop = self.stack.len() - keep.min(self.stack.len());
        self.stack.drain(..drop);
        self.general_stack.retain(|(i, _)| *i >= drop);
        for (i, _) in &mut self.general_stack {
            *i -= drop;
        }
    }
}
