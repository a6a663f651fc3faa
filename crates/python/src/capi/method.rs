//! Methods defined with the C API ([`add_method`]): CPython passes the
//! arguments as they are, with no argument tuple and no PyO3 glue (the
//! vectorcall convention, `METH_FASTCALL | METH_KEYWORDS`, in the limited
//! API from Python 3.10), and its method descriptor has checked `self`'s
//! type. A call with its arguments by position goes straight to
//! [`Method::call`]; names, defaults and the errors for wrong counts are
//! handled here, with Python's own messages.

use std::ffi::{CStr, c_int};
use std::ptr;

use pyo3::Borrowed;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::{call, call_arguments};

/// The most arguments a [`Method`] takes.
pub const MAX_ARGS: usize = 3;

/// A method's arguments in the order of [`Method::ARGS`]: `None` for one
/// not given (only an optional one).
pub type Args<'a, 'py> = [Option<Borrowed<'a, 'py, PyAny>>; MAX_ARGS];

/// A method that [`add_method`] defines on a type.
pub trait Method {
    /// The method's name (`attacks`).
    const NAME: &'static CStr;
    /// The name in error messages (`Board.attacks`).
    const QUALNAME: &'static str;
    /// The arguments' names, in order (at most [`MAX_ARGS`]).
    const ARGS: &'static [&'static str];
    /// How many of the arguments, the first ones, may be given by
    /// position (the rest are keyword-only).
    const POSITIONAL: usize;
    /// How many of the arguments, the first ones, must be given.
    const REQUIRED: usize;
    /// The docstring, starting with the text signature.
    const DOC: &'static CStr;

    /// The method: returns a new reference.
    ///
    /// # Safety
    /// `slf` is a live instance of the type the method was added to (or
    /// of a subclass), the GIL is held, and the arguments are live for
    /// the call; each of the first [`Method::REQUIRED`] is `Some`.
    unsafe fn call(
        py: Python<'_>,
        slf: *mut ffi::PyObject,
        args: &Args<'_, '_>,
    ) -> PyResult<*mut ffi::PyObject>;
}

