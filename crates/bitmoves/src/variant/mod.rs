//! The rules engine for any setup and every variant the core plays:
//! [`Position`] over a [`Variant`], python-chess's rules exactly.
//!
//! | file | what it holds |
//! |---|---|
//! | `variant/mod.rs` | [`Position`]: construction, moves, play, outcome, FEN |
//! | `variant/hooks.rs` | the [`Variant`] trait: what a variant changes in the shared rules |
//! | `variant/table.rs` | the variant table: [`VariantKind`], its names and parsing, dispatch |
//! | `variant/rules.rs` | the rules every variant shares: castling rights and en passant that count, insufficient material, [`Outcome`] |
//! | `variant/variants.rs` | each variant's rules type and its hooks |
//! | `variant/horde.rs` | Horde's insufficient material |
//! | `variant/antichess.rs` | Antichess, Giveaway and Suicide |
//! | `variant/antichess_moves.rs` | the antichess forms' legal moves over every square, in one pass |
//! | `variant/atomic.rs` | Atomic |
//! | `variant/atomic_fast.rs` | Atomic legality from bitboards, without making the move |
//! | `variant/crazyhouse.rs` | Crazyhouse: pockets and drops |
//! | `variant/status.rs` | [`Status`]: python-chess's `status()` flags |
//! | `variant/san.rs` | SAN out and in ([`VariantSan`], [`VariantSanError`]) |
//! | `variant/uci.rs` | UCI of drops (`N@e4`) and king promotions |
//! | `variant/attacks.rs` | attacks, attackers, pins and slider blockers of a setup |
//! | `variant/movegen.rs` | pseudo-legal and legal moves, castling, en passant, evasions |
//! | `variant/make.rs` | playing a move (python-chess's `push`) |
//! | `variant/quick_make.rs` | `push` on bitboards for the common moves, the rest through `make.rs` |
//! | `variant/mask_gen.rs` | legal moves by check and pin masks, counted or played (perft of Racing Kings, Horde, Crazyhouse) |
//! | `variant/mask_perft.rs` | perft on that generator: its make, bulk and full counts |
//! | `variant/one_move.rs` | questions about one move: pseudo-legal, irreversible; the null move |
//! | `variant/list.rs` | [`LooseMoveList`], a fixed-capacity list big enough for any setup |
//! | `variant/perft.rs` | perft for any variant: the fast `Board`, the mask generator or the engine |
//! | `variant/rules_perft.rs` | perft through the engine alone, bulk and full |
//!
//! The fast [`Board`](crate::Board) plays legal standard and Chess960
//! positions; on those this engine gives the same moves, positions and
//! FEN (law test `tests/variant_law.rs`). Moves are [`Move`]s; a
//! Crazyhouse drop is a `Move` whose `from` equals its `to` and whose
//! `promotion` names the dropped piece ([`drop_move`], as python-chess's
//! `Move(sq, sq, drop=piece)`), so every list and perft path keeps one
//! 3-byte type; [`uci()`] writes it `N@e4`.

mod antichess;
mod antichess_moves;
mod atomic;
mod atomic_fast;
mod attacks;
mod crazyhouse;
mod hooks;
mod horde;
mod list;
mod make;
mod mask_gen;
mod mask_perft;
mod movegen;
mod one_move;
mod perft;
mod quick_make;
mod rules;
mod rules_perft;
mod san;
mod status;
mod table;
mod uci;
mod variants;

pub use list::LooseMoveList;
pub use make::{Capture, is_capture, is_zeroing};
pub use movegen::{from_chess960, is_castling, is_en_passant, to_chess960};
pub use perft::{perft, perft_full, perft_of};
pub use rules::{
    Outcome, Termination, clean_castling_rights, has_pseudo_legal_en_passant,
    standard_insufficient_material, valid_ep_square,
};
pub use rules_perft::perft_by_rules;
pub use san::{VariantSan, VariantSanError};
pub use status::Status;
pub use table::{UnknownVariantError, VariantKind};

