//! The move lists python-chess offers beside `legal_moves`: the
//! `generate_*` methods with their from- and to-masks, and the
//! `PseudoLegalMoveGenerator` and `LegalMoveGenerator` views that
//! python-chess code builds from any board-like object.

use pyo3::prelude::*;
use pyo3::types::PyList;

use super::engine::{Generate, Rules, generate};
use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::PyMove;

/// A mask argument: any int (or object with `__index__`), its low 64
/// bits (so negative masks such as `~BB_H1` read as python-chess reads
/// them); `TypeError` for anything else.
pub fn mask(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    let py = value.py();
    let index = py.import("operator")?.call_method1("index", (value,))?;
    let all = 1u128.wrapping_shl(64).wrapping_sub(1);
    index.call_method1("__and__", (all,))?.extract()
}

fn masks(from: Option<&Bound<'_, PyAny>>, to: Option<&Bound<'_, PyAny>>) -> PyResult<(u64, u64)> {
    Ok((
        from.map(mask).transpose()?.unwrap_or(u64::MAX),
        to.map(mask).transpose()?.unwrap_or(u64::MAX),
    ))
}

/// The argument types of every `generate_*` method: two optional masks.
type Mask<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

impl PyBoard {
    /// What every `generate_*` method does: reads the masks, lets `fill`
    /// write the moves of the position from and to them, and hands the
    /// moves out as an iterator.
    fn generated<'py>(
        &self,
        py: Python<'py>,
        from_mask: Mask<'_, 'py>,
        to_mask: Mask<'_, 'py>,
        fill: impl FnOnce(&Setup, Rules, u64, u64, &mut Vec<PyMove>),
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        let mut out = Vec::new();
        fill(&self.setup(), self.rules(), from, to, &mut out);
        Ok(PyList::new(py, out)?.as_any().try_iter()?.into_any())
    }
}

/// The `generate_*` methods: python-chess's signature (`from_mask=BB_ALL`,
/// `to_mask=BB_ALL`), the moves written by each method's closure, handed
/// out as an iterator.
macro_rules! generate {
    ($($(#[$doc:meta])* $name:ident |$s:ident, $r:tt, $from:ident, $to:ident, $out:ident| $body:expr;)*) => {
        #[pymethods]
        impl PyBoard {
            $(
                $(#[$doc])*
                #[pyo3(signature = (from_mask=None, to_mask=None))]
                pub(super) fn $name<'py>(
                    &self,
                    py: Python<'py>,
                    from_mask: Mask<'_, 'py>,
                    to_mask: Mask<'_, 'py>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    self.generated(py, from_mask, to_mask, |$s, $r, $from, $to, $out| $body)
                }
            )*
        }
    };
}

generate! {
    /// The pseudo-legal moves, from squares in `from_mask` to squares in
    /// `to_mask`, as an iterator.
    generate_pseudo_legal_moves |s, r, from, to, out| out.extend(generate(s, r, Generate::PseudoLegal, from, to));
    /// The legal moves, from squares in `from_mask` to squares in
    /// `to_mask`, as an iterator.
    #[pyo3(name = "_generate_legal_moves_native")]
    generate_legal_moves |s, r, from, to, out| out.extend(generate(s, r, Generate::Legal, from, to));
    /// The legal captures (en passant included).
    generate_legal_captures |s, r, from, to, out| {
        out.extend(generate(s, r, Generate::Legal, from, to & s.co(!s.white())));
        out.extend(generate(s, r, Generate::LegalEp, from, to));
    };
    /// The pseudo-legal captures (en passant included).
    generate_pseudo_legal_captures |s, r, from, to, out| {
        out.extend(generate(s, r, Generate::PseudoLegal, from, to & s.co(!s.white())));
        out.extend(generate(s, r, Generate::PseudoLegalEp, from, to));
    };
    /// The castling moves, as an iterator.
    generate_castling_moves |s, r, from, to, out| out.extend(generate(s, r, Generate::Castling, from, to));
    /// The legal en passant captures, as an iterator.
    generate_legal_ep |s, r, from, to, out| out.extend(generate(s, r, Generate::LegalEp, from, to));
    /// The pseudo-legal en passant captures, as an iterator.
    generate_pseudo_legal_ep |s, r, from, to, out| out.extend(generate(s, r, Generate::PseudoLegalEp, from, to));
}

#[pymethods]
impl PyBoard {
    /// The pseudo-legal moves, as python-chess's `PseudoLegalMoveGenerator`.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> MoveView {
        MoveView {
            board: slf.clone().into_any().unbind(),
            legal: false,
        }
    }
}

/// python-chess's `LegalMoveGenerator(board)` and
/// `PseudoLegalMoveGenerator(board)`: a live view of the moves of any
/// object with python-chess's `generate_*_moves`, `is_*legal` and `san`.
#[pyclass(module = "bitmoves", name = "MoveView", subclass)]
pub struct MoveView {
    board: Py<PyAny>,
    legal: bool,
}

impl MoveView {
    /// The board's own `generate_legal_moves()` or
    /// `generate_pseudo_legal_moves()`, as an iterator.
    fn generate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        let name = if self.legal {
            "generate_legal_moves"
        } else {
            "generate_pseudo_legal_moves"
        };
        self.board.bind(py).call_method0(name)?.try_iter()
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.generate(py)?.collect()
    }
}

#[pymethods]
impl MoveView {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.generate(py)?.into_any())
    }

    /// How many moves there are (no `len()`, as in python-chess: `list()`
    /// of the view then walks the moves once).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.list(py)?.len())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.generate(py)?.next().transpose()?.is_some())
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let name = if self.legal {
            "is_legal"
        } else {
            "is_pseudo_legal"
        };
        self.board.bind(py).call_method1(name, (mv,))?.extract()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let this = slf.borrow();
        let board = this.board.bind(py);
        let mut texts = Vec::new();
        for mv in this.list(py)? {
            let legal: bool = board.call_method1("is_legal", (&mv,))?.extract()?;
            let text: String = if legal {
                board.call_method1("san", (&mv,))?.extract()?
            } else {
                board.call_method1("uci", (&mv,))?.extract()?
            };
            texts.push(text);
        }
        let name = if this.legal {
            "LegalMoveGenerator"
        } else {
            "PseudoLegalMoveGenerator"
        };
        let at = slf.as_ptr() as usize;
        Ok(format!("<{name} at {at:#x} ({})>", texts.join(", ")))
    }
}

/// `LegalMoveGenerator(board)`: a board's own `legal_moves`, or a view of
/// the legal moves of any other board-like object.
#[pyfunction]
#[pyo3(name = "LegalMoveGenerator")]
pub fn legal_move_generator(py: Python<'_>, board: Py<PyAny>) -> PyResult<Py<PyAny>> {
    if let Ok(ours) = board.bind(py).downcast::<PyBoard>() {
        return Ok(ours.borrow().generator().object().clone_ref(py));
    }
    Ok(Py::new(py, MoveView { board, legal: true })?.into_any())
}

/// `PseudoLegalMoveGenerator(board)`: the pseudo-legal moves of `board`.
#[pyfunction]
#[pyo3(name = "PseudoLegalMoveGenerator")]
pub fn pseudo_legal_move_generator(board: Py<PyAny>) -> MoveView {
    MoveView {
        board,
        legal: false,
    }
}

/// The legal moves of `board` as a view through its own
/// `generate_legal_moves` (a subclass's `legal_moves` when it generates
/// its own, as python-chess's variants do).
#[pyfunction]
pub fn legal_view(board: Py<PyAny>) -> MoveView {
    MoveView { board, legal: true }
}
