//! The fast `SquareSet` type's slots (`crate::values`'s
//! `values/squareset/slots.rs` makes the type with [`make_fast`]): each handles
//! sets and ints of 64 bits itself and hands anything else (iterables,
//! big or negative ints, errors) to the PyO3 class's slot, so that the
//! semantics stay in one place. Its own methods are in
//! `capi/squareset_methods.rs`.

use std::ffi::{c_int, c_void};
use std::ptr;
use std::sync::atomic::Ordering::Relaxed;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use super::squareset::{
    ALLOC, BASE, BASICSIZE, FAST, OFFSET, base_slot, is_set, keep, list_mask, mask_at, new_set,
    quick_mask, set_mask_at,
};
use super::squareset_methods::methods;

/// Makes the fast type, a subclass of `base` made of this file's slots,
/// and sets the statics its slots read (`capi/squareset.rs`); `None`
/// where CPython gives the type no allocator or an instance too small
/// for the mask at `offset`.
///
/// # Safety
/// The GIL is held; `base` is the PyO3 class `SquareSet`, every instance
/// of which holds its mask, a `u64`, at `offset` bytes from its start,
/// and needs nothing dropped (the fast type frees its objects without
/// PyO3's glue).
pub unsafe fn make_fast<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyType>,
    offset: usize,
) -> PyResult<Option<Bound<'py, PyType>>> {
    let slot = |slot: c_int, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
    let mut slots = [
        slot(ffi::Py_nb_or, or as *mut c_void),
        slot(ffi::Py_nb_and, and as *mut c_void),
        slot(ffi::Py_nb_xor, xor as *mut c_void),
        slot(ffi::Py_nb_subtract, subtract as *mut c_void),
        slot(ffi::Py_nb_inplace_or, inplace_or as *mut c_void),
        slot(ffi::Py_nb_inplace_and, inplace_and as *mut c_void),
        slot(ffi::Py_nb_inplace_xor, inplace_xor as *mut c_void),
        slot(ffi::Py_nb_inplace_subtract, inplace_subtract as *mut c_void),
        slot(ffi::Py_nb_lshift, lshift as *mut c_void),
        slot(ffi::Py_nb_rshift, rshift as *mut c_void),
        slot(ffi::Py_nb_invert, invert as *mut c_void),
        slot(ffi::Py_nb_bool, boolean as *mut c_void),
        slot(ffi::Py_sq_length, length as *mut c_void),
        slot(ffi::Py_sq_contains, contains as *mut c_void),
        slot(ffi::Py_tp_richcompare, richcompare as *mut c_void),
        slot(ffi::Py_tp_new, new as *mut c_void),
        slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
        slot(ffi::Py_tp_iter, iter as *mut c_void),
        slot(ffi::Py_tp_repr, repr as *mut c_void),
        slot(ffi::Py_tp_methods, methods().cast()),
        slot(0, ptr::null_mut()),
    ];
    let mut spec = ffi::PyType_Spec {
        name: c"bitmoves.SquareSet".as_ptr(),
        // Inherited: the base's layout, no fields of its own.
        basicsize: 0,
        itemsize: 0,
        flags: (ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_BASETYPE) as _,
        slots: slots.as_mut_ptr(),
    };
    let bases = PyTuple::new(py, [&base])?;
    // SAFETY: the spec, its slots and the bases are valid for the call
    // (CPython copies the slots; the name is 'static); every slot
    // function has the signature of its slot.
    let fast = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpecWithBases(&mut spec, bases.as_ptr()))?
    }
    .downcast_into::<PyType>()?;
    fast.setattr("__doc__", base.getattr("__doc__")?)?;
    let fast_ptr = fast.as_ptr().cast::<ffi::PyTypeObject>();
    // SAFETY: `fast_ptr` is a live type object.
    let alloc = unsafe { ffi::PyType_GetSlot(fast_ptr, ffi::Py_tp_alloc) };
    if alloc.is_null() {
        return Ok(None);
    }
    let basicsize: usize = fast.getattr("__basicsize__")?.extract()?;
    if basicsize < offset + std::mem::size_of::<u64>() {
        return Ok(None);
    }
    BASE.store(base.as_ptr().cast(), Relaxed);
    ALLOC.store(alloc, Relaxed);
    BASICSIZE.store(basicsize, Relaxed);
    OFFSET.store(offset, Relaxed);
    FAST.store(fast_ptr, Relaxed);
    Ok(Some(fast))
}

/// Stops using the fast type (when the check of what it makes failed):
/// new sets are of the PyO3 class.
pub fn unmake_fast() {
    FAST.store(ptr::null_mut(), Relaxed);
}

