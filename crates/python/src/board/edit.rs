//! `Board`'s python-chess fields, readable and assignable (`turn`,
//! `castling_rights`, `ep_square`, the clocks, `chess960`; the piece
//! bitboards through `piece_masks!`), the edits (`set_piece_at`, `remove_piece_at`,
//! `set_piece_map`, `set_board_fen`, `clear`), and the questions about
//! squares (`pieces`, `attacks`, `attackers`, `pin`, `checkers`,
//! `status`). An edit makes a [`Setup`], which goes back to the core's
//! board when it is a legal position.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::engine::{self, status};
use super::moves::mask;
use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::{Bits, Int, PyPiece, PySquareSet, Text, mask_of, piece_type, square};

impl PyBoard {
    /// Applies `change` to the position as python-chess holds it.
    pub fn edit(&mut self, py: Python<'_>, change: impl FnOnce(&mut Setup)) -> PyResult<()> {
        let mut setup = self.setup();
        change(&mut setup);
        self.set_setup(py, &setup)
    }

    /// An edit of the pieces, which clears the move stack (python-chess's
    /// `set_piece_map`, `set_board_fen`, `clear_board`).
    fn edit_board(&mut self, py: Python<'_>, change: impl FnOnce(&mut Setup)) -> PyResult<()> {
        self.clear_moves();
        self.edit(py, change)
    }
}

/// A clock's new value, or the `ValueError` naming the clock (`what`)
/// when it does not fit in 32 bits.
fn clock(value: Int, what: &str) -> PyResult<u32> {
    u32::try_from(value.0)
        .map_err(|_| PyValueError::new_err(format!("{what} out of range: {}", value.0)))
}

#[pymethods]
impl PyBoard {
    /// The side to move: `True` for white.
    #[getter]
    fn get_turn(&self) -> bool {
        self.setup().white()
    }

    #[setter]
    fn set_turn(&mut self, py: Python<'_>, white: bool) -> PyResult<()> {
        self.edit(py, |s| s.turn = crate::values::color(white))
    }

    /// The rook squares with castling rights, as an int bitboard (as
    /// assigned: `clean_castling_rights()` gives the ones that count).
    #[getter]
    fn get_castling_rights(&self) -> u64 {
        self.setup().castling_rights
    }

    #[setter]
    fn set_castling_rights(&mut self, py: Python<'_>, rights: &Bound<'_, PyAny>) -> PyResult<()> {
        let rights = mask(rights)?;
        self.edit(py, |s| s.castling_rights = rights)
    }

    /// The square a pawn skipped with its double step on the last move
    /// (whether or not a capture there is possible), or `None`.
    #[getter]
    fn get_ep_square(&self) -> Option<u8> {
        self.setup().ep_square.map(|sq| sq.index() as u8)
    }

    #[setter]
    fn set_ep_square(&mut self, py: Python<'_>, ep: Option<Int>) -> PyResult<()> {
        let ep = ep.map(|sq| square(sq.0)).transpose()?;
        self.edit(py, |s| s.ep_square = ep)
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn get_halfmove_clock(&self) -> u32 {
        self.setup().halfmove_clock
    }

    #[setter]
    fn set_halfmove_clock(&mut self, py: Python<'_>, value: Int) -> PyResult<()> {
        let value = clock(value, "halfmove clock")?;
        self.edit(py, |s| s.halfmove_clock = value)
    }

    /// The number of the full move, from 1, counted up after Black moves.
    #[getter]
    fn get_fullmove_number(&self) -> u32 {
        self.setup().fullmove_number
    }

    #[setter]
    fn set_fullmove_number(&mut self, py: Python<'_>, value: Int) -> PyResult<()> {
        let value = clock(value, "fullmove number")?;
        self.edit(py, |s| s.fullmove_number = value)
    }

    /// Whether castling is Chess960's (king takes own rook in UCI).
    #[getter]
    fn get_chess960(&self) -> bool {
        self.chess960
    }

    #[setter]
    fn set_chess960(&mut self, py: Python<'_>, chess960: bool) -> PyResult<()> {
        self.chess960 = chess960;
        let setup = self.setup();
        self.set_setup(py, &setup)
    }

    /// Puts `piece` on `square` (`None` empties it); `promoted` marks it.
    /// Clears the move stack.
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        py: Python<'_>,
        square: Int,
        piece: Option<PyPiece>,
        promoted: bool,
    ) -> PyResult<()> {
        let sq = self::square(square.0)?.index() as u8;
        self.edit_board(py, |s| match piece {
            Some(p) => s.put_at(sq, p.piece_type, p.color, promoted),
            None => {
                s.remove_at(sq);
            }
        })
    }

