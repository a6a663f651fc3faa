//! `bitmoves.Board`: the position, its move stack and python-chess's
//! read-only accessors (FEN, pieces, attacks, keys). Playing moves is in
//! `move_methods.rs` and `capi_push.rs`, the game's end in `status.rs`.

use bitmoves::variant::VariantKind;
use bitmoves::{Board, Color, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyType};

use super::baseboard::PyBaseBoard;
use super::core_or_loose::{Pos, general_key};
use super::engine::{self, Rules};
use super::fen::{board_fen, fen_of, letter_case};
use super::repetition_key::State;
use super::setup::Setup;
use crate::legal_moves::{GeneralPosition, GeneratorRef};
use crate::values::{FenText, Int, PyMove, PyPiece, Surrogates, color, piece_number, square};

/// The standard starting position, as python-chess's `STARTING_FEN`.
pub const STARTING_FEN: &str = Board::STARTPOS_FEN;

/// A chess board with its move stack, python-chess's `chess.Board` for
/// standard chess and Chess960.
///
/// A board holds any position python-chess allows: a legal one runs on
/// the core's generator, any other (no kings, several kings, pawns on the
/// back rank, the side not to move in check, odd castling rights or en
/// passant squares) on the core's rules engine (`super::engine`).
#[pyclass(module = "bitmoves", name = "Board", subclass, extends = PyBaseBoard)]
pub struct PyBoard {
    /// The position now: read through [`PyBoard::state`], changed only
    /// through [`PyBoard::set_state`] and [`PyBoard::update`], which tell
    /// the generator (private, so that no other path can change the
    /// position and leave the generator's copy stale).
    state: Pos,
    /// Whether castling moves and rights are written the Chess960 way.
    pub chess960: bool,
    /// The variant the board plays (its class's `uci_variant`): a board
    /// of any but `Standard` always plays on the core's rules engine.
    pub variant: VariantKind,
    /// Every position before a move of the stack, with that move: read
    /// through [`PyBoard::entry`] (a position off the core is kept in
    /// `general_stack`, its entry here holding the start position).
    pub stack: Vec<(State, PyMove)>,
    /// The positions off the core on the stack, by their index in `stack`,
    /// in order: the fast path pushes and pops `stack` alone.
    pub(super) general_stack: Vec<(usize, Setup)>,
    /// `board.legal_moves`: made with the board and never replaced (no
    /// method assigns it, nor the whole board), so that CPython reads it
    /// straight from the object as a member (`super::push`).
    generator: GeneratorRef,
}

impl PyBoard {
    /// A board from FEN (read as python-chess reads it), in Chess960 mode
    /// when asked.
    pub fn from_fen(py: Python<'_>, fen: &str, chess960: bool) -> PyResult<Self> {
        Self::from_fen_in(py, fen, chess960, VariantKind::Standard)
    }

    /// A board at any position, with an empty stack.
    pub fn from_setup(py: Python<'_>, setup: &Setup, chess960: bool) -> PyResult<Self> {
        let variant = VariantKind::Standard;
        Self::from_pos(py, Pos::of(setup, chess960, variant), chess960, variant)
    }

    /// A board at a position, with an empty stack.
    pub(super) fn from_pos(
        py: Python<'_>,
        state: Pos,
        chess960: bool,
        variant: VariantKind,
    ) -> PyResult<Self> {
        let generator = GeneratorRef::new(py, &Board::default())?;
        let mut board = Self {
            state,
            chess960,
            variant,
            stack: Vec::new(),
            general_stack: Vec::new(),
            generator,
        };
        board.set_state(py, state);
        Ok(board)
    }

    /// What makes the Python object of this board (with its base).
    pub fn init(self) -> pyo3::PyClassInitializer<Self> {
        (self, PyBaseBoard::for_board()).into()
    }

    /// The Python object of this board.
    pub fn object(self, py: Python<'_>) -> PyResult<Py<Self>> {
        Py::new(py, self.init())
    }

    /// The position a FEN gives, as python-chess reads it.
    pub fn read_fen(fen: &str) -> PyResult<Setup> {
        Self::read_fen_in(fen, VariantKind::Standard)
    }

    /// A copy of the board, with its own generator.
    pub fn duplicate(&self, py: Python<'_>) -> PyResult<Self> {
        let copy = Self {
            state: self.state,
            chess960: self.chess960,
            variant: self.variant,
            stack: self.stack.clone(),
            general_stack: self.general_stack.clone(),
            generator: self.generator.duplicate(py)?,
        };
        copy.sync(py);
        Ok(copy)
    }

