//! The two `Board` entries a random playout uses on every ply, defined
//! with the C API instead of through `#[pymethods]`: `board.push(move)` as
//! a vectorcall method (the argument passed as it is: no argument tuple)
//! and `board.legal_moves` as an object member, which CPython reads
//! straight from the board object (no call into bitmoves at all; Python
//! 3.11+ specialises the read to one load). Both are installed on the
//! `Board` type when the module loads ([`install`]); with them, a
//! playout's calls (`push` and the generator's, `crate::generator`) skip
//! PyO3's method glue, about 40 ns a call. Also here: [`call`], which every
//! C entry point of the crate runs its body through, and [`new_type`].
//!
//! CPython's descriptors check that `self` is a `Board` before calling
//! `push`, so it does not look the type up again (a PyO3 method looks up
//! its class's type object on every call); the move's type is compared
//! with the one `Move` type directly. Each function catches panics, so
//! none unwinds into CPython (none is expected: see `lib.rs`).

use std::ffi::CStr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::Borrowed;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::board::PyBoard;
use crate::moves::PyMove;

const PUSH_DOC: &CStr = c"push($self, /, move)
--

Plays `move` and puts it on the move stack. Unlike python-chess, which
trusts the caller, the move is checked: `IllegalMoveError` when it is not
legal here (the board is unchanged). `Move.null()` passes the turn
(refused in check).";

const LEGAL_MOVES_DOC: &CStr =
    c"The legal moves, as python-chess's `board.legal_moves`: a live view \
(sized, iterable, `in`) of the board's position as it is when used.";

/// Replaces `Board.push` and `Board.legal_moves` with the C-level ones.
pub fn install(board: &Bound<'_, PyType>, mv: &Bound<'_, PyType>) -> PyResult<()> {
    let py = board.py();
    MOVE_TYPE.store(mv.as_ptr().cast(), Ordering::Relaxed);
    // The definitions must outlive the type: leaked once per module load.
    // `push(move)` or `push(move=...)`, as python-chess's: the vectorcall
    // convention (no argument tuple) where the limited API has it (3.10),
    // an argument tuple and a keyword dict before.
    let (meth, flags) = if py.version_info() >= (3, 10) {
        // SAFETY: CPython calls the pointer by the flags, as a
        // `PyCFunctionFastWithKeywords`, which is `push_fast`'s type
        // (pyo3-ffi names that type only for 3.10 builds).
        let meth = unsafe { std::mem::transmute::<FastWithKeywords, ffi::PyCFunction>(push_fast) };
        (meth, METH_FASTCALL | ffi::METH_KEYWORDS)
    } else {
        // SAFETY: the same, as a `PyCFunctionWithKeywords`.
        let meth = unsafe {
            std::mem::transmute::<ffi::PyCFunctionWithKeywords, ffi::PyCFunction>(push_tuple)
        };
        (meth, ffi::METH_VARARGS | ffi::METH_KEYWORDS)
    };
    let push = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"push".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer { PyCFunction: meth },
        ml_flags: flags,
        ml_doc: PUSH_DOC.as_ptr(),
    }));
    // `legal_moves` is the board's generator field, read by CPython as an
    // object member (`Py_T_OBJECT_EX`, read-only): no call into bitmoves,
    // and Python 3.11+ specialises the attribute read to one load. Its
    // place in a board object is the same in every board (the layout of
    // the type), measured on one.
    let sample = Bound::new(
        py,
        PyBoard::from_fen(py, crate::board::STARTING_FEN, false)?,
    )?;
    let offset = sample.borrow().generator_field() as usize - sample.as_ptr() as usize;
    let legal_moves = Box::leak(Box::new(ffi::PyMemberDef {
        name: c"legal_moves".as_ptr(),
        type_code: ffi::Py_T_OBJECT_EX,
        offset: offset as ffi::Py_ssize_t,
        flags: ffi::Py_READONLY,
        doc: LEGAL_MOVES_DOC.as_ptr(),
    }));
    let ty = board.as_ptr().cast::<ffi::PyTypeObject>();
    // SAFETY: `ty` is the `Board` type object and the definitions are
    // 'static; each call returns a new reference or null with an
    // exception set. The member is a `GeneratorRef` (a transparent
    // `Py<PyAny>`: one non-null object pointer) at `offset` in every
    // board object (every board is made with one, `PyBoard::from_fen` and
    // `PyBoard::duplicate`), written before Python sees the board and
    // never again (the field is private to board.rs, which never assigns
    // it nor a whole board), so CPython's read of it cannot meet a write.
    let (push, legal_moves) = unsafe {
        (
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(ty, push))?,
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMember(ty, legal_moves))?,
        )
    };
    board.setattr("push", push)?;
    board.setattr("legal_moves", legal_moves)?;
    Ok(())
}

/// Runs `body` with the GIL token; its error becomes the raised exception
/// (and `failed` is returned), a panic `PanicException`.
pub fn call<T>(failed: T, body: impl FnOnce(Python<'_>) -> PyResult<T>) -> T {
    // SAFETY: CPython calls slot, method and getter functions with the
    // GIL held.
    let py = unsafe { Python::assume_gil_acquired() };
    let result = catch_unwind(AssertUnwindSafe(|| body(py))).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic in bitmoves".to_string());
        Err(PanicException::new_err(message))
    });
    result.unwrap_or_else(|error| {
        error.restore(py);
        failed
    })
}

