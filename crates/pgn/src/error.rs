//! [`PgnError`]: why a game could not be read, and where (game number,
//! line, column, the move text and the position).

use bitmoves::setup::SetupFenError;
use bitmoves::variant::VariantSanError;
use bitmoves::{Board, FenError, SanError};
use memchr::memchr2;
use std::{fmt, io};

/// Why a game could not be read, with where it happened.
///
/// The [`Display`](fmt::Display) form is the CLI's message:
/// `game 3 (line 41, column 12): illegal move "Nf6" (no legal knight move
/// to f6) in r1bqkb1r/… w KQkq - 2 4`.
#[derive(Debug)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// The line, from 1, in the whole input.
    pub line: u64,
    /// The column, from 1, in bytes.
    pub column: u64,
    /// What went wrong.
    pub kind: ErrorKind,
}

/// What went wrong in a game.
#[derive(Debug)]
pub enum ErrorKind {
    /// A SAN move that names no legal move, or more than one.
    IllegalMove {
        /// The move as written.
        san: String,
        /// Why the board refused it.
        error: SanError,
        /// The position it was read in, as FEN.
        fen: String,
    },
    /// A null move (`--`, `Z0`) while in check, which no board can show.
    NullMoveInCheck {
        /// The position, as FEN.
        fen: String,
    },
    /// A `FEN` tag that is not a position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        error: FenError,
    },
    /// Text in the movetext that is neither a move nor anything else PGN
    /// allows there.
    Unexpected {
        /// The text, shortened to 40 bytes.
        text: String,
    },
    /// A NAG past `$255`, which a [`Visitor`](crate::Visitor) cannot be
    /// told.
    BadNag {
        /// The NAG as written, shortened to 40 bytes.
        nag: String,
    },
    /// A `(` before any move of its line, or a `)` without its `(`.
    BadVariation,
    /// Variations nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH) while
    /// the visitor entered them.
    TooDeep,
    /// A game longer than [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES); it is
    /// skipped.
    TooLong,
    /// A `{` comment that is never closed.
    UnclosedComment,
    /// The game is of a variant (crazyhouse, atomic, …) and the visitor
    /// skips variant games ([`Visitor::begin_variant_moves`](crate::Visitor::begin_variant_moves)):
    /// it was skipped, which is a note rather than a failure.
    Variant {
        /// The `Variant` tag's value.
        name: String,
    },
    /// A `Variant` tag that names no variant bitmoves knows (nor
    /// python-chess: its `find_variant` refuses it too).
    UnknownVariant {
        /// The tag's value, shortened to 40 bytes.
        name: String,
    },
    /// A move of a variant game that names no legal move, or several.
    IllegalVariantMove {
        /// The move as written.
        san: String,
        /// Why the variant's rules refused it.
        error: VariantSanError,
        /// The position it was read in, as the variant's FEN.
        fen: String,
    },
    /// The `FEN` tag of a variant game is not a position.
    BadVariantFen {
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        error: SetupFenError,
    },
    /// Reading the input failed (a damaged compressed stream, say); the
    /// reader stops.
    Io(io::Error),
}

impl PgnError {
    /// Whether this only says a game was skipped (an unsupported variant),
    /// rather than that it was wrong.
    pub fn is_note(&self) -> bool {
        matches!(self.kind, ErrorKind::Variant { .. })
    }

    /// An error at the start of line `line` (column 1), in game `game`:
    /// where a game that cannot be read at all (the input failed, or the
    /// game is too long) starts.
    pub(crate) fn at_line_start(game: u64, line: u64, kind: ErrorKind) -> Self {
        Self {
            game,
            line,
            column: 1,
            kind,
        }
    }
}

/// Where a game is in the input.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    /// The game's number, from 1.
    pub number: u64,
    /// The line its text starts on, from 1.
    pub line: u64,
}

/// Why reading a game stopped early.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The game is wrong at this byte.
    Failed(usize, ErrorKind),
    /// The text ended, or may have, before the game did.
    Incomplete,
    /// The visitor skipped the game, whose end is then found the slow way
    /// (by the splitter) when the text may not hold all of it.
    Skipped,
}

impl From<(usize, ErrorKind)> for Stop {
    fn from((at, kind): (usize, ErrorKind)) -> Self {
        Stop::Failed(at, kind)
    }
}

/// An error at byte `at` of the game `text` at `place`, with its line
/// and column.
pub(crate) fn locate(text: &[u8], place: Place, at: usize, kind: ErrorKind) -> PgnError {
    let before = &text[..at.min(text.len())];
    let mut line = place.line;
    let mut line_start = 0;
    let mut i = 0;
    while let Some(j) = memchr2(b'\n', b'\r', &before[i..]) {
        let end = i + j;
        line += 1;
        i = end + 1;
        if before[end] == b'\r' && before.get(i) == Some(&b'\n') {
            i += 1;
        }
        line_start = i;
    }
    PgnError {
        game: place.number,
        line,
        column: (before.len() - line_start) as u64 + 1,
        kind,
    }
}

/// `text` with at most 40 bytes (cut at a character boundary) and `…`.
pub(crate) fn shorten(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.into_owned(),
    }
}

/// The illegal-move error for `san` on `board`.
pub(crate) fn illegal(san: &[u8], error: SanError, board: &Board) -> ErrorKind {
    ErrorKind::IllegalMove {
        san: shorten(san),
        error,
        fen: board.to_string(),
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::IllegalMove { san, error, fen } => {
                write!(f, "illegal move {san:?} ({error}) in {fen}")
            }
            Self::NullMoveInCheck { fen } => write!(f, "null move while in check in {fen}"),
            Self::BadFen { fen, error } => write!(f, "bad FEN tag {fen:?}: {error}"),
            Self::Unexpected { text } => write!(f, "unexpected {text:?} in the moves"),
            Self::BadNag { nag } => write!(f, "NAG {nag:?} is past $255"),
            Self::BadVariation => {
                f.write_str("unbalanced variation: a `(` before any move or a `)` without `(`")
            }
            Self::TooDeep => write!(f, "variations nested deeper than {}", crate::MAX_DEPTH),
            Self::TooLong => write!(
                f,
                "game longer than {} bytes, skipped",
                crate::MAX_GAME_BYTES
            ),
            Self::UnclosedComment => f.write_str("a `{` comment is never closed"),
            Self::Variant { name } => write!(
                f,
                "variant {name:?}: game skipped (this reader does not take variant games)"
            ),
            Self::UnknownVariant { name } => write!(
                f,
                "unknown variant {name:?} in the Variant tag (known: the names python-chess and Lichess give \
                 standard, Chess960, Crazyhouse, Antichess, Giveaway, Suicide, Atomic, Horde, \
                 King of the Hill, Racing Kings and Three-check)"
            ),
            Self::IllegalVariantMove { san, error, fen } => {
                write!(f, "illegal move {san:?} ({error}) in {fen}")
            }
            Self::BadVariantFen { fen, error } => write!(f, "bad FEN tag {fen:?}: {error}"),
            Self::Io(error) => write!(f, "cannot read the input: {error}"),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} (line {}, column {}): {}",
            self.game, self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::IllegalMove { error, .. } => Some(error),
            ErrorKind::BadFen { error, .. } => Some(error),
            ErrorKind::IllegalVariantMove { error, .. } => Some(error),
            ErrorKind::BadVariantFen { error, .. } => Some(error),
            ErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}
