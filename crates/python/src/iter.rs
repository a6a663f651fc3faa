//! The iterator that `iter(board.legal_moves)` returns: a small type made
//! with the C API (`PyType_FromSpec`) that hands out the shared `Move`
//! objects of a snapshot of the position's moves, one `tp_iternext` call
//! each.
//!
//! It replaces a tuple of the moves and its iterator: `list(board.legal_moves)`
//! then fills one list, not a tuple and a list (building and freeing a
//! tuple of 48 moves cost about 6 ns a move), and each step is a plain C
//! call, where a PyO3 `__next__` would go through a trampoline per move:
//! it reads the next pointer and counts the reference. A board keeps one
//! iterator and refills it when no one else holds it ([`iterate`]).

use std::ffi::c_void;
use std::mem::{offset_of, size_of};
use std::ptr;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyType;

use crate::fast::new_type;
use crate::moves::{PyMove, shared_moves};

/// The iterator object: a variable-size object whose items are pointers to
/// the shared `Move` objects (no references held: the table keeps them
/// alive for good), written when it is filled (so that pushing a move
/// while iterating changes nothing here).
#[repr(C)]
struct MoveIter {
    ob_base: ffi::PyVarObject,
    /// The first entry of the shared `Move` table; null in an iterator
    /// made from Python by calling its type (it has no moves then).
    table: *const Py<PyMove>,
    /// The next move to hand out.
    next: usize,
    /// How many moves follow the header.
    len: usize,
    /// The moves; `len` of them are written after the header (`itemsize`
    /// 8, room for the object's size field of them).
    moves: [*mut ffi::PyObject; 0],
}

/// The iterator type, made on first use.
static TYPE: GILOnceCell<Py<PyType>> = GILOnceCell::new();

fn iter_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let ty = TYPE.get_or_try_init(py, || {
        let mut slots = [
            ffi::PyType_Slot {
                slot: ffi::Py_tp_iter,
                pfunc: ffi::PyObject_SelfIter as *mut c_void,
            },
            ffi::PyType_Slot {
                slot: ffi::Py_tp_iternext,
                pfunc: iternext as *mut c_void,
            },
            ffi::PyType_Slot {
                slot: ffi::Py_tp_dealloc,
                pfunc: dealloc as *mut c_void,
            },
            ffi::PyType_Slot {
                slot: 0,
                pfunc: ptr::null_mut(),
            },
        ];
        let size = (size_of::<MoveIter>(), size_of::<*mut ffi::PyObject>());
        let name = c"bitmoves.LegalMoveIterator";
        new_type(py, name, size, ffi::Py_TPFLAGS_DEFAULT, &mut slots)
    })?;
    Ok(ty.bind(py))
}

/// Room for the moves of any position (218 at most) in the iterator a
/// board keeps for reuse.
const KEPT_CAPACITY: usize = 256;

/// An iterator over the shared `Move` objects at `moves` (table indices).
///
/// `kept` is the board's own iterator: when nothing else holds it (its
/// reference count is 1, the board's), it is refilled and handed out
/// again, so that `list(board.legal_moves)` in a loop allocates and frees
/// no iterator per position. When it is in use (an iteration under way),
/// a new one is made and not kept.
pub fn iterate<'py>(
    py: Python<'py>,
    moves: &[u16],
    kept: &mut Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(it) = kept {
        let obj = it.as_ptr();
        // SAFETY: `obj` is a live `MoveIter` (only `iterate` puts one in
        // `kept`); its size field is its capacity; with a reference count
        // of 1 no one else can see the refill.
        unsafe {
            if ffi::Py_REFCNT(obj) == 1
                && moves.len() <= (*obj.cast::<ffi::PyVarObject>()).ob_size as usize
            {
                fill(obj, moves);
                return Ok(it.bind(py).clone());
            }
        }
        return new(py, moves, moves.len());
    }
    let it = new(py, moves, KEPT_CAPACITY.max(moves.len()))?;
    *kept = Some(it.clone().unbind());
    Ok(it)
}

/// A new iterator with room for `capacity` moves, holding `moves`.
fn new<'py>(py: Python<'py>, moves: &[u16], capacity: usize) -> PyResult<Bound<'py, PyAny>> {
    let table = shared_moves(py)?;
    let ty = iter_type(py)?;
    // SAFETY: `ty` is our heap type, whose instances are `MoveIter` with
    // pointer-sized items: the allocation (zeroed, header initialised, its size
    // field `capacity`, a reference to the type taken) has room for
    // `capacity >= moves.len()` moves after the header; `table` is the
    // shared table that `moves` index.
    unsafe {
        let obj = ffi::PyType_GenericAlloc(ty.as_ptr().cast(), capacity as ffi::Py_ssize_t);
        let obj = Bound::from_owned_ptr_or_err(py, obj)?;
        (*obj.as_ptr().cast::<MoveIter>()).table = table.as_ptr();
        fill(obj.as_ptr(), moves);
        Ok(obj)
    }
}

/// Puts the shared `Move`s at `moves` (table indices) into the iterator
/// `obj`, from the first: looked up here, in one pass, so that each
/// `next` is one read.
///
/// # Safety
/// `obj` is a `MoveIter` with its table set and room for `moves.len()`
/// moves, and nothing else reads it meanwhile; the indices are below the
/// table's length.
unsafe fn fill(obj: *mut ffi::PyObject, moves: &[u16]) {
    let it = obj.cast::<MoveIter>();
    // SAFETY: by the contract.
    unsafe {
        (*it).next = 0;
        (*it).len = moves.len();
        let table = (*it).table;
        let items = items(obj);
        for (i, &index) in moves.iter().enumerate() {
            *items.add(i) = (*table.add(usize::from(index))).as_ptr();
        }
    }
}

/// The first of the moves after a `MoveIter`'s header.
fn items(obj: *mut ffi::PyObject) -> *mut *mut ffi::PyObject {
    obj.cast::<u8>()
        .wrapping_add(offset_of!(MoveIter, moves))
        .cast::<*mut ffi::PyObject>()
}

/// `tp_iternext`: a new reference to the next move, or null (no exception
/// set) when there is none.
unsafe extern "C" fn iternext(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let it = obj.cast::<MoveIter>();
    // SAFETY: CPython calls this with an instance of our type, so `obj`
    // is a `MoveIter` with `len` moves after its header, each a shared
    // `Move` (which the table keeps alive for good), and the GIL is held.
    unsafe {
        let next = (*it).next;
        if next >= (*it).len {
            return ptr::null_mut();
        }
        (*it).next = next + 1;
        let mv = *items(obj).add(next);
        // The new reference, counted inline as CPython's own `Py_INCREF`
        // does for the limited API before 3.12 (a call to `Py_IncRef` per
        // move cost about 3% of a playout): the shared moves are ordinary
        // (not immortal) objects, so every version counts them this way.
        (*mv).ob_refcnt += 1;
        mv
    }
}

/// `tp_dealloc`: frees the object and drops its reference to the type.
unsafe extern "C" fn dealloc(obj: *mut ffi::PyObject) {
    // SAFETY: called once, when the last reference goes; the object holds
    // no Python references, was allocated by `PyType_GenericAlloc` (not
    // tracked by the garbage collector: the type has no GC flag) and, as
    // an instance of a heap type, owns a reference to its type.
    unsafe {
        let ty = ffi::Py_TYPE(obj);
        ffi::PyObject_Free(obj.cast());
        ffi::Py_DecRef(ty.cast());
    }
}
