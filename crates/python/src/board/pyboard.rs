//! `bitmoves.Board`: the position, its move stack and python-chess's
//! read-only accessors (FEN, pieces, attacks, keys). Playing moves is in
//! `play.rs` and `push.rs`, the game's end in `status.rs`.

use bitmoves::{Bitboard, Board, Color, FenOptions, Piece, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::position::{Position, State};
use super::setup::Setup;
use crate::legal_moves::GeneratorRef;
use crate::values::{Int, PyMove, PyPiece, color, piece_number, piece_type, square};

/// The standard starting position, as python-chess's `STARTING_FEN`.
pub const STARTING_FEN: &str = Board::STARTPOS_FEN;

/// A chess board with its move stack, python-chess's `chess.Board` for
/// standard chess and Chess960.
///
/// Every board is a legal position with one king a side: FENs the core
/// refuses (no kings, pawns on the back rank, the side not to move in
/// check) raise `ValueError`.
#[pyclass(module = "bitmoves", name = "Board", subclass)]
pub struct PyBoard {
    /// The position now: read through [`PyBoard::state`], changed only
    /// through [`PyBoard::set_state`] and [`PyBoard::update`], which tell
    /// the generator (private, so that no other path can change the
    /// position and leave the generator's copy stale).
    state: State,
    /// Whether castling moves and rights are written the Chess960 way.
    pub chess960: bool,
    /// Every position before a move of the stack, with that move.
    pub stack: Vec<(State, PyMove)>,
    /// `board.legal_moves`: made with the board and never replaced (no
    /// method assigns it, nor the whole board), so that CPython reads it
    /// straight from the object as a member (`super::push`).
    generator: GeneratorRef,
}

impl PyBoard {
    /// A board from FEN, in Chess960 mode when asked or when the FEN needs
    /// it (a king or castling rook off its standard square).
    pub fn from_fen(py: Python<'_>, fen: &str, chess960: bool) -> PyResult<Self> {
        let state = Self::read_fen(fen, chess960)?;
        Ok(Self {
            state,
            chess960: chess960 || state.board.is_chess960(),
            stack: Vec::new(),
            generator: GeneratorRef::new(py, &state.board)?,
        })
    }

    /// The position a FEN gives, with python-chess's en passant square.
    fn read_fen(fen: &str, chess960: bool) -> PyResult<State> {
        let options = FenOptions {
            lenient: true,
            chess960,
        };
        let board = Board::from_fen_with(fen, options)
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?} ({e})")))?;
        // The FEN's own en passant field, which python-chess keeps as given.
        let ep_square = match fen.split_ascii_whitespace().nth(3) {
            Some("-") | None => None,
            Some(text) => text.parse().ok(),
        };
        Ok(State { board, ep_square })
    }

    /// A copy of the board, with its own generator.
    pub fn duplicate(&self, py: Python<'_>) -> PyResult<Self> {
        Ok(Self {
            state: self.state,
            chess960: self.chess960,
            stack: self.stack.clone(),
            generator: self.generator.duplicate(py)?,
        })
    }

    /// The board's `legal_moves` object.
    pub fn generator(&self) -> &GeneratorRef {
        &self.generator
    }

    /// The address of the generator field, from which `super::push`
    /// works out where it lies in a board object.
    pub fn generator_field(&self) -> *const GeneratorRef {
        &self.generator
    }

    /// The position now.
    #[inline]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Sets the position now, and tells the generator.
    #[inline]
    pub fn set_state(&mut self, py: Python<'_>, state: State) {
        self.state = state;
        self.generator.sync(py, &state.board);
    }

    /// Changes the position now in place, then tells the generator.
    #[inline]
    pub fn update(&mut self, py: Python<'_>, change: impl FnOnce(&mut State)) {
        change(&mut self.state);
        self.generator.sync(py, &self.state.board);
    }

    /// The position now as python-chess holds it.
    pub fn setup(&self) -> Setup {
        Setup::of(&self.state)
    }

    /// Sets the position now from a setup, which must be a legal position
    /// for now (`ValueError` otherwise); the move stack is kept.
    pub fn set_setup(&mut self, py: Python<'_>, setup: &Setup) -> PyResult<()> {
        let state = setup.legal_state(self.chess960).ok_or_else(|| {
            PyValueError::new_err(format!("not a legal position: {}", setup.board_fen()))
        })?;
        self.set_state(py, state);
        Ok(())
    }

    /// The core board now.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The position the move stack starts from.
    pub fn root_state(&self) -> State {
        self.stack.first().map_or(self.state, |(state, _)| *state)
    }

    /// The FEN of `state` in python-chess's form: X-FEN castling (or
    /// Shredder letters when asked), the en passant square by `en_passant`
    /// ("legal", "fen" or "xfen").
    pub fn fen_of(
        state: &State,
        shredder: bool,
        en_passant: &str,
        clocks: bool,
    ) -> PyResult<String> {
        let board = &state.board;
        let ep = match en_passant {
            "legal" => board.legal_en_passant(),
            "xfen" => board.en_passant(),
            "fen" => state.ep_square,
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant must be \"legal\", \"fen\" or \"xfen\", not {other:?}"
                )));
            }
        };
        let mut fen = board_fen(board);
        fen.push(' ');
        fen.push(board.side_to_move().to_char());
        fen.push(' ');
        fen.push_str(&castling_fen(board, shredder));
        fen.push(' ');
        fen.push_str(&ep.map_or("-".to_string(), |sq| sq.to_string()));
        if clocks {
            fen.push_str(&format!(
                " {} {}",
                board.halfmove_clock(),
                board.fullmove_number()
            ));
        }
        Ok(fen)
    }
}

