//! Writing a [`Game`] as PGN: the seven-tag roster first, one tag per
//! name, tag values as python-chess writes them, SAN with check marks
//! (a variant game's by its rules: drops `N@e4`, `#` after its win or
//! loss), move numbers, comments, NAGs, variations, lines of at most 80
//! columns, and the result.
//!
//! The law, tested on the python-chess corpus: reading what was written
//! gives the same game.

use crate::{Game, Line, VariantPosition};
use bitmoves::{Board, Color, Move};
use std::collections::HashMap;
use std::fmt::{self, Write};

/// The widest line written, unless one token is wider.
const WIDTH: usize = 80;

/// The seven-tag roster, in order, with the value written when it is
/// missing.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The tokens that end a movetext.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Writes the game as PGN, ending with a line end.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tags = Tags::new(&self.tags);
        // The movetext ends with a result token; a `Result` tag holding
        // anything else (any text may be a tag value) ends it with `*`.
        let result = self
            .result
            .as_deref()
            .or(tags.get("Result"))
            .filter(|result| RESULTS.contains(result))
            .unwrap_or("*");
        for (name, default) in ROSTER {
            let value = match name {
                "Result" => tags.get(name).unwrap_or(result),
                _ => tags.get(name).unwrap_or(default),
            };
            write_tag(f, name, value)?;
        }
        match &self.variant {
            None => {
                if self.start != Board::startpos() && tags.get("FEN").is_none() {
                    write_tag(f, "SetUp", "1")?;
                    write_tag(f, "FEN", &self.start.to_string())?;
                }
                if self.start.is_chess960() && tags.get("Variant").is_none() {
                    write_tag(f, "Variant", "Chess960")?;
                }
            }
            Some(start) => {
                // A game read from text has its `Variant` tag, and its
                // `FEN` tag unless it starts from the variant's start.
                let kind = start.kind();
                if tags.get("Variant").is_none() {
                    write_tag(f, "Variant", kind.aliases()[0])?;
                }
                let fen = start.fen();
                if tags.get("FEN").is_none() && fen != start_fen(start) {
                    write_tag(f, "SetUp", "1")?;
                    write_tag(f, "FEN", &fen)?;
                }
            }
        }
        for &(name, value) in &tags.unique {
            if !ROSTER.iter().any(|&(roster, _)| roster == name) {
                write_tag(f, name, value)?;
            }
        }
        f.write_char('\n')?;
        let mut out = Wrapped {
            f,
            column: 0,
            glue: false,
        };
        match self.variant {
            None => out.line(&self.moves, self.start)?,
            Some(start) => out.line(&self.moves, start)?,
        }
        out.token(result)?;
        out.f.write_char('\n')
    }
}

/// The FEN of the variant's start, as `fen()` writes it.
fn start_fen(position: &VariantPosition) -> String {
    let kind = position.kind();
    let setup = bitmoves::setup::Setup::from_fen(kind.start_fen()).unwrap_or_default();
    VariantPosition::for_game(kind, setup).map_or_else(String::new, |start| start.fen())
}

/// A position the writer walks a line on: the fast board, or a variant's.
trait Walk: Copy {
    /// The move number.
    fn number(&self) -> u32;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The legal move `mv` in SAN.
    fn san(&self, mv: Move) -> Result<String, fmt::Error>;
    /// Plays the legal move `mv`, or a null move for `None`.
    fn play(&mut self, mv: Option<Move>) -> fmt::Result;
}

impl Walk for Board {
    fn number(&self) -> u32 {
        self.fullmove_number().into()
    }
    fn turn(&self) -> Color {
        self.side_to_move()
    }
    fn san(&self, mv: Move) -> Result<String, fmt::Error> {
        Ok(Board::san(self, mv)
            .map_err(|_| fmt::Error)?
            .as_str()
            .to_owned())
    }
    fn play(&mut self, mv: Option<Move>) -> fmt::Result {
        match mv {
            Some(mv) => self.play_unchecked(mv),
            None => self.play_null().map_err(|_| fmt::Error)?,
        }
        Ok(())
    }
}

