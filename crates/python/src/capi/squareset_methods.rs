//! The methods the fast `SquareSet` type (`capi/squareset_type.rs`)
//! defines itself, as C-API `METH_O` functions: `add`, `discard`, the set
//! tests and the set operations, each on a set or an int of 64 bits, the
//! rest handed to the PyO3 class's method of the same name.

use pyo3::ffi;

use super::squareset::{base_method, mask_at, new_set, quick_mask, set_mask_at, square_bit};

/// `a.add(square)`.
unsafe extern "C" fn add(a: *mut ffi::PyObject, square: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a METH_O method with the GIL, its object and
    // a live argument.
    unsafe {
        match square_bit(square) {
            Some(bit) => {
                set_mask_at(a, mask_at(a) | bit);
                ffi::Py_IncRef(ffi::Py_None());
                ffi::Py_None()
            }
            None => base_method(c"add", a, square),
        }
    }
}

/// `a.discard(square)`.
unsafe extern "C" fn discard(
    a: *mut ffi::PyObject,
    square: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as `add`.
    unsafe {
        match square_bit(square) {
            Some(bit) => {
                set_mask_at(a, mask_at(a) & !bit);
                ffi::Py_IncRef(ffi::Py_None());
                ffi::Py_None()
            }
            None => base_method(c"discard", a, square),
        }
    }
}

/// The methods the fast type defines itself (the others are the base's),
/// made once and kept for good, as CPython keeps a pointer to them.
pub fn methods() -> *mut ffi::PyMethodDef {
    let no_args = |name: &'static std::ffi::CStr,
                   function: ffi::PyCFunction,
                   doc: &'static std::ffi::CStr| ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: function,
        },
        ml_flags: ffi::METH_NOARGS,
        ml_doc: doc.as_ptr(),
    };
    let method = |name: &'static std::ffi::CStr,
                  function: ffi::PyCFunction,
                  doc: &'static std::ffi::CStr| {
        ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: function,
            },
            ml_flags: ffi::METH_O,
            ml_doc: doc.as_ptr(),
        }
    };
    let table = vec![
        method(c"add", add, c"Adds a square."),
        no_args(
            c"mirror",
            mirror,
            c"The set mirrored vertically (a1 <-> a8), as a new `SquareSet`.",
        ),
        no_args(c"copy", copy, c"A new `SquareSet` of the same squares."),
        method(
            c"discard",
            discard,
            c"Removes a square if it is in the set.",
        ),
        method(
            c"issubset",
            issubset,
            c"Whether every square of this set is in `other`.",
        ),
        method(
            c"issuperset",
            issuperset,
            c"Whether every square of `other` is in this set.",
        ),
        method(
            c"isdisjoint",
            isdisjoint,
            c"Whether no square is in both sets.",
        ),
        method(
            c"union",
            union,
            c"The squares in either set, as a new `SquareSet`.",
        ),
        method(
            c"intersection",
            intersection,
            c"The squares in both sets, as a new `SquareSet`.",
        ),
        method(
            c"difference",
            difference,
            c"The squares of this set not in `other`, as a new `SquareSet`.",
        ),
        method(
            c"symmetric_difference",
            symmetric_difference,
            c"The squares in exactly one of the sets, as a new `SquareSet`.",
        ),
        ffi::PyMethodDef::zeroed(),
    ];
    Box::leak(table.into_boxed_slice()).as_mut_ptr()
}

macro_rules! set_methods {
    ($($name:ident, $python:literal, $result:expr;)*) => {$(
        /// The method of that name: a set or an int of 64 bits here,
        /// anything else by the base's method.
        unsafe extern "C" fn $name(a: *mut ffi::PyObject, other: *mut ffi::PyObject) -> *mut ffi::PyObject {
            // SAFETY: CPython calls a METH_O method with the GIL, its
            // object and a live argument.
            unsafe {
                match quick_mask(other) {
                    Some(other) => $result(mask_at(a), other),
                    None => base_method($python, a, other),
                }
            }
        }
    )*};
}

/// A new reference to `True` or `False`.
fn boolean_object(value: bool) -> *mut ffi::PyObject {
    // SAFETY: PyBool_FromLong only needs the GIL, which every caller holds.
    unsafe { ffi::PyBool_FromLong(std::ffi::c_long::from(value)) }
}

/// [`new_set`] for the methods' table.
fn set_object(mask: u64) -> *mut ffi::PyObject {
    // SAFETY: called from the fast type's methods: the GIL is held and
    // the type is made.
    unsafe { new_set(mask) }
}

set_methods! {
    issubset, c"issubset", |mask: u64, other: u64| boolean_object(mask & !other == 0);
    issuperset, c"issuperset", |mask: u64, other: u64| boolean_object(!mask & other == 0);
    isdisjoint, c"isdisjoint", |mask: u64, other: u64| boolean_object(mask & other == 0);
    union, c"union", |mask: u64, other: u64| set_object(mask | other);
    intersection, c"intersection", |mask: u64, other: u64| set_object(mask & other);
    difference, c"difference", |mask: u64, other: u64| set_object(mask & !other);
    symmetric_difference, c"symmetric_difference", |mask: u64, other: u64| set_object(mask ^ other);
}

/// `a.mirror()`: the ranks reversed.
unsafe extern "C" fn mirror(a: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a METH_NOARGS method with the GIL and its
    // object.
    unsafe { new_set(mask_at(a).swap_bytes()) }
}

/// `a.copy()`.
unsafe extern "C" fn copy(a: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: as `mirror`.
    unsafe { new_set(mask_at(a)) }
}
