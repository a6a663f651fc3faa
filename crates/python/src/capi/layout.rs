//! Every assumption the crate makes about how PyO3 and CPython lay out
//! objects and share them between threads, in one place, each with the
//! check that holds it when the module is imported. A PyO3 or CPython that
//! breaks one fails the import with `SystemError` (or, where a slower path
//! exists, takes it), never a wrong answer.
//!
//! 1. **A `#[pyclass]`'s value lies inline in the object, at one offset
//!    for every instance of the class** ([`inline_field_offset`]). The
//!    `legal_moves` member of `Board` (`board/capi_push.rs`) and the fast
//!    `SquareSet` type's slots (`values/squareset/slots.rs`) read their
//!    field at that offset; both measure it on two objects at import.
//! 2. **An object fresh from a PyO3 class's `tp_alloc` is zeroed, and
//!    PyO3 reads a zero borrow flag as "not borrowed"**: the fast
//!    `SquareSet` type makes a set by writing its mask alone
//!    (`capi::squareset::new_set`). `values/squareset/slots.rs` checks at
//!    import that such a set borrows mutably and reads back through PyO3,
//!    and keeps the plain PyO3 class where it does not.
//! 3. **The GIL serialises the threads that touch Python objects** (also
//!    on free-threaded builds, where the module declares it needs the GIL):
//!    [`GilCell`] is shared between threads only through it.

use std::cell::UnsafeCell;
use std::mem::{align_of, size_of};

use pyo3::exceptions::PySystemError;
use pyo3::prelude::*;

/// The offset, in bytes from the object's start, of a field of type `T`
/// that two instances of one `#[pyclass]` hold at `samples` (each the
/// object's address and the field's), checked against assumption 1: the
/// two agree, the field lies inside `basicsize` (the type's
/// `__basicsize__`) and is aligned for `T`. `SystemError` naming `what`
/// otherwise.
pub fn inline_field_offset<T>(
    what: &str,
    samples: [(usize, usize); 2],
    basicsize: usize,
) -> PyResult<usize> {
    let [first, second] = samples.map(|(object, field)| field.wrapping_sub(object));
    let fits = first
        .checked_add(size_of::<T>())
        .is_some_and(|end| end <= basicsize);
    if first != second || !fits || !first.is_multiple_of(align_of::<T>()) {
        return Err(PySystemError::new_err(format!(
            "bitmoves: {what} is not at one offset inside the object (measured {first} and \
             {second}, basic size {basicsize}): PyO3's object layout changed"
        )));
    }
    Ok(first)
}

/// A value shared between threads only under the GIL (assumption 3): a
/// `static` the C-API slots read and write with the GIL held.
pub struct GilCell<T>(UnsafeCell<T>);

// SAFETY: the value is reached only through `get`, whose callers hold the
// GIL (its contract): one thread at a time.
unsafe impl<T> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    /// The cell holding `value`.
    pub const fn new(value: T) -> Self {
        Self(UnsafeCell::new(value))
    }

    /// The value, to read or write.
    ///
    /// # Safety
    /// The calling thread holds the GIL, and no other reference from `get`
    /// is alive (the caller runs no Python code while it holds this one,
    /// so nothing reenters).
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn get(&self) -> &mut T {
        // SAFETY: the GIL serialises every caller and none holds another
        // reference (the contract).
        unsafe { &mut *self.0.get() }
    }
}
