//! Games of the variants: a `Variant` tag naming a variant the core plays
//! besides standard chess and Chess960 (Crazyhouse, Atomic, Three-check,
//! …). [`VariantPosition`] holds the position, and the mainline is
//! replayed through the core's rules engine into the visitor's
//! [`Visitor::begin_variant_moves`], [`Visitor::play_variant`] and
//! [`Visitor::end_variant_game`]. Standard games never come here: their
//! path (`movetext.rs`, over the fast [`bitmoves::Board`]) is unchanged.

use crate::error::{ErrorKind, Stop, shorten};
use crate::grammar::line_end;
use crate::movetext::ENDS_WORD;
use crate::text::utf8;
use crate::{Flow, Visitor};
use bitmoves::Move;
use bitmoves::setup::Setup;
use bitmoves::variant::{
    Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, Outcome, Position, RacingKings,
    Suicide, ThreeCheck, VariantKind, VariantSanError, parse_uci,
};

/// Declares [`VariantPosition`] over the rules types, and `each!`, which
/// runs an expression on the position whatever its variant.
macro_rules! positions {
    ($($kind:ident),+ $(,)?) => {
        /// A position of a variant game, by the variant's rules (every
        /// variant of the core's table but standard chess, which the fast
        /// board plays).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum VariantPosition {
            $(
                #[doc = concat!("A position of [`", stringify!($kind), "`].")]
                $kind(Position<$kind>)
            ),+
        }

        impl VariantPosition {
            /// The position of `setup` by `kind`'s rules (castling rights
            /// cleaned, as python-chess does); `None` for standard chess.
            pub fn new(kind: VariantKind, setup: Setup, chess960: bool) -> Option<Self> {
                match kind {
                    $(VariantKind::$kind => Some(Self::$kind(Position::from_setup(setup, chess960))),)+
                    _ => None,
                }
            }

            /// The variant.
            pub fn kind(&self) -> VariantKind {
                match self {
                    $(Self::$kind(_) => VariantKind::$kind),+
                }
            }
        }

        macro_rules! each {
            ($position:expr, $pos:ident => $body:expr) => {
                match $position {
                    $(VariantPosition::$kind($pos) => $body),+
                }
            };
        }
    };
}

positions!(
    KingOfTheHill,
    ThreeCheck,
    RacingKings,
    Horde,
    Suicide,
    Giveaway,
    Antichess,
    Atomic,
    Crazyhouse,
);

impl VariantPosition {
    /// The position as a PGN game of this variant starts: Chess960 mode
    /// when the castling rights need it (python-chess's
    /// `Headers.board()`).
    pub fn for_game(kind: VariantKind, setup: Setup) -> Option<Self> {
        let pos = Self::new(kind, setup, false)?;
        let chess960 = each!(&pos, p => p.has_chess960_castling_rights());
        if chess960 {
            Self::new(kind, setup, true)
        } else {
            Some(pos)
        }
    }

    /// The setup: pieces, side to move, rights, clocks, pockets, checks.
    pub fn setup(&self) -> &Setup {
        each!(self, p => p.setup())
    }

    /// The FEN as python-chess's `fen()` writes it for the variant
    /// (pockets, `~`, check counts).
    pub fn fen(&self) -> String {
        each!(self, p => p.fen().to_string())
    }

    /// How the game has ended, if it has (python-chess's `outcome()`
    /// without repetitions).
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// Whether castling is written king-takes-rook.
    pub fn is_chess960(&self) -> bool {
        each!(self, p => p.is_chess960())
    }

    /// Plays the move written `san`, read as python-chess's `parse_san`
    /// reads it (drops `N@e4`, UCI too); the position is unchanged on an
    /// error.
    pub fn play_san(&mut self, san: &str) -> Result<Move, VariantSanError> {
        each!(self, p => {
            let mv = match p.parse_san(san) {
                Ok(mv) => mv,
                Err(error) => match parse_uci(san) {
                    Ok(mv) if p.is_legal(mv) => mv,
                    _ => return Err(error),
                },
            };
            p.play(mv);
            Ok(mv)
        })
    }
}

/// The start of a variant game: the `Variant` tag's value, and the `FEN`
/// tag's (where its value starts, and the value).
pub(crate) struct VariantStart<'a> {
    pub kind: VariantKind,
    pub name: String,
    pub fen: Option<(usize, std::borrow::Cow<'a, [u8]>)>,
}

/// Reads a variant game's moves (its whole text, from `moves_at`) into
/// `visitor`. A visitor that skips variant games ends it with
/// [`ErrorKind::Variant`], a note. Variations and null moves are not
/// replayed: variations are skipped, a null move is an error.
pub(crate) fn read_game<V: Visitor + ?Sized>(
    text: &[u8],
    moves_at: Option<usize>,
    start: VariantStart<'_>,
    visitor: &mut V,
) -> Result<(), Stop> {
    let setup = match &start.fen {
        None => Setup::from_fen(start.kind.start_fen()).unwrap_or(Setup::EMPTY),
        Some((at, value)) => {
            let fen = utf8(value);
            Setup::from_fen(fen.trim()).map_err(|error| {
                let fen = fen.into_owned();
                Stop::Failed(*at, ErrorKind::BadVariantFen { fen, error })
            })?
        }
    };
    let Some(mut pos) = VariantPosition::for_game(start.kind, setup) else {
        unreachable!("standard chess is never read here")
    };
    if visitor.begin_variant_moves(&pos) == Flow::Skip {
        return Err(Stop::Failed(0, ErrorKind::Variant { name: start.name }));
    }
    if let Some(at) = moves_at {
        read_moves(text, at, &mut pos, visitor)?;
    }
    visitor.end_variant_game(&pos);
    Ok(())
}

