//! `SquareSet`'s methods: its constructor and the reading of anything
//! python-chess takes for a set of squares, the set methods, conversions,
//! text and the `ray`, `between` and `from_square` constructors.

use bitmoves::{Square, attacks};
use pyo3::exceptions::{PyAttributeError, PyKeyError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyInt, PyIterator, PyList, PyTuple, PyType};

use super::class::PySquareSet;
use super::slots::{new_object, square_set_type};
use crate::values::convert::{Int, ListSquare, list_square, low_bits};
use crate::values::square_iter::{CarryRippler, squares};

impl PySquareSet {
    /// A new Python `SquareSet` of `mask`.
    pub fn object(py: Python<'_>, mask: u64) -> PyResult<Py<Self>> {
        new_object(py, mask)
    }
}

/// The mask of anything python-chess's `SquareSet(value)` takes: a
/// `SquareSet`; an int, or anything with `__int__`, of which the low 64
/// bits are taken (`-1` is every square); or an iterable of squares, each
/// an int from -64 to 63 as python-chess indexes its table of squares
/// (`IndexError` beyond, `TypeError` for what is not an int).
pub fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.downcast::<PySquareSet>() {
        return Ok(set.try_borrow()?.mask);
    }
    if let Ok(int) = value.downcast::<PyInt>() {
        return low_bits(int);
    }
    if !(value.is_exact_instance_of::<PyList>() || value.is_exact_instance_of::<PyTuple>()) {
        let py = value.py();
        match value.getattr(intern!(py, "__int__")) {
            Ok(method) => {
                let int = method.call0()?;
                let int = int.downcast::<PyInt>().map_err(|_| {
                    PyTypeError::new_err("__int__ returned a value that is not an int")
                })?;
                return low_bits(int);
            }
            Err(error) if error.is_instance_of::<PyAttributeError>(py) => {}
            Err(error) => return Err(error),
        }
    }
    let mut mask = 0;
    for square in value.try_iter()? {
        let ListSquare(square) = square?.extract()?;
        mask |= 1 << square;
    }
    Ok(mask)
}

/// The mask of `SquareSet(*args, **kwargs)`: one argument, `squares`,
/// empty when left out.
fn constructor_mask(
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<u64> {
    let mut squares = match args.len() {
        0 => None,
        1 => Some(args.get_item(0)?),
        n => {
            return Err(PyTypeError::new_err(format!(
                "SquareSet() takes at most 1 argument ({n} given)"
            )));
        }
    };
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs {
            if !key.eq("squares")? || squares.is_some() {
                return Err(PyTypeError::new_err(format!(
                    "SquareSet() got an unexpected keyword argument {key}"
                )));
            }
            squares = Some(value);
        }
    }
    squares.map_or(Ok(0), |squares| mask_of(&squares))
}

/// A `SquareSet` of `mask` made by `cls` (`SquareSet` or a subclass), as
/// python-chess's class methods make theirs.
fn made_by(cls: &Bound<'_, PyType>, mask: u64) -> PyResult<PyObject> {
    let py = cls.py();
    if cls.is(square_set_type(py)?) {
        Ok(PySquareSet::object(py, mask)?.into_any())
    } else {
        Ok(cls.call1((mask,))?.unbind())
    }
}

/// python-chess's `BB_RAYS[a][b]`: the whole rank, file or diagonal
/// through `a` and `b` when they are two squares on one, else empty.
pub fn ray_mask(a: u32, b: u32) -> u64 {
    attacks::line(
        Square::from_index(a as usize),
        Square::from_index(b as usize),
    )
    .0
}

/// python-chess's `between(a, b)`: the squares strictly between `a` and
/// `b` on their rank, file or diagonal, else empty.
pub fn between_mask(a: u32, b: u32) -> u64 {
    attacks::between(
        Square::from_index(a as usize),
        Square::from_index(b as usize),
    )
    .0
}

