//! `Board` methods python-chess derives from the position: `piece_map`,
//! `root`, `ply`, the castling-rights questions (`has_castling_rights` and
//! its king-side, queen-side and Chess960 forms, on python-chess's clean
//! castling rights), `find_move`, the castling fields of the FEN and the
//! SVG picture. Each reads the position through [`PyBoard::setup`] (or
//! the board's own Python methods) and changes it only through
//! [`PyBoard::set_setup`].

use bitmoves::{Color, Piece, Square};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyDict;

use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::{
    IllegalMoveError, Int, MaskedBits, PyMove, PyPiece, piece_number, piece_type, square,
};

/// Rank 1, as a bitboard.
pub const RANK_1: u64 = 0xFF;
/// Rank 8, as a bitboard.
pub const RANK_8: u64 = 0xFF << 56;
/// The four corners, where standard chess keeps its castling rooks.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
/// e1, where standard chess keeps a white king that may castle.
const E1: u64 = 1 << 4;
/// e8, where standard chess keeps a black king that may castle.
const E8: u64 = 1 << 60;

/// The back rank of `color`, as a bitboard.
pub fn back_rank(color: Color) -> u64 {
    match color {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    }
}

/// The squares of `color`'s pieces of one kind.
pub fn colored(setup: &Setup, piece: Piece, color: Color) -> u64 {
    setup.pieces[piece.index()] & setup.colors[color.index()]
}

/// One `Piece` object for each piece and colour, made on first use, at
/// colour × 6 + piece (White first, core `Piece` order): `piece_map`
/// hands out these immutable objects instead of a new one per square.
static PIECES: GILOnceCell<Vec<Py<PyPiece>>> = GILOnceCell::new();

/// The shared Python `Piece` standing on `square`, if any.
pub fn py_piece<'py>(
    py: Python<'py>,
    setup: &Setup,
    square: Square,
) -> PyResult<Option<&'py Py<PyPiece>>> {
    let pieces = PIECES.get_or_try_init(py, || {
        (0..12)
            .map(|i| {
                let piece = PyPiece {
                    piece_type: piece_number(Piece::ALL[i % 6]),
                    color: i < 6,
                };
                Py::new(py, piece)
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(setup
        .piece_on(square)
        .map(|(piece, color)| &pieces[color.index() * 6 + piece.index()]))
}

/// `board.copy(stack=...)`, made by the board's own `copy` (so that this
/// file need not know how a board object is built).
pub fn copy_of<'py>(board: &Bound<'py, PyBoard>, stack: bool) -> PyResult<Bound<'py, PyBoard>> {
    let kwargs = PyDict::new(board.py());
    kwargs.set_item("stack", stack)?;
    Ok(board
        .call_method("copy", (), Some(&kwargs))?
        .downcast_into::<PyBoard>()?)
}

/// A new board of `board`'s own class (a subclass's too, made as
/// python-chess makes its copies, `type(board)(None, chess960=...)`, or a
/// plain `Board` when that fails) in `board`'s Chess960 mode, holding
/// `setup`, without a move stack.
pub fn same_kind<'py>(board: &Bound<'py, PyBoard>, setup: &Setup) -> PyResult<Bound<'py, PyBoard>> {
    let py = board.py();
    let chess960 = board.borrow().chess960;
    let class = board.get_type();
    let made = if class.is(py.get_type::<PyBoard>()) {
        None
    } else {
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", chess960)?;
        class
            .call((py.None(),), Some(&kwargs))
            .ok()
            .and_then(|made| made.downcast_into::<PyBoard>().ok())
    };
    let made = match made {
        Some(made) => made,
        None => copy_of(board, false)?,
    };
    {
        let mut fresh = made.borrow_mut();
        fresh.chess960 = chess960;
        fresh.clear_moves();
        fresh.set_setup(py, setup)?;
    }
    Ok(made)
}

/// The highest square of a non-empty bitboard, as python-chess's `msb`.
fn msb(bits: u64) -> u32 {
    63 - bits.leading_zeros()
}

/// python-chess's `clean_castling_rights` of a setup without a move
/// stack: the castling rights with a rook of the right colour on its back
/// rank and an unpromoted king that can castle with it (on e1/e8 with a
/// corner rook in standard chess; between the outermost rooks in
/// Chess960).
pub fn clean_castling_rights(setup: &Setup, chess960: bool) -> u64 {
    let kings = setup.pieces[Piece::King.index()] & !setup.promoted;
    let castling = setup.castling_rights & setup.pieces[Piece::Rook.index()];
    let sides = [Color::White, Color::Black].map(|color| {
        let rooks = castling & back_rank(color) & setup.colors[color.index()];
        let king = kings & setup.colors[color.index()] & back_rank(color);
        (rooks, king)
    });
    if !chess960 {
        let [(white, white_king), (black, black_king)] = sides;
        let white = if white_king & E1 != 0 {
            white & (1 | 1 << 7)
        } else {
            0
        };
        let black = if black_king & E8 != 0 {
            black & (1 << 56 | 1 << 63)
        } else {
            0
        };
        return white | black;
    }
    let mut clean = 0;
    for (rooks, king) in sides {
        if king == 0 || rooks == 0 {
            continue;
        }
        let a_side = rooks & rooks.wrapping_neg();
        let h_side = 1u64 << msb(rooks);
        if msb(a_side) <= msb(king) {
            clean |= a_side;
        }
        if msb(h_side) >= msb(king) {
            clean |= h_side;
        }
    }
    clean
}