/// A binary operator's slot: `op` of two masks when both operands are
/// sets or ints of 64 bits, else the base's slot. With `IN_PLACE`, the
/// operator's in-place form: the set `a`'s mask changed by `op` of `b`'s.
///
/// # Safety
/// A binary slot's contract: the GIL is held, both objects live.
unsafe fn binary<const IN_PLACE: bool>(
    a: *mut ffi::PyObject,
    b: *mut ffi::PyObject,
    slot: c_int,
    op: fn(u64, u64) -> u64,
) -> *mut ffi::PyObject {
    // SAFETY: the contract.
    unsafe {
        if IN_PLACE {
            if is_set(a)
                && let Some(y) = quick_mask(b)
            {
                set_mask_at(a, op(mask_at(a), y));
                ffi::Py_IncRef(a);
                return a;
            }
        } else if let (Some(x), Some(y)) = (quick_mask(a), quick_mask(b)) {
            // One of the two is a set: CPython calls a type's slot only
            // when one operand is of that type.
            return new_set(op(x, y));
        }
        base_slot::<ffi::binaryfunc>(slot)(a, b)
    }
}

macro_rules! binary_slots {
    ($($name:ident, $inplace:ident, $slot:ident, $inplace_slot:ident, $op:expr;)*) => {$(
        /// The operator's slot (see [`binary`]).
        unsafe extern "C" fn $name(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
            // SAFETY: CPython calls the slot with the GIL and live objects.
            unsafe { binary::<false>(a, b, ffi::$slot, $op) }
        }

        /// The in-place operator's slot (see [`binary`]).
        unsafe extern "C" fn $inplace(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
            // SAFETY: as above.
            unsafe { binary::<true>(a, b, ffi::$inplace_slot, $op) }
        }
    )*};
}

binary_slots! {
    or, inplace_or, Py_nb_or, Py_nb_inplace_or, |x, y| x | y;
    and, inplace_and, Py_nb_and, Py_nb_inplace_and, |x, y| x & y;
    xor, inplace_xor, Py_nb_xor, Py_nb_inplace_xor, |x, y| x ^ y;
    subtract, inplace_subtract, Py_nb_subtract, Py_nb_inplace_subtract, |x, y| x & !y;
}

/// A shift count from 0 to 63 of an int; `None` for anything else (left
/// to the base's slot, which empties the set, raises or refuses).
///
/// # Safety
/// As [`is_set`].
unsafe fn small_shift(object: *mut ffi::PyObject) -> Option<u32> {
    // SAFETY: the contract.
    let count = unsafe { super::small_int(object) }?;
    u32::try_from(count).ok().filter(|&count| count < 64)
}

/// `a << b`.
unsafe extern "C" fn lshift(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL and live objects.
    unsafe {
        if let (true, Some(count)) = (is_set(a), small_shift(b)) {
            return new_set(mask_at(a) << count);
        }
        base_slot::<ffi::binaryfunc>(ffi::Py_nb_lshift)(a, b)
    }
}

/// `a >> b`.
unsafe extern "C" fn rshift(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: as `lshift`.
    unsafe {
        if let (true, Some(count)) = (is_set(a), small_shift(b)) {
            return new_set(mask_at(a) >> count);
        }
        base_slot::<ffi::binaryfunc>(ffi::Py_nb_rshift)(a, b)
    }
}

/// `~a`.
unsafe extern "C" fn invert(a: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL and an instance.
    unsafe { new_set(!mask_at(a)) }
}

/// `bool(a)`.
unsafe extern "C" fn boolean(a: *mut ffi::PyObject) -> c_int {
    // SAFETY: as `invert`.
    unsafe { c_int::from(mask_at(a) != 0) }
}

/// `len(a)`.
unsafe extern "C" fn length(a: *mut ffi::PyObject) -> ffi::Py_ssize_t {
    // SAFETY: as `invert`.
    unsafe { mask_at(a).count_ones() as ffi::Py_ssize_t }
}

/// `square in a`: an int from -64 to 63 here, anything else by the base.
unsafe extern "C" fn contains(a: *mut ffi::PyObject, square: *mut ffi::PyObject) -> c_int {
    // SAFETY: as `invert`; `square` is live.
    unsafe {
        if ffi::PyLong_CheckExact(square) != 0 {
            let index = ffi::PyLong_AsLong(square);
            if index == -1 && !ffi::PyErr_Occurred().is_null() {
                // Beyond a C long: the base raises the IndexError.
                ffi::PyErr_Clear();
            } else if (-64..64).contains(&index) {
                return c_int::from(mask_at(a) & (1 << index.rem_euclid(64)) != 0);
            }
        }
        base_slot::<ffi::objobjproc>(ffi::Py_sq_contains)(a, square)
    }
}