/// CPython's `METH_FASTCALL` (in the limited API from 3.10 on).
const METH_FASTCALL: std::ffi::c_int = 0x0080;

/// A `METH_FASTCALL | METH_KEYWORDS` function.
type FastWithKeywords = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// `Board.push` on Python 3.10 and later: `nargs` positional arguments at
/// `args`, then one for each name of the `kwnames` tuple (or null).
unsafe extern "C" fn push_fast(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        let arg = if kwnames.is_null() && nargs == 1 {
            // SAFETY: one argument at `args`, live for the call.
            unsafe { Borrowed::from_ptr(py, *args) }
        } else {
            // SAFETY: `args` holds `nargs` positional arguments and then
            // one per keyword name; `kwnames` is null or a tuple.
            unsafe {
                let names = Borrowed::from_ptr_or_opt(py, kwnames);
                let count = names.map_or(0, |names| names.len().unwrap_or(0));
                let positional = usize::try_from(nargs).unwrap_or(0);
                let values = std::slice::from_raw_parts(args, positional + count);
                let keywords = names
                    .into_iter()
                    .flat_map(|names| names.try_iter().ok())
                    .flatten();
                the_move(
                    py,
                    &values[..positional],
                    keywords.zip(&values[positional..]),
                )?
            }
        };
        push(py, slf, arg)
    })
}

/// `Board.push` on Python 3.9: the arguments as a tuple and a dict.
unsafe extern "C" fn push_tuple(
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        // SAFETY: `args` is a tuple and `kwargs` null or a dict, both live
        // for the call.
        let (args, kwargs) = unsafe {
            (
                Bound::from_borrowed_ptr(py, args).downcast_into_unchecked::<PyTuple>(),
                Bound::from_borrowed_ptr_or_opt(py, kwargs)
                    .map(|d| d.downcast_into_unchecked::<PyDict>()),
            )
        };
        let positional: Vec<*mut ffi::PyObject> =
            args.iter_borrowed().map(|a| a.as_ptr()).collect();
        let keywords: Vec<(Bound<'_, PyAny>, *mut ffi::PyObject)> = kwargs
            .iter()
            .flat_map(|d| d.iter())
            .map(|(k, v)| (k, v.as_ptr()))
            .collect();
        let arg = the_move(
            py,
            &positional,
            keywords.iter().map(|(k, v)| (Ok(k.clone()), v)),
        )?;
        push(py, slf, arg)
    })
}

/// The one argument of `push`, given by position or as `move=`.
fn the_move<'a, 'py>(
    py: Python<'py>,
    positional: &[*mut ffi::PyObject],
    keywords: impl Iterator<Item = (PyResult<Bound<'py, PyAny>>, &'a *mut ffi::PyObject)>,
) -> PyResult<Borrowed<'a, 'py, PyAny>> {
    let mut found = positional.first().copied();
    if positional.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "Board.push() takes 1 positional argument but {} were given",
            positional.len()
        )));
    }
    for (name, value) in keywords {
        let name = name?;
        if name.extract::<String>().ok().as_deref() != Some("move") {
            return Err(PyTypeError::new_err(format!(
                "Board.push() got an unexpected keyword argument '{name}'"
            )));
        }
        if found.is_some() {
            return Err(PyTypeError::new_err(
                "Board.push() got multiple values for argument 'move'",
            ));
        }
        found = Some(*value);
    }
    let found = found.ok_or_else(|| {
        PyTypeError::new_err("Board.push() missing 1 required positional argument: 'move'")
    })?;
    // SAFETY: an argument of the call, live while it runs.
    Ok(unsafe { Borrowed::from_ptr(py, found) })
}

/// Plays `arg` on the `Board` `slf`.
fn push(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    arg: Borrowed<'_, '_, PyAny>,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: the method descriptor checked that `slf`, live for the
    // call, is a `Board`.
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
fn is_move(obj: *mut ffi::PyObject) -> bool {
    // SAFETY: `obj` is a live object (its type pointer is readable).
    let ty = unsafe { ffi::Py_TYPE(obj) };
    ty == MOVE_TYPE.load(Ordering::Relaxed)
}

/// A heap type made with `PyType_FromSpec`: `slots` ends with the zero
/// slot, and every function in it has the signature its slot expects.
pub fn new_type(
    py: Python<'_>,
    name: &'static CStr,
    (basicsize, itemsize): (usize, usize),
    flags: std::ffi::c_ulong,
    slots: &mut [ffi::PyType_Slot],
) -> PyResult<Py<PyType>> {
    let mut spec = ffi::PyType_Spec {
        // 'static: the type keeps a pointer to the name.
        name: name.as_ptr(),
        basicsize: basicsize as std::ffi::c_int,
        itemsize: itemsize as std::ffi::c_int,
        flags: flags as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec and its slots are valid for the call (CPython
    // copies what it keeps but the name, and the docs and method tables
    // the slots point to, which the callers keep for good); the slots'
    // functions have the signatures their slots expect (the contract).
    let ty = unsafe { ffi::PyType_FromSpec(&mut spec) };
    // SAFETY: a new reference, or null with an exception set.
    let ty = unsafe { Bound::from_owned_ptr_or_err(py, ty) }?;
    Ok(ty.downcast_into::<PyType>()?.unbind())
}