/// Whether `mv` is a castling move on `setup`, as python-chess's
/// `is_castling`: a king that moves two files or more, or onto a rook of
/// the side to move.
pub fn is_castling(setup: &Setup, mv: PyMove) -> bool {
    let from = 1u64 << mv.from_square;
    if setup.pieces[Piece::King.index()] & from == 0 {
        return false;
    }
    let files = (mv.from_square % 8).abs_diff(mv.to_square % 8);
    files > 1 || colored(setup, Piece::Rook, setup.turn) & 1u64 << mv.to_square != 0
}

impl PyBoard {
    /// python-chess's `clean_castling_rights` of this board: the rights
    /// as they stand once a move has been played (a game assigns none).
    pub fn clean_castling(&self, setup: &Setup, chess960: bool) -> u64 {
        if self.stack.is_empty() {
            clean_castling_rights(setup, chess960)
        } else {
            setup.castling_rights
        }
    }

    /// Whether `color` may castle with a rook on the side `beyond` picks:
    /// python-chess compares the rook's bitboard with the king's.
    fn castling_side(&self, color: bool, beyond: fn(u64, u64) -> bool) -> bool {
        let setup = self.setup();
        let color = crate::values::color(color);
        let rank = back_rank(color);
        let king = colored(&setup, Piece::King, color) & rank & !setup.promoted;
        if king == 0 {
            return false;
        }
        let rights = self.clean_castling(&setup, self.chess960) & rank;
        (0..64)
            .map(|square| 1u64 << square)
            .filter(|bit| rights & bit != 0)
            .any(|rook| beyond(rook, king))
    }

    /// The Polyglot key as python-chess's `chess.polyglot.zobrist_hash`
    /// computes it for any position: the pieces, the castling rights as
    /// `has_kingside_castling_rights` and `has_queenside_castling_rights`
    /// say, the en passant file when a pawn of the side to move stands
    /// beside the square (legal or not), and the side to move.
    pub fn general_zobrist(&self) -> u64 {
        use bitmoves::polyglot::keys;
        let setup = self.setup();
        let mut key = 0;
        for (square, (piece, color)) in
            (0..64).filter_map(|i| Some((i, setup.piece_on(Square::from_index(i))?)))
        {
            key ^= keys::piece(color, piece, Square::from_index(square));
        }
        for color in Color::ALL {
            let white = color == Color::White;
            if self.castling_side(white, |rook, king| rook > king) {
                key ^= keys::castling(color, bitmoves::CastlingSide::KingSide);
            }
            if self.castling_side(white, |rook, king| rook < king) {
                key ^= keys::castling(color, bitmoves::CastlingSide::QueenSide);
            }
        }
        if let Some(ep) = setup.ep_square.filter(|ep| ep.index() != 0) {
            let behind = match setup.turn {
                Color::White => ep.index().checked_sub(8),
                Color::Black => Some(ep.index() + 8).filter(|&i| i < 64),
            };
            let beside = behind.map_or(0, |i| {
                let bit = 1u64 << i;
                (bit << 1 & !0x0101_0101_0101_0101) | (bit >> 1 & !0x8080_8080_8080_8080)
            });
            let ours = setup.colors[setup.turn.index()] & setup.pieces[Piece::Pawn.index()];
            if beside & ours != 0 {
                key ^= keys::en_passant(ep.file());
            }
        }
        if setup.turn == Color::White {
            key ^= keys::white_to_move();
        }
        key
    }
}

