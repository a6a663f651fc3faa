//! [`Splitter`]: cuts a byte stream into games, line by line, keeping
//! only the current game in memory.
//!
//! Where games start and end is the grammar's ([`grammar::classify`]);
//! the splitter reads the lines and follows the movetext's comments.

use crate::MAX_GAME_BYTES;
use crate::grammar::{self, BOM, LineKind, Phase};
use crate::input::fill;
use crate::raw::RawGame;
use memchr::{memchr, memchr2};
use std::io::{self, BufRead};

/// Cuts games out of a [`BufRead`], one at a time.
#[derive(Debug)]
pub struct Splitter<R> {
    input: R,
    /// The current game's bytes so far.
    current: Vec<u8>,
    phase: Phase,
    in_comment: bool,
    /// The number of the line being read, from 1.
    line: u64,
    /// The line the current game started on.
    game_line: u64,
    games: u64,
    too_long: bool,
    /// The last piece read ended inside a line (a line longer than the
    /// limit is read in pieces).
    mid_line: bool,
    at_start: bool,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter over `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            current: Vec::new(),
            phase: Phase::Between,
            in_comment: false,
            line: 1,
            game_line: 1,
            games: 0,
            too_long: false,
            mid_line: false,
            at_start: true,
        }
    }

    /// A splitter over `input` that starts between games, past the
    /// input's start (no BOM looked for), `games` games and `line - 1`
    /// lines into a longer text.
    pub fn resume(input: R, games: u64, line: u64) -> Self {
        Self {
            games,
            line,
            at_start: false,
            ..Self::new(input)
        }
    }

    /// Cuts the next game into `game`; `false` at the end of the input.
    pub fn next_game(&mut self, game: &mut RawGame) -> io::Result<bool> {
        loop {
            let start = self.current.len();
            let line_start = !self.mid_line;
            let line = self.line;
            let complete = self.read_piece()?;
            // A BOM is skipped; looked for in the first line read, which
            // holds it whole (as a buffer's first bytes may not).
            if std::mem::take(&mut self.at_start) && self.current[start..].starts_with(BOM) {
                self.current.drain(start..start + BOM.len());
            }
            if self.current.len() == start && !complete {
                return Ok(self.phase != Phase::Between && self.emit(game, start));
            }
            self.mid_line = !complete;
            if complete {
                self.line += 1;
            }
            let kind = if line_start {
                self.classify(start, line)
            } else {
                LineKind::Part {
                    scan: self.phase == Phase::Moves,
                }
            };
            match kind {
                LineKind::Between => self.current.truncate(start),
                LineKind::Part { scan } => {
                    if scan {
                        self.scan_comments(start);
                    }
                }
                LineKind::Ends => {
                    self.current.truncate(start);
                    return Ok(self.emit(game, start));
                }
                LineKind::Starts => {
                    self.emit(game, start);
                    self.game_line = line;
                    self.phase = Phase::Tags { blank: false };
                    return Ok(true);
                }
            }
            if self.current.len() > MAX_GAME_BYTES {
                self.too_long = true;
                self.current.clear();
            }
        }
    }

    /// Hands the game (the bytes before `end`) to `game`, keeping the rest
    /// as the next game's start. Always `true`.
    fn emit(&mut self, game: &mut RawGame, end: usize) -> bool {
        std::mem::swap(&mut game.text, &mut self.current);
        self.current.clear();
        // The next game is likely about as long: one allocation for it
        // instead of a buffer doubled line by line (when `game` came
        // without one, as each game handed to another thread does).
        self.current.reserve(end);
        self.current
            .extend_from_slice(&game.text[end.min(game.text.len())..]);
        game.text.truncate(end);
        self.games += 1;
        game.number = self.games;
        game.line = self.game_line;
        game.too_long = std::mem::take(&mut self.too_long);
        if game.too_long {
            game.text.clear();
        }
        self.phase = Phase::Between;
        self.in_comment = false;
        true
    }

    /// What the line starting at `start` (line number `line`) does, as
    /// the grammar says: told at once, the line being all there.
    fn classify(&mut self, start: usize, line: u64) -> LineKind {
        let before = self.phase == Phase::Between;
        let mut spaces = start;
        let text = &self.current;
        let kind = grammar::classify(
            &mut self.phase,
            self.in_comment,
            text,
            start,
            true,
            &mut spaces,
        )
        .expect("a line with nothing after it is told");
        if before && self.phase != Phase::Between {
            self.game_line = line;
        }
        kind
    }

    /// Follows `{…}` comments (and `;` comments, which end the line) over
    /// the movetext from `start`.
    fn scan_comments(&mut self, start: usize) {
        let mut text = &self.current[start..];
        loop {
            if self.in_comment {
                match memchr(b'}', text) {
                    Some(i) => {
                        self.in_comment = false;
                        text = &text[i + 1..];
                    }
                    None => return,
                }
            } else {
                match memchr2(b'{', b';', text) {
                    Some(i) if text[i] == b'{' => {
                        self.in_comment = true;
                        text = &text[i + 1..];
                    }
                    _ => return,
                }
            }
        }
    }

    /// Appends the input up to and including the next line end (or up to
    /// the size limit) to the current game; whether a line end was read.
    fn read_piece(&mut self) -> io::Result<bool> {
        loop {
            let chunk = fill(&mut self.input)?;
            if chunk.is_empty() {
                return Ok(false);
            }
            let room = (MAX_GAME_BYTES + 1)
                .saturating_sub(self.current.len())
                .max(1);
            let limit = chunk.len().min(room);
            match memchr2(b'\n', b'\r', &chunk[..limit]) {
                Some(i) => {
                    self.current.extend_from_slice(&chunk[..=i]);
                    let mut used = i + 1;
                    let split_return = chunk[i] == b'\r' && i + 1 == chunk.len();
                    if chunk[i] == b'\r' && chunk.get(i + 1) == Some(&b'\n') {
                        self.current.push(b'\n');
                        used += 1;
                    }
                    self.input.consume(used);
                    if split_return {
                        // A `\n` after a `\r` that ended the buffer belongs
                        // to this line: kept with it, so the game's text is
                        // the input's whatever the buffer's size.
                        if fill(&mut self.input)?.first() == Some(&b'\n') {
                            self.current.push(b'\n');
                            self.input.consume(1);
                        }
                    }
                    return Ok(true);
                }
                None => {
                    self.current.extend_from_slice(&chunk[..limit]);
                    self.input.consume(limit);
                    if self.current.len() > MAX_GAME_BYTES {
                        return Ok(false);
                    }
                }
            }
        }
    }
}

impl<R> Splitter<R> {
    /// Whether the splitter is between games with nothing of the next one
    /// read (and past the input's start, where a BOM may be): whoever
    /// reads a game straight from the input may then go on from here.
    pub fn is_between_games(&self) -> bool {
        self.phase == Phase::Between
            && self.current.is_empty()
            && !self.at_start
            && !self.mid_line
            && !self.too_long
    }

    /// Whether nothing of the input was read yet.
    pub fn is_fresh(&self) -> bool {
        self.at_start && self.phase == Phase::Between && self.current.is_empty()
    }

    /// The input, to read a game straight from while
    /// [`is_between_games`](Self::is_between_games); what is consumed of
    /// it must be whole lines, told with [`advance`](Self::advance).
    pub fn input(&mut self) -> &mut R {
        &mut self.input
    }

    /// Counts `games` games and `lines` lines read past the splitter.
    pub fn advance(&mut self, games: u64, lines: u64) {
        self.games += games;
        self.line += lines;
    }

    /// How many games were cut so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The number of the line being read.
    pub fn line(&self) -> u64 {
        self.line
    }
}