pub use antichess::{Antichess, Giveaway, Suicide};
pub use atomic::Atomic;
pub use crazyhouse::{Crazyhouse, legal_drop_squares};
pub use hooks::Variant;
pub(crate) use table::dispatch;
pub use uci::{Uci, as_drop, drop_move, parse_uci, uci};
pub use variants::{Horde, KingOfTheHill, RacingKings, Standard, ThreeCheck};

use core::marker::PhantomData;

use crate::setup::{FenWriter, Setup, SetupFenError};
use crate::{Bitboard, Color, Move, Square};

/// A position played by the rules of variant `V`: any [`Setup`] and the
/// Chess960 flag (how castling is written, and which rights count).
///
/// ```
/// use bitmoves::variant::{KingOfTheHill, Outcome, Position, Termination};
/// use bitmoves::Color;
/// let mut pos: Position<KingOfTheHill> = Position::from_fen("4k3/8/8/8/8/8/3K4/8 w - - 0 1", false)?;
/// pos.play("d2d3".parse()?);
/// pos.play("e8e7".parse()?);
/// pos.play("d3d4".parse()?);
/// assert_eq!(pos.outcome(), Some(Outcome { termination: Termination::VariantLoss, winner: Some(Color::White) }));
/// assert!(pos.legal_moves().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<V: Variant> {
    setup: Setup,
    /// The castling rights as set, until a move is played (python-chess
    /// keeps them raw until then); the setup holds the ones that count.
    given_castling: Option<Bitboard>,
    chess960: bool,
    variant: PhantomData<V>,
}

impl<V: Variant> Position<V> {
    /// The position of `setup`, keeping the castling rights that count
    /// ([`clean_castling_rights`]), as python-chess does for a board with
    /// no moves played.
    pub fn from_setup(mut setup: Setup, chess960: bool) -> Self {
        let given_castling = Some(setup.castling);
        setup.castling = clean_castling_rights(&setup, chess960);
        Self {
            given_castling,
            ..Self::from_setup_trusted(setup, chess960)
        }
    }

    /// The position of `setup` with its castling rights as given
    /// (python-chess trusts them once moves were played).
    pub fn from_setup_trusted(setup: Setup, chess960: bool) -> Self {
        Self {
            given_castling: None,
            setup,
            chess960,
            variant: PhantomData,
        }
    }

