//! [`Visitor`]: what the reader calls as it reads a game, and [`Flow`],
//! the visitor's answer where it may skip.

use crate::VariantPosition;
use bitmoves::{Board, Move};

/// Whether to read on or skip: the answer to
/// [`Visitor::begin_game`], [`Visitor::begin_moves`] and
/// [`Visitor::begin_variation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read what follows.
    Continue,
    /// Skip it: the game, its moves, or the variation (whose moves are then
    /// not checked).
    Skip,
}

/// What the reader calls for each game, in the order of the text.
///
/// Every method has a default that does nothing (and skips variations),
/// so a visitor implements only what it needs. Nothing is allocated per
/// move: the text handed out borrows the reader's buffer, and the board
/// is the reader's.
///
/// When a game fails (an illegal move, say) the reader stops calling the
/// visitor for it, without [`end_game`](Visitor::end_game), and returns
/// the error; a visitor that keeps per-game state resets it in
/// [`begin_game`](Visitor::begin_game).
///
/// ```
/// use bitmoves::{Board, Move};
/// use bitmoves_pgn::{Reader, Visitor};
///
/// /// Counts the plies of each game's mainline.
/// struct Plies(usize);
/// impl Visitor for Plies {
///     fn begin_game(&mut self, _number: u64) -> bitmoves_pgn::Flow {
///         self.0 = 0;
///         bitmoves_pgn::Flow::Continue
///     }
///     fn play(&mut self, _board: &Board, _mv: Move, _san: &str) {
///         self.0 += 1;
///     }
/// }
///
/// let pgn = "[White \"A\"]\n\n1. e4 e5 (1... c5) 2. Nf3 *\n\n1. d4 d5 *\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut plies = Plies(0);
/// let mut counts = Vec::new();
/// while let Some(result) = reader.read_game(&mut plies) {
///     result?;
///     counts.push(plies.0);
/// }
/// assert_eq!(counts, [3, 2]);
/// # Ok::<(), bitmoves_pgn::PgnError>(())
/// ```
pub trait Visitor {
    /// A game starts; `number` counts from 1 in the input.
    fn begin_game(&mut self, number: u64) -> Flow {
        let _ = number;
        Flow::Continue
    }

    /// A tag pair, in file order, its value unescaped (`\"`, `\\`).
    fn tag(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }

    /// The tags are read; the moves start from `start` (from the `FEN`
    /// tag, in Chess960 mode for a Chess960 `Variant`).
    fn begin_moves(&mut self, start: &Board) -> Flow {
        let _ = start;
        Flow::Continue
    }

    /// A legal move `mv`, written `san` (as in the text, without its
    /// `!`/`?` marks), played from `board`.
    fn play(&mut self, board: &Board, mv: Move, san: &str) {
        let _ = (board, mv, san);
    }

    /// A null move (`--`, `Z0`, `0000` or `@@@@`): the side to move passes
    /// in `board` (never in check).
    fn null_move(&mut self, board: &Board) {
        let _ = board;
    }

    /// A numeric annotation glyph: `$n`, or `!` (1), `?` (2), `!!` (3),
    /// `??` (4), `!?` (5), `?!` (6) after a move.
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// A `{…}` comment, without its braces and one space inside each.
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// A variation starts: an alternative to the last move played. The
    /// default skips it.
    fn begin_variation(&mut self) -> Flow {
        Flow::Skip
    }

    /// The variation entered last ends.
    fn end_variation(&mut self) {}

    /// The game's result token (`1-0`, `0-1`, `1/2-1/2` or `*`).
    fn result(&mut self, result: &str) {
        let _ = result;
    }

    /// The game ends; `board` is the position after its mainline.
    fn end_game(&mut self, board: &Board) {
        let _ = board;
    }

    /// The tags name a variant (Crazyhouse, Atomic, …: a `Variant` tag
    /// other than standard chess and Chess960) and its moves start from
    /// `start`. The default skips the game, which then reads as
    /// [`ErrorKind::Variant`](crate::ErrorKind::Variant), a note; a
    /// visitor that continues gets [`play_variant`](Visitor::play_variant)
    /// for each move and [`null_variant`](Visitor::null_variant) for each
    /// null move, in the mainline and in the variations it enters
    /// ([`begin_variation`](Visitor::begin_variation) as for any game),
    /// [`comment`](Visitor::comment), [`nag`](Visitor::nag) and
    /// [`result`](Visitor::result) as for any game, and
    /// [`end_variant_game`](Visitor::end_variant_game) in place of
    /// [`end_game`](Visitor::end_game).
    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        let _ = start;
        Flow::Skip
    }

    /// A legal move `mv` of a variant game (a drop is a move whose
    /// `from` equals its `to`, see [`bitmoves::variant::drop_move`]),
    /// written `san`, played from `position`.
    fn play_variant(&mut self, position: &VariantPosition, mv: Move, san: &str) {
        let _ = (position, mv, san);
    }

    /// A null move in a variant game: the side to move passes in
    /// `position` (never in check).
    fn null_variant(&mut self, position: &VariantPosition) {
        let _ = position;
    }

    /// A variant game ends; `position` is the one after its mainline.
    fn end_variant_game(&mut self, position: &VariantPosition) {
        let _ = position;
    }
}