impl Walk for VariantPosition {
    fn number(&self) -> u32 {
        self.setup().fullmove_number
    }
    fn turn(&self) -> Color {
        self.setup().turn
    }
    fn san(&self, mv: Move) -> Result<String, fmt::Error> {
        Ok(VariantPosition::san(self, mv)
            .ok_or(fmt::Error)?
            .as_str()
            .to_owned())
    }
    fn play(&mut self, mv: Option<Move>) -> fmt::Result {
        match mv {
            Some(mv) => VariantPosition::play(self, mv),
            None => self.play_null(),
        }
        Ok(())
    }
}

/// The tags as python-chess keeps them (a dict): one per name, in the
/// order of each name's first appearance, holding the name's last value.
/// The reader takes the last `FEN` tag too, so the start position and the
/// tag written agree.
struct Tags<'a> {
    unique: Vec<(&'a str, &'a str)>,
    index: HashMap<&'a str, usize>,
}

impl<'a> Tags<'a> {
    fn new(tags: &'a [(String, String)]) -> Self {
        let mut unique: Vec<(&str, &str)> = Vec::with_capacity(tags.len());
        let mut index = HashMap::with_capacity(tags.len());
        for (name, value) in tags {
            match index.get(name.as_str()) {
                Some(&at) => unique[at] = (name.as_str(), value.as_str()),
                None => {
                    index.insert(name.as_str(), unique.len());
                    unique.push((name, value));
                }
            }
        }
        Self { unique, index }
    }

    /// The last value of the tag called `name`.
    fn get(&self, name: &str) -> Option<&'a str> {
        self.index.get(name).map(|&at| self.unique[at].1)
    }
}

/// `[Name "value"]`, the value as python-chess writes it: quotes and
/// backslashes as they are, which python-chess (it does not unescape) and
/// bitmoves (a quote closes the value only where `]` and the line end
/// follow it) both read back unchanged. The one exception is a backslash
/// before a quote, before another backslash or at the end of the value:
/// it is written `\\`, as the PGN standard writes every backslash, since
/// bitmoves reads `\"` and `\\` as the standard's escapes. python-chess
/// reads such a value with the extra backslash: no spelling reads back
/// unchanged in both.
fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), None | Some('"' | '\\')) {
            f.write_char('\\')?;
        }
        f.write_char(c)?;
    }
    f.write_str("\"]\n")
}

/// Movetext written token by token, wrapped at [`WIDTH`].
struct Wrapped<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    column: usize,
    /// The next token follows the last one without a space (after `(`).
    glue: bool,
}

impl Wrapped<'_, '_> {
    /// One token, after a space or on a new line.
    fn token(&mut self, token: &str) -> fmt::Result {
        let width = token.chars().count();
        let space = usize::from(self.column > 0 && !self.glue);
        if self.column > 0 && self.column + space + width > WIDTH {
            self.f.write_char('\n')?;
            self.column = 0;
        } else if space == 1 {
            self.f.write_char(' ')?;
            self.column += 1;
        }
        self.glue = false;
        self.f.write_str(token)?;
        self.column = match token.rfind('\n') {
            Some(i) => token[i + 1..].chars().count(),
            None => self.column + width,
        };
        Ok(())
    }

    /// Writes `line` played from `board`.
    fn line<P: Walk>(&mut self, line: &Line, mut board: P) -> fmt::Result {
        for comment in &line.comments {
            self.token(&format!("{{ {comment} }}"))?;
        }
        let mut number_needed = true;
        for node in &line.moves {
            let number = board.number();
            match board.turn() {
                Color::White => self.token(&format!("{number}."))?,
                Color::Black if number_needed => self.token(&format!("{number}..."))?,
                Color::Black => {}
            }
            number_needed = false;
            match node.mv {
                Some(mv) => self.token(&board.san(mv)?)?,
                None => self.token("--")?,
            }
            for nag in &node.nags {
                self.token(&format!("${nag}"))?;
            }
            for comment in &node.comments {
                self.token(&format!("{{ {comment} }}"))?;
                number_needed = true;
            }
            for variation in &node.variations {
                self.token("(")?;
                self.glue = true;
                self.line(variation, board)?;
                self.glue = true;
                self.token(")")?;
                number_needed = true;
            }
            board.play(node.mv)?;
        }
        Ok(())
    }
}