    /// Reads a FEN as `V`'s board reads it ([`Position::setup_from_fen`])
    /// and cleans the castling rights.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Self, SetupFenError> {
        Self::setup_from_fen(fen).map(|setup| Self::from_setup(setup, chess960))
    }

    /// Reads a FEN as python-chess's board for `V` reads it: as
    /// [`Setup::from_fen`], but a pocket only in Crazyhouse and check
    /// counts only in Three-check; the castling rights as the letters name
    /// them (not cleaned).
    ///
    /// ```
    /// use bitmoves::variant::{Crazyhouse, Position, Standard};
    /// let fen = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1";
    /// assert!(Position::<Crazyhouse>::setup_from_fen(fen).is_ok());
    /// assert!(Position::<Standard>::setup_from_fen(fen).is_err());
    /// assert!(Position::<Standard>::setup_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").is_err());
    /// ```
    pub fn setup_from_fen(fen: &str) -> Result<Setup, SetupFenError> {
        Setup::read_fen(fen, V::POCKETS, V::CHECKS_IN_FEN)
    }

    /// The variant's start position.
    pub fn start() -> Self {
        Self::from_fen(V::KIND.start_fen(), false)
            .unwrap_or_else(|_| Self::from_setup(Setup::EMPTY, false))
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Whether castling is written as king takes rook.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// The pieces giving check to the side to move's king.
    pub fn checkers(&self) -> Bitboard {
        V::checkers(&self.setup)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Whether the variant's own end is reached.
    pub fn is_variant_end(&self) -> bool {
        V::is_variant_end(&self.setup)
    }

    /// Adds the legal moves from `from_mask` to `to_mask` to `out`, in
    /// python-chess's order.
    pub fn generate_legal(&self, from_mask: Bitboard, to_mask: Bitboard, out: &mut LooseMoveList) {
        if !self.is_variant_end() {
            V::legal(self, from_mask, to_mask, out);
        }
    }

    /// The legal moves, in python-chess's order.
    pub fn legal_moves(&self) -> LooseMoveList {
        let mut out = LooseMoveList::new();
        self.generate_legal(Bitboard::FULL, Bitboard::FULL, &mut out);
        out
    }

    /// Adds the pseudo-legal moves from `from_mask` to `to_mask`
    /// (python-chess's `generate_pseudo_legal_moves`, Antichess's king
    /// promotions included; Crazyhouse's drops are in `generate_legal`).
    pub fn generate_pseudo_legal(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        movegen::pseudo_legal::<V>(&self.setup, self.chess960, from_mask, to_mask, out);
    }

    /// Adds the castling moves from `from_mask` to `to_mask`, written as the
    /// board writes them (python-chess's `generate_castling_moves`).
    pub fn generate_castling(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        movegen::castling_moves::<V>(&self.setup, self.chess960, from_mask, to_mask, out);
    }

    /// Adds the pseudo-legal en passant captures from `from_mask` to
    /// `to_mask` (python-chess's `generate_pseudo_legal_ep`).
    pub fn generate_pseudo_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        movegen::pseudo_legal_ep(&self.setup, from_mask, to_mask, out);
    }

    /// Adds the legal en passant captures from `from_mask` to `to_mask`
    /// (python-chess's `generate_legal_ep`).
    pub fn generate_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        if self.is_variant_end() {
            return;
        }
        let mut captures = LooseMoveList::new();
        movegen::pseudo_legal_ep(&self.setup, from_mask, to_mask, &mut captures);
        for &mv in captures.iter().filter(|&&mv| !V::is_into_check(self, mv)) {
            out.push(mv);
        }
    }

    /// Whether a pseudo-legal move leaves the mover's king attacked, by the
    /// variant's rules (python-chess's `is_into_check`).
    pub fn is_into_check(&self, mv: Move) -> bool {
        V::is_into_check(self, mv)
    }

    /// Whether `mv` is legal here (castling accepted either way on a
    /// standard board).
    ///
    /// ```
    /// use bitmoves::variant::{Position, Standard};
    /// let pos: Position<Standard> = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false)?;
    /// assert!(pos.is_legal("e1g1".parse()?) && pos.is_legal("e1h1".parse()?));
    /// assert!(!pos.is_legal("e1f3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        let mv = from_chess960(&self.setup, self.chess960, to_chess960(&self.setup, mv));
        let mut out = LooseMoveList::new();
        // Every target of the from-square: castling on a standard board is
        // written to the king's square but generated from the rook's.
        self.generate_legal(mv.from.bitboard(), Bitboard::FULL, &mut out);
        out.contains(&mv)
    }

    /// Plays `mv` without checking it, as python-chess's `push` does.
    pub fn play(&mut self, mv: Move) {
        let capture = quick_make::push(&mut self.setup, mv);
        V::after_play(&mut self.setup, mv, capture);
        self.given_castling = None;
    }

    /// Plays `mv` if it is legal; otherwise leaves the position as it is.
    pub fn play_checked(&mut self, mv: Move) -> Result<(), IllegalVariantMove> {
        if self.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalVariantMove(mv))
        }
    }

    /// The en passant square if a legal capture there exists (python-chess's
    /// `ep_square` as `fen()` writes it).
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.setup.ep_square?;
        if self.is_variant_end() {
            return None;
        }
        let mut out = LooseMoveList::new();
        movegen::pseudo_legal_ep(&self.setup, Bitboard::FULL, Bitboard::FULL, &mut out);
        out.iter()
            .any(|&mv| !V::is_into_check(self, mv))
            .then_some(ep)
    }

    /// Whether `color` cannot win.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        V::has_insufficient_material(&self.setup, color)
    }

    /// How the game has ended, if it has (python-chess's `outcome()`
    /// without repetitions).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = V::variant_outcome(self) {
            return Some(outcome);
        }
        let any_move = !self.legal_moves().is_empty();
        let draw = |termination| {
            Some(Outcome {
                termination,
                winner: None,
            })
        };
        if self.is_check() && !any_move {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(!self.turn()),
            });
        }
        if Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
        {
            return draw(Termination::InsufficientMaterial);
        }
        if !any_move {
            return draw(Termination::Stalemate);
        }
        if V::SEVENTY_FIVE_MOVES && self.setup.halfmove_clock >= 150 {
            return draw(Termination::SeventyFiveMoves);
        }
        None
    }

    /// The FEN as python-chess's `fen()` writes it: X-FEN castling, the en
    /// passant square only when a legal capture exists.
    ///
    /// ```
    /// use bitmoves::variant::{Position, ThreeCheck};
    /// let pos: Position<ThreeCheck> = Position::start();
    /// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    /// ```
    pub fn fen(&self) -> FenWriter<'_> {
        self.fen_with(false, EnPassantMode::Legal, true)
    }

    /// The FEN written as asked (python-chess's `fen(shredder=,
    /// en_passant=)`; without `clocks`, its `epd()`).
    pub fn fen_with(
        &self,
        shredder: bool,
        en_passant: EnPassantMode,
        clocks: bool,
    ) -> FenWriter<'_> {
        let ep_square = match en_passant {
            EnPassantMode::Legal => self.legal_ep_square(),
            EnPassantMode::PseudoLegal => self
                .setup
                .ep_square
                .filter(|_| has_pseudo_legal_en_passant(&self.setup)),
            EnPassantMode::AsSet => self.setup.ep_square,
        };
        FenWriter {
            setup: &self.setup,
            castling: self.setup.castling,
            ep_square,
            shredder,
            promoted: V::fen_shows_promoted(self),
            pockets: V::POCKETS,
            checks: V::CHECKS_IN_FEN,
            clocks,
        }
    }

    /// The position part of the FEN (python-chess's `epd()` without
    /// operations).
    pub fn epd(&self) -> FenWriter<'_> {
        self.fen_with(false, EnPassantMode::Legal, false)
    }

    /// Whether castling rights that only Chess960 has are set: a right
    /// off the corners, or one without its king on e1/e8 (python-chess's
    /// `has_chess960_castling_rights`).
    pub fn has_chess960_castling_rights(&self) -> bool {
        let rights = match self.given_castling {
            None => self.setup.castling,
            Some(castling) => clean_castling_rights(
                &Setup {
                    castling,
                    ..self.setup
                },
                true,
            ),
        };
        let corners = Bitboard::from_iter([Square::A1, Square::H1, Square::A8, Square::H8]);
        let king_home = |color: Color, home: Square| {
            rights.intersects(color.back_rank().bitboard())
                && !self
                    .setup
                    .pieces_of(color, crate::Piece::King)
                    .contains(home)
        };
        !(rights - corners).is_empty()
            || king_home(Color::White, Square::E1)
            || king_home(Color::Black, Square::E8)
    }

    /// What makes two positions the same for repetition: pieces, side,
    /// castling rights, the en passant square when a legal capture exists,
    /// and the variant state (python-chess's `_transposition_key`).
    pub fn transposition_key(&self) -> TranspositionKey {
        let mut setup = self.setup;
        setup.ep_square = self.legal_ep_square();
        setup.halfmove_clock = 0;
        setup.fullmove_number = 1;
        if !V::CHECKS_IN_FEN {
            setup.remaining_checks = Setup::EMPTY.remaining_checks;
        }
        if !V::POCKETS {
            setup.pockets = Setup::EMPTY.pockets;
            setup.promoted = Bitboard::EMPTY;
        }
        TranspositionKey(setup)
    }
}

impl<V: Variant> Default for Position<V> {
    fn default() -> Self {
        Self::start()
    }
}

/// A position reduced to what repetition compares
/// ([`Position::transposition_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TranspositionKey(Setup);

/// Which en passant square a FEN shows (python-chess's `en_passant`
/// argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnPassantMode {
    /// Only when a legal en passant capture exists (`"legal"`).
    Legal,
    /// When a pseudo-legal capture exists (`"xfen"`; what
    /// [`Board`](crate::Board) writes).
    PseudoLegal,
    /// As set, after any double step (`"fen"`).
    AsSet,
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalVariantMove(pub Move);

impl core::fmt::Display for IllegalVariantMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move: {}", self.0)
    }
}

impl core::error::Error for IllegalVariantMove {}
