//! The iterator that `iter(board.legal_moves)` returns: a small type made
//! with the C API (`PyType_FromSpec`) that hands out the shared `Move`
//! objects of a snapshot of the position's moves, one `tp_iternext` call
//! each.
//!
//! It replaces a tuple of the moves and its iterator: `list(board.legal_moves)`
//! then fills one list, not a tuple and a list (building and freeing a
//! tuple of 48 moves cost about 6 ns a move), and each step is a plain C
//! call, where a PyO3 `__next__` would go through a trampoline per move:
//! it reads the next pointer and counts the reference. A board's generator
//! keeps one iterator as the store of the position's legal moves, written
//! by the move generator itself, and hands that one out when no one else
//! holds it ([`super::generator`]).

use std::ffi::c_void;
use std::mem::{offset_of, size_of};
use std::ptr;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyType;

use crate::capi::{self, instance, new_type};
use crate::values::{PyMove, shared_moves};

/// The iterator object: a variable-size object whose items are pointers to
/// the shared `Move` objects (no references held: the table keeps them
/// alive for good), written only while no one else holds it (so that
/// pushing a move while iterating changes nothing here).
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
    /// [`FRONT`] slots a writer may scribble on, then the moves: `len` of
    /// them (`itemsize` 8, room for the object's size field of slots).
    moves: [*mut ffi::PyObject; 0],
}

/// How many slots come before the first move, for a writer that writes
/// a few at a time down from the end ([`super::generate`]).
pub const FRONT: usize = 8;

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
        // SAFETY: the slots end with the zero slot and each function has
        // its slot's signature and takes a `MoveIter` (the basic size, with
        // pointer-sized items), made by `empty`.
        unsafe { new_type(py, name, size, ffi::Py_TPFLAGS_DEFAULT, &mut slots) }
    })?;
    Ok(ty.bind(py))
}

/// Room for the moves of any legal position (218 at most) in the
/// iterator a generator keeps ([`super::generator`]).
pub const KEPT_CAPACITY: usize = 256;

/// A new iterator with room for `capacity` moves and none in it yet (the
/// generator fills it: [`items`], [`set_len`]).
pub fn empty(py: Python<'_>, capacity: usize) -> PyResult<Bound<'_, PyAny>> {
    let table = shared_moves(py)?;
    let ty = iter_type(py)?;
    // SAFETY: `ty` is our heap type (no GC flag, freed by `dealloc`, which
    // calls `capi::free`), whose instances are `MoveIter` with
    // pointer-sized items: the allocation (zeroed, so `next` and `len`
    // are 0; header initialised, its size field `capacity + FRONT`, a
    // reference to the type taken) has room for `FRONT` slots and
    // `capacity` moves after the header.
    unsafe {
        let obj = capi::alloc::<MoveIter>(py, ty, capacity + FRONT)?;
        (*instance::<MoveIter>(obj.as_ptr())).table = table.as_ptr();
        Ok(obj)
    }
}

/// A new iterator over the moves of the iterator `kept`, from the first
/// (for an iteration that starts while `kept` is in use).
///
/// # Safety
/// `kept` is a `MoveIter` made by [`empty`] and the GIL is held.
pub unsafe fn copy<'py>(py: Python<'py>, kept: *mut ffi::PyObject) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: by the contract; the copy has room for the moves.
    unsafe {
        let moves = moves(kept);
        let copy = empty(py, moves.len())?;
        ptr::copy_nonoverlapping(moves.as_ptr(), items(copy.as_ptr()), moves.len());
        set_len(copy.as_ptr(), moves.len());
        Ok(copy)
    }
}

/// How many moves the iterator `obj` has room for.
///
/// # Safety
/// `obj` is a live `MoveIter`.
pub unsafe fn capacity(obj: *mut ffi::PyObject) -> usize {
    // SAFETY: by the contract; its size field counts the moves' room and
    // the `FRONT` slots.
    unsafe { (*obj.cast::<ffi::PyVarObject>()).ob_size as usize - FRONT }
}

/// The moves of the iterator `obj` (all of them, whatever it has handed
/// out).
///
/// # Safety
/// `obj` is a live `MoveIter`, and is not written while the slice lives.
pub unsafe fn moves<'a>(obj: *mut ffi::PyObject) -> &'a [*mut ffi::PyObject] {
    // SAFETY: by the contract, `len` moves are written after the header.
    unsafe { std::slice::from_raw_parts(items(obj), (*instance::<MoveIter>(obj)).len) }
}

/// Sets how many moves the iterator `obj` holds, and starts it again from
/// the first.
///
/// # Safety
/// `obj` is a live `MoveIter` with `len` moves written after its header
/// (at most its capacity), and no one else reads it meanwhile.
pub unsafe fn set_len(obj: *mut ffi::PyObject, len: usize) {
    let it = instance::<MoveIter>(obj);
    // SAFETY: by the contract.
    unsafe {
        (*it).len = len;
        (*it).next = 0;
    }
}

/// Starts the iterator `obj` again from its first move.
///
/// # Safety
/// As [`set_len`].
pub unsafe fn rewind(obj: *mut ffi::PyObject) {
    // SAFETY: by the contract.
    unsafe { (*instance::<MoveIter>(obj)).next = 0 }
}

/// The shared `Move` object at `index` of the table of the iterator
/// `obj` (null for an iterator made from Python, which has no table).
///
/// # Safety
/// `obj` is a live `MoveIter`; `index` is below the table's length.
pub unsafe fn shared(obj: *mut ffi::PyObject, index: u16) -> *mut ffi::PyObject {
    // SAFETY: by the contract.
    unsafe {
        let table = (*instance::<MoveIter>(obj)).table;
        if table.is_null() {
            return ptr::null_mut();
        }
        (*table.add(usize::from(index))).as_ptr()
    }
}

/// The first of the moves after a `MoveIter`'s header and its [`FRONT`]
/// slots, where the moves are written.
pub fn items(obj: *mut ffi::PyObject) -> *mut *mut ffi::PyObject {
    instance::<MoveIter>(obj)
        .wrapping_byte_add(offset_of!(MoveIter, moves))
        .cast::<*mut ffi::PyObject>()
        .wrapping_add(FRONT)
}

/// `tp_iternext`: a new reference to the next move, or null (no exception
/// set) when there is none.
unsafe extern "C" fn iternext(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let it = instance::<MoveIter>(obj);
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
    // SAFETY: called once, when the last reference goes, GIL held; the
    // object holds no Python references and was made by `capi::alloc`
    // (not tracked by the garbage collector: the type has no GC flag).
    unsafe { capi::free(obj) }
}
