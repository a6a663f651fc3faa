//! `board.legal_moves`, python-chess's `LegalMoveGenerator`: a live view of
//! a board's legal moves (sized, iterable, `in`), as a small type made with
//! the C API (`PyType_FromSpec`). `list(board.legal_moves)` calls its
//! `__len__` and `__iter__` once a ply in a playout; as C slots they run
//! without PyO3's per-call type lookup and trampoline.
//!
//! The generator holds its board, and the board keeps its generator (made
//! once, [`generator`]): the cycle is seen by the garbage collector
//! through both types' traverse and clear functions.

use std::ffi::{c_int, c_void};
use std::mem::size_of;
use std::ptr;

use pyo3::Borrowed;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyString, PyType};

use crate::board::PyBoard;
use crate::fast::{call, new_type};
use crate::moves::PyMove;

/// The generator object: its board (a strong reference; null only once
/// the garbage collector has cleared it).
#[repr(C)]
struct Generator {
    ob_base: ffi::PyObject,
    board: *mut ffi::PyObject,
}

/// The generator type, made on first use.
static TYPE: GILOnceCell<Py<PyType>> = GILOnceCell::new();

/// The `LegalMoveGenerator` type.
pub fn generator_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let ty = TYPE.get_or_try_init(py, || {
        let slot = |slot, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
        let count = ffi::PyMethodDef {
            ml_name: c"count".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: count },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: c"How many legal moves there are.".as_ptr(),
        };
        // CPython keeps a pointer to the method table: leaked, once.
        let methods = Box::leak(Box::new([count, ffi::PyMethodDef::zeroed()]));
        let mut slots = [
            slot(
                ffi::Py_tp_doc,
                c"The legal moves of a board, as it is when asked.".as_ptr() as *mut c_void,
            ),
            slot(ffi::Py_tp_new, refuse_new as *mut c_void),
            slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
            slot(ffi::Py_tp_traverse, traverse as *mut c_void),
            slot(ffi::Py_tp_clear, clear as *mut c_void),
            slot(ffi::Py_tp_iter, iter as *mut c_void),
            slot(ffi::Py_sq_length, len as *mut c_void),
            slot(ffi::Py_sq_contains, contains as *mut c_void),
            slot(ffi::Py_nb_bool, bool as *mut c_void),
            slot(ffi::Py_tp_repr, repr as *mut c_void),
            slot(ffi::Py_tp_methods, methods.as_mut_ptr().cast()),
            slot(0, ptr::null_mut()),
        ];
        let flags = ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_HAVE_GC;
        let size = (size_of::<Generator>(), 0);
        new_type(py, c"bitmoves.LegalMoveGenerator", size, flags, &mut slots)
    })?;
    Ok(ty.bind(py))
}

/// `board.legal_moves`: the board's generator, made on first use and kept.
pub fn generator<'py>(slf: &Bound<'py, PyBoard>) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    let mut board = slf.try_borrow_mut()?;
    if let Some(generator) = &board.legal.get().generator {
        return Ok(generator.bind(py).clone());
    }
    let ty = generator_type(py)?;
    // SAFETY: `ty` is our GC type, whose instances are `Generator`s: the
    // allocation is zeroed, tracked by the collector (which sees a null
    // board until it is set, and `traverse` skips null) and holds a
    // reference to the type; the board reference stored is a new one.
    let generator = unsafe {
        let obj = ffi::PyType_GenericAlloc(ty.as_ptr().cast(), 0);
        let obj = Bound::from_owned_ptr_or_err(py, obj)?;
        (*obj.as_ptr().cast::<Generator>()).board = slf.clone().into_ptr();
        obj
    };
    board.legal.get().generator = Some(generator.clone().unbind());
    Ok(generator)
}

/// Runs `f` on the board of a generator (borrowed: no reference taken),
/// or raises `RuntimeError` once the collector has cleared it.
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
unsafe fn with_board<T>(
    py: Python<'_>,
    obj: *mut ffi::PyObject,
    f: impl FnOnce(&Bound<'_, PyBoard>) -> PyResult<T>,
) -> PyResult<T> {
    // SAFETY: by the contract, `obj` is a `Generator`, whose board is
    // null or a `Board` it holds a reference to (so it outlives the call).
    unsafe {
        let board = (*obj.cast::<Generator>()).board;
        if board.is_null() {
            return Err(PyRuntimeError::new_err("the generator's board is gone"));
        }
        f(Borrowed::from_ptr(py, board).downcast_unchecked::<PyBoard>())
    }
}

/// `tp_new`: the generator comes from `board.legal_moves` only.
unsafe extern "C" fn refuse_new(
    _ty: *mut ffi::PyTypeObject,
    _args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |_| {
        Err(PyTypeError::new_err(
            "LegalMoveGenerator cannot be made directly: use board.legal_moves",
        ))
    })
}

