//! The two `Board` entries a random playout uses on every ply, defined
//! with the C API (`crate::capi`) instead of through `#[pymethods]`:
//! `board.push(move)` as a vectorcall method (the argument passed as it
//! is: no argument tuple) and `board.legal_moves` as an object member,
//! which CPython reads straight from the board object (no call into
//! bitmoves at all; Python 3.11+ specialises the read to one load). Both
//! are installed on the `Board` type when the module loads ([`install`]);
//! with them, a playout's calls (`push` and the generator's,
//! `crate::legal_moves::generator`) skip PyO3's method glue, about 40 ns a
//! call.
//!
//! CPython's descriptors check that `self` is a `Board` before calling
//! `push`, so it does not look the type up again (a PyO3 method looks up
//! its class's type object on every call); the move's type is compared
//! with the one `Move` type directly.

use std::ffi::CStr;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::Borrowed;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::pyboard::{PyBoard, STARTING_FEN};
use crate::capi::{self, Args, Method, layout};
use crate::legal_moves::GeneratorRef;
use crate::values::PyMove;

const LEGAL_MOVES_DOC: &CStr =
    c"The legal moves, as python-chess's `board.legal_moves`: a live view \
(sized, iterable, `in`) of the board's position as it is when used.";

/// Replaces `Board.push` and `Board.legal_moves` with the C-level ones.
pub fn install(board: &Bound<'_, PyType>, mv: &Bound<'_, PyType>) -> PyResult<()> {
    MOVE_TYPE.store(mv.as_ptr().cast(), Ordering::Relaxed);
    // SAFETY: `Push::call` and `PushNative::call` take a `Board` (or a
    // subclass's instance) as `self`, and `board` is the `Board` type.
    unsafe { capi::add_method::<Push>(board)? };
    // SAFETY: as above.
    unsafe { capi::add_method::<PushNative>(board)? };
    super::hooks::install(board)?;
    let offset = generator_offset(board)?;
    // SAFETY: the member is a `GeneratorRef` (a transparent `Py<PyAny>`:
    // one non-null object pointer that the board owns) at `offset` in
    // every board object (checked by `generator_offset`; every board is
    // made with one, `PyBoard::from_fen` and `PyBoard::duplicate`),
    // written before Python sees the board and never again (the field is
    // private to pyboard.rs, which never assigns it nor a whole board),
    // so CPython's read of it cannot meet a write.
    unsafe { capi::add_member(board, c"legal_moves", LEGAL_MOVES_DOC, offset) }?;
    add_init(board)
}

/// Defines `Board.__init__` for subclasses and `Board.__init_subclass__`:
/// `python/bitmoves/_board_init.py`'s `install` (python-chess's
/// subclasses, its variants, call `super().__init__(fen, chess960=...)`;
/// python-chess's class attributes, which the variants override, are in
/// `super::variant`).
fn add_init(board: &Bound<'_, PyType>) -> PyResult<()> {
    let py = board.py();
    let legal_view = pyo3::wrap_pyfunction!(super::moves::legal_view, py)?;
    py.import("bitmoves._board_init")?
        .getattr("install")?
        .call1((board, STARTING_FEN, legal_view))?;
    Ok(())
}

/// Where a board object holds its generator, in bytes from the object's
/// start: the `legal_moves` member's offset, measured on two boards and
/// checked by [`layout::inline_field_offset`] (`crate::capi::layout`'s
/// first assumption). A PyO3 that lays objects out otherwise fails the
/// import here with `SystemError`, and with it every test (`test_api.py`'s
/// `test_legal_moves_member` reads the member on boards made every way).
fn generator_offset(board: &Bound<'_, PyType>) -> PyResult<usize> {
    let py = board.py();
    let sample = |sample: Bound<'_, PyBoard>| {
        let field = sample.borrow().generator_field() as usize;
        (sample.as_ptr() as usize, field)
    };
    let first = sample(
        PyBoard::from_fen(py, STARTING_FEN, false)?
            .object(py)?
            .into_bound(py),
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let second = sample(
        PyBoard::from_fen(py, kiwipete, true)?
            .object(py)?
            .into_bound(py),
    );
    let basicsize: usize = board.getattr("__basicsize__")?.extract()?;
    layout::inline_field_offset::<GeneratorRef>(
        "Board's legal_moves field",
        [first, second],
        basicsize,
    )
}