/// The argument at `index` of a method's [`Args`], which the method
/// requires (a `TypeError` naming it, should it be missing).
pub fn required<'a, 'py, M: Method>(
    args: &Args<'a, 'py>,
    index: usize,
) -> PyResult<Borrowed<'a, 'py, PyAny>> {
    args[index].ok_or_else(|| missing::<M>(index))
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
/// `M::call` takes instances of `ty` (and of its subclasses) as `self`:
/// CPython's method descriptor checks `self` against `ty` and nothing
/// more.
pub unsafe fn add_method<M: Method>(ty: &Bound<'_, PyType>) -> PyResult<()> {
    const { assert!(M::ARGS.len() <= MAX_ARGS && M::REQUIRED <= M::POSITIONAL) };
    const { assert!(M::POSITIONAL <= M::ARGS.len()) };
    let py = ty.py();
    // The vectorcall convention (no argument tuple) where the limited API
    // has it (3.10), an argument tuple and a keyword dict before.
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

/// A [`Method`] on Python 3.10 and later: `nargs` positional arguments at
/// `args`, then one for each name of the `kwnames` tuple (or null).
unsafe extern "C" fn method_fast<M: Method>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the method with the GIL held.
    unsafe {
        call(ptr::null_mut(), |py| {
            let mut found: Args<'_, '_> = [None; MAX_ARGS];
            let positional = usize::try_from(nargs).unwrap_or(0);
            if kwnames.is_null() && (M::REQUIRED..=M::POSITIONAL).contains(&positional) {
                for (index, slot) in found.iter_mut().enumerate().take(positional) {
                    // SAFETY: `nargs` arguments at `args`, live for the call.
                    *slot = Some(Borrowed::from_ptr(py, *args.add(index)));
                }
            } else {
                // SAFETY: `args` holds `nargs` positional arguments and
                // then one per keyword name; `kwnames` is null or a tuple.
                let names = Borrowed::from_ptr_or_opt(py, kwnames);
                let count = names.map_or(0, |names| names.len().unwrap_or(0));
                let values = std::slice::from_raw_parts(args, positional + count);
                let keywords = names
                    .into_iter()
                    .flat_map(|names| names.try_iter().ok())
                    .flatten();
                found = arguments::<M>(
                    py,
                    &values[..positional],
                    keywords.zip(&values[positional..]),
                )?;
            }
            // SAFETY: the method descriptor checked `slf`'s type, which
            // `add_method`'s caller promised `M::call` takes; `slf` and
            // the arguments are live for the call; `arguments` and the
            // count check above give every required one.
            M::call(py, slf, &found)
        })
    }
}

/// A [`Method`] on Python 3.9: the arguments as a tuple and a dict.
unsafe extern "C" fn method_tuple<M: Method>(
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the method with the GIL held.
    unsafe {
        call(ptr::null_mut(), |py| {
            // SAFETY: `args` is a tuple and `kwargs` null or a dict, both
            // live for the call.
            let (args, kwargs) = call_arguments(py, args, kwargs);
            let positional: Vec<*mut ffi::PyObject> =
                args.iter_borrowed().map(|a| a.as_ptr()).collect();
            let keywords: Vec<(Bound<'_, PyAny>, *mut ffi::PyObject)> = kwargs
                .iter()
                .flat_map(|d| d.iter())
                .map(|(k, v)| (k, v.as_ptr()))
                .collect();
            let found = arguments::<M>(
                py,
                &positional,
                keywords.iter().map(|(k, v)| (Ok(k.clone()), v)),
            )?;
            // SAFETY: as in `method_fast`.
            M::call(py, slf, &found)
        })
    }
}

/// The `TypeError` for the missing required argument at `index`.
fn missing<M: Method>(index: usize) -> PyErr {
    PyTypeError::new_err(format!(
        "{}() missing 1 required positional argument: '{}'",
        M::QUALNAME,
        M::ARGS.get(index).copied().unwrap_or("?")
    ))
}

/// `M`'s arguments, given by position or by name, each required one
/// given once; Python's `TypeError` otherwise.
fn arguments<'a, 'py, M: Method>(
    py: Python<'py>,
    positional: &[*mut ffi::PyObject],
    keywords: impl Iterator<Item = (PyResult<Bound<'py, PyAny>>, &'a *mut ffi::PyObject)>,
) -> PyResult<Args<'a, 'py>> {
    let method = M::QUALNAME;
    if positional.len() > M::POSITIONAL {
        let takes = match M::POSITIONAL {
            0 => "takes 0 positional arguments".to_string(),
            1 => "takes 1 positional argument".to_string(),
            n => format!("takes {n} positional arguments"),
        };
        return Err(PyTypeError::new_err(format!(
            "{method}() {takes} but {} were given",
            positional.len()
        )));
    }
    let mut found: [Option<*mut ffi::PyObject>; MAX_ARGS] = [None; MAX_ARGS];
    for (slot, value) in found.iter_mut().zip(positional) {
        *slot = Some(*value);
    }
    for (name, value) in keywords {
        let name = name?;
        let text = name.extract::<String>().ok();
        let index = M::ARGS
            .iter()
            .position(|arg| Some(*arg) == text.as_deref())
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "{method}() got an unexpected keyword argument '{name}'"
                ))
            })?;
        if found[index].is_some() {
            return Err(PyTypeError::new_err(format!(
                "{method}() got multiple values for argument '{}'",
                M::ARGS[index]
            )));
        }
        found[index] = Some(*value);
    }
    if let Some(index) = (0..M::REQUIRED).find(|&index| found[index].is_none()) {
        return Err(missing::<M>(index));
    }
    // SAFETY: each is an argument of the call, live while it runs.
    Ok(found.map(|arg| arg.map(|arg| unsafe { Borrowed::from_ptr(py, arg) })))
}
