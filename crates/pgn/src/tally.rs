//! [`Tally`]: a visitor in front of the caller's that counts its calls
//! and keeps its answers, so that a game whose reading was abandoned
//! part way (see `reader.rs`) can be read again from its start without
//! the caller seeing any call twice.

use crate::{Flow, VariantPosition, Visitor};
use bitmoves::{Board, Move};

/// Counts and forwards calls (`record`, `RECORD` true), or swallows the
/// first `skip` calls, answering them as they were answered before
/// (`replay`). Which it does is part of the type: recording, on every
/// game read in one pass, costs one count per call.
pub(crate) struct Tally<'a, V: ?Sized, const RECORD: bool> {
    inner: &'a mut V,
    /// Calls forwarded so far (recording), or still to swallow (replay).
    calls: usize,
    /// The answers of the `begin_*` calls, in order: pushed when
    /// recording, read from `next` on when replaying.
    answers: Answers<'a>,
    next: usize,
}

/// Where the answers go or come from.
enum Answers<'a> {
    Record(&'a mut Vec<Flow>),
    Replay(&'a [Flow]),
}

impl<'a, V: Visitor + ?Sized> Tally<'a, V, true> {
    /// Forwards every call to `inner`, counting them and keeping the
    /// answers in `answers`.
    pub(crate) fn record(inner: &'a mut V, answers: &'a mut Vec<Flow>) -> Self {
        Self {
            inner,
            calls: 0,
            answers: Answers::Record(answers),
            next: 0,
        }
    }

    /// How many calls were forwarded.
    pub(crate) fn calls(&self) -> usize {
        self.calls
    }
}

impl<'a, V: Visitor + ?Sized> Tally<'a, V, false> {
    /// Swallows the first `calls` calls (answering those that ask with
    /// `answers`, in order), then forwards.
    pub(crate) fn replay(inner: &'a mut V, calls: usize, answers: &'a [Flow]) -> Self {
        Self {
            inner,
            calls,
            answers: Answers::Replay(answers),
            next: 0,
        }
    }
}

impl<V: Visitor + ?Sized, const RECORD: bool> Tally<'_, V, RECORD> {
    /// Whether this call goes to the caller's visitor; counts it.
    #[inline(always)]
    fn pass(&mut self) -> bool {
        if RECORD {
            self.calls += 1;
            true
        } else if self.calls > 0 {
            self.calls -= 1;
            false
        } else {
            true
        }
    }

    /// A call that answers: forwarded (and its answer kept), or answered
    /// as before.
    fn ask(&mut self, call: impl FnOnce(&mut V) -> Flow) -> Flow {
        if self.pass() {
            let answer = call(self.inner);
            if let Answers::Record(answers) = &mut self.answers {
                answers.push(answer);
            }
            answer
        } else {
            let Answers::Replay(answers) = &self.answers else {
                unreachable!("only a replay swallows calls")
            };
            self.next += 1;
            answers[self.next - 1]
        }
    }
}

impl<V: Visitor + ?Sized, const RECORD: bool> Visitor for Tally<'_, V, RECORD> {
    fn begin_game(&mut self, number: u64) -> Flow {
        self.ask(|v| v.begin_game(number))
    }

    fn tag(&mut self, name: &str, value: &str) {
        if self.pass() {
            self.inner.tag(name, value);
        }
    }

    fn begin_moves(&mut self, start: &Board) -> Flow {
        self.ask(|v| v.begin_moves(start))
    }

    #[inline(always)]
    fn play(&mut self, board: &Board, mv: Move, san: &str) {
        if self.pass() {
            self.inner.play(board, mv, san);
        }
    }

    fn null_move(&mut self, board: &Board) {
        if self.pass() {
            self.inner.null_move(board);
        }
    }

    fn nag(&mut self, nag: u8) {
        if self.pass() {
            self.inner.nag(nag);
        }
    }

    fn comment(&mut self, text: &str) {
        if self.pass() {
            self.inner.comment(text);
        }
    }

    fn begin_variation(&mut self) -> Flow {
        self.ask(|v| v.begin_variation())
    }

    fn end_variation(&mut self) {
        if self.pass() {
            self.inner.end_variation();
        }
    }

    fn result(&mut self, result: &str) {
        if self.pass() {
            self.inner.result(result);
        }
    }

    fn end_game(&mut self, board: &Board) {
        if self.pass() {
            self.inner.end_game(board);
        }
    }

    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        self.ask(|v| v.begin_variant_moves(start))
    }

    fn play_variant(&mut self, position: &VariantPosition, mv: Move, san: &str) {
        if self.pass() {
            self.inner.play_variant(position, mv, san);
        }
    }

    fn null_variant(&mut self, position: &VariantPosition) {
        if self.pass() {
            self.inner.null_variant(position);
        }
    }

    fn end_variant_game(&mut self, position: &VariantPosition) {
        if self.pass() {
            self.inner.end_variant_game(position);
        }
    }
}
