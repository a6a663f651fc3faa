//! Games of the variants: a `Variant` tag naming a variant the core plays
//! besides standard chess and Chess960 (Crazyhouse, Atomic, Three-check,
//! …). [`VariantPosition`] holds the position, and the movetext is read
//! by the one tokenizer (`movetext.rs`) replaying through the core's
//! rules engine ([`Replay`] for [`VariantPosition`]) into the visitor's
//! [`Visitor::begin_variant_moves`], [`Visitor::play_variant`] and
//! [`Visitor::end_variant_game`]. Standard games never come here: the
//! tokenizer is monomorphised over the fast [`bitmoves::Board`] for them.

use crate::error::{ErrorKind, Stop, shorten};
use crate::movetext::Movetext;
use crate::replay::{Level, Replay};
use crate::text::utf8;
use crate::{Flow, Visitor};
use bitmoves::Move;
use bitmoves::setup::Setup;
use bitmoves::variant::{
    Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, Outcome, Position, RacingKings,
    Suicide, ThreeCheck, VariantKind, VariantSan, VariantSanError, parse_uci,
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

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        each!(self, p => p.is_check())
    }

    /// The SAN of the legal move `mv`, as python-chess's `san()` writes it
    /// for the variant (drops `N@e4`, `#` after a variant's win or loss);
    /// `None` for a move that is not legal here.
    pub fn san(&self, mv: Move) -> Option<VariantSan> {
        each!(self, p => p.san(mv))
    }

    /// Plays the legal move `mv` (unchecked: a move from
    /// [`san`](Self::san)'s side of the table, or one the reader played).
    pub fn play(&mut self, mv: Move) {
        each!(self, p => p.play(mv))
    }

    /// Passes the turn (python-chess's `push(Move.null())`).
    pub fn play_null(&mut self) {
        each!(self, p => p.play_null())
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
/// `visitor`, variations included where the visitor enters them, by the
/// tokenizer that reads standard games; returns the line ends of the
/// movetext. A visitor that skips variant games ends it with
/// [`ErrorKind::Variant`], a note.
pub(crate) fn read_game<V: Visitor + ?Sized>(
    text: &[u8],
    moves_at: Option<usize>,
    start: VariantStart<'_>,
    visitor: &mut V,
) -> Result<u64, Stop> {
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
    let Some(pos) = VariantPosition::for_game(start.kind, setup) else {
        unreachable!("standard chess is never read here")
    };
    if visitor.begin_variant_moves(&pos) == Flow::Skip {
        return Err(Stop::Failed(0, ErrorKind::Variant { name: start.name }));
    }
    match moves_at {
        Some(at) => Ok(Movetext::new(text, true, pos).read(at, visitor)?.1),
        None => {
            visitor.end_variant_game(&pos);
            Ok(0)
        }
    }
}

impl Replay for VariantPosition {
    fn play_prefix(&mut self, _text: &[u8]) -> Option<(Move, usize)> {
        None
    }

    fn play_word(
        &mut self,
        before: &Self,
        san: &[u8],
        _text: &[u8],
        start: usize,
        _end: usize,
    ) -> Result<Move, Stop> {
        // The reader hands over ASCII only.
        let san_text = std::str::from_utf8(san).unwrap_or_default();
        let mv = self.play_san(san_text).or_else(|error| {
            // An `x` where nothing is taken: python-chess reads past it.
            if !san.contains(&b'x') {
                return Err(error);
            }
            let plain: String = san_text.chars().filter(|&c| c != 'x').collect();
            self.play_san(&plain).map_err(|_| error)
        });
        mv.map_err(|error| {
            Stop::Failed(
                start,
                ErrorKind::IllegalVariantMove {
                    san: shorten(san),
                    error,
                    fen: before.fen(),
                },
            )
        })
    }

    fn play_null(&mut self, _san: &[u8], start: usize) -> Result<(), Stop> {
        // As the fast board: never in check (python-chess would pass).
        if self.is_check() {
            let fen = self.fen();
            return Err(Stop::Failed(start, ErrorKind::NullMoveInCheck { fen }));
        }
        VariantPosition::play_null(self);
        Ok(())
    }

    fn visit_move<V: Visitor + ?Sized>(visitor: &mut V, before: &Self, mv: Move, san: &str) {
        visitor.play_variant(before, mv, san);
    }

    fn visit_null<V: Visitor + ?Sized>(visitor: &mut V, before: &Self) {
        visitor.null_variant(before);
    }

    fn visit_end<V: Visitor + ?Sized>(visitor: &mut V, end: &Self) {
        visitor.end_variant_game(end);
    }

    fn spare_levels() -> Vec<Level<Self>> {
        Vec::new()
    }

    fn keep_levels(_levels: Vec<Level<Self>>) {}
}
