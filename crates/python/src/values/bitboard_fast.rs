//! The one-bitboard functions of the module (`lsb`, `msb`, `popcount`,
//! the flips and the shifts) as C-API `METH_O` functions: an int of 64
//! bits is computed here, with no PyO3 glue, by the same Rust functions;
//! anything else (a `SquareSet`, a negative or big int, not an int) goes
//! to the PyO3 function of the same name (`values/bitboards.rs`), which
//! converts or refuses it.

use std::ffi::{CStr, c_long};
use std::ptr;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyDict;

use super::bitboards::{
    flip_anti_diagonal, flip_diagonal, flip_horizontal, flip_vertical, lsb, msb, popcount,
    shift_2_down, shift_2_left, shift_2_right, shift_2_up, shift_down, shift_down_left,
    shift_down_right, shift_left, shift_right, shift_up, shift_up_left, shift_up_right,
};
use super::convert::Bits;

/// The PyO3 functions, by name, for what the fast path leaves.
static SLOW: GILOnceCell<Py<PyDict>> = GILOnceCell::new();

/// A function's result as a new Python int.
trait ToInt {
    /// The new reference, or null with an exception set.
    ///
    /// # Safety
    /// The GIL is held.
    unsafe fn to_int(self) -> *mut ffi::PyObject;
}

impl ToInt for u64 {
    unsafe fn to_int(self) -> *mut ffi::PyObject {
        // SAFETY: the contract.
        unsafe { ffi::PyLong_FromUnsignedLongLong(self) }
    }
}

impl ToInt for i32 {
    unsafe fn to_int(self) -> *mut ffi::PyObject {
        // SAFETY: the contract.
        unsafe { ffi::PyLong_FromLong(c_long::from(self)) }
    }
}

impl ToInt for u32 {
    unsafe fn to_int(self) -> *mut ffi::PyObject {
        // SAFETY: the contract.
        unsafe { ffi::PyLong_FromLong(c_long::from(self)) }
    }
}

/// The PyO3 function `name` called with `arg`.
///
/// # Safety
/// The GIL is held; `arg` is live.
unsafe fn slow(name: &str, arg: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: the contract: the GIL is held, so the token may be assumed.
    let py = unsafe { Python::assume_gil_acquired() };
    // SAFETY: `arg` is live (the contract); borrowed for the call.
    let arg = unsafe { Bound::from_borrowed_ptr(py, arg) };
    let result = SLOW
        .get(py)
        .ok_or_else(|| pyo3::exceptions::PySystemError::new_err("bitmoves: functions not set up"))
        .and_then(|slow| {
            let function = slow.bind(py).get_item(name)?;
            function.map_or_else(
                || Err(pyo3::exceptions::PySystemError::new_err(name.to_string())),
                |function| function.call1((arg,)),
            )
        });
    match result {
        Ok(value) => value.into_ptr(),
        Err(error) => {
            error.restore(py);
            ptr::null_mut()
        }
    }
}

macro_rules! fast_functions {
    ($($name:ident, $fast:ident;)*) => {
        $(
            /// The function of the same name for an int of 64 bits, else
            /// the PyO3 one.
            unsafe extern "C" fn $fast(_module: *mut ffi::PyObject, arg: *mut ffi::PyObject) -> *mut ffi::PyObject {
                // SAFETY: CPython calls a METH_O function with the GIL and
                // a live argument.
                unsafe {
                    if ffi::PyLong_CheckExact(arg) != 0 {
                        let bb = ffi::PyLong_AsUnsignedLongLong(arg);
                        if bb != u64::MAX || ffi::PyErr_Occurred().is_null() {
                            return $name(Bits(bb)).to_int();
                        }
                        ffi::PyErr_Clear();
                    }
                    slow(stringify!($name), arg)
                }
            }
        )*

        /// The fast functions: name and C function.
        const FAST: &[(&str, ffi::PyCFunction)] = &[$((stringify!($name), $fast)),*];
    };
}

/// A name as the C string the method table needs (names are ASCII
/// identifiers, kept for good).
fn cstr(name: &'static str) -> &'static CStr {
    let mut bytes = name.as_bytes().to_vec();
    bytes.push(0);
    CStr::from_bytes_with_nul(Box::leak(bytes.into_boxed_slice())).unwrap_or(c"?")
}

fast_functions! {
    lsb, fast_lsb;
    msb, fast_msb;
    popcount, fast_popcount;
    flip_vertical, fast_flip_vertical;
    flip_horizontal, fast_flip_horizontal;
    flip_diagonal, fast_flip_diagonal;
    flip_anti_diagonal, fast_flip_anti_diagonal;
    shift_down, fast_shift_down;
    shift_2_down, fast_shift_2_down;
    shift_up, fast_shift_up;
    shift_2_up, fast_shift_2_up;
    shift_right, fast_shift_right;
    shift_2_right, fast_shift_2_right;
    shift_left, fast_shift_left;
    shift_2_left, fast_shift_2_left;
    shift_up_left, fast_shift_up_left;
    shift_up_right, fast_shift_up_right;
    shift_down_left, fast_shift_down_left;
    shift_down_right, fast_shift_down_right;
}

/// Puts the fast functions on the module in place of the PyO3 ones
/// (already added by `bitboards::register`), which are kept for the rest.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let slow = PyDict::new(py);
    let module_name = m.name()?;
    for &(name, function) in FAST {
        slow.set_item(name, m.getattr(name)?)?;
        let doc = m.getattr(name)?.getattr("__doc__")?;
        let doc: Option<String> = doc.extract()?;
        let definition = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: cstr(name).as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: function,
            },
            ml_flags: ffi::METH_O,
            ml_doc: doc.map_or(ptr::null(), |doc| {
                cstr(Box::leak(doc.into_boxed_str())).as_ptr()
            }),
        }));
        // SAFETY: the definition lives for good (leaked); the module name
        // is a live str; the function has METH_O's signature.
        let fast = unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                ffi::PyCFunction_NewEx(definition, ptr::null_mut(), module_name.as_ptr()),
            )?
        };
        m.setattr(name, fast)?;
    }
    SLOW.set(py, slow.unbind())
        .map_err(|_| pyo3::exceptions::PySystemError::new_err("bitmoves: functions set up twice"))
}
