//! The CPython C-API glue, the crate's bottom layer and its one home for
//! what PyO3 does not do for us: entry points run with the GIL token
//! ([`call`]), types made from slots ([`new_type`]), objects allocated
//! for a `#[repr(C)]` layout ([`alloc`], [`free`], [`instance`]), and
//! the two kinds of `Board` attribute defined without PyO3's glue: a
//! one-argument vectorcall method ([`add_method`], [`OneArgMethod`]) and a
//! read-only object member ([`add_member`]).
//!
//! Each function whose soundness rests on its caller is an `unsafe fn`
//! whose `# Safety` section states what the caller promises; the layers
//! above (`crate::legal_moves`, `crate::board::push`) write their slot
//! functions with these and say at each use why the promise holds.

use std::ffi::{CStr, c_int};
use std::mem::align_of;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;

use pyo3::Borrowed;
use pyo3::exceptions::{PySystemError, PyTypeError};
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

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

/// A method of one argument, given by position or by name, that
/// [`add_method`] defines on a type with the C API: the argument is
/// passed as it is, with no argument tuple (from Python 3.10, where the
/// limited API has the vectorcall convention), and the method descriptor
/// has checked `self`'s type.
pub trait OneArgMethod {
    /// The method's name (`push`).
    const NAME: &'static CStr;
    /// The name in error messages (`Board.push`).
    const QUALNAME: &'static str;
    /// The argument's name (`move`).
    const ARG: &'static str;
    /// The docstring, starting with the text signature.
    const DOC: &'static CStr;

    /// The method: returns a new reference.
    ///
    /// # Safety
    /// `slf` is a live instance of the type the method was added to, the
    /// GIL is held, and `arg` is live for the call.
    unsafe fn call(
        py: Python<'_>,
        slf: *mut ffi::PyObject,
        arg: Borrowed<'_, '_, PyAny>,
    ) -> PyResult<*mut ffi::PyObject>;
}

/// CPython's `METH_FASTCALL` (in the limited API from 3.10 on).
const METH_FASTCALL: c_int = 0x0080;

/// A `METH_FASTCALL | METH_KEYWORDS` function.
type FastWithKeywords = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// Defines `M` as a method of `ty` (replacing an attribute of that name).
///
/// # Safety
/// `M::call` takes instances of `ty` (or of its subclasses) as `self`:
/// CPython's method descriptor checks `self` against `ty` and nothing
/// more.
pub unsafe fn add_method<M: OneArgMethod>(ty: &Bound<'_, PyType>) -> PyResult<()> {
    let py = ty.py();
    // `method(arg)` or `method(arg=...)`: the vectorcall convention (no
    // argument tuple) where the limited API has it (3.10), an argument
    // tuple and a keyword dict before.
    let (meth, flags) = if py.version_info() >= (3, 10) {
        // SAFETY: CPython calls the pointer by the flags, as a
        // `PyCFunctionFastWithKeywords`, which is `method_fast`'s type
        // (pyo3-ffi names that type only for 3.10 builds).
        let meth =
            unsafe { std::mem::transmute::<FastWithKeywords, ffi::PyCFunction>(method_fast::<M>) };
        (meth, METH_FASTCALL | ffi::METH_KEYWORDS)
    } else {
        // SAFETY: the same, as a `PyCFunctionWithKeywords`.
        let meth = unsafe {
            std::mem::transmute::<ffi::PyCFunctionWithKeywords, ffi::PyCFunction>(method_tuple::<M>)
        };
        (meth, ffi::METH_VARARGS | ffi::METH_KEYWORDS)
    };
    // The definition must outlive the type: leaked once per module load.
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: M::NAME.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer { PyCFunction: meth },
        ml_flags: flags,
        ml_doc: M::DOC.as_ptr(),
    }));
    // SAFETY: `ty` is a type object and the definition is 'static; a new
    // reference or null with an exception set.
    let descriptor = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(ty.as_ptr().cast(), def))?
    };
    ty.setattr(M::NAME.to_str()?, descriptor)
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

