//! The board's bridge to the core's rules engine ([`bitmoves::variant`]):
//! a position as python-chess holds it ([`Setup`]) and its [`Rules`] become
//! a core `Position`, python-chess's moves become core moves and back, and
//! the engine's answers come back in python-chess's shapes (square
//! indices, piece numbers, `u64` masks, text). No chess rule is decided
//! here: every function is one call into the core.
//!
//! The core rules type follows the board's [`VariantKind`] ([`Rules`]):
//! each function below runs the core's `Position` of that variant
//! (`on_position!`, one `match` to a monomorphised body per variant).

use bitmoves::variant::{
    self, Antichess, Atomic, Crazyhouse, EnPassantMode, Giveaway, Horde, KingOfTheHill,
    LooseMoveList, Position, RacingKings, Standard, Suicide, ThreeCheck, Variant, VariantKind,
    VariantSanError,
};
use bitmoves::{Bitboard, Color, Move, Piece, Square};

use super::error_text::{fen_message, fully_specified_san, placement_message};
use super::setup::Setup;
use crate::values::py_repr;
use crate::values::{PyMove, piece_number};

/// What python-chess's rules read besides the setup: the variant (the
/// board's class), the Chess960 flag (how castling moves are written, and
/// which castling rights count) and whether moves were pushed
/// (python-chess then trusts the castling rights as already cleaned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// python-chess's `chess960`.
    pub chess960: bool,
    /// Whether the move stack is not empty.
    pub pushed: bool,
    /// The board's variant (`Standard` for `chess.Board`).
    pub variant: VariantKind,
}

impl Rules {
    /// The position `s` is under these rules, played by `V`: castling
    /// rights cleaned unless moves were pushed, as python-chess counts them.
    pub fn position<V: Variant>(self, s: &Setup) -> Position<V> {
        if self.pushed {
            Position::from_setup_trusted(s.core(), self.chess960)
        } else {
            Position::from_setup(s.core(), self.chess960)
        }
    }
}

/// Runs `$body` with `$pos` bound to the core position of setup `$s`
/// under rules `$r`, typed by the rules' variant.
macro_rules! on_position {
    ($r:expr, $s:expr, |$pos:ident| $body:expr) => {{
        let (r, s): (Rules, &Setup) = ($r, $s);
        match r.variant {
            VariantKind::Standard => on_position!(@ Standard, r, s, $pos, $body),
            VariantKind::KingOfTheHill => on_position!(@ KingOfTheHill, r, s, $pos, $body),
            VariantKind::ThreeCheck => on_position!(@ ThreeCheck, r, s, $pos, $body),
            VariantKind::RacingKings => on_position!(@ RacingKings, r, s, $pos, $body),
            VariantKind::Horde => on_position!(@ Horde, r, s, $pos, $body),
            VariantKind::Suicide => on_position!(@ Suicide, r, s, $pos, $body),
            VariantKind::Giveaway => on_position!(@ Giveaway, r, s, $pos, $body),
            VariantKind::Antichess => on_position!(@ Antichess, r, s, $pos, $body),
            VariantKind::Atomic => on_position!(@ Atomic, r, s, $pos, $body),
            VariantKind::Crazyhouse => on_position!(@ Crazyhouse, r, s, $pos, $body),
        }
    }};
    (@ $v:ty, $r:ident, $s:ident, $pos:ident, $body:expr) => {{
        #[allow(unused_mut)]
        let mut $pos = $r.position::<$v>($s);
        $body
    }};
}

/// The core square of an index (masked to the board).
#[inline]
pub fn square(index: u8) -> Square {
    Square::from_index(usize::from(index & 63))
}

/// python-chess's move as the core's: a drop as [`variant::drop_move`],
/// the null move as a move from a1 to a1 (which [`push`] plays as `play_null`).
pub fn core_move(m: PyMove) -> Move {
    let piece = |number: u8| Piece::ALL[usize::from(number.clamp(1, 6) - 1)];
    match m.drop {
        Some(drop) => variant::drop_move(piece(drop), square(m.to_square)),
        None => Move {
            from: square(m.from_square),
            to: square(m.to_square),
            promotion: m.promotion.map(piece),
        },
    }
}

/// The core's move as python-chess's.
pub fn py_move(m: Move) -> PyMove {
    match variant::as_drop(m) {
        Some((piece, to)) => PyMove {
            from_square: to.index() as u8,
            to_square: to.index() as u8,
            promotion: None,
            drop: Some(piece_number(piece)),
        },
        None => PyMove::from_core(m),
    }
}

