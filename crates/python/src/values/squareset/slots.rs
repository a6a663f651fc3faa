//! The `SquareSet` type Python sees: a subclass of the PyO3 class
//! (`values/squareset/methods.rs`, which it inherits every method from) made from
//! C-API slots for the hot operators (`crate::capi::squareset_type`), so
//! that `a | b`, `a & BB_X`, `~a`, `a << 8`, `a |= b`, `a == b`,
//! `sq in a`, `len(a)` and `bool(a)` cost one slot call instead of PyO3's
//! method glue; and the making of new sets.
//!
//! The slots read and write the mask in place, at its offset in the
//! object, measured here when the type is made; the type is only used
//! when a set made by [`new_set`] reads back through PyO3's own borrow,
//! so a PyO3 whose object layout differs leaves `SquareSet` the PyO3
//! class.

use std::ptr;
use std::sync::atomic::Ordering::Relaxed;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyType;
use pyo3::{PyTypeInfo, sync::GILOnceCell};

use super::class::PySquareSet;
use crate::capi::layout;
use crate::capi::squareset::{FAST, new_set};
use crate::capi::squareset_type::{make_fast, unmake_fast};

// The fast type frees its objects without PyO3's glue: nothing in a
// `PySquareSet` needs dropping.
const _: () = assert!(!std::mem::needs_drop::<PySquareSet>());

/// The type Python sees as `SquareSet`: the fast type, or the PyO3 class
/// where the fast one could not be made.
static TYPE: GILOnceCell<Py<PyType>> = GILOnceCell::new();

/// The `SquareSet` type of the module (made on first use).
pub fn square_set_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    Ok(TYPE.get_or_try_init(py, || make(py))?.bind(py))
}

/// A new `SquareSet` of `mask`, of the type Python sees.
pub fn new_object(py: Python<'_>, mask: u64) -> PyResult<Py<PySquareSet>> {
    square_set_type(py)?;
    if FAST.load(Relaxed).is_null() {
        return Py::new(py, PySquareSet { mask });
    }
    // SAFETY: the GIL is held (`py`) and the fast type is made.
    let object = unsafe { new_set(mask) };
    // SAFETY: `object` is a new reference or null with an exception set.
    let object = unsafe { Bound::from_owned_ptr_or_err(py, object)? };
    // SAFETY: an instance of the fast type, a subclass of the base.
    Ok(unsafe { object.downcast_into_unchecked::<PySquareSet>() }.unbind())
}

/// A new reference to a new `SquareSet` of `mask`, of the type Python
/// sees: [`new_object`] for the C-API methods, which allocates the fast
/// type's object directly.
pub fn set_object(py: Python<'_>, mask: u64) -> PyResult<*mut ffi::PyObject> {
    if FAST.load(Relaxed).is_null() {
        return Ok(new_object(py, mask)?.into_ptr());
    }
    // SAFETY: the GIL is held (`py`) and the fast type is made.
    let object = unsafe { new_set(mask) };
    if object.is_null() {
        return Err(PyErr::fetch(py));
    }
    Ok(object)
}

/// Makes the fast type; the PyO3 class where that fails its check.
fn make(py: Python<'_>) -> PyResult<Py<PyType>> {
    let base = PySquareSet::type_object(py);
    let sample = || -> PyResult<(usize, usize)> {
        let probe = Py::new(py, PySquareSet { mask: 0 })?;
        let set = probe.bind(py).borrow();
        Ok((probe.as_ptr() as usize, ptr::from_ref(&set.mask) as usize))
    };
    let basicsize: usize = base.getattr("__basicsize__")?.extract()?;
    let Ok(offset) =
        layout::inline_field_offset::<u64>("SquareSet's mask", [sample()?, sample()?], basicsize)
    else {
        return Ok(base.unbind());
    };
    // SAFETY: `base` is the PyO3 class, whose every instance holds its
    // `u64` mask at `offset` (`crate::capi::layout`'s first assumption,
    // measured on two sets just above) and nothing to drop.
    let Some(fast) = (unsafe { make_fast(py, &base, offset)? }) else {
        return Ok(base.unbind());
    };
    // The check of `crate::capi::layout`'s second assumption: a set made
    // here by writing its mask alone borrows and reads back through PyO3.
    const CHECK: u64 = 0x0123_4567_89ab_cdef;
    // SAFETY: the GIL is held and the fast type is made.
    let made = unsafe { Bound::from_owned_ptr_or_err(py, new_set(CHECK)) };
    let sound = made.is_ok_and(|made| {
        made.downcast::<PySquareSet>()
            .is_ok_and(|set| set.try_borrow_mut().is_ok_and(|set| set.mask == CHECK))
    });
    if !sound {
        unmake_fast();
        return Ok(base.unbind());
    }
    // The fast type lives as long as the process: the statics point to it.
    Ok(fast.unbind())
}