/// `Board.push`, python-chess's: plays a move and puts it on the stack.
struct Push;

impl Method for Push {
    const NAME: &'static CStr = c"push";
    const QUALNAME: &'static str = "Board.push";
    const ARGS: &'static [&'static str] = &["move"];
    const POSITIONAL: usize = 1;
    const REQUIRED: usize = 1;
    const DOC: &'static CStr = c"push($self, /, move)
--

Plays `move` and puts it on the move stack, as python-chess does for a
legal or pseudo-legal move (or `Move.null()`, which passes the turn); a
move that is not even pseudo-legal on a legal position raises
`IllegalMoveError` (the board is unchanged), where python-chess would
corrupt the board.";

    /// Plays `arg` on the `Board` `slf`, or, on a subclass whose hooks
    /// `push` reaches (`_push_capture`), calls `_hooks.push` (which plays
    /// it with `_push_native`).
    #[inline]
    unsafe fn call(
        py: Python<'_>,
        slf: *mut ffi::PyObject,
        args: &Args<'_, '_>,
    ) -> PyResult<*mut ffi::PyObject> {
        if !super::hooks::is_plain(slf) {
            // SAFETY: `slf` is a live `Board` (the contract).
            let bound = unsafe { Borrowed::from_ptr(py, slf) };
            if let Some(method) = super::hooks::hooked(&bound, "push")? {
                let arg = capi::required::<Self>(args, 0)?;
                return Ok(method.call1((bound, arg))?.into_ptr());
            }
        }
        // SAFETY: the same contract.
        unsafe { play(py, slf, capi::required::<Self>(args, 0)?) }
    }
}

/// `Board._push_native`: `push` without the subclass hooks, for
/// `_hooks.push` (which calls `_push_capture` itself).
struct PushNative;

impl Method for PushNative {
    const NAME: &'static CStr = c"_push_native";
    const QUALNAME: &'static str = "Board._push_native";
    const ARGS: &'static [&'static str] = &["move"];
    const POSITIONAL: usize = 1;
    const REQUIRED: usize = 1;
    const DOC: &'static CStr = c"_push_native($self, /, move)
--

`push`, calling no subclass hook.";

    /// Plays `arg` on the `Board` `slf`.
    #[inline]
    unsafe fn call(
        py: Python<'_>,
        slf: *mut ffi::PyObject,
        args: &Args<'_, '_>,
    ) -> PyResult<*mut ffi::PyObject> {
        // SAFETY: the same contract.
        unsafe { play(py, slf, capi::required::<Self>(args, 0)?) }
    }
}

/// Plays the move `arg` on the `Board` `slf`.
///
/// # Safety
/// `slf` is a live `Board` (or an instance of a subclass).
#[inline]
unsafe fn play(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    arg: Borrowed<'_, '_, PyAny>,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: `slf` is a live `Board` (the contract: the method
    // descriptor checked it).
    let slf = unsafe { Borrowed::from_ptr(py, slf) };
    // SAFETY: as above.
    let board = unsafe { slf.downcast_unchecked::<PyBoard>() };
    if !is_move(arg.as_ptr()) {
        return Err(PyTypeError::new_err(format!(
            "push() argument 'move' must be Move, not {}",
            arg.get_type().name()?
        )));
    }
    // SAFETY: a `Move` (checked just above); frozen, so no borrow.
    let mv = *unsafe { arg.downcast_unchecked::<PyMove>() }.get();
    board.try_borrow_mut()?.push_checked(py, mv)?;
    Ok(py.None().into_ptr())
}

/// The `Move` type, stored by [`install`]: `Move` has no subclasses, so
/// an object is a `Move` exactly when its type is this one.
static MOVE_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Whether `obj` is a `Move`.
#[inline]
fn is_move(obj: *mut ffi::PyObject) -> bool {
    // SAFETY: `obj` is a live object (its type pointer is readable).
    let ty = unsafe { ffi::Py_TYPE(obj) };
    ty == MOVE_TYPE.load(Ordering::Relaxed)
}