fn py_moves(list: &LooseMoveList) -> Vec<PyMove> {
    list.iter().map(|&m| py_move(m)).collect()
}

/// Which moves a generator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generate {
    /// `generate_legal_moves`.
    Legal,
    /// `generate_pseudo_legal_moves`.
    PseudoLegal,
    /// `generate_castling_moves`.
    Castling,
    /// `generate_legal_ep`.
    LegalEp,
    /// `generate_pseudo_legal_ep`.
    PseudoLegalEp,
}

/// The moves of one of python-chess's generators, from squares in `from`
/// to squares in `to`, in its order.
pub fn generate(s: &Setup, r: Rules, what: Generate, from: u64, to: u64) -> Vec<PyMove> {
    let (from, to) = (Bitboard(from), Bitboard(to));
    let mut out = LooseMoveList::new();
    on_position!(r, s, |pos| match what {
        Generate::Legal => pos.generate_legal(from, to, &mut out),
        Generate::PseudoLegal => pos.generate_pseudo_legal(from, to, &mut out),
        Generate::Castling => pos.generate_castling(from, to, &mut out),
        Generate::LegalEp => pos.generate_legal_ep(from, to, &mut out),
        Generate::PseudoLegalEp => pos.generate_pseudo_legal_ep(from, to, &mut out),
    });
    py_moves(&out)
}

/// The legal moves, in python-chess's order.
pub fn legal_moves(s: &Setup, r: Rules) -> Vec<PyMove> {
    py_moves(&on_position!(r, s, |pos| pos.legal_moves()))
}

/// Whether a legal move exists.
pub fn has_legal_moves(s: &Setup, r: Rules) -> bool {
    !on_position!(r, s, |pos| pos.legal_moves().is_empty())
}

/// python-chess's `is_pseudo_legal(move)` (the null move is not).
pub fn is_pseudo_legal(s: &Setup, r: Rules, m: PyMove) -> bool {
    !m.is_null() && on_position!(r, s, |pos| pos.is_pseudo_legal(core_move(m)))
}

/// python-chess's `is_into_check(move)`.
pub fn is_into_check(s: &Setup, r: Rules, m: PyMove) -> bool {
    on_position!(r, s, |pos| pos.is_into_check(core_move(m)))
}

/// python-chess's `is_legal(move)`: pseudo-legal and not into check.
/// In a variant, the move is looked for among the legal moves from its
/// square (captures compulsory in Antichess, Atomic's explosions).
pub fn is_legal(s: &Setup, r: Rules, m: PyMove) -> bool {
    let m = core_move(m);
    if r.variant != VariantKind::Standard {
        return on_position!(r, s, |pos| pos.is_pseudo_legal(m) && pos.is_legal(m));
    }
    on_position!(r, s, |pos| !pos.is_variant_end()
        && pos.is_pseudo_legal(m)
        && !pos.is_into_check(m))
}

/// python-chess's `is_irreversible(move)`.
pub fn is_irreversible(s: &Setup, r: Rules, m: PyMove) -> bool {
    on_position!(r, s, |pos| pos.is_irreversible(core_move(m)))
}

/// python-chess's `push(move)` on `s` (the move as given: it is not
/// checked). Returns the move as the stack records it.
pub fn push(s: &mut Setup, r: Rules, m: PyMove) -> PyMove {
    let recorded = from_chess960(s, r.chess960, to_chess960(s, m));
    let after = on_position!(r, s, |pos| {
        if m.is_null() {
            pos.play_null();
        } else {
            pos.play(core_move(m));
        }
        Setup::from_core(pos.setup())
    });
    *s = after;
    recorded
}

/// python-chess's `_to_chess960`: a standard king step written as king
/// takes rook.
pub fn to_chess960(s: &Setup, m: PyMove) -> PyMove {
    if m.drop.is_some() || m.is_null() {
        return m;
    }
    py_move(variant::to_chess960(&s.core(), core_move(m)))
}

/// python-chess's `_from_chess960`: king takes rook written as the king's
/// step on a standard board.
pub fn from_chess960(s: &Setup, chess960: bool, m: PyMove) -> PyMove {
    if m.drop.is_some() || m.is_null() {
        return m;
    }
    py_move(variant::from_chess960(&s.core(), chess960, core_move(m)))
}

/// python-chess's `has_legal_en_passant()`.
pub fn has_legal_en_passant(s: &Setup, r: Rules) -> bool {
    on_position!(r, s, |pos| pos.legal_ep_square().is_some())
}