#[pymethods]
impl PyBoard {
    /// The pieces by square, `{square: Piece}`, highest square first, of
    /// the squares in `mask` (an int bitboard, all by default).
    #[pyo3(signature = (*, mask=MaskedBits(u64::MAX)), text_signature = "($self, *, mask=BB_ALL)")]
    fn piece_map<'py>(&self, py: Python<'py>, mask: MaskedBits) -> PyResult<Bound<'py, PyDict>> {
        let setup = self.setup();
        let map = PyDict::new(py);
        let mut left = setup.occupied() & mask.0;
        while left != 0 {
            let index = msb(left) as usize;
            left ^= 1 << index;
            if let Some(piece) = py_piece(py, &setup, Square::from_index(index))? {
                map.set_item(index, piece)?;
            }
        }
        Ok(map)
    }

    /// A copy of the position the move stack starts from, without the
    /// stack (of the board's own class, a subclass's too).
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        let setup = slf.borrow().root_state().setup();
        same_kind(slf, &setup)
    }

    /// The half-moves since the game's start, by the full move number and
    /// the side to move (not the length of the move stack).
    fn ply(&self) -> i64 {
        let setup = self.setup();
        2 * (i64::from(setup.fullmove_number) - 1) + i64::from(setup.turn == Color::Black)
    }

    /// Whether `color` has castling rights.
    fn has_castling_rights(&self, color: bool) -> bool {
        let rank = back_rank(crate::values::color(color));
        self.clean_castling(&self.setup(), self.chess960) & rank != 0
    }

    /// Whether `color` may castle king-side (the h-side in Chess960).
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, |rook, king| rook > king)
    }

    /// Whether `color` may castle queen-side (the a-side in Chess960).
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, |rook, king| rook < king)
    }

    /// Whether some castling right is possible only in Chess960 (a rook
    /// off a corner, or a king off e1/e8).
    fn has_chess960_castling_rights(&self) -> bool {
        let setup = self.setup();
        let rights = self.clean_castling(&setup, true);
        let kings = setup.pieces[Piece::King.index()];
        rights & !CORNERS != 0
            || rights & RANK_1 != 0 && setup.colors[0] & kings & E1 == 0
            || rights & RANK_8 != 0 && setup.colors[1] & kings & E8 == 0
    }

    /// The castling field of the FEN, X-FEN style (`KQkq`, a rook's file
    /// where `K` or `Q` would not say which rook), `-` for none.
    fn castling_xfen(slf: &Bound<'_, Self>) -> PyResult<String> {
        castling_field(slf, false)
    }

    /// The castling field of the Shredder FEN (rook files, `HAha`), `-`
    /// for none.
    fn castling_shredder_fen(slf: &Bound<'_, Self>) -> PyResult<String> {
        castling_field(slf, true)
    }

    /// The legal move from `from_square` to `to_square` (a pawn reaching
    /// the back rank promotes to a queen unless `promotion` says otherwise;
    /// castling is the king's two-square move, or king takes rook in
    /// Chess960). `IllegalMoveError` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn find_move(
        slf: &Bound<'_, Self>,
        from_square: Int,
        to_square: Int,
        promotion: Option<Int>,
    ) -> PyResult<PyMove> {
        let board = slf.borrow();
        let (from, to) = (square(from_square.0)?, square(to_square.0)?);
        let setup = board.setup();
        let mut promotion = promotion.map(|p| piece_type(p.0)).transpose()?;
        let back_ranks = RANK_1 | RANK_8;
        if promotion.is_none()
            && setup.pieces[Piece::Pawn.index()] & from.bitboard().0 != 0
            && to.bitboard().0 & back_ranks != 0
        {
            promotion = Some(Piece::Queen);
        }
        // The null move's other fields (none or, with drops, no drop).
        #[allow(clippy::needless_update)]
        let mut mv = PyMove {
            from_square: from.index() as u8,
            to_square: to.index() as u8,
            promotion: promotion.map(piece_number),
            ..PyMove::null_move()
        };
        // Standard chess writes castling as the king's two-square move.
        let kings = setup.pieces[Piece::King.index()];
        if !board.chess960 && promotion.is_none() && kings & from.bitboard().0 != 0 {
            mv.to_square = match (mv.from_square, mv.to_square) {
                (4, 7) => 6,
                (4, 0) => 2,
                (60, 63) => 62,
                (60, 56) => 58,
                (_, to) => to,
            };
        }
        // A Chess960 board castles king takes rook: python-chess finds no
        // two-square king move there.
        let onto_rook = colored(&setup, Piece::Rook, setup.turn) & to.bitboard().0 != 0;
        let two_step = board.chess960 && is_castling(&setup, mv) && !onto_rook;
        drop(board);
        if two_step || !slf.call_method1("is_legal", (mv,))?.extract::<bool>()? {
            let fen: String = slf.call_method0("fen")?.extract()?;
            return Err(IllegalMoveError::new_err(format!(
                "no matching legal move for {} ({from} -> {to}) in {fen}",
                mv.uci_text()
            )));
        }
        Ok(mv)
    }

    /// The board drawn as SVG for Jupyter, by python-chess's `chess.svg`
    /// (imported when first asked for; python-chess must be installed).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let svg = py.import("chess.svg")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("board", slf)?;
        kwargs.set_item("size", 390)?;
        let (last, check) = {
            let board = slf.borrow();
            let last = board.stack.last().map(|(_, mv)| *mv);
            let setup = board.setup();
            let king = colored(&setup, Piece::King, setup.turn);
            let in_check: bool = slf.call_method0("is_check")?.extract()?;
            let check = (in_check && king != 0).then(|| msb(king));
            (last, check)
        };
        kwargs.set_item("lastmove", last)?;
        kwargs.set_item("check", check)?;
        Ok(svg.call_method("board", (), Some(&kwargs))?.unbind())
    }
}

/// The castling field of the board's FEN, written the Shredder way or
/// X-FEN's.
fn castling_field(board: &Bound<'_, PyBoard>, shredder: bool) -> PyResult<String> {
    // The board's own FEN, not a subclass's `fen` (python-chess asks none).
    let fen = board.borrow().fen_text(shredder, "legal", false)?;
    Ok(fen.split(' ').nth(2).unwrap_or("-").to_string())
}
