//! [`Game`]: a game read whole into owned memory (tags in order, the move
//! tree with comments, NAGs and variations, the result), and the visitor
//! that builds it, [`GameBuilder`].

use crate::{Flow, PgnError, Reader, VariantPosition, Visitor};
use bitmoves::{Board, Move};
use std::io::BufRead;

/// A game, owned: what [`Game::read`] builds and [`Game`]'s
/// [`Display`](std::fmt::Display) writes back as PGN.
///
/// ```
/// use bitmoves_pgn::{Game, Reader};
/// let pgn = "1. e4 {best by test} e5 (1... c5 $1) 2. Nf3 *";
/// let game = Game::read(&mut Reader::new(pgn.as_bytes())).expect("a game")?;
/// assert_eq!(game.moves.moves[0].comments, ["best by test"]);
/// assert_eq!(game.moves.moves[1].variations[0].moves[0].nags, [1]);
/// let written = game.to_string();
/// let again = Game::read(&mut Reader::new(written.as_bytes())).expect("a game")?;
/// assert_eq!(again.moves, game.moves);
/// # Ok::<(), bitmoves_pgn::PgnError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The tag pairs in the order of the text, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The starting position (from the `FEN` tag, else the standard one;
    /// the standard start for a variant game).
    pub start: Board,
    /// A variant game's starting position (Crazyhouse, Atomic, …: read by
    /// a [`GameBuilder::with_variants`]); its moves are the variant's
    /// (a drop's `from` equals its `to`). `None` for standard chess and
    /// Chess960.
    pub variant: Option<VariantPosition>,
    /// The mainline.
    pub moves: Line,
    /// The result token at the end of the movetext, if any.
    pub result: Option<String>,
}

/// A line of play: the mainline or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves, in order.
    pub moves: Vec<Node>,
}

/// A move in a [`Line`], with what the text said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The move, or `None` for a null move (`--`).
    pub mv: Option<Move>,
    /// Its NAGs (`!` reads as 1, `?` as 2, …).
    pub nags: Vec<u8>,
    /// The comments after it.
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting from the position before
    /// it.
    pub variations: Vec<Line>,
}

impl Game {
    /// A game from `start` with no tags and no moves.
    pub fn new(start: Board) -> Self {
        Self {
            tags: Vec::new(),
            start,
            variant: None,
            moves: Line::default(),
            result: None,
        }
    }

    /// Reads the next game of `reader` whole, variations included: `None`
    /// at the end of the input.
    pub fn read<R: BufRead>(reader: &mut Reader<R>) -> Option<Result<Game, PgnError>> {
        let mut builder = GameBuilder::new();
        Some(reader.read_game(&mut builder)?.map(|()| builder.finish()))
    }

    /// Reads a game handed out by [`Reader::next_game`] whole (for
    /// [`read_parallel`](crate::read_parallel)).
    pub fn from_pending(game: crate::PendingGame<'_>) -> Result<Game, PgnError> {
        let mut builder = GameBuilder::new();
        game.read(&mut builder).map(|()| builder.finish())
    }

    /// Reads a game cut by [`Reader::next_raw`] whole.
    pub fn from_raw(raw: &mut crate::RawGame) -> Result<Game, PgnError> {
        Self::from_pending(crate::PendingGame::raw(raw))
    }

    /// The value of the tag called `name`; where the game repeats a tag,
    /// the last one's, as python-chess keeps it (and as the writer and the
    /// `FEN` tag's reading take it).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The mainline's moves (`None` for a null move).
    pub fn mainline(&self) -> impl Iterator<Item = Option<Move>> + '_ {
        self.moves.moves.iter().map(|node| node.mv)
    }

    /// The position after the mainline of a variant game; `None` for
    /// standard chess and Chess960 (see [`end`](Game::end)).
    pub fn variant_end(&self) -> Option<VariantPosition> {
        let mut position = self.variant?;
        for mv in self.mainline() {
            match mv {
                Some(mv) => position.play(mv),
                None => position.play_null(),
            }
        }
        Some(position)
    }

    /// The position after the mainline (of a standard or Chess960 game:
    /// a variant game's is [`variant_end`](Game::variant_end)).
    pub fn end(&self) -> Board {
        let mut board = self.start;
        for mv in self.mainline() {
            match mv {
                Some(mv) => board.play_unchecked(mv),
                // The reader never plays a null move in check.
                None => board.play_null().unwrap_or(()),
            }
        }
        board
    }
}