/// python-chess's `has_pseudo_legal_en_passant()`.
pub fn has_pseudo_legal_en_passant(s: &Setup) -> bool {
    variant::has_pseudo_legal_en_passant(&s.core())
}

/// The castling rights that count (python-chess's `clean_castling_rights()`).
pub fn castling_rights(s: &Setup, r: Rules) -> u64 {
    on_position!(r, s, |pos| pos.setup().castling.0)
}

/// python-chess's `clean_castling_rights()` with no moves pushed.
pub fn clean_castling_rights(s: &Setup, chess960: bool) -> u64 {
    variant::clean_castling_rights(&s.core(), chess960).0
}

/// python-chess's `_valid_ep_square()`.
pub fn valid_ep_square(s: &Setup) -> Option<u8> {
    variant::valid_ep_square(&s.core()).map(|sq| sq.index() as u8)
}

/// python-chess's `status()`, as its flags.
pub fn status(s: &Setup, r: Rules) -> u32 {
    on_position!(r, s, |pos| pos.status()).0
}

/// python-chess's `has_insufficient_material(color)`.
pub fn has_insufficient_material(s: &Setup, r: Rules, white: bool) -> bool {
    on_position!(r, s, |pos| pos.has_insufficient_material(color(white)))
}

/// python-chess's `san(move)`: `None` when no piece stands on the move's
/// from-square (python-chess asserts there).
pub fn san(s: &Setup, r: Rules, m: PyMove) -> Option<String> {
    if m.is_null() {
        return Some("--".to_string());
    }
    on_position!(r, s, |pos| pos.san(core_move(m)).map(|san| san.to_string()))
}

/// Why SAN text is not one legal move here, as the exception python-chess
/// raises names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN (`InvalidMoveError`).
    Invalid(String),
    /// No legal move fits (`IllegalMoveError`).
    Illegal(String),
    /// Several legal moves fit (`AmbiguousMoveError`).
    Ambiguous(String),
}

/// python-chess's `parse_san(text)`; `fen` names the position in errors,
/// worded as python-chess words them.
pub fn parse_san(s: &Setup, r: Rules, text: &str, fen: &str) -> Result<PyMove, SanError> {
    let quoted = py_repr(text);
    match on_position!(r, s, |pos| pos.parse_san(text)) {
        Ok(m) => Ok(py_move(m)),
        Err(VariantSanError::Null) => Ok(PyMove::null_move()),
        Err(VariantSanError::Invalid) => Err(SanError::Invalid(format!("invalid san: {quoted}"))),
        Err(VariantSanError::MultiLeg) => Err(SanError::Invalid(format!(
            "unsupported multi-leg move: {quoted}"
        ))),
        Err(VariantSanError::Ambiguous) => Err(SanError::Ambiguous(format!(
            "ambiguous san: {quoted} in {fen}"
        ))),
        Err(VariantSanError::MissingPromotion) => Err(SanError::Illegal(format!(
            "missing promotion piece type: {quoted} in {fen}"
        ))),
        Err(VariantSanError::Illegal) => Err(SanError::Illegal(match fully_specified_san(text) {
            Some((from, to, promotion)) => {
                // python-chess's `find_move`: a pawn reaching the last
                // rank is asked for as a queen promotion.
                let pawn = s.kind(1) & (1 << from) != 0;
                let back_rank = matches!(to / 8, 0 | 7);
                let promotion = promotion
                    .and_then(Piece::from_char)
                    .map(piece_number)
                    .or((pawn && back_rank).then_some(5));
                let asked = PyMove {
                    from_square: from,
                    to_square: to,
                    promotion,
                    drop: None,
                };
                let asked = from_chess960(s, r.chess960, asked);
                format!(
                    "no matching legal move for {} ({} -> {}) in {fen}",
                    asked.uci_text(),
                    square(from),
                    square(to)
                )
            }
            None => format!("illegal san: {quoted} in {fen}"),
        })),
    }
}

/// Reads a FEN as python-chess's board reads it; the error text is the
/// `ValueError`'s.
pub fn parse_fen(fen: &str, variant: VariantKind) -> Result<Setup, String> {
    let read = match variant {
        VariantKind::Crazyhouse => Position::<Crazyhouse>::setup_from_fen(fen),
        VariantKind::ThreeCheck => Position::<ThreeCheck>::setup_from_fen(fen),
        _ => Position::<Standard>::setup_from_fen(fen),
    };
    read.map(|setup| Setup::from_core(&setup))
        .map_err(|e| fen_message(fen, e))
}