/// An [`OneArgMethod`] on Python 3.10 and later: `nargs` positional
/// arguments at `args`, then one for each name of the `kwnames` tuple (or
/// null).
unsafe extern "C" fn method_fast<M: OneArgMethod>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the method with the GIL held.
    unsafe {
        call(ptr::null_mut(), |py| {
            let arg = if kwnames.is_null() && nargs == 1 {
                // SAFETY: one argument at `args`, live for the call.
                Borrowed::from_ptr(py, *args)
            } else {
                // SAFETY: `args` holds `nargs` positional arguments and
                // then one per keyword name; `kwnames` is null or a tuple.
                let names = Borrowed::from_ptr_or_opt(py, kwnames);
                let count = names.map_or(0, |names| names.len().unwrap_or(0));
                let positional = usize::try_from(nargs).unwrap_or(0);
                let values = std::slice::from_raw_parts(args, positional + count);
                let keywords = names
                    .into_iter()
                    .flat_map(|names| names.try_iter().ok())
                    .flatten();
                the_argument::<M>(
                    py,
                    &values[..positional],
                    keywords.zip(&values[positional..]),
                )?
            };
            // SAFETY: the method descriptor checked `slf`'s type, which
            // `add_method`'s caller promised `M::call` takes; `slf` and
            // `arg` are live for the call.
            M::call(py, slf, arg)
        })
    }
}

/// An [`OneArgMethod`] on Python 3.9: the arguments as a tuple and a dict.
unsafe extern "C" fn method_tuple<M: OneArgMethod>(
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the method with the GIL held.
    unsafe {
        call(ptr::null_mut(), |py| {
            // SAFETY: `args` is a tuple and `kwargs` null or a dict, both
            // live for the call.
            let (args, kwargs) = (
                Bound::from_borrowed_ptr(py, args).downcast_into_unchecked::<PyTuple>(),
                Bound::from_borrowed_ptr_or_opt(py, kwargs)
                    .map(|d| d.downcast_into_unchecked::<PyDict>()),
            );
            let positional: Vec<*mut ffi::PyObject> =
                args.iter_borrowed().map(|a| a.as_ptr()).collect();
            let keywords: Vec<(Bound<'_, PyAny>, *mut ffi::PyObject)> = kwargs
                .iter()
                .flat_map(|d| d.iter())
                .map(|(k, v)| (k, v.as_ptr()))
                .collect();
            let arg = the_argument::<M>(
                py,
                &positional,
                keywords.iter().map(|(k, v)| (Ok(k.clone()), v)),
            )?;
            // SAFETY: as in `method_fast`.
            M::call(py, slf, arg)
        })
    }
}

/// The one argument of `M`, given by position or by its name.
fn the_argument<'a, 'py, M: OneArgMethod>(
    py: Python<'py>,
    positional: &[*mut ffi::PyObject],
    keywords: impl Iterator<Item = (PyResult<Bound<'py, PyAny>>, &'a *mut ffi::PyObject)>,
) -> PyResult<Borrowed<'a, 'py, PyAny>> {
    let (method, arg) = (M::QUALNAME, M::ARG);
    let mut found = positional.first().copied();
    if positional.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "{method}() takes 1 positional argument but {} were given",
            positional.len()
        )));
    }
    for (name, value) in keywords {
        let name = name?;
        if name.extract::<String>().ok().as_deref() != Some(arg) {
            return Err(PyTypeError::new_err(format!(
                "{method}() got an unexpected keyword argument '{name}'"
            )));
        }
        if found.is_some() {
            return Err(PyTypeError::new_err(format!(
                "{method}() got multiple values for argument '{arg}'"
            )));
        }
        found = Some(*value);
    }
    let found = found.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "{method}() missing 1 required positional argument: '{arg}'"
        ))
    })?;
    // SAFETY: an argument of the call, live while it runs.
    Ok(unsafe { Borrowed::from_ptr(py, found) })
}