/// The placement field of the board's FEN.
pub fn board_fen(board: &Board) -> String {
    let fen = board.to_string();
    fen.split(' ').next().unwrap_or_default().to_string()
}

/// Castling rights as python-chess writes them: X-FEN (`K`/`Q` for the
/// outermost rook, a file letter otherwise) or Shredder (file letters).
fn castling_fen(board: &Board, shredder: bool) -> String {
    let rights = board.castling_rights().rook_squares();
    let mut text = String::new();
    for side in Color::ALL {
        let back_rank = Bitboard::ranks(&[side.back_rank()]);
        let rooks = board.colored_pieces(side, Piece::Rook) & back_rank;
        let king = board.king(side).file();
        let mut ours: Vec<Square> = (rights & back_rank).iter().collect();
        ours.reverse();
        for rook in ours {
            let queen_side = rook.file() < king;
            let outer = (rooks - rook.bitboard())
                .iter()
                .any(|other| (other.file() < rook.file()) == queen_side);
            let letter = match (shredder || outer, queen_side) {
                (true, _) => rook.file().to_char(),
                (false, true) => 'q',
                (false, false) => 'k',
            };
            text.push(letter_case(side, letter));
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

/// `letter` uppercase for White, lowercase for Black.
fn letter_case(side: Color, letter: char) -> char {
    match side {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

/// The bitboard of a Python bitboard result.
pub fn bits(bitboard: Bitboard) -> u64 {
    bitboard.0
}

#[pymethods]
impl PyBoard {
    /// `Board(fen=STARTING_FEN, *, chess960=False)`: a board from FEN (or
    /// the first four fields of an EPD). `ValueError` when the FEN is not
    /// a legal position; `Board(None)` (python-chess's empty board) is
    /// refused, as a board without kings is.
    #[new]
    #[pyo3(signature = (fen=Some(STARTING_FEN.to_string()), *, chess960=false))]
    fn new(py: Python<'_>, fen: Option<String>, chess960: bool) -> PyResult<Self> {
        match fen {
            Some(fen) => Self::from_fen(py, &fen, chess960),
            None => Err(PyValueError::new_err(
                "bitmoves has no empty board: every board has a king of each side",
            )),
        }
    }

    /// The Chess960 start position number `scharnagl` (0 to 959; 518 is
    /// the classical one), in Chess960 mode.
    #[classmethod]
    fn from_chess960_pos(cls: &Bound<'_, PyType>, scharnagl: Int) -> PyResult<Self> {
        let Int(scharnagl) = scharnagl;
        let number = u16::try_from(scharnagl)
            .ok()
            .filter(|&n| n < 960)
            .ok_or_else(|| {
                PyValueError::new_err(format!("not a Chess960 position number: {scharnagl}"))
            })?;
        let board =
            Board::chess960_start(number).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let fen = board.to_string();
        Self::from_fen(cls.py(), &fen, true)
    }

    /// The FEN. `shredder=True` writes castling rights as rook files;
    /// `en_passant` is "legal" (only when an en passant capture is legal,
    /// the default), "fen" (after every double step) or "xfen" (when a pawn
    /// stands ready to capture).
    #[pyo3(signature = (*, shredder=false, en_passant="legal"))]
    fn fen(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        Self::fen_of(&self.state, shredder, en_passant, true)
    }

    /// The placement field of the FEN.
    fn board_fen(&self) -> String {
        board_fen(self.board())
    }

    /// Sets the position from a FEN and clears the move stack.
    fn set_fen(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        // The board keeps its generator (a live view of it).
        let state = Self::read_fen(fen, self.chess960)?;
        self.chess960 = self.chess960 || state.board.is_chess960();
        self.set_state(py, state);
        self.stack.clear();
        Ok(())
    }

    /// Back to the start position (the Chess960 flag is kept), stack cleared.
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        self.set_fen(py, STARTING_FEN)
    }

    /// Forgets the moves played; the position stays.
    fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// A copy. `stack=True` copies the move stack, `False` drops it, an int
    /// keeps that many of the last moves.
    #[pyo3(signature = (*, stack=None))]
    fn copy(&self, py: Python<'_>, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let keep = match stack {
            None => self.stack.len(),
            Some(value) if value.is_instance_of::<pyo3::types::PyBool>() => {
                if value.extract::<bool>()? {
                    self.stack.len()
                } else {
                    0
                }
            }
            Some(value) => {
                let Int(n) = value
                    .extract()
                    .map_err(|_| PyTypeError::new_err("stack must be a bool or an int"))?;
                usize::try_from(n.max(0)).unwrap_or(0).min(self.stack.len())
            }
        };
        let mut copy = self.duplicate(py)?;
        copy.stack.drain(..self.stack.len() - keep);
        Ok(copy)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Self> {
        self.duplicate(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.duplicate(py)
    }

    /// The side to move: `True` for white.
    #[getter]
    fn turn(&self) -> bool {
        self.board().side_to_move() == Color::White
    }

    /// The rook squares with castling rights, as an int bitboard.
    #[getter]
    fn castling_rights(&self) -> u64 {
        bits(self.board().castling_rights().rook_squares())
    }

    /// The square a pawn skipped with its double step on the last move
    /// (whether or not a capture there is possible), or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.state.ep_square.map(|sq| sq.index() as u8)
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.board().halfmove_clock()
    }

    /// The number of the full move, from 1, counted up after Black moves.
    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.board().fullmove_number()
    }

    /// Whether castling is Chess960's (king takes own rook in UCI).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// Every occupied square, as an int bitboard.
    #[getter]
    fn occupied(&self) -> u64 {
        bits(self.board().occupied())
    }

    /// The pieces of one colour, as int bitboards: `occupied_co[WHITE]`.
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        let board = self.board();
        [
            bits(board.colors(Color::Black)),
            bits(board.colors(Color::White)),
        ]
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, square: Int) -> PyResult<Option<PyPiece>> {
        let square = self::square(square.0)?;
        let board = self.board();
        Ok(board.piece_on(square).map(|piece| PyPiece {
            piece_type: piece_number(piece),
            color: board.color_on(square) == Some(Color::White),
        }))
    }

    /// The piece type on `square` (1 to 6), or `None`.
    fn piece_type_at(&self, square: Int) -> PyResult<Option<u8>> {
        Ok(self
            .board()
            .piece_on(self::square(square.0)?)
            .map(piece_number))
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, square: Int) -> PyResult<Option<bool>> {
        Ok(self
            .board()
            .color_on(self::square(square.0)?)
            .map(|c| c == Color::White))
    }

    /// The squares of `color`'s pieces of `piece_type`, as an int bitboard
    /// (python-chess returns a `SquareSet`; `int()` of it is this).
    fn pieces(&self, piece_type: Int, color: bool) -> PyResult<u64> {
        let piece = self::piece_type(piece_type.0)?;
        Ok(bits(self.board().colored_pieces(self::color(color), piece)))
    }

    /// The square of `color`'s king.
    fn king(&self, color: bool) -> Option<u8> {
        Some(self.board().king(self::color(color)).index() as u8)
    }

    /// The squares of `color`'s pieces that attack `square`, as an int
    /// bitboard.
    fn attackers(&self, color: bool, square: Int) -> PyResult<u64> {
        let board = self.board();
        let attackers = board.attackers_to(self::square(square.0)?, board.occupied());
        Ok(bits(attackers & board.colors(self::color(color))))
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: Int) -> PyResult<bool> {
        Ok(self.attackers(color, square)? != 0)
    }

    /// The pieces giving check, as an int bitboard.
    fn checkers(&self) -> u64 {
        bits(self.board().checkers())
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.board().is_check()
    }

    /// The Polyglot Zobrist key, equal to `chess.polyglot.zobrist_hash`.
    fn zobrist_hash(&self) -> u64 {
        self.board().key()
    }

    /// Always `True`: bitmoves refuses impossible positions when reading
    /// the FEN.
    fn is_valid(&self) -> bool {
        true
    }

    /// The board drawn as python-chess draws it: eight rows of letters and
    /// dots, rank 8 first.
    fn __str__(&self) -> String {
        let board = self.board();
        let mut rows = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(|file| {
                    let square = Square::from_index(rank * 8 + file);
                    match (board.piece_on(square), board.color_on(square)) {
                        (Some(piece), Some(side)) => letter_case(side, piece.to_char()).to_string(),
                        _ => ".".to_string(),
                    }
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    fn __repr__(&self) -> PyResult<String> {
        let fen = self.fen(false, "legal")?;
        Ok(if self.chess960 {
            format!("Board('{fen}', chess960=True)")
        } else {
            format!("Board('{fen}')")
        })
    }

    /// Boards are equal when their positions are (pieces, side to move,
    /// castling rights, a legal en passant square) and their clocks are;
    /// the move stacks are not compared, as in python-chess.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.downcast::<PyBoard>() else {
            return false;
        };
        let Ok(other) = other.try_borrow() else {
            return false;
        };
        let (a, b) = (self.board(), other.board());
        Position::of(a) == Position::of(b)
            && a.halfmove_clock() == b.halfmove_clock()
            && a.fullmove_number() == b.fullmove_number()
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }
}
