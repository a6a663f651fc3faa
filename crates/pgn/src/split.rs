//! [`Splitter`]: cuts a byte stream into games, line by line, keeping
//! only the current game in memory.
//!
//! The boundaries are python-chess's: leading blank lines and `%`/`;`
//! lines are skipped; tags follow, with at most one blank line between
//! them; the movetext ends at a blank line outside a `{…}` comment, or at
//! the end of the input. A tag line (`[` and a letter) in the movetext
//! also starts the next game (pgn-reader's rule, for files without blank
//! lines between games); see `line.rs`. A byte order mark before a
//! game's first line is skipped. Line ends are `\n`, `\r\n` or a lone
//! `\r`.

use crate::MAX_GAME_BYTES;
use crate::input::fill;
use crate::line::{self, BOM};
use crate::raw::RawGame;
use memchr::{memchr, memchr2};
use std::io::{self, BufRead};

/// Where the splitter is in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Between games.
    Before,
    /// In the tags; `empty` counts the blank lines in a row.
    Tags { empty: u8 },
    /// In the movetext.
    Moves,
}

/// What a line does to the current game.
enum Line {
    /// Between games: not part of any.
    Skip,
    /// Part of the game; `scan` when it is movetext, whose comments the
    /// splitter must follow.
    Part { scan: bool },
    /// A blank line that ends the game.
    Ends,
    /// A line that starts the next game.
    Starts,
}

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
            phase: Phase::Before,
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
                return Ok(self.phase != Phase::Before && self.emit(game, start));
            }
            self.mid_line = !complete;
            if complete {
                self.line += 1;
            }
            let kind = if line_start {
                self.classify(start, line)
            } else {
                Line::Part {
                    scan: self.phase == Phase::Moves,
                }
            };
            match kind {
                Line::Skip => self.current.truncate(start),
                Line::Part { scan } => {
                    if scan {
                        self.scan_comments(start);
                    }
                }
                Line::Ends => {
                    self.current.truncate(start);
                    return Ok(self.emit(game, start));
                }
                Line::Starts => {
                    self.emit(game, start);
                    self.game_line = line;
                    self.phase = Phase::Tags { empty: 0 };
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
        self.phase = Phase::Before;
        self.in_comment = false;
        true
    }

    /// What the line starting at `start` (line number `line`) does.
    fn classify(&mut self, start: usize, line: u64) -> Line {
        let mut text = &self.current[start..];
        if self.phase == Phase::Before {
            // A byte order mark before a game's first line (where files
            // were joined) is skipped, as python-chess skips it.
            text = &text[line::after_bom(text, 0)..];
        }
        let first = text.first().copied();
        let blank = line::is_blank(text);
        let escape = matches!(first, Some(b'%' | b';'));
        if self.phase == Phase::Before {
            if blank || escape {
                return Line::Skip;
            }
            self.game_line = line;
            self.phase = Phase::Tags { empty: 0 };
        }
        if let Phase::Tags { empty } = self.phase {
            if escape {
                return Line::Part { scan: false };
            }
            if blank {
                if empty >= 1 {
                    return Line::Ends;
                }
                self.phase = Phase::Tags { empty: 1 };
                return Line::Part { scan: false };
            }
            if first == Some(b'[') {
                self.phase = Phase::Tags { empty: 0 };
                return Line::Part { scan: false };
            }
            // The movetext's first line: read as movetext, whatever it
            // starts with (a BOM before a `[` included).
            self.phase = Phase::Moves;
            return Line::Part { scan: true };
        }
        if self.in_comment {
            Line::Part { scan: true }
        } else if escape {
            Line::Part { scan: false }
        } else if blank {
            Line::Ends
        } else if line::starts_game(text, 0, true) == Some(true) {
            Line::Starts
        } else {
            Line::Part { scan: true }
        }
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
        self.phase == Phase::Before
            && self.current.is_empty()
            && !self.at_start
            && !self.mid_line
            && !self.too_long
    }

    /// Whether nothing of the input was read yet.
    pub fn is_fresh(&self) -> bool {
        self.at_start && self.phase == Phase::Before && self.current.is_empty()
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