/// The visitor that builds a [`Game`], as [`Game::read`] does: entering
/// every variation ([`GameBuilder::new`]) or the mainline only
/// ([`GameBuilder::mainline`]). Read with it directly to keep what a game
/// held up to an error: [`finish`](GameBuilder::finish) gives the game
/// built so far whether or not the reading failed.
///
/// ```
/// use bitmoves_pgn::{GameBuilder, Reader};
/// let mut reader = Reader::new("1. e4 (1. d4) e5 2. Nf3 Nf6 3. Qxf7 *".as_bytes());
/// let mut builder = GameBuilder::mainline();
/// assert!(reader.read_game(&mut builder).expect("a game").is_err());
/// assert_eq!(builder.number(), 1);
/// let game = builder.finish();
/// assert_eq!(game.moves.moves.len(), 4);
/// assert!(game.moves.moves[0].variations.is_empty());
/// ```
#[derive(Debug, Default)]
pub struct GameBuilder {
    /// The game's number in the input, from 1 (0 before the first).
    number: u64,
    /// Whether variations are skipped (the mainline only).
    mainline_only: bool,
    /// Whether variant games are read (else skipped, as a note).
    variants: bool,
    tags: Vec<(String, String)>,
    start: Option<Board>,
    variant: Option<VariantPosition>,
    /// The lines being built: the mainline, then each open variation.
    lines: Vec<Line>,
    result: Option<String>,
}

impl GameBuilder {
    /// A builder that enters every variation, as [`Game::read`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder that skips variations: the game's mainline only.
    pub fn mainline() -> Self {
        Self {
            mainline_only: true,
            ..Self::default()
        }
    }

    /// The same builder, reading variant games too (Crazyhouse, Atomic,
    /// …: their [`Game::variant`] set), where the default skips each as an
    /// [`ErrorKind::Variant`](crate::ErrorKind::Variant) note.
    ///
    /// ```
    /// use bitmoves_pgn::{GameBuilder, Reader};
    /// let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e6 (3. P@d6) *\n";
    /// let mut builder = GameBuilder::new().with_variants();
    /// Reader::new(pgn.as_bytes()).read_game(&mut builder).expect("a game")?;
    /// let game = builder.finish();
    /// assert!(game.variant.is_some());
    /// assert_eq!(game.moves.moves[4].variations.len(), 1);
    /// assert!(game.to_string().ends_with("3. @e6 (3. @d6) *\n"));
    /// # Ok::<(), bitmoves_pgn::PgnError>(())
    /// ```
    pub fn with_variants(self) -> Self {
        Self {
            variants: true,
            ..self
        }
    }

    /// The number of the game last begun, from 1 in the input (0 before
    /// the first).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The game built: the whole game after a reading that succeeded, and
    /// what was read before the error after one that failed.
    pub fn finish(mut self) -> Game {
        Game {
            tags: self.tags,
            start: self.start.unwrap_or_default(),
            variant: self.variant,
            moves: self.lines.drain(..).next().unwrap_or_default(),
            result: self.result,
        }
    }

    fn push(&mut self, mv: Option<Move>) {
        self.line().moves.push(Node {
            mv,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
    }

    fn line(&mut self) -> &mut Line {
        if self.lines.is_empty() {
            self.lines.push(Line::default());
        }
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }
}

impl Visitor for GameBuilder {
    fn begin_game(&mut self, number: u64) -> Flow {
        *self = Self {
            number,
            mainline_only: self.mainline_only,
            variants: self.variants,
            ..Self::default()
        };
        Flow::Continue
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_owned(), value.to_owned()));
    }

    fn begin_moves(&mut self, start: &Board) -> Flow {
        self.start = Some(*start);
        Flow::Continue
    }

    fn play(&mut self, _board: &Board, mv: Move, _san: &str) {
        self.push(Some(mv));
    }

    fn null_move(&mut self, _board: &Board) {
        self.push(None);
    }

    fn nag(&mut self, nag: u8) {
        if let Some(node) = self.line().moves.last_mut() {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str) {
        let line = self.line();
        match line.moves.last_mut() {
            Some(node) => node.comments.push(text.to_owned()),
            None => line.comments.push(text.to_owned()),
        }
    }

    fn begin_variation(&mut self) -> Flow {
        if self.mainline_only {
            return Flow::Skip;
        }
        self.line();
        self.lines.push(Line::default());
        Flow::Continue
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            let variation = self.lines.pop().unwrap_or_default();
            if let Some(node) = self.line().moves.last_mut() {
                node.variations.push(variation);
            }
        }
    }

    fn result(&mut self, result: &str) {
        self.result = Some(result.to_owned());
    }

    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        if !self.variants {
            return Flow::Skip;
        }
        self.start = Some(Board::startpos());
        self.variant = Some(*start);
        Flow::Continue
    }

    fn play_variant(&mut self, _position: &VariantPosition, mv: Move, _san: &str) {
        self.push(Some(mv));
    }

    fn null_variant(&mut self, _position: &VariantPosition) {
        self.push(None);
    }
}
