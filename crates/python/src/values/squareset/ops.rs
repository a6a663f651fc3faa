//! `SquareSet`'s operators: `| & ^ -` with anything `SquareSet()` takes
//! (and reflected, `BB_A1 | squares`), their in-place forms, the shifts
//! `<< >>` by ints, `~`, and `==` with ints and `SquareSet`s. As
//! python-chess's, the results are plain `SquareSet`s, and `<`, `<=`, `>`,
//! `>=` are not defined (`issubset` and `issuperset` are).

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use super::class::PySquareSet;
use super::methods::{mask_of, negative_shift};

/// A shift count for `<<` and `>>`: `None` when `shift` is not an int
/// (the operator is then not defined for it), the count capped at 64
/// (shifting a bitboard by 64 or more empties it); `ValueError` when
/// negative, as Python's shifts raise.
fn shift_count(shift: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    let Ok(shift) = shift.downcast::<PyInt>() else {
        return Ok(None);
    };
    if shift.lt(0)? {
        return Err(negative_shift());
    }
    Ok(Some(
        shift.extract::<u64>().map_or(64, |n| n.min(64) as u32),
    ))
}

/// `mask << count`, keeping 64 bits.
fn shifted_up(mask: u64, count: u32) -> u64 {
    mask.checked_shl(count).unwrap_or(0)
}

/// `mask >> count`.
fn shifted_down(mask: u64, count: u32) -> u64 {
    mask.checked_shr(count).unwrap_or(0)
}

/// The mask of `slf`, read before it is changed (`other` may be `slf`).
fn mask(slf: &Bound<'_, PySquareSet>) -> PyResult<u64> {
    Ok(slf.try_borrow()?.mask)
}

/// Sets the mask of `slf` to `f` of it.
fn change(slf: &Bound<'_, PySquareSet>, f: impl FnOnce(u64) -> u64) -> PyResult<()> {
    let mut set = slf.try_borrow_mut()?;
    set.mask = f(set.mask);
    Ok(())
}

#[pymethods]
impl PySquareSet {
    fn __or__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let other = mask_of(other)?;
        Self::object(slf.py(), mask(slf)? | other)
    }

    fn __ror__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::__or__(slf, other)
    }

    fn __and__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let other = mask_of(other)?;
        Self::object(slf.py(), mask(slf)? & other)
    }

    fn __rand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::__and__(slf, other)
    }

    fn __xor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let other = mask_of(other)?;
        Self::object(slf.py(), mask(slf)? ^ other)
    }

    fn __rxor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::__xor__(slf, other)
    }

    fn __sub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let other = mask_of(other)?;
        Self::object(slf.py(), mask(slf)? & !other)
    }

    fn __rsub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let other = mask_of(other)?;
        Self::object(slf.py(), other & !mask(slf)?)
    }

    fn __ior__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let other = mask_of(other)?;
        change(slf, |mask| mask | other)
    }

    fn __iand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let other = mask_of(other)?;
        change(slf, |mask| mask & other)
    }

    fn __ixor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let other = mask_of(other)?;
        change(slf, |mask| mask ^ other)
    }

    fn __isub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let other = mask_of(other)?;
        change(slf, |mask| mask & !other)
    }

    fn __lshift__(slf: &Bound<'_, Self>, shift: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        match shift_count(shift)? {
            Some(count) => Ok(Self::object(py, shifted_up(mask(slf)?, count))?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __rshift__(slf: &Bound<'_, Self>, shift: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        match shift_count(shift)? {
            Some(count) => Ok(Self::object(py, shifted_down(mask(slf)?, count))?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __ilshift__(slf: &Bound<'_, Self>, shift: &Bound<'_, PyAny>) -> PyResult<()> {
        let count = shift_count(shift)?.ok_or_else(|| unsupported("<<=", shift))?;
        change(slf, |mask| shifted_up(mask, count))
    }

    fn __irshift__(slf: &Bound<'_, Self>, shift: &Bound<'_, PyAny>) -> PyResult<()> {
        let count = shift_count(shift)?.ok_or_else(|| unsupported(">>=", shift))?;
        change(slf, |mask| shifted_down(mask, count))
    }

    fn __invert__(&self, py: Python<'_>) -> PyResult<Py<Self>> {
        Self::object(py, !self.mask)
    }

    /// `==` and `!=` with anything `SquareSet()` takes; other objects are
    /// not equal. No ordering.
    fn __richcmp__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let equal = match op {
            CompareOp::Eq => true,
            CompareOp::Ne => false,
            _ => return Ok(py.NotImplemented()),
        };
        let other = match mask_of(other) {
            Ok(other) => other,
            Err(error)
                if error.is_instance_of::<PyTypeError>(py)
                    || error.is_instance_of::<PyValueError>(py) =>
            {
                return Ok(py.NotImplemented());
            }
            Err(error) => return Err(error),
        };
        Ok(((mask(slf)? == other) == equal)
            .into_pyobject(py)?
            .to_owned()
            .into_any()
            .unbind())
    }
}

/// The `TypeError` of an in-place shift by what is not an int.
fn unsupported(operator: &str, shift: &Bound<'_, PyAny>) -> PyErr {
    let name = shift
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |name| name.to_string());
    PyTypeError::new_err(format!(
        "unsupported operand type(s) for {operator}: 'SquareSet' and '{name}'"
    ))
}