    /// Takes the piece off `square` and returns it, or `None`. Clears the
    /// move stack.
    fn remove_piece_at(&mut self, py: Python<'_>, square: Int) -> PyResult<Option<PyPiece>> {
        let sq = self::square(square.0)?;
        let taken = self.setup().piece_on(sq);
        self.edit_board(py, |s| {
            s.remove_at(sq.index() as u8);
        })?;
        Ok(taken.map(|(piece, side)| PyPiece {
            piece_type: crate::values::piece_number(piece),
            color: side == bitmoves::Color::White,
        }))
    }

    /// Sets the pieces from a `{square: Piece}` mapping; clears the stack.
    fn set_piece_map(&mut self, py: Python<'_>, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut placed = Vec::new();
        for item in pieces.call_method0("items")?.try_iter()? {
            let (sq, piece): (Int, PyPiece) = item?.extract()?;
            placed.push((self::square(sq.0)?.index() as u8, piece));
        }
        self.edit_board(py, |s| {
            s.pieces = [0; 6];
            s.colors = [0; 2];
            s.promoted = 0;
            for (sq, piece) in placed {
                s.put_at(sq, piece.piece_type, piece.color, false);
            }
        })
    }

    /// Sets the pieces from a FEN's placement field; clears the stack.
    fn set_board_fen(&mut self, py: Python<'_>, fen: Text) -> PyResult<()> {
        let mut placed = self.setup();
        let parsed = engine::parse_board_fen(&fen.0, &mut placed);
        fen.1.restore(parsed.map_err(PyValueError::new_err))?;
        self.edit_board(py, |s| {
            s.pieces = placed.pieces;
            s.colors = placed.colors;
            s.promoted = placed.promoted;
        })
    }

    /// Sets castling rights from FEN letters (`KQkq`, `Hb`); clears the
    /// stack.
    fn set_castling_fen(&mut self, py: Python<'_>, castling_fen: Text) -> PyResult<()> {
        let setup = self.setup();
        let rights = engine::castling_from_fen(&castling_fen.0, &setup);
        let rights = castling_fen
            .1
            .restore(rights.map_err(PyValueError::new_err))?;
        self.edit_board(py, |s| s.castling_rights = rights)
    }

    /// Empties the board: no pieces, White to move, no rights, clocks 0
    /// and 1; clears the stack.
    fn clear(&mut self, py: Python<'_>) -> PyResult<()> {
        self.edit_board(py, |s| *s = Setup::EMPTY)
    }

    /// Takes every piece off, empties Crazyhouse's pockets and gives
    /// Three-check's counts back (the rest stays); clears the stack.
    fn clear_board(&mut self, py: Python<'_>) -> PyResult<()> {
        self.edit_board(py, |s| {
            s.pieces = [0; 6];
            s.colors = [0; 2];
            s.promoted = 0;
            s.pockets = Setup::EMPTY.pockets;
            s.remaining_checks = Setup::EMPTY.remaining_checks;
        })
    }

    /// Puts the pieces in their start squares, empties Crazyhouse's
    /// pockets and gives Three-check's counts back (the rest stays);
    /// clears the stack.
    fn reset_board(&mut self, py: Python<'_>) -> PyResult<()> {
        let start = Self::read_fen(super::STARTING_FEN)?;
        self.edit_board(py, |s| {
            s.pieces = start.pieces;
            s.colors = start.colors;
            s.promoted = 0;
            s.pockets = Setup::EMPTY.pockets;
            s.remaining_checks = Setup::EMPTY.remaining_checks;
        })
    }

    /// The squares of `color`'s pieces of `piece_type`, as a mask.
    pub(super) fn pieces_mask(&self, piece_type: Int, color: bool) -> PyResult<u64> {
        let piece = self::piece_type(piece_type.0)?;
        let s = self.setup();
        Ok(s.pieces[piece.index()] & s.co(color))
    }

    /// The squares of `color`'s pieces of `piece_type`, as a `SquareSet`.
    fn pieces(&self, py: Python<'_>, piece_type: Int, color: bool) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.pieces_mask(piece_type, color)?)
    }

    /// The squares the piece on `square` attacks, as a mask.
    pub(super) fn attacks_mask(&self, square: Int) -> PyResult<u64> {
        let sq = self::square(square.0)?.index() as u8;
        Ok(self.setup().attacks_mask(sq))
    }

