//! [`Skim`]: follows the splitter's state (see `split.rs`) over whole
//! lines of text without copying or reading any game, counting games and
//! lines, to find the places between games where the input can be cut
//! into chunks that read alone as they read in the stream.

use crate::parse::is_blank;
use memchr::{memchr, memchr2};

/// Where the splitter is, at a line start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Between games.
    Before,
    /// In the tags; `blank` after one blank line.
    Tags { blank: bool },
    /// In the movetext.
    Moves,
}

/// A line start where the splitter is between games (or where a `[`
/// line starts the next game): a reader started there, told the numbers,
/// reads what follows as the stream's reader does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Boundary {
    /// Its offset in the text skimmed.
    pub at: usize,
    /// The games that ended before it.
    pub games: u64,
    /// The number of the line it starts, from 1.
    pub line: u64,
}

/// What a line does.
enum Line {
    /// It is part of a game, or between games.
    Part,
    /// It ends the current game (a blank line).
    Ends,
    /// It ends the current game and starts the next (a `[` line in the
    /// movetext).
    Starts,
}

/// The splitter's state, followed line by line.
#[derive(Debug)]
pub(crate) struct Skim {
    phase: Phase,
    in_comment: bool,
    /// The games ended so far.
    games: u64,
    /// The number of the next line.
    line: u64,
    /// The last boundary passed.
    last: Boundary,
}

impl Skim {
    /// A skim at a boundary (offset 0): `games` ended before it, on line
    /// `line`.
    pub(crate) fn new(games: u64, line: u64) -> Self {
        Self {
            phase: Phase::Before,
            in_comment: false,
            games,
            line,
            last: Boundary { at: 0, games, line },
        }
    }

    /// The games ended so far, and the number of the next line.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (self.games, self.line)
    }

    /// The last boundary passed.
    pub(crate) fn last(&self) -> Boundary {
        self.last
    }

    /// Moves the offsets back by `by` bytes (the text before them was
    /// handed on).
    pub(crate) fn shift(&mut self, by: usize) {
        self.last.at -= by;
    }

    /// Skims the lines of `text` from the line start `at`: every complete
    /// one, and with `end` (nothing follows `text`) the rest. Stops at
    /// the first boundary at or past `want`, which it returns; else where
    /// it stopped (the start of a line not complete yet).
    pub(crate) fn lines(
        &mut self,
        text: &[u8],
        mut at: usize,
        want: usize,
        end: bool,
    ) -> Result<Boundary, usize> {
        while at < text.len() {
            if self.phase == Phase::Before {
                self.mark(at);
                if at >= want {
                    return Ok(self.last);
                }
            }
            let (next, counted) = match memchr2(b'\n', b'\r', &text[at..]) {
                Some(i) if text[at + i] == b'\n' => (at + i + 1, true),
                Some(i) => match text.get(at + i + 1) {
                    Some(b'\n') => (at + i + 2, true),
                    Some(_) => (at + i + 1, true),
                    None if end => (at + i + 1, true),
                    None => return Err(at),
                },
                None if end => (text.len(), false),
                None => return Err(at),
            };
            match self.follow(&text[at..next]) {
                Line::Part => {}
                Line::Ends => self.games += 1,
                Line::Starts => {
                    // Read again, as the first line of the next game.
                    self.games += 1;
                    self.phase = Phase::Before;
                    continue;
                }
            }
            self.line += u64::from(counted);
            at = next;
        }
        Err(at)
    }

    /// Records a boundary at `at`.
    fn mark(&mut self, at: usize) {
        self.last = Boundary {
            at,
            games: self.games,
            line: self.line,
        };
    }

    /// Follows one line (with its line end) as the splitter's `classify`
    /// and `scan_comments` do.
    fn follow(&mut self, line: &[u8]) -> Line {
        let first = line[0];
        let escape = matches!(first, b'%' | b';');
        if self.phase == Phase::Before {
            if escape || is_blank(line) {
                return Line::Part;
            }
            self.phase = Phase::Tags { blank: false };
        }
        if let Phase::Tags { blank } = self.phase {
            if escape {
                return Line::Part;
            }
            if first == b'[' {
                self.phase = Phase::Tags { blank: false };
                return Line::Part;
            }
            if is_blank(line) {
                if blank {
                    self.phase = Phase::Before;
                    return Line::Ends;
                }
                self.phase = Phase::Tags { blank: true };
                return Line::Part;
            }
            self.phase = Phase::Moves;
        } else if !self.in_comment {
            if escape {
                return Line::Part;
            }
            if first == b'[' {
                return Line::Starts;
            }
            if is_blank(line) {
                self.phase = Phase::Before;
                return Line::Ends;
            }
        }
        self.scan_comments(line);
        Line::Part
    }

    /// Follows `{…}` comments (and `;` comments, which end the line).
    fn scan_comments(&mut self, mut text: &[u8]) {
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
}