/// The movetext from `at` to the text's end: comments, NAGs and the
/// result told, the mainline played, variations skipped.
fn read_moves<V: Visitor + ?Sized>(
    text: &[u8],
    mut at: usize,
    pos: &mut VariantPosition,
    visitor: &mut V,
) -> Result<(), Stop> {
    let mut depth = 0usize;
    let mut played = false;
    let mut fresh = true;
    while let Some(&b) = text.get(at) {
        match b {
            b'\n' | b'\r' => {
                at += 1;
                fresh = true;
                continue;
            }
            b' ' | b'\t' | 0x0b | 0x0c | 0x1a | 0x1c..=0x1f => at += 1,
            b'%' if fresh => at = line_end(text, at),
            b';' => at = line_end(text, at),
            b'{' => {
                let Some(len) = text[at + 1..].iter().position(|&c| c == b'}') else {
                    return Err(Stop::Failed(at, ErrorKind::UnclosedComment));
                };
                if depth == 0 {
                    let body = &text[at + 1..at + 1 + len];
                    let body = body.strip_prefix(b" ").unwrap_or(body);
                    let body = body.strip_suffix(b" ").unwrap_or(body);
                    visitor.comment(&utf8(body));
                }
                at += len + 2;
            }
            b'(' if played => {
                depth += 1;
                at += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                at += 1;
            }
            b'(' | b')' => return Err(Stop::Failed(at, ErrorKind::BadVariation)),
            b'$' => {
                let digits = text[at + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let number = &text[at + 1..at + 1 + digits];
                if digits > 0 && depth == 0 {
                    let nag = std::str::from_utf8(number)
                        .ok()
                        .and_then(|d| d.parse::<u8>().ok());
                    let Some(nag) = nag else {
                        let nag = shorten(&text[at..at + 1 + digits]);
                        return Err(Stop::Failed(at, ErrorKind::BadNag { nag }));
                    };
                    visitor.nag(nag);
                }
                at += 1 + digits;
            }
            b'[' if text.get(at + 1) == Some(&b'%') => {
                at += text[at..]
                    .iter()
                    .position(|&c| matches!(c, b']' | b'\n' | b'\r'))
                    .map_or(text.len() - at, |len| len + 1);
            }
            _ => {
                let mut end = at + 1;
                while end < text.len() && !ENDS_WORD[usize::from(text[end])] {
                    end += 1;
                }
                if depth == 0 {
                    played |= word(text, at, end, pos, visitor)?;
                }
                at = end;
            }
        }
        fresh = false;
    }
    Ok(())
}

/// One word of the mainline: a move number, a result, a move with its
/// marks (a result may be written onto it, `e5*`). Returns whether a move
/// was played.
fn word<V: Visitor + ?Sized>(
    text: &[u8],
    at: usize,
    end: usize,
    pos: &mut VariantPosition,
    visitor: &mut V,
) -> Result<bool, Stop> {
    const RESULTS: [&[u8]; 4] = [b"1-0", b"0-1", b"1/2-1/2", b"*"];
    let mut word = &text[at..end];
    // Where `word` starts in `text`, as its front is cut off.
    let mut start = at;
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == word.len() && word != b"0000" {
        return Ok(false);
    }
    if word[digits..].starts_with(b".") {
        let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
        word = &word[digits + dots..];
        start += digits + dots;
    }
    if let Some(result) = RESULTS.iter().find(|r| word == **r) {
        visitor.result(&utf8(result));
        return Ok(false);
    }
    let glued = RESULTS
        .iter()
        .find(|r| word.len() > r.len() && word.ends_with(r));
    if let Some(result) = glued {
        word = &word[..word.len() - result.len()];
    }
    if word.len() > 4 && word.ends_with(b"e.p.") {
        word = &word[..word.len() - 4];
    }
    let marks = word
        .iter()
        .rev()
        .take_while(|&&b| matches!(b, b'!' | b'?'))
        .count();
    let (san, marks) = word.split_at(word.len() - marks.min(2));
    let mut played = false;
    if !san.is_empty() && san != b"e.p." {
        let Ok(san_text) = std::str::from_utf8(san) else {
            return Err(unexpected(text, start, end));
        };
        if matches!(san, b"--" | b"Z0" | b"0000" | b"@@@@") {
            return Err(Stop::Failed(
                start,
                ErrorKind::Unexpected {
                    text: format!("{san_text} (a null move, not replayed in variant games)"),
                },
            ));
        }
        let before = *pos;
        let mv = pos.play_san(san_text).or_else(|error| {
            // An `x` where nothing is taken: python-chess reads past it.
            if !san.contains(&b'x') {
                return Err(error);
            }
            let plain: String = san_text.chars().filter(|&c| c != 'x').collect();
            pos.play_san(&plain).map_err(|_| error)
        });
        let mv = mv.map_err(|error| {
            Stop::Failed(
                start,
                ErrorKind::IllegalVariantMove {
                    san: shorten(san),
                    error,
                    fen: before.fen(),
                },
            )
        })?;
        visitor.play_variant(&before, mv, san_text);
        played = true;
    }
    let nag = match marks {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    };
    if let Some(nag) = nag {
        visitor.nag(nag);
    }
    if let Some(result) = glued {
        visitor.result(&utf8(result));
    }
    Ok(played)
}

/// The error for unexpected text at `text[at..end]`.
fn unexpected(text: &[u8], at: usize, end: usize) -> Stop {
    Stop::Failed(
        at,
        ErrorKind::Unexpected {
            text: shorten(&text[at..end.max(at + 1).min(text.len())]),
        },
    )
}
