//! [`Replay`]: what the movetext reader (`movetext.rs`) needs of the
//! position it replays moves on, so that one tokenizer reads every game:
//! the fast [`Board`] for standard chess and Chess960, and a
//! [`VariantPosition`](crate::VariantPosition) for the variants (its
//! implementation is in `variant.rs`). Each implementation plays a word,
//! says why it cannot, and makes the visitor's calls for its kind of
//! position.

use crate::Visitor;
use crate::error::{ErrorKind, Stop, illegal, shorten};
use bitmoves::{Board, Move, SanError};
use std::cell::Cell;

/// A line of play: its position, and the position before its last move
/// (where a variation of that move starts).
#[derive(Clone, Copy)]
pub(crate) struct Level<P> {
    pub board: P,
    pub before: Option<P>,
}

/// A position that the movetext reader replays a line of play on.
pub(crate) trait Replay: Copy {
    /// Plays the move written at the start of `text` when it is in a
    /// shape read straight from the text ([`Board::play_san_prefix`]);
    /// returns it and its length, `None` (the position unchanged)
    /// otherwise.
    fn play_prefix(&mut self, text: &[u8]) -> Option<(Move, usize)>;

    /// Plays `san` (ASCII, without its marks), the word `text[start..end]`
    /// with anything before the move cut off; `before` is the position
    /// before it (a copy of `self`). After an error the game is over.
    fn play_word(
        &mut self,
        before: &Self,
        san: &[u8],
        text: &[u8],
        start: usize,
        end: usize,
    ) -> Result<Move, Stop>;

    /// Plays a null move, the word at `start` being `san`.
    fn play_null(&mut self, san: &[u8], start: usize) -> Result<(), Stop>;

    /// Tells `visitor` of the move `mv`, written `san`, played from
    /// `before`.
    fn visit_move<V: Visitor + ?Sized>(visitor: &mut V, before: &Self, mv: Move, san: &str);

    /// Tells `visitor` of a null move played from `before`.
    fn visit_null<V: Visitor + ?Sized>(visitor: &mut V, before: &Self);

    /// Tells `visitor` that the game ended in `end`.
    fn visit_end<V: Visitor + ?Sized>(visitor: &mut V, end: &Self);

    /// An empty variation stack, with room from an earlier game.
    fn spare_levels() -> Vec<Level<Self>>;

    /// Keeps an emptied variation stack for the next game.
    fn keep_levels(levels: Vec<Level<Self>>);
}

thread_local! {
    /// The variation stack of the standard game read last on this thread,
    /// emptied, for the next game read here: it grows only to the deepest
    /// nesting seen, once.
    static SPARE_LEVELS: Cell<Vec<Level<Board>>> = const { Cell::new(Vec::new()) };
}

impl Replay for Board {
    #[inline(always)]
    fn play_prefix(&mut self, text: &[u8]) -> Option<(Move, usize)> {
        self.play_san_prefix(text)
    }

    #[inline(always)]
    fn play_word(
        &mut self,
        before: &Self,
        san: &[u8],
        text: &[u8],
        start: usize,
        end: usize,
    ) -> Result<Move, Stop> {
        // SAFETY: the reader hands over ASCII only, which is valid UTF-8.
        let san_text = unsafe { std::str::from_utf8_unchecked(san) };
        match self.play_san(san_text) {
            Ok(mv) => Ok(mv),
            // Long algebraic without its piece letter (`g1f3`), as some
            // engines write it: UCI.
            Err(error) => match (before.parse_move(san_text), error) {
                (Ok(mv), _) => {
                    self.play_unchecked(mv);
                    Ok(mv)
                }
                // An `x` where nothing is taken (`Nxc3` onto an empty
                // square): python-chess reads past it.
                (Err(_), error @ SanError::NoSuchMove { .. }) if san.contains(&b'x') => {
                    play_without_capture_mark(self, san)
                        .ok_or_else(|| Stop::Failed(start, illegal(san, error, before)))
                }
                (Err(_), SanError::Syntax { .. }) => Err(unexpected(text, start, end)),
                (Err(_), error) => Err(Stop::Failed(start, illegal(san, error, before))),
            },
        }
    }

    #[inline(always)]
    fn play_null(&mut self, _san: &[u8], start: usize) -> Result<(), Stop> {
        let before = *self;
        Board::play_null(self).map_err(|_| {
            let fen = before.to_string();
            Stop::Failed(start, ErrorKind::NullMoveInCheck { fen })
        })
    }

    #[inline(always)]
    fn visit_move<V: Visitor + ?Sized>(visitor: &mut V, before: &Self, mv: Move, san: &str) {
        visitor.play(before, mv, san);
    }

    #[inline(always)]
    fn visit_null<V: Visitor + ?Sized>(visitor: &mut V, before: &Self) {
        visitor.null_move(before);
    }

    #[inline(always)]
    fn visit_end<V: Visitor + ?Sized>(visitor: &mut V, end: &Self) {
        visitor.end_game(end);
    }

    fn spare_levels() -> Vec<Level<Self>> {
        SPARE_LEVELS.take()
    }

    fn keep_levels(levels: Vec<Level<Self>>) {
        SPARE_LEVELS.set(levels);
    }
}

/// Plays `san` read without its `x` marks, for a capture mark where
/// nothing is taken (`Nxc3` onto an empty square); `None`, the board
/// unchanged, when that names no legal move either.
#[cold]
#[inline(never)]
fn play_without_capture_mark(board: &mut Board, san: &[u8]) -> Option<Move> {
    let plain: Vec<u8> = san.iter().copied().filter(|&b| b != b'x').collect();
    board.play_san(std::str::from_utf8(&plain).ok()?).ok()
}

/// The error for unexpected text at `text[at..end]`.
pub(crate) fn unexpected(text: &[u8], at: usize, end: usize) -> Stop {
    Stop::Failed(
        at,
        ErrorKind::Unexpected {
            text: shorten(&text[at..end.max(at + 1).min(text.len())]),
        },
    )
}