    /// `copy(stack=stack)` of `slf`, whose type is `Board` itself when
    /// `exact` (then the copy is made here; a subclass's by its class,
    /// as python-chess's `type(self)`).
    pub fn copy_as(
        slf: &Bound<'_, Self>,
        stack: Option<&Bound<'_, PyAny>>,
        exact: bool,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let this = slf.borrow();
        let keep = Self::kept_moves(stack, this.stack.len())?;
        if exact {
            let mut copy = this.duplicate(py)?;
            if keep < copy.stack.len() {
                copy.keep_last(keep);
                copy.sync(py);
            }
            return Ok(copy.object(py)?.into_any());
        }
        let kwargs = [("chess960", this.chess960)].into_py_dict(py)?;
        let copy = slf.get_type().call((None::<String>,), Some(&kwargs))?;
        {
            let mut target = copy.downcast::<PyBoard>()?.borrow_mut();
            target.chess960 = this.chess960;
            target.stack = this.stack.clone();
            target.general_stack = this.general_stack.clone();
            target.keep_last(keep);
            target.set_state(py, this.state);
        }
        Ok(copy.unbind())
    }

    /// How many of the last `len` moves `copy(stack=stack)` keeps, as
    /// python-chess's `move_stack[-stack:]` when `stack` is true: all of
    /// them when it is missing or `True`, none when it is false (`False`,
    /// `None`, `0`), the last `n` for an int `n > 0`, all but the first
    /// `-n` for `n < 0`; `TypeError` for another true value.
    pub fn kept_moves(stack: Option<&Bound<'_, PyAny>>, len: usize) -> PyResult<usize> {
        let Some(stack) = stack else {
            return Ok(len);
        };
        if stack.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(if stack.is_truthy()? { len } else { 0 });
        }
        if !stack.is_truthy()? {
            return Ok(0);
        }
        let Int(n) = stack
            .extract()
            .map_err(|_| PyTypeError::new_err("stack must be a bool or an int"))?;
        let count = usize::try_from(n.unsigned_abs()).unwrap_or(usize::MAX);
        Ok(if n < 0 {
            len.saturating_sub(count)
        } else {
            count.min(len)
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
    pub fn state(&self) -> &Pos {
        &self.state
    }

    /// What python-chess's rules read beside the position.
    #[inline]
    pub fn rules(&self) -> Rules {
        Rules {
            chess960: self.chess960,
            pushed: !self.stack.is_empty(),
            variant: self.variant,
        }
    }

    /// Tells the generator the position now.
    #[inline]
    pub fn sync(&self, py: Python<'_>) {
        match &self.state {
            Pos::Legal(state) => self.generator.sync(py, &state.board),
            Pos::General(setup) => {
                let (setup, rules) = (*setup, self.rules());
                let general = GeneralPosition {
                    moves: Box::new(move || engine::legal_moves(&setup, rules)),
                    san: Box::new(move |mv| engine::san(&setup, rules, mv).unwrap_or_default()),
                };
                self.generator.sync_general(py, general);
            }
        }
    }

    /// Sets the position now, and tells the generator.
    #[inline]
    pub fn set_state(&mut self, py: Python<'_>, state: Pos) {
        let was_general = matches!(self.state, Pos::General(_));
        self.state = state;
        if was_general {
            self.generator.leave_general(py);
        }
        self.sync(py);
    }

    /// Changes the legal position now in place, then tells the generator
    /// (the push fast path; nothing happens on a general position).
    #[inline]
    pub fn update(&mut self, py: Python<'_>, change: impl FnOnce(&mut State)) {
        if let Pos::Legal(state) = &mut self.state {
            change(state);
            self.generator.sync(py, &state.board);
        }
    }

    /// The FEN of this board's position now.
    pub fn fen_now(&self) -> String {
        self.fen_text(false, "legal", true).unwrap_or_default()
    }

    /// The FEN of the position now (`fen()`, `epd()` without operations).
    pub fn fen_text(&self, shredder: bool, en_passant: &str, clocks: bool) -> PyResult<String> {
        match self.state() {
            Pos::Legal(_) => fen_of(self.state(), shredder, en_passant, clocks),
            Pos::General(setup) => {
                engine::write_fen(setup, self.rules(), shredder, en_passant, clocks)
                    .map_err(PyValueError::new_err)
            }
        }
    }

    /// The FEN of `state` in python-chess's form ([`fen_of`]).
    pub fn fen_of(state: &Pos, shredder: bool, en_passant: &str, clocks: bool) -> PyResult<String> {
        fen_of(state, shredder, en_passant, clocks)
    }

    /// The position now as python-chess holds it.
    pub fn setup(&self) -> Setup {
        self.state.setup()
    }

    /// Sets the position now from any setup (the core's board when it is a
    /// legal one); the move stack is kept.
    pub fn set_setup(&mut self, py: Python<'_>, setup: &Setup) -> PyResult<()> {
        let state = Pos::of(setup, self.chess960, self.variant);
        self.set_state(py, state);
        Ok(())
    }

    /// Sets the position from a FEN and clears the move stack.
    pub fn set_fen_text(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        // The board keeps its generator (a live view of it).
        let setup = Self::read_fen_in(fen, self.variant)?;
        self.clear_moves();
        let state = Pos::of_fen(&setup, fen, self.chess960, self.variant);
        self.set_state(py, state);
        Ok(())
    }

    /// The core board now, for a legal position.
    pub fn core(&self) -> Option<&Board> {
        self.state.core()
    }

    /// The core board now; `ValueError` on a position the core does not
    /// take (for what needs the core: perft, encoding).
    pub fn board(&self) -> PyResult<&Board> {
        self.core().ok_or_else(|| {
            PyValueError::new_err(format!(
                "not a legal position: {}",
                self.setup().board_fen()
            ))
        })
    }
}

#[pymethods]
impl PyBoard {
    /// `Board(fen=STARTING_FEN, *, chess960=False)`: a board from FEN (or
    /// the first four fields of an EPD), any position python-chess reads;
    /// `Board(None)` is the empty board. A subclass's constructor sets
    /// its position in `__init__`, as python-chess's do.
    #[new]
    #[classmethod]
    #[pyo3(signature = (fen=Some(FenText(STARTING_FEN.to_string(), Surrogates(false))), *, chess960=false, **_kwargs))]
    fn new(
        cls: &Bound<'_, PyType>,
        fen: Option<FenText>,
        chess960: bool,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<pyo3::PyClassInitializer<Self>> {
        let py = cls.py();
        let exact = cls.is(py.get_type::<PyBoard>());
        let variant = Self::variant_of(cls);
        let empty = || {
            let pos = Pos::of(&Setup::EMPTY, chess960, variant);
            Self::from_pos(py, pos, chess960, variant)
        };
        let board = match fen {
            Some(FenText(fen, surrogates)) => {
                match Self::from_fen_in(py, &fen, chess960, variant) {
                    Ok(board) => board,
                    Err(_) if !exact => empty()?,
                    Err(error) => return surrogates.restore(Err(error)),
                }
            }
            None => empty()?,
        };
        Ok(board.init())
    }

    /// What python-chess's `__init__` does, for subclasses (`__init__`
    /// calls it): the position from `fen` (empty for `None`), the stack
    /// cleared.
    #[pyo3(signature = (fen, chess960))]
    fn _init(&mut self, py: Python<'_>, fen: Option<String>, chess960: bool) -> PyResult<()> {
        self.chess960 = chess960;
        let setup = match fen {
            Some(fen) => Self::read_fen_in(&fen, self.variant)?,
            None => Setup::EMPTY,
        };
        self.clear_moves();
        self.set_setup(py, &setup)
    }

    /// The empty board (no pieces, White to move).
    #[classmethod]
    #[pyo3(signature = (*, chess960=false))]
    fn empty(cls: &Bound<'_, PyType>, chess960: bool) -> PyResult<Py<PyAny>> {
        cls.call(
            (None::<String>,),
            Some(&[("chess960", chess960)].into_py_dict(cls.py())?),
        )
        .map(Bound::unbind)
    }

    /// The Chess960 start position number `scharnagl` (0 to 959; 518 is
    /// the classical one), in Chess960 mode.
    #[classmethod]
    fn from_chess960_pos(cls: &Bound<'_, PyType>, scharnagl: Int) -> PyResult<Py<Self>> {
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
        Self::from_fen(cls.py(), &fen, true)?.object(cls.py())
    }

    /// The FEN. `shredder=True` writes castling rights as rook files;
    /// `en_passant` is "legal" (only when an en passant capture is legal,
    /// the default), "fen" (after every double step) or "xfen" (when a pawn
    /// stands ready to capture).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    #[pyo3(name = "_fen_native")]
    pub(super) fn fen(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        let _ = promoted;
        self.fen_text(shredder, en_passant, true)
    }

    /// `fen(shredder=True)`.
    #[pyo3(signature = (*, en_passant="legal", promoted=None))]
    fn shredder_fen(&self, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        self.fen(true, en_passant, promoted)
    }

    /// The placement field of the FEN.
    #[pyo3(signature = (*, promoted=false))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted;
        match self.core() {
            Some(board) => board_fen(board),
            None => self.setup().board_fen(),
        }
    }

    /// Sets the position from a FEN and clears the move stack.
    fn set_fen(&mut self, py: Python<'_>, fen: FenText) -> PyResult<()> {
        fen.1.restore(self.set_fen_text(py, &fen.0))
    }

    /// Back to the start position (the Chess960 flag is kept), stack cleared.
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        self.set_fen_text(py, self.variant.start_fen())
    }

    /// Forgets the moves played; the position stays.
    fn clear_stack(&mut self, py: Python<'_>) {
        self.clear_moves();
        self.sync(py);
    }

    /// A copy. `stack=True` copies the move stack, `False` drops it, an int
    /// keeps that many of the last moves. A subclass's copy is of its
    /// class (made with `cls(None, chess960=...)`).
    #[pyo3(signature = (*, stack=None))]
    pub(super) fn copy(
        slf: &Bound<'_, Self>,
        stack: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let exact = slf.get_type().is(slf.py().get_type::<PyBoard>());
        Self::copy_as(slf, stack, exact)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<Self>> {
        self.duplicate(py)?.object(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        self.duplicate(py)?.object(py)
    }

    /// The piece on `square`, or `None`.
    pub(super) fn piece_at(&self, square: Int) -> PyResult<Option<PyPiece>> {
        let square = self::square(square.0)?;
        if let Some(board) = self.core() {
            return Ok(board.piece_on(square).map(|piece| PyPiece {
                piece_type: piece_number(piece),
                color: board.color_on(square) == Some(Color::White),
            }));
        }
        Ok(self.setup().piece_on(square).map(|(piece, side)| PyPiece {
            piece_type: piece_number(piece),
            color: side == Color::White,
        }))
    }

    /// The piece type on `square` (1 to 6), or `None`.
    fn piece_type_at(&self, square: Int) -> PyResult<Option<u8>> {
        Ok(self.piece_at(square)?.map(|p| p.piece_type))
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, square: Int) -> PyResult<Option<bool>> {
        Ok(self.piece_at(square)?.map(|p| p.color))
    }

    /// The square of `color`'s king (the highest, when there are several),
    /// or `None`.
    fn king(&self, color: bool) -> Option<u8> {
        match self.core() {
            Some(board) => Some(board.king(self::color(color)).index() as u8),
            None => self.setup().king_of(color),
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match self.core() {
            Some(board) => board.is_check(),
            None => engine::checkers(&self.setup(), self.rules()) != 0,
        }
    }

    /// The Polyglot Zobrist key, equal to `chess.polyglot.zobrist_hash`.
    fn zobrist_hash(&self) -> u64 {
        match self.core() {
            Some(board) => board.key(),
            None => self.general_zobrist(),
        }
    }

    /// Whether the position passes python-chess's checks (`status()` is
    /// `STATUS_VALID`).
    fn is_valid(&self) -> bool {
        engine::status(&self.setup(), self.rules()) == 0
    }

    /// The board drawn as python-chess draws it: eight rows of letters and
    /// dots, rank 8 first.
    fn __str__(&self) -> String {
        let setup = self.setup();
        let mut rows = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(
                    |file| match setup.piece_on(Square::from_index(rank * 8 + file)) {
                        Some((piece, side)) => letter_case(side, piece.to_char()).to_string(),
                        None => ".".to_string(),
                    },
                )
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let board = slf.borrow();
        let fen = board.fen_text(false, "legal", true)?;
        Ok(if board.chess960 {
            format!("{name}('{fen}', chess960=True)")
        } else {
            format!("{name}('{fen}')")
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
        let (a, b) = (self.setup(), other.setup());
        self.variant == other.variant
            && general_key(&a, self.rules()) == general_key(&b, other.rules())
            && a.halfmove_clock == b.halfmove_clock
            && a.fullmove_number == b.fullmove_number
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }
}