/// python-chess's `set_board_fen`: the placement field into `setup`'s
/// pieces (and promoted marks), the rest kept.
pub fn parse_board_fen(text: &str, setup: &mut Setup) -> Result<(), String> {
    let mut core = setup.core();
    if text.trim().contains(' ') || core.set_board_fen(text).is_err() {
        return Err(placement_message(text));
    }
    *setup = Setup::from_core(&core);
    Ok(())
}

/// python-chess's `set_castling_fen` letters as the rook squares they name
/// on `s`'s placement.
pub fn castling_from_fen(text: &str, s: &Setup) -> Result<u64, String> {
    let mut core = s.core();
    core.set_castling_fen(text)
        .map_err(|_| format!("invalid castling fen: {}", py_repr(text)))?;
    Ok(core.castling.0)
}

/// python-chess's `fen()`/`epd()` text without operations: castling as
/// X-FEN (or Shredder letters), the en passant square as `en_passant`
/// asks ("legal", "fen" or "xfen"), the clocks with `clocks`.
pub fn write_fen(
    s: &Setup,
    r: Rules,
    shredder: bool,
    en_passant: &str,
    clocks: bool,
) -> Result<String, String> {
    let mode = match en_passant {
        "legal" => EnPassantMode::Legal,
        "fen" => EnPassantMode::AsSet,
        "xfen" => EnPassantMode::PseudoLegal,
        other => {
            return Err(format!(
                "en_passant must be \"legal\", \"fen\" or \"xfen\", not {other:?}"
            ));
        }
    };
    Ok(on_position!(r, s, |pos| pos
        .fen_with(shredder, mode, clocks)
        .to_string()))
}

/// python-chess's colour as the core's.
#[inline]
pub fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// What kind a move is on a [`Setup`], as python-chess asks: castling
/// (either side), en passant, capture, zeroing; the core answers.
pub mod kinds {
    use super::{Setup, core_move};
    use crate::values::PyMove;
    use bitmoves::variant;

    /// python-chess's `is_castling(move)`.
    pub fn is_castling(s: &Setup, m: PyMove) -> bool {
        m.drop.is_none() && variant::is_castling(&s.core(), core_move(m))
    }

    /// python-chess's `is_kingside_castling(move)`: castling towards the
    /// h-file.
    pub fn is_kingside_castling(s: &Setup, m: PyMove) -> bool {
        is_castling(s, m) && (m.to_square & 7) > (m.from_square & 7)
    }

    /// python-chess's `is_queenside_castling(move)`: castling towards the
    /// a-file.
    pub fn is_queenside_castling(s: &Setup, m: PyMove) -> bool {
        is_castling(s, m) && (m.to_square & 7) < (m.from_square & 7)
    }

    /// python-chess's `is_en_passant(move)`.
    pub fn is_en_passant(s: &Setup, m: PyMove) -> bool {
        m.drop.is_none() && variant::is_en_passant(&s.core(), core_move(m))
    }

    /// python-chess's `is_capture(move)`.
    pub fn is_capture(s: &Setup, m: PyMove) -> bool {
        m.drop.is_none() && variant::is_capture(&s.core(), core_move(m))
    }

    /// python-chess's `is_zeroing(move)`.
    pub fn is_zeroing(s: &Setup, m: PyMove) -> bool {
        variant::is_zeroing(&s.core(), core_move(m))
    }
}

/// The pieces giving check to the side to move's king, by the variant's
/// rules (none in Atomic when the kings touch, for one).
pub fn checkers(s: &Setup, r: Rules) -> u64 {
    on_position!(r, s, |pos| pos.checkers().0)
}

/// How the variant's own rules end the game here, if they do
/// (python-chess's `is_variant_loss`, `is_variant_win`,
/// `is_variant_draw`, in that order): the termination and the winner.
pub fn variant_outcome(s: &Setup, r: Rules) -> Option<variant::Outcome> {
    fn of<V: Variant>(pos: &Position<V>) -> Option<variant::Outcome> {
        V::variant_outcome(pos)
    }
    on_position!(r, s, |pos| of(&pos))
}

/// Whether the variant's own end is reached (python-chess's
/// `is_variant_end`).
pub fn is_variant_end(s: &Setup, r: Rules) -> bool {
    on_position!(r, s, |pos| pos.is_variant_end())
}

/// Crazyhouse's `legal_drop_squares_mask()`: where the side to move may
/// drop.
pub fn legal_drop_squares(s: &Setup) -> u64 {
    variant::legal_drop_squares(&s.core()).0
}