/// `a == b` and `a != b` with a set or an int of 64 bits; anything else
/// (other comparisons included) by the base.
unsafe extern "C" fn richcompare(
    a: *mut ffi::PyObject,
    b: *mut ffi::PyObject,
    op: c_int,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL, an instance and a live
    // object.
    unsafe {
        if (op == ffi::Py_EQ || op == ffi::Py_NE)
            && let Some(other) = quick_mask(b)
        {
            let equal = mask_at(a) == other;
            return ffi::PyBool_FromLong(std::ffi::c_long::from(equal == (op == ffi::Py_EQ)));
        }
        base_slot::<ffi::richcmpfunc>(ffi::Py_tp_richcompare)(a, b, op)
    }
}

/// `SquareSet(squares)`: an int of 64 bits or a set here, anything else
/// (iterables, keywords, subclasses) by the base's `__new__`.
unsafe extern "C" fn new(
    subtype: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL, a type and an argument
    // tuple (kwargs may be null).
    unsafe {
        if subtype == FAST.load(Relaxed) && (kwargs.is_null() || ffi::PyDict_Size(kwargs) == 0) {
            match ffi::PyTuple_Size(args) {
                0 => return new_set(0),
                1 => {
                    let squares = ffi::PyTuple_GetItem(args, 0);
                    if let Some(mask) = quick_mask(squares).or_else(|| list_mask(squares)) {
                        return new_set(mask);
                    }
                }
                _ => {}
            }
        }
        base_slot::<ffi::newfunc>(ffi::Py_tp_new)(subtype, args, kwargs)
    }
}

/// Frees a set (of the fast type or a Python subclass of it, whose
/// `subtype_dealloc` calls this): nothing to drop; one of the fast type
/// kept for reuse while the free list has room
/// (`crate::capi::squareset::keep`), any other's memory back to its type's
/// `tp_free`; then the reference an object of a heap type holds to its
/// type.
unsafe extern "C" fn dealloc(object: *mut ffi::PyObject) {
    // SAFETY: CPython calls the slot with the GIL on an object whose
    // count reached zero; its type is a heap type (the fast type or a
    // subclass), which every instance holds a reference to.
    unsafe {
        let ty = ffi::Py_TYPE(object);
        if ty != FAST.load(Relaxed) || !keep(object) {
            let free: ffi::freefunc = std::mem::transmute(ffi::PyType_GetSlot(ty, ffi::Py_tp_free));
            free(object.cast());
        }
        ffi::Py_DecRef(ty.cast());
    }
}

/// `iter(a)`: the squares, ascending, taken now, as an iterator over a
/// tuple of ints (CPython's own iterator; the ints below 64 are shared).
unsafe extern "C" fn iter(a: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL and an instance; the
    // tuple is filled before it is used, each item set once.
    unsafe {
        let mut mask = mask_at(a);
        let squares = ffi::PyTuple_New(mask.count_ones() as ffi::Py_ssize_t);
        if squares.is_null() {
            return ptr::null_mut();
        }
        let mut index = 0;
        while mask != 0 {
            let square = ffi::PyLong_FromLong(std::ffi::c_long::from(mask.trailing_zeros() as u8));
            if square.is_null() {
                ffi::Py_DecRef(squares);
                return ptr::null_mut();
            }
            ffi::PyTuple_SetItem(squares, index, square);
            index += 1;
            mask &= mask - 1;
        }
        let iterator = ffi::PyObject_GetIter(squares);
        ffi::Py_DecRef(squares);
        iterator
    }
}

/// `repr(a)`: `SquareSet(0x0100_0000_0000_0001)`, the mask in 16
/// hexadecimal digits in groups of four, as python-chess writes it.
unsafe extern "C" fn repr(a: *mut ffi::PyObject) -> *mut ffi::PyObject {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    // SAFETY: CPython calls the slot with the GIL and an instance; the
    // text is ASCII, its length that of the buffer.
    unsafe {
        let mask = mask_at(a);
        let mut text = *b"SquareSet(0x0000_0000_0000_0000)";
        let mut at = text.len() - 2;
        for nibble in 0..16 {
            text[at] = DIGITS[(mask >> (4 * nibble) & 15) as usize];
            at -= if nibble % 4 == 3 { 2 } else { 1 };
        }
        ffi::PyUnicode_FromStringAndSize(text.as_ptr().cast(), text.len() as ffi::Py_ssize_t)
    }
}
