//! The CPython C-API glue, the crate's bottom layer and its one home for
//! what PyO3 does not do for us: entry points run with the GIL token
//! ([`call`]), types made from slots ([`new_type`]), objects allocated
//! for a `#[repr(C)]` layout ([`alloc`], [`free`], [`instance`]), and
//! the kinds of attribute defined without PyO3's glue: vectorcall methods
//! ([`method`]) and a read-only object member ([`add_member`]); and the
//! raw access to `SquareSet` objects ([`squareset`]).
//!
//! Each function whose soundness rests on its caller is an `unsafe fn`
//! whose `# Safety` section states what the caller promises; the layers
//! above (`crate::legal_moves`, `crate::board::capi_push`) write their slot
//! functions with these and say at each use why the promise holds.
//!
//! | file | what it holds |
//! |---|---|
//! | `capi/layout.rs` | every assumption about PyO3's and CPython's object layout and the GIL, each with its import-time check ([`layout::inline_field_offset`], [`layout::GilCell`]) |
//! | `capi/function.rs` | module functions of one bitboard defined with the C API, the PyO3 function behind each for the rest ([`function::add_bitboard_function`]) |
//! | `capi/method.rs` | methods defined with the C API: the vectorcall convention, arguments by position or name ([`Method`], [`add_method`]) |
//! | `capi/squareset.rs` | the raw access behind the fast `SquareSet` type: the mask in place, quick reads of sets, ints and lists, the free list of sets, the PyO3 class's slots to fall back to |
//! | `capi/squareset_type.rs` | the fast `SquareSet` type's slots, and the making of the type |
//! | `capi/squareset_methods.rs` | that type's own methods: `add`, `discard`, the set tests and operations |

pub mod function;
pub mod layout;
pub mod method;
pub mod squareset;
mod squareset_methods;
pub mod squareset_type;

use std::ffi::{CStr, c_int};
use std::mem::align_of;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::PySystemError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

pub use method::{Args, Method, add_method, required};