/// `__len__`: how many legal moves there are.
unsafe extern "C" fn len(obj: *mut ffi::PyObject) -> ffi::Py_ssize_t {
    call(-1, |py| {
        let count = |board: &Bound<'_, PyBoard>| {
            let mut board = board.try_borrow_mut()?;
            let (cached, core) = board.cache_and_board();
            let count = cached.moves_of(core).len();
            Ok(count as ffi::Py_ssize_t)
        };
        // SAFETY: CPython calls the slot with one of our generators.
        unsafe { with_board(py, obj, count) }
    })
}

/// `__bool__`: whether there is a legal move.
unsafe extern "C" fn bool(obj: *mut ffi::PyObject) -> c_int {
    // SAFETY: as in `len`, which this forwards to.
    match unsafe { len(obj) } {
        -1 => -1,
        0 => 0,
        _ => 1,
    }
}

/// `count()`: `len`, as an int.
unsafe extern "C" fn count(obj: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: as in `len`, which this forwards to.
    match unsafe { len(obj) } {
        -1 => ptr::null_mut(),
        // SAFETY: a new int, or null with an exception set.
        n => unsafe { ffi::PyLong_FromSsize_t(n) },
    }
}

/// `__iter__`: the shared `Move`s of the position now ([`crate::iter`]).
unsafe extern "C" fn iter(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        let iterate = |board: &Bound<'_, PyBoard>| {
            let mut board = board.try_borrow_mut()?;
            let (cached, core) = board.cache_and_board();
            Ok(cached.iterate(py, core)?.into_ptr())
        };
        // SAFETY: CPython calls the slot with one of our generators.
        unsafe { with_board(py, obj, iterate) }
    })
}

/// `__contains__`: whether `mv` is a legal `Move` here (anything else is
/// not in).
unsafe extern "C" fn contains(obj: *mut ffi::PyObject, mv: *mut ffi::PyObject) -> c_int {
    call(-1, |py| {
        // SAFETY: a live object, borrowed for the call.
        let mv = unsafe { Borrowed::from_ptr(py, mv) };
        let Ok(mv) = mv.downcast::<PyMove>() else {
            return Ok(0);
        };
        let mv = *mv.get();
        let legal = |board: &Bound<'_, PyBoard>| Ok(board.try_borrow()?.legal(mv));
        // SAFETY: CPython calls the slot with one of our generators.
        let legal = unsafe { with_board(py, obj, legal) }?;
        Ok(c_int::from(legal.map(PyMove::from_core) == Some(mv)))
    })
}

/// `__repr__`: the moves in SAN, as python-chess writes it.
unsafe extern "C" fn repr(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        let sans = |board: &Bound<'_, PyBoard>| {
            let core = *board.try_borrow()?.board();
            Ok(core
                .legal_moves()
                .into_iter()
                .map(|mv| core.san(mv).map(|s| s.to_string()).unwrap_or_default())
                .collect::<Vec<String>>())
        };
        // SAFETY: CPython calls the slot with one of our generators.
        let sans = unsafe { with_board(py, obj, sans) }?;
        let text = format!("<LegalMoveGenerator ({})>", sans.join(", "));
        Ok(PyString::new(py, &text).into_ptr())
    })
}

/// `tp_traverse`: the board, for the collector.
unsafe extern "C" fn traverse(
    obj: *mut ffi::PyObject,
    visit: ffi::visitproc,
    arg: *mut c_void,
) -> c_int {
    // SAFETY: CPython calls it with one of our generators; a null board
    // is skipped.
    unsafe {
        let board = (*obj.cast::<Generator>()).board;
        if board.is_null() {
            0
        } else {
            visit(board, arg)
        }
    }
}

/// `tp_clear`: drops the board reference (the collector breaking the
/// cycle).
unsafe extern "C" fn clear(obj: *mut ffi::PyObject) -> c_int {
    // SAFETY: CPython calls it with one of our generators, GIL held; the
    // field is nulled before the reference goes, so a re-entrant look
    // sees no board.
    unsafe {
        let field = &mut (*obj.cast::<Generator>()).board;
        let board = std::mem::replace(field, ptr::null_mut());
        if !board.is_null() {
            ffi::Py_DecRef(board);
        }
    }
    0
}

/// `tp_dealloc`: untracks, drops the board, frees the object and drops its
/// reference to the type.
unsafe extern "C" fn dealloc(obj: *mut ffi::PyObject) {
    // SAFETY: called once, when the last reference goes, with the GIL
    // held; the object is a GC-tracked instance of our heap type.
    unsafe {
        ffi::PyObject_GC_UnTrack(obj.cast());
        clear(obj);
        let ty = ffi::Py_TYPE(obj);
        ffi::PyObject_GC_Del(obj.cast());
        ffi::Py_DecRef(ty.cast());
    }
}
