//! [`GameRow`]: what one game gives the dataset (tags, the mainline's
//! moves with their clocks and evaluations, the final position, the
//! error), and the visitor that reads it.

use super::clock_eval::{self, Eval};
use super::san;
use super::tags::Tags;
use crate::{Flow, PendingGame, VariantPosition, Visitor};
use bitmoves::variant::uci;
use bitmoves::{Board, Move};
use std::fmt::Write as _;

/// The standard start as bitmoves writes it.
const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One game, read for the dataset.
#[derive(Debug, Default, Clone)]
pub(crate) struct GameRow {
    /// The game's number in its input, from 1.
    pub number: u64,
    pub tags: Tags,
    /// The start position's FEN when it is not the standard start (nor,
    /// in a variant game, the variant's start).
    pub start_fen: Option<String>,
    /// A variant game's variant, by python-chess's `uci_variant`
    /// (`crazyhouse`, `3check`, …); `None` for standard chess and Chess960.
    pub variant: Option<&'static str>,
    /// The mainline's moves in UCI, one after another; `uci_ends[i]` is
    /// where move `i` ends.
    pub uci: String,
    pub uci_ends: Vec<u32>,
    /// The same in normalised SAN.
    pub san: String,
    pub san_ends: Vec<u32>,
    /// Per ply: the clock (seconds) and evaluation of its comments.
    pub clocks: Vec<Option<f64>>,
    pub evals: Vec<Option<Eval>>,
    /// Per ply, when positions are kept: the FEN of the position the move
    /// was played from, one after another, with `fen_ends`.
    pub fens: String,
    pub fen_ends: Vec<u32>,
    /// The position after the moves read.
    pub final_fen: String,
    /// The result token of the movetext (empty when it has none).
    pub result: String,
    /// Why the game could not be read whole.
    pub error: Option<GameError>,
}

/// Why a game could not be read whole, as its row and its
/// [`GameOutcome`](super::GameOutcome) say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum GameError {
    /// The game is wrong or damaged: the reader's message.
    Failed(String),
    /// The game was skipped, which is only a note (a variant the dataset
    /// does not replay): the reader's message.
    Skipped(String),
}

impl GameError {
    /// The message, as the `error` column holds it.
    pub fn message(&self) -> &str {
        match self {
            GameError::Failed(message) | GameError::Skipped(message) => message,
        }
    }

    /// Whether it only says the game was skipped.
    pub fn is_note(&self) -> bool {
        matches!(self, GameError::Skipped(_))
    }
}

impl GameRow {
    /// The number of plies read.
    pub fn plies(&self) -> usize {
        self.uci_ends.len()
    }

    /// The result: the movetext's token, else the `Result` tag (as
    /// `--positions` prints it).
    pub fn result(&self) -> Option<&str> {
        let token = (!self.result.is_empty()).then_some(self.result.as_str());
        token.or(self.tags.get("Result"))
    }

    /// Forgets the game, keeping the memory for the next.
    fn clear(&mut self) {
        self.number = 0;
        self.tags.clear();
        self.start_fen = None;
        self.variant = None;
        self.uci.clear();
        self.uci_ends.clear();
        self.san.clear();
        self.san_ends.clear();
        self.clocks.clear();
        self.evals.clear();
        self.fens.clear();
        self.fen_ends.clear();
        self.final_fen.clear();
        self.result.clear();
        self.error = None;
    }
}

