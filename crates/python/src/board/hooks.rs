//! Subclass hooks, the native side: a native `Board` method that reaches
//! a python-chess hook (`push` reaching `_push_capture`) asks
//! [`hooked`] first. On a plain `Board` that is one pointer compare; on a
//! subclass it reads the record `_hooks.init_subclass` computed once for
//! the class (`_bitmoves_hooks`, a dict from method name to the
//! python-chess-shaped Python method in `python/bitmoves/_hooks.py`) and,
//! when the class overrides a hook the method reaches, the native method
//! calls that Python method instead. So a subclass's own override calling
//! `super().push(move)` lands in the native `push`, which still calls the
//! subclass's `_push_capture`, as python-chess's `Board.push` does.

use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

/// The `Board` type, stored when the module loads ([`install`]).
static BOARD_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Stores the `Board` type for [`is_plain`], and gives `Board` an empty
/// record (so that every subclass, whose `__init_subclass__` writes its
/// own, finds one).
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    BOARD_TYPE.store(board.as_ptr().cast(), Ordering::Relaxed);
    board.setattr(
        intern!(board.py(), "_bitmoves_hooks"),
        PyDict::new(board.py()),
    )
}

/// Whether `obj` is exactly a `Board` (no subclass).
#[inline]
pub fn is_plain(obj: *mut ffi::PyObject) -> bool {
    // SAFETY: `obj` is a live object (its type pointer is readable).
    let ty = unsafe { ffi::Py_TYPE(obj) };
    ty == BOARD_TYPE.load(Ordering::Relaxed)
}

/// The Python method that stands for the native method `name` on `slf`:
/// `None` on a plain `Board` and on a subclass that overrides no hook
/// `name` reaches.
#[inline]
pub fn hooked<'py>(slf: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    if is_plain(slf.as_ptr()) {
        return Ok(None);
    }
    let record = slf
        .get_type()
        .getattr(intern!(slf.py(), "_bitmoves_hooks"))?;
    match record.downcast::<PyDict>() {
        Ok(record) => record.get_item(name),
        Err(_) => Ok(None),
    }
}
