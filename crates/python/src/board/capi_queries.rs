//! The `Board` questions a program asks in its inner loops, defined with
//! the C API (`crate::capi::method`) instead of through `#[pymethods]`:
//! `piece_at`, `piece_type_at`, `color_at`, `pieces`, `attacks`,
//! `attackers`, `is_attacked_by` and `copy`. Each takes its arguments as
//! CPython passes them (no argument tuple, no PyO3 glue) and answers with
//! a shared object (`Piece`, `None`, a small int, a bool) or one new
//! `SquareSet` of the fast type; what it computes is the `#[pymethods]`
//! function of the same name, so the two cannot disagree. Installed on
//! `Board` when the module loads ([`install`]); a subclass inherits them
//! and may override them as python-chess's may.

use std::ffi::CStr;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering::Relaxed};

use pyo3::Borrowed;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::pyboard::PyBoard;
use crate::capi::{self, Args, Method, required};
use crate::values::{Bits, Int, PyPiece, mask_of, piece_object, set_object};

/// The `Board` type, stored by [`install`]: `copy` compares a board's
/// type with it (a subclass's copy is made by its class).
static BOARD_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Replaces the `Board` methods of this file with the C-level ones.
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    BOARD_TYPE.store(board.as_ptr().cast(), Relaxed);
    // SAFETY: each method's `call` takes a `Board` or an instance of a
    // subclass (`read` reads it as one), and `board` is the `Board` type.
    unsafe {
        capi::add_method::<PieceAt>(board)?;
        capi::add_method::<PieceTypeAt>(board)?;
        capi::add_method::<ColorAt>(board)?;
        capi::add_method::<Pieces>(board)?;
        capi::add_method::<Attacks>(board)?;
        capi::add_method::<Attackers>(board)?;
        capi::add_method::<IsAttackedBy>(board)?;
        capi::add_method::<Copy>(board)?;
    }
    Ok(())
}

/// `read` of the `Board` `slf`, borrowed.
///
/// # Safety
/// `slf` is a live `Board` (or an instance of a subclass) for the call.
unsafe fn read<R>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    read: impl FnOnce(&PyBoard) -> PyResult<R>,
) -> PyResult<R> {
    // SAFETY: the contract.
    let object = unsafe { Borrowed::from_ptr(py, slf) };
    // SAFETY: the contract.
    let board = unsafe { object.downcast_unchecked::<PyBoard>() };
    read(&*board.try_borrow()?)
}

/// An int argument (anything with `__index__`), as the `#[pymethods]`
/// read it ([`Int`]); an exact int of 64 bits read directly.
fn int(arg: Borrowed<'_, '_, PyAny>) -> PyResult<Int> {
    // SAFETY: the GIL is held (`arg`'s token) and `arg` is live.
    match unsafe { capi::small_int(arg.as_ptr()) } {
        Some(value) => Ok(Int(value)),
        None => arg.extract(),
    }
}

/// A colour argument, `True` or `False`, as the `#[pymethods]` read it.
fn color(arg: Borrowed<'_, '_, PyAny>) -> PyResult<bool> {
    arg.extract()
}

/// An `occupied` argument, any set of squares python-chess's
/// `SquareSet(occupied)` takes; `None` when missing or `None`.
fn occupied(arg: Option<Borrowed<'_, '_, PyAny>>) -> PyResult<Option<Bits>> {
    match arg {
        Some(arg) if !arg.is_none() => Ok(Some(Bits(mask_of(&arg)?))),
        _ => Ok(None),
    }
}

/// `board.piece_at(square)` for the argument of `M` (`piece_at`,
/// `piece_type_at` or `color_at`).
///
/// # Safety
/// As [`read`].
unsafe fn piece_at<M: Method>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: &Args<'_, '_>,
) -> PyResult<Option<PyPiece>> {
    let square = int(required::<M>(args, 0)?)?;
    // SAFETY: the contract.
    unsafe { read(py, slf, |board| board.piece_at(square)) }
}

/// `board.attackers_mask(color, square, occupied)` for the arguments of
/// `M` (`attackers` or `is_attacked_by`).
///
/// # Safety
/// As [`read`].
unsafe fn attackers_mask<M: Method>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: &Args<'_, '_>,
) -> PyResult<u64> {
    let color = color(required::<M>(args, 0)?)?;
    let square = int(required::<M>(args, 1)?)?;
    let occupied = occupied(args[2])?;
    // SAFETY: the contract.
    unsafe {
        read(py, slf, |board| {
            board.attackers_mask(color, square, occupied)
        })
    }
}

/// A new reference to `True` or `False`.
fn boolean(py: Python<'_>, value: bool) -> *mut ffi::PyObject {
    pyo3::types::PyBool::new(py, value).to_owned().into_ptr()
}