/// Reads `game` into `row` (a spent row, whose memory is reused);
/// `positions` keeps each position's FEN.
pub(crate) fn read(game: PendingGame<'_>, positions: bool, mut row: GameRow) -> GameRow {
    row.clear();
    let mut visitor = RowVisitor {
        row,
        positions,
        after_move: false,
        comment: String::new(),
        last: None,
        check: false,
        variant_after: None,
    };
    visitor.row.number = game.number();
    let outcome = game.read(&mut visitor);
    visitor.close_comment();
    let after = visitor.last.and_then(Last::after);
    let variant_after = visitor.variant_after;
    let mut row = visitor.row;
    if visitor.check
        && let Some(board) = &after
    {
        san::mate_mark(&mut row.san, board);
    }
    if let Err(error) = outcome {
        let message = error.to_string();
        row.error = Some(if error.is_note() {
            GameError::Skipped(message)
        } else {
            GameError::Failed(message)
        });
        if let Some(position) = variant_after {
            row.final_fen = position.fen();
        } else if let Some(board) = after {
            row.final_fen.clear();
            let _ = write!(row.final_fen, "{board}");
        }
    }
    row
}

/// The last position the reader showed, to find where a failed game
/// stopped.
#[derive(Debug, Clone, Copy)]
enum Last {
    Start(Board),
    Move(Board, Move),
    Null(Board),
}

impl Last {
    /// The position after it.
    fn after(self) -> Option<Board> {
        match self {
            Self::Start(board) => Some(board),
            Self::Move(mut board, mv) => {
                board.play_unchecked(mv);
                Some(board)
            }
            Self::Null(mut board) => board.play_null().ok().map(|()| board),
        }
    }
}

/// The visitor that fills a [`GameRow`]: the mainline only (variations
/// are skipped), each move's comments joined by spaces as python-chess
/// joins them, those after a variation included.
struct RowVisitor {
    row: GameRow,
    positions: bool,
    /// Whether the comments now belong to the last mainline move.
    after_move: bool,
    /// The comments of the last mainline move, joined by spaces.
    comment: String,
    last: Option<Last>,
    /// Whether the last move's SAN ends in a `+` that is `#` if the
    /// position after it has no legal move (`san::write`).
    check: bool,
    /// In a variant game, the position after the last move read (where a
    /// failed game stopped).
    variant_after: Option<VariantPosition>,
}

impl RowVisitor {
    /// Reads the clock and evaluation of the last move's comments.
    fn close_comment(&mut self) {
        if self.comment.is_empty() {
            return;
        }
        if let (Some(clock), Some(eval)) = (self.row.clocks.last_mut(), self.row.evals.last_mut()) {
            *clock = clock_eval::clock(&self.comment);
            *eval = clock_eval::eval(&self.comment);
        }
        self.comment.clear();
    }

    /// Adds a mainline move (`None`: a null move), played from `board`,
    /// written `written` in the file, in UCI (by `write_uci`, without
    /// formatting machinery: this is the hot path) and normalised SAN
    /// (`san::write`).
    fn push(&mut self, board: &Board, mv: Option<Move>, written: &str) {
        self.close_comment();
        let row = &mut self.row;
        match mv {
            Some(mv) => {
                write_uci(&mut row.uci, mv);
                self.check = san::write(board, mv, written, &mut row.san);
            }
            None => {
                if self.check {
                    san::mate_mark(&mut row.san, board);
                }
                self.check = false;
                row.uci.push_str("0000");
                row.san.push_str("--");
            }
        }
        row.uci_ends.push(row.uci.len() as u32);
        row.san_ends.push(row.san.len() as u32);
        row.clocks.push(None);
        row.evals.push(None);
        if self.positions {
            let _ = write!(row.fens, "{board}");
            row.fen_ends.push(row.fens.len() as u32);
        }
        self.after_move = true;
    }
}

impl RowVisitor {
    /// Adds a mainline move of a variant game, played from `position`:
    /// its UCI (a drop `N@e4`) and its SAN as python-chess writes it.
    fn push_variant(&mut self, position: &VariantPosition, uci: &dyn std::fmt::Display, san: &str) {
        self.close_comment();
        let row = &mut self.row;
        let _ = write!(row.uci, "{uci}");
        row.san.push_str(san);
        row.uci_ends.push(row.uci.len() as u32);
        row.san_ends.push(row.san.len() as u32);
        row.clocks.push(None);
        row.evals.push(None);
        if self.positions {
            row.fens.push_str(&position.fen());
            row.fen_ends.push(row.fens.len() as u32);
        }
        self.after_move = true;
    }
}