#[pymethods]
impl PySquareSet {
    /// `SquareSet(squares=0)`: the squares of an int bitboard (its low 64
    /// bits), of another `SquareSet`, or of an iterable of squares.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        cls: &Bound<'_, PyType>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        // A subclass's squares are set by `__init__` (ours, or its own
        // calling ours), which gets the arguments, whatever they are.
        if !cls.is(square_set_type(cls.py())?) {
            return Ok(Self { mask: 0 });
        }
        Ok(Self {
            mask: constructor_mask(args, kwargs)?,
        })
    }

    /// Sets the squares, as the constructor does: called by subclasses
    /// (`SquareSet` itself sets them in `__new__`).
    #[pyo3(signature = (*args, **kwargs))]
    fn __init__(
        slf: &Bound<'_, Self>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let mask = constructor_mask(args, kwargs)?;
        slf.try_borrow_mut()?.mask = mask;
        Ok(())
    }

    /// The squares as an int bitboard; assigning takes an int's low 64 bits.
    #[getter]
    fn get_mask(&self) -> u64 {
        self.mask
    }

    #[setter]
    fn set_mask(&mut self, mask: &Bound<'_, PyInt>) -> PyResult<()> {
        self.mask = low_bits(mask)?;
        Ok(())
    }

    fn __contains__(&self, square: ListSquare) -> bool {
        self.mask & (1 << square.0) != 0
    }

    /// The squares in ascending order (a1, b1, … h8).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        squares(py, self.mask, false)
    }

    /// The squares in descending order (h8, g8, … a1).
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        squares(py, self.mask, true)
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    /// Adds a square.
    fn add(slf: &Bound<'_, Self>, square: ListSquare) -> PyResult<()> {
        slf.try_borrow_mut()?.mask |= 1 << square.0;
        Ok(())
    }

    /// Removes a square if it is in the set.
    fn discard(slf: &Bound<'_, Self>, square: ListSquare) -> PyResult<()> {
        slf.try_borrow_mut()?.mask &= !(1 << square.0);
        Ok(())
    }

    /// Removes a square; `KeyError` when it is not in the set.
    fn remove(slf: &Bound<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let ListSquare(index) = square.extract()?;
        let mut set = slf.try_borrow_mut()?;
        if set.mask & (1 << index) == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        set.mask ^= 1 << index;
        Ok(())
    }

    /// Removes and returns the lowest square; `KeyError` when empty.
    fn pop(slf: &Bound<'_, Self>) -> PyResult<u32> {
        let mut set = slf.try_borrow_mut()?;
        if set.mask == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        let square = set.mask.trailing_zeros();
        set.mask &= set.mask - 1;
        Ok(square)
    }

    /// Removes every square.
    fn clear(slf: &Bound<'_, Self>) -> PyResult<()> {
        slf.try_borrow_mut()?.mask = 0;
        Ok(())
    }

    /// Adds the squares of each argument.
    #[pyo3(signature = (*others))]
    fn update(slf: &Bound<'_, Self>, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            let mask = mask_of(&other)?;
            slf.try_borrow_mut()?.mask |= mask;
        }
        Ok(())
    }

    /// Keeps only the squares in every argument.
    #[pyo3(signature = (*others))]
    fn intersection_update(slf: &Bound<'_, Self>, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            let mask = mask_of(&other)?;
            slf.try_borrow_mut()?.mask &= mask;
        }
        Ok(())
    }

    /// Removes the squares of `other`.
    fn difference_update(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let mask = mask_of(other)?;
        slf.try_borrow_mut()?.mask &= !mask;
        Ok(())
    }

    /// Keeps the squares in exactly one of this set and `other`.
    fn symmetric_difference_update(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mask = mask_of(other)?;
        slf.try_borrow_mut()?.mask ^= mask;
        Ok(())
    }

    /// Whether no square is in both sets.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    /// Whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    /// Whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.mask & mask_of(other)? == 0)
    }

    /// The squares in either set, as a new `SquareSet`.
    fn union(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask | mask_of(other)?)
    }

    /// The squares in both sets, as a new `SquareSet`.
    fn intersection(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask & mask_of(other)?)
    }

    /// The squares of this set not in `other`, as a new `SquareSet`.
    fn difference(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask & !mask_of(other)?)
    }

    /// The squares in exactly one of the sets, as a new `SquareSet`.
    fn symmetric_difference(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask ^ mask_of(other)?)
    }

    /// A new `SquareSet` of the same squares.
    fn copy(&self, py: Python<'_>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask)
    }

    /// The subsets of this set, as int bitboards, the empty one first
    /// (the carry-rippler trick).
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler::new(self.mask)
    }

    /// The set mirrored vertically (a1 <-> a8), as a new `SquareSet`.
    fn mirror(&self, py: Python<'_>) -> PyResult<Py<Self>> {
        Self::object(py, self.mask.swap_bytes())
    }

    /// 64 bools, `True` at the index of each square in the set.
    fn tolist(&self) -> Vec<bool> {
        (0..64)
            .map(|square| self.mask & (1 << square) != 0)
            .collect()
    }

    /// `SquareSet(0x0100_0000_0000_0001)`: the mask in hexadecimal, 16
    /// digits in groups of four.
    fn __repr__(&self) -> String {
        let digits = format!("{:016x}", self.mask);
        let groups: Vec<&str> = (0..4).map(|i| &digits[4 * i..4 * i + 4]).collect();
        format!("SquareSet(0x{})", groups.join("_"))
    }

    /// The board as 8 rows, rank 8 first, `1` for a square in the set and
    /// `.` for one not, separated by spaces.
    fn __str__(&self) -> String {
        let mut text = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                text.push(if self.mask & (1 << (8 * rank + file)) != 0 {
                    '1'
                } else {
                    '.'
                });
                text.push(if file < 7 { ' ' } else { '\n' });
            }
        }
        text.pop();
        text
    }

    /// The set drawn on a board by `chess.svg.board` (390 pixels) where
    /// python-chess is installed, for Jupyter; `None` where it is not.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<Option<PyObject>> {
        let py = slf.py();
        let kwargs = [("squares", slf.as_any().clone())].into_py_dict(py)?;
        kwargs.set_item("size", 390)?;
        crate::values::svg_picture(py, "board", (), &kwargs)
    }

    /// `pickle` and `copy` support: `SquareSet(mask)`; a subclass's
    /// object is made by `copyreg.__newobj__` (without calling its
    /// `__init__`, which may take other arguments), then given its mask
    /// and attributes by `__setstate__`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let mask = slf.try_borrow()?.mask;
        let cls = slf.get_type();
        if cls.is(square_set_type(py)?) {
            return (cls, (mask,)).into_pyobject(py);
        }
        let attributes = slf.getattr(intern!(py, "__dict__")).ok();
        let make = py.import("copyreg")?.getattr("__newobj__")?;
        (make, (cls,), (mask, attributes)).into_pyobject(py)
    }

    /// Sets the mask and the attributes of a subclass's object made by
    /// `__reduce__`.
    fn __setstate__(
        slf: &Bound<'_, Self>,
        state: (Bound<'_, PyInt>, Option<Bound<'_, PyDict>>),
    ) -> PyResult<()> {
        let (mask, attributes) = state;
        slf.try_borrow_mut()?.mask = low_bits(&mask)?;
        if let Some(attributes) = attributes {
            for (name, value) in attributes {
                slf.setattr(name.downcast_into()?, value)?;
            }
        }
        Ok(())
    }

    /// The whole rank, file or diagonal through `a` and `b` when they are
    /// two squares on one, else the empty set.
    #[classmethod]
    fn ray(cls: &Bound<'_, PyType>, a: ListSquare, b: ListSquare) -> PyResult<PyObject> {
        made_by(cls, ray_mask(a.0, b.0))
    }

    /// The squares strictly between `a` and `b` on their rank, file or
    /// diagonal, else the empty set.
    #[classmethod]
    fn between(cls: &Bound<'_, PyType>, a: Int, b: Int) -> PyResult<PyObject> {
        let squares = (list_square(a.0)?, list_square(b.0)?);
        if a.0 < 0 || b.0 < 0 {
            return Err(negative_shift());
        }
        made_by(cls, between_mask(squares.0, squares.1))
    }

    /// The set of one square.
    #[classmethod]
    fn from_square(cls: &Bound<'_, PyType>, square: ListSquare) -> PyResult<PyObject> {
        made_by(cls, 1 << square.0)
    }
}

/// `ValueError` for a negative shift or square where python-chess shifts
/// by it, as Python's `<<` raises.
pub fn negative_shift() -> PyErr {
    PyValueError::new_err("negative shift count")
}
