//! Module functions of one bitboard defined with the C API (`METH_O`,
//! [`add_bitboard_function`]): an exact int of 64 bits is computed here,
//! with no PyO3 glue; anything else (a `SquareSet`, a negative or big
//! int, not an int) goes to the PyO3 function the module had under that
//! name, which converts or refuses it.

use std::ffi::CStr;
use std::ptr;

use pyo3::exceptions::PySystemError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyDict;

/// A function's result, an int that fits 64 bits signed or unsigned.
#[derive(Clone, Copy, Debug)]
pub enum IntValue {
    /// A signed result (`lsb` of nothing is -1).
    Signed(i64),
    /// An unsigned result (a bitboard).
    Unsigned(u64),
}

impl From<i32> for IntValue {
    fn from(value: i32) -> Self {
        Self::Signed(i64::from(value))
    }
}

impl From<u32> for IntValue {
    fn from(value: u32) -> Self {
        Self::Signed(i64::from(value))
    }
}

impl From<u64> for IntValue {
    fn from(value: u64) -> Self {
        Self::Unsigned(value)
    }
}

/// A module function of one bitboard, defined by [`add_bitboard_function`].
pub trait BitboardFunction {
    /// Its name on the module (`lsb`), where the PyO3 function of that
    /// name is already: the fallback for what is not an int of 64 bits.
    const NAME: &'static str;

    /// The function of a bitboard.
    fn compute(bits: u64) -> IntValue;
}

/// The PyO3 functions, by name, for what the fast path leaves.
static SLOW: GILOnceCell<Py<PyDict>> = GILOnceCell::new();

/// The PyO3 function `name` called with `arg`: a new reference, or null
/// with an exception set.
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
        .ok_or_else(|| PySystemError::new_err("bitmoves: functions not set up"))
        .and_then(|slow| {
            let function = slow.bind(py).get_item(name)?;
            function.map_or_else(
                || Err(PySystemError::new_err(name.to_string())),
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

/// `F` as a `METH_O` function: `F::compute` for an exact int of 64 bits,
/// else the PyO3 function.
unsafe extern "C" fn fast<F: BitboardFunction>(
    _module: *mut ffi::PyObject,
    arg: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a METH_O function with the GIL and a live
    // argument.
    unsafe {
        if ffi::PyLong_CheckExact(arg) != 0 {
            let bits = ffi::PyLong_AsUnsignedLongLong(arg);
            if bits != u64::MAX || ffi::PyErr_Occurred().is_null() {
                return match F::compute(bits) {
                    IntValue::Signed(value) => ffi::PyLong_FromLongLong(value),
                    IntValue::Unsigned(value) => ffi::PyLong_FromUnsignedLongLong(value),
                };
            }
            ffi::PyErr_Clear();
        }
        slow(F::NAME, arg)
    }
}

/// A name as the C string a method table needs, kept for good.
fn cstr(name: &str) -> &'static CStr {
    let mut bytes = name.replace('\0', "").into_bytes();
    bytes.push(0);
    CStr::from_bytes_with_nul(Box::leak(bytes.into_boxed_slice())).unwrap_or(c"?")
}

/// Puts `F` on the module `m` in place of the PyO3 function of its name
/// (kept for what is not an int of 64 bits), with that function's
/// docstring.
pub fn add_bitboard_function<F: BitboardFunction>(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let slow = SLOW.get_or_init(py, || PyDict::new(py).unbind()).bind(py);
    let pyo3_function = m.getattr(F::NAME)?;
    slow.set_item(F::NAME, &pyo3_function)?;
    let doc: Option<String> = pyo3_function.getattr("__doc__")?.extract()?;
    // The definition must outlive the function: leaked once per module
    // load.
    let definition = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: cstr(F::NAME).as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: fast::<F>,
        },
        ml_flags: ffi::METH_O,
        ml_doc: doc.map_or(ptr::null(), |doc| cstr(&doc).as_ptr()),
    }));
    let module_name = m.name()?;
    // SAFETY: the definition lives for good (leaked); the module name is
    // a live str; the function has METH_O's signature.
    let function = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(definition, ptr::null_mut(), module_name.as_ptr()),
        )?
    };
    m.setattr(F::NAME, function)
}