/// Appends `mv` in UCI, as its `Display` writes it.
fn write_uci(text: &mut String, mv: Move) {
    for square in [mv.from, mv.to] {
        text.push(square.file().to_char());
        text.push(square.rank().to_char());
    }
    if let Some(piece) = mv.promotion {
        text.push(piece.to_char());
    }
}

impl Visitor for RowVisitor {
    fn tag(&mut self, name: &str, value: &str) {
        self.row.tags.insert(name, value);
    }

    fn begin_moves(&mut self, start: &Board) -> Flow {
        // Without a FEN tag a game starts from the standard position, in
        // Chess960 mode for a Chess960 game (whose FEN is then written).
        if self.row.tags.fen().is_some() || start.is_chess960() {
            let fen = start.to_string();
            if fen != STANDARD_FEN {
                self.row.start_fen = Some(fen);
            }
        }
        self.last = Some(Last::Start(*start));
        Flow::Continue
    }

    fn play(&mut self, board: &Board, mv: Move, san: &str) {
        self.push(board, Some(mv), san);
        self.last = Some(Last::Move(*board, mv));
    }

    fn null_move(&mut self, board: &Board) {
        self.push(board, None, "--");
        self.last = Some(Last::Null(*board));
    }

    fn comment(&mut self, text: &str) {
        // Annotations start with `[`: the comments before the first `[`
        // of a move need not be kept.
        let keep = !self.comment.is_empty() || memchr::memchr(b'[', text.as_bytes()).is_some();
        if !self.after_move || !keep {
            return;
        }
        if !self.comment.is_empty() {
            self.comment.push(' ');
        }
        self.comment.push_str(text);
    }

    fn result(&mut self, result: &str) {
        self.row.result.clear();
        self.row.result.push_str(result);
    }

    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        let kind = start.kind();
        self.row.variant = Some(kind.uci_name());
        let fen = start.fen();
        let setup = bitmoves::setup::Setup::from_fen(kind.start_fen()).unwrap_or_default();
        let standard = VariantPosition::for_game(kind, setup).map(|p| p.fen());
        if standard.as_deref() != Some(fen.as_str()) {
            self.row.start_fen = Some(fen);
        }
        self.variant_after = Some(*start);
        Flow::Continue
    }

    fn play_variant(&mut self, position: &VariantPosition, mv: Move, _san: &str) {
        // Variations are skipped: every move here is the mainline's.
        let san = position.san(mv);
        self.push_variant(
            position,
            &uci(mv),
            san.as_ref().map_or("", |san| san.as_str()),
        );
        let mut after = *position;
        after.play(mv);
        self.variant_after = Some(after);
    }

    fn null_variant(&mut self, position: &VariantPosition) {
        self.push_variant(position, &"0000", "--");
        let mut after = *position;
        after.play_null();
        self.variant_after = Some(after);
    }

    fn end_variant_game(&mut self, position: &VariantPosition) {
        self.row.final_fen = position.fen();
    }

    fn end_game(&mut self, board: &Board) {
        if self.check {
            san::mate_mark(&mut self.row.san, board);
            self.check = false;
        }
        self.row.final_fen.clear();
        let _ = write!(self.row.final_fen, "{board}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_start_is_written_as_bitmoves_writes_it() {
        assert_eq!(Board::default().to_string(), STANDARD_FEN);
    }

    #[test]
    fn uci_is_written_as_moves_display_it() {
        for uci in ["e2e4", "a7a8q", "h2h1n", "e1h1"] {
            let mv: Move = uci.parse().expect("uci");
            let mut text = String::new();
            write_uci(&mut text, mv);
            assert_eq!(text, mv.to_string());
        }
    }
}