/// Runs `body` with the GIL token; its error becomes the raised exception
/// (and `failed` is returned), a panic `PanicException`, so that nothing
/// unwinds into CPython.
///
/// # Safety
/// The calling thread holds the GIL: `call` is run by a function that
/// CPython calls as a slot, method or getter of one of our types (CPython
/// holds the GIL for those calls), and not after that function returned.
#[inline]
pub unsafe fn call<T>(failed: T, body: impl FnOnce(Python<'_>) -> PyResult<T>) -> T {
    // SAFETY: the GIL is held (the contract).
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

/// A heap type made with `PyType_FromSpec`, its instances `basicsize`
/// bytes and `itemsize` more per item.
///
/// # Safety
/// `slots` ends with the zero slot; every function in it has the
/// signature its slot expects and, called with an instance of this type,
/// keeps its own contract; everything the slots point to (docs, method
/// tables) lives for good. `basicsize` covers the `#[repr(C)]` struct the
/// slot functions take an instance for, and that struct starts with the
/// object header.
pub unsafe fn new_type(
    py: Python<'_>,
    name: &'static CStr,
    (basicsize, itemsize): (usize, usize),
    flags: std::ffi::c_ulong,
    slots: &mut [ffi::PyType_Slot],
) -> PyResult<Py<PyType>> {
    let mut spec = ffi::PyType_Spec {
        // 'static: the type keeps a pointer to the name.
        name: name.as_ptr(),
        basicsize: basicsize as c_int,
        itemsize: itemsize as c_int,
        flags: flags as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec and its slots are valid for the call (CPython
    // copies what it keeps but the name, and the docs and method tables
    // the slots point to, which live for good: the contract); the slots'
    // functions have the signatures their slots expect (the contract).
    let ty = unsafe { ffi::PyType_FromSpec(&mut spec) };
    // SAFETY: a new reference, or null with an exception set.
    let ty = unsafe { Bound::from_owned_ptr_or_err(py, ty) }?;
    Ok(ty.downcast_into::<PyType>()?.unbind())
}

/// A new instance of `ty` with room for `items` items, zeroed but for its
/// header (one reference, its type, and its size field for a
/// variable-size type), allocated by `PyType_GenericAlloc`, and checked
/// to be aligned for `T` (a `SystemError` if not).
///
/// Python's allocator aligns objects to 16 bytes on 64-bit platforms
/// (`ALIGNMENT` in `Objects/obmalloc.c`, and `malloc`'s for large ones),
/// which is what a struct holding a core `Board` (16-byte aligned) needs;
/// the check makes that a stated, tested fact instead of an assumption.
///
/// # Safety
/// `ty` is a type made by [`new_type`] without the GC flag, whose
/// instances are `T` (a `#[repr(C)]` struct starting with the object
/// header), freed by a `tp_dealloc` that calls [`free`]; zeroed memory is
/// a valid `T` but for the fields the caller writes before anyone else
/// sees the object.
pub unsafe fn alloc<'py, T>(
    py: Python<'py>,
    ty: &Bound<'py, PyType>,
    items: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let ty = ty.as_ptr().cast::<ffi::PyTypeObject>();
    // SAFETY: `ty` is a live type object; a new reference or null with an
    // exception set.
    let obj = unsafe { ffi::PyType_GenericAlloc(ty, items as ffi::Py_ssize_t) };
    if !obj.is_null() && !obj.cast::<T>().is_aligned() {
        // SAFETY: the object was just allocated, seen by no one, with the
        // layout `free` undoes (the contract).
        unsafe { free(obj) };
        return Err(PySystemError::new_err(format!(
            "bitmoves: Python's allocator gave an object aligned to less than {} bytes",
            align_of::<T>()
        )));
    }
    // SAFETY: a new reference, or null with an exception set.
    unsafe { Bound::from_owned_ptr_or_err(py, obj) }
}

/// `obj` as a pointer to its `T` fields (for a `T` that [`alloc`] made:
/// aligned for `T`, which it checked).
#[inline(always)]
pub fn instance<T>(obj: *mut ffi::PyObject) -> *mut T {
    obj.cast::<T>()
}

/// Frees an object made by [`alloc`] and drops its reference to its type
/// (a heap type's instances hold one): the end of a `tp_dealloc`, after
/// the object's own fields are dropped.
///
/// # Safety
/// `obj` was made by [`alloc`] (not tracked by the garbage collector), no
/// reference to it is left, the GIL is held, and `obj` is not used after.
#[inline]
pub unsafe fn free(obj: *mut ffi::PyObject) {
    // SAFETY: by the contract: memory from Python's object allocator, and
    // the type's reference the object held.
    unsafe {
        let ty = ffi::Py_TYPE(obj);
        ffi::PyObject_Free(obj.cast());
        ffi::Py_DecRef(ty.cast());
    }
}

/// Defines a read-only object member of `ty` (replacing an attribute of
/// that name): CPython reads the object pointer at `offset` in the
/// instance itself (`Py_T_OBJECT_EX`), with no call into the extension;
/// Python 3.11+ specialises the read to one load.
///
/// # Safety
/// Every instance of `ty` holds at `offset` (inside its basic size and
/// pointer-aligned) a non-null pointer to a live object that it owns a
/// reference to, written before Python sees the instance and never again
/// while Python can read it.
pub unsafe fn add_member(
    ty: &Bound<'_, PyType>,
    name: &'static CStr,
    doc: &'static CStr,
    offset: usize,
) -> PyResult<()> {
    let py = ty.py();
    // The definition must outlive the type: leaked once per module load.
    let def = Box::leak(Box::new(ffi::PyMemberDef {
        name: name.as_ptr(),
        type_code: ffi::Py_T_OBJECT_EX,
        offset: offset as ffi::Py_ssize_t,
        flags: ffi::Py_READONLY,
        doc: doc.as_ptr(),
    }));
    // SAFETY: `ty` is a type object and the definition is 'static (what
    // the member reads is the contract); a new reference or null with an
    // exception set.
    let descriptor = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMember(ty.as_ptr().cast(), def))?
    };
    ty.setattr(name.to_str()?, descriptor)
}

/// The value of `object` when it is an int (exactly, not a subclass) that
/// fits an `i64`; `None` for anything else, with no exception set (the
/// caller then converts it the slow way, which raises what it should).
///
/// # Safety
/// The GIL is held and `object` is live.
#[inline]
pub unsafe fn small_int(object: *mut ffi::PyObject) -> Option<i64> {
    // SAFETY: the contract.
    unsafe {
        if ffi::PyLong_CheckExact(object) == 0 {
            return None;
        }
        let value = ffi::PyLong_AsLongLong(object);
        if value == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(value)
    }
}

/// The arguments of a call that CPython passes as a tuple and a dict (a
/// `tp_new` slot, a method on Python 3.9), as PyO3 values.
///
/// # Safety
/// The GIL is held; `args` is a live tuple and `kwargs` null or a live
/// dict, both live for `'py`.
pub unsafe fn call_arguments<'py>(
    py: Python<'py>,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> (Bound<'py, PyTuple>, Option<Bound<'py, PyDict>>) {
    // SAFETY: the contract.
    unsafe {
        (
            Bound::from_borrowed_ptr(py, args).downcast_into_unchecked::<PyTuple>(),
            Bound::from_borrowed_ptr_or_opt(py, kwargs)
                .map(|d| d.downcast_into_unchecked::<PyDict>()),
        )
    }
}