    /// The squares the piece on `square` attacks, as a `SquareSet`.
    fn attacks(&self, py: Python<'_>, square: Int) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.attacks_mask(square)?)
    }

    /// The squares of `color`'s pieces attacking `square`, as a mask; with
    /// `occupied`, the sliders see through the squares not in it (the
    /// pieces off it still attack), as python-chess's.
    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn attackers_mask(
        &self,
        color: bool,
        square: Int,
        occupied: Option<Bits>,
    ) -> PyResult<u64> {
        let sq = self::square(square.0)?.index() as u8;
        let setup = self.setup();
        let occupied = occupied.map_or_else(|| setup.occupied(), |Bits(bits)| bits);
        Ok(setup.attackers_under(color, sq, occupied))
    }

    /// The line a piece of `color` on `square` is pinned along (every
    /// square when it is not pinned), as a mask.
    fn pin_mask(&self, color: bool, square: Int) -> PyResult<u64> {
        let sq = self::square(square.0)?.index() as u8;
        Ok(self.setup().pin_mask(color, sq))
    }

    /// `pin_mask` as a `SquareSet`.
    fn pin(&self, py: Python<'_>, color: bool, square: Int) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.pin_mask(color, square)?)
    }

    /// Whether the piece of `color` on `square` is pinned to its king.
    fn is_pinned(&self, color: bool, square: Int) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    /// The pieces giving check, as a mask.
    fn checkers_mask(&self) -> u64 {
        match self.core() {
            Some(board) => board.checkers().0,
            None => self.setup().checkers_mask(),
        }
    }

    /// The pieces giving check, as a `SquareSet`.
    fn checkers(&self, py: Python<'_>) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.checkers_mask())
    }

    /// Whether the side that just moved left its king in check.
    fn was_into_check(&self) -> bool {
        self.setup().was_into_check()
    }

    /// python-chess's `status()`: `STATUS_VALID` (0) or the flags of what
    /// is wrong with the position, as a `bitmoves.Status` (an `IntFlag`)
    /// where the package defines one, else as an int.
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let flags = status(&self.setup(), self.rules());
        let flag_type = py
            .import("bitmoves")
            .and_then(|module| module.getattr("Status"));
        match flag_type {
            Ok(flag_type) => Ok(flag_type.call1((flags,))?.unbind()),
            Err(_) => Ok(flags.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// The castling rights that count, as a mask.
    fn clean_castling_rights(&self) -> u64 {
        engine::castling_rights(&self.setup(), self.rules())
    }

    /// Whether `color` cannot win by material.
    fn has_insufficient_material(&self, color: bool) -> bool {
        engine::has_insufficient_material(&self.setup(), self.rules(), color)
    }

    /// Sets up the Chess960 start position number `scharnagl` (0 to 959),
    /// in Chess960 mode, with every castling right; clears the stack.
    fn set_chess960_pos(&mut self, py: Python<'_>, scharnagl: Int) -> PyResult<()> {
        let start = chess960_start(scharnagl)?;
        self.chess960 = true;
        self.edit_board(py, |s| *s = start)
    }

    /// The number of the Chess960 start position this is (0 to 959), or
    /// `None`. By default White must be to move and every castling right
    /// there; the clocks are not looked at.
    #[pyo3(signature = (*, ignore_turn=false, ignore_castling=false, ignore_counters=true))]
    fn chess960_pos(
        &self,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> Option<u16> {
        let s = self.setup();
        if s.ep_square.is_some_and(|sq| sq.index() != 0)
            || (!ignore_turn && !s.white())
            || (!ignore_castling && self.clean_castling_rights() != s.kind(4))
            || (!ignore_counters && (s.fullmove_number != 1 || s.halfmove_clock != 0))
            || s.promoted != 0
        {
            return None;
        }
        (0..960u16).find(|&n| {
            chess960_start(Int(i64::from(n)))
                .is_ok_and(|start| start.pieces == s.pieces && start.colors == s.colors)
        })
    }
}

/// The Chess960 start position `number` as a setup, every castling right
/// set.
fn chess960_start(number: Int) -> PyResult<Setup> {
    let n = u16::try_from(number.0)
        .ok()
        .filter(|&n| n < 960)
        .ok_or_else(|| {
            PyValueError::new_err(format!("not a Chess960 position number: {}", number.0))
        })?;
    let board =
        bitmoves::Board::chess960_start(n).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut setup = PyBoard::read_fen(&board.to_string())?;
    setup.castling_rights = setup.kind(4);
    Ok(setup)
}

attack_questions!(PyBoard);
piece_masks!(PyBoard);