/// Defines a `Board` method: its struct, names and docstring, and its
/// body, given the board borrowed (`$board`) and the arguments (`$args`).
macro_rules! board_method {
    ($(
        $(#[doc = $doc:literal])*
        $ty:ident, $name:literal, [$($arg:literal),*], $required:literal, $positional:literal,
        $text:literal,
        |$py:ident, $slf:ident, $args:ident| $body:block
    )*) => {$(
        $(#[doc = $doc])*
        struct $ty;

        impl Method for $ty {
            const NAME: &'static CStr = match CStr::from_bytes_with_nul(concat!($name, "\0").as_bytes()) {
                Ok(name) => name,
                Err(_) => panic!("a method name without NUL"),
            };
            const QUALNAME: &'static str = concat!("Board.", $name);
            const ARGS: &'static [&'static str] = &[$($arg),*];
            const POSITIONAL: usize = $positional;
            const REQUIRED: usize = $required;
            const DOC: &'static CStr = match CStr::from_bytes_with_nul(concat!($text, "\0").as_bytes()) {
                Ok(doc) => doc,
                Err(_) => panic!("a docstring without NUL"),
            };

            unsafe fn call(
                $py: Python<'_>,
                $slf: *mut ffi::PyObject,
                $args: &Args<'_, '_>,
            ) -> PyResult<*mut ffi::PyObject> {
                $body
            }
        }
    )*};
}

board_method! {
    /// `board.piece_at(square)`.
    PieceAt, "piece_at", ["square"], 1, 1,
    "piece_at($self, /, square)\n--\n\nThe piece on `square`, or `None`.",
    |py, slf, args| {
        // SAFETY: `slf` is a live board (`Method::call`'s contract).
        piece_object(py, unsafe { piece_at::<PieceAt>(py, slf, args) }?)
    }

    /// `board.piece_type_at(square)`.
    PieceTypeAt, "piece_type_at", ["square"], 1, 1,
    "piece_type_at($self, /, square)\n--\n\nThe piece type on `square` (1 to 6), or `None`.",
    |py, slf, args| {
        // SAFETY: as in `PieceAt`.
        let piece = unsafe { piece_at::<PieceTypeAt>(py, slf, args) }?;
        Ok(match piece {
            Some(piece) => piece.piece_type.into_pyobject(py)?.into_ptr(),
            None => py.None().into_ptr(),
        })
    }

    /// `board.color_at(square)`.
    ColorAt, "color_at", ["square"], 1, 1,
    "color_at($self, /, square)\n--\n\nThe colour of the piece on `square`, or `None`.",
    |py, slf, args| {
        // SAFETY: as in `PieceAt`.
        let piece = unsafe { piece_at::<ColorAt>(py, slf, args) }?;
        Ok(match piece {
            Some(piece) => boolean(py, piece.color),
            None => py.None().into_ptr(),
        })
    }

    /// `board.pieces(piece_type, color)`.
    Pieces, "pieces", ["piece_type", "color"], 2, 2,
    "pieces($self, /, piece_type, color)\n--\n\nThe squares of `color`'s pieces of `piece_type`, as a `SquareSet`.",
    |py, slf, args| {
        let piece_type = int(required::<Pieces>(args, 0)?)?;
        let color = color(required::<Pieces>(args, 1)?)?;
        // SAFETY: as in `PieceAt`.
        let mask = unsafe { read(py, slf, |board| board.pieces_mask(piece_type, color)) }?;
        set_object(py, mask)
    }

    /// `board.attacks(square)`.
    Attacks, "attacks", ["square"], 1, 1,
    "attacks($self, /, square)\n--\n\nThe squares the piece on `square` attacks, as a `SquareSet`.",
    |py, slf, args| {
        let square = int(required::<Attacks>(args, 0)?)?;
        // SAFETY: as in `PieceAt`.
        let mask = unsafe { read(py, slf, |board| board.attacks_mask(square)) }?;
        set_object(py, mask)
    }

    /// `board.attackers(color, square)`.
    Attackers, "attackers", ["color", "square", "occupied"], 2, 3,
    "attackers($self, /, color, square, occupied=None)\n--\n\nThe squares of `color`'s pieces attacking `square`, as a `SquareSet`;\nwith `occupied` (any set of squares), the sliders see through the\nsquares not in it.",
    |py, slf, args| {
        // SAFETY: as in `PieceAt`.
        set_object(py, unsafe { attackers_mask::<Attackers>(py, slf, args) }?)
    }

    /// `board.is_attacked_by(color, square)`.
    IsAttackedBy, "is_attacked_by", ["color", "square", "occupied"], 2, 3,
    "is_attacked_by($self, /, color, square, occupied=None)\n--\n\nWhether a piece of `color` attacks `square`; with `occupied` (any set\nof squares), the sliders see through the squares not in it.",
    |py, slf, args| {
        // SAFETY: as in `PieceAt`.
        let mask = unsafe { attackers_mask::<IsAttackedBy>(py, slf, args) }?;
        Ok(boolean(py, mask != 0))
    }

    /// `board.copy(*, stack=True)`.
    Copy, "copy", ["stack"], 0, 0,
    "copy($self, /, *, stack=True)\n--\n\nA copy. `stack=True` copies the move stack, `False` drops it, an int\nkeeps that many of the last moves. A subclass's copy is of its class\n(made with `cls(None, chess960=...)`).",
    |py, slf, args| {
        // SAFETY: as in `PieceAt`.
        let object = unsafe { Borrowed::from_ptr(py, slf) };
        // SAFETY: as in `PieceAt`.
        let board = unsafe { object.downcast_unchecked::<PyBoard>() };
        let stack = args[0].map(|stack| stack.to_owned());
        // SAFETY: `slf` is live (its type pointer is readable).
        let exact = unsafe { ffi::Py_TYPE(slf) } == BOARD_TYPE.load(Relaxed);
        Ok(PyBoard::copy_as(board, stack.as_ref(), exact)?.into_ptr())
    }
}
