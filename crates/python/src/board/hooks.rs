//! Subclass hooks, the native side: a native `Board` method that reaches
//! a python-chess hook (`push` reaching `_push_capture`) asks
//! [`hooked`] first. On a plain `Board` that is one pointer compare; on a
//! subclass it reads the record `_hooks.init_subclass` computed once for
//! the class (`_bitmoves_hooks`, a dict from method name to the
//! python-chess-shaped Python method in `python/bitmoves/_hooks.py`) and,
//! when the class overrides a hook the method reaches, the native method
//! calls that Python method instead. So a subclass's own override calling
//! `super().push(move)` lands in the native `push`, which still calls the
//! subclass's `_push_capture`, as python-chess's `Board.push` does.

use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::IntoPyObjectExt;
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use super::pyboard::PyBoard;
use crate::values::{PyMove, Text, UciText};

/// The `Board` type, stored when the module loads ([`install`]).
static BOARD_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Stores the `Board` type for [`is_plain`], and gives `Board` an empty
/// record (so that every subclass, whose `__init_subclass__` writes its
/// own, finds one).
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    BOARD_TYPE.store(board.as_ptr().cast(), Ordering::Relaxed);
    board.setattr(
        intern!(board.py(), "_bitmoves_hooks"),
        PyDict::new(board.py()),
    )
}

/// Whether `obj` is exactly a `Board` (no subclass).
#[inline]
pub fn is_plain(obj: *mut ffi::PyObject) -> bool {
    // SAFETY: `obj` is a live object (its type pointer is readable).
    let ty = unsafe { ffi::Py_TYPE(obj) };
    ty == BOARD_TYPE.load(Ordering::Relaxed)
}

/// The Python method that stands for the native method `name` on `slf`:
/// `None` on a plain `Board` and on a subclass that overrides no hook
/// `name` reaches.
#[inline]
pub fn hooked<'py>(slf: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    if is_plain(slf.as_ptr()) {
        return Ok(None);
    }
    let record = slf
        .get_type()
        .getattr(intern!(slf.py(), "_bitmoves_hooks"))?;
    match record.downcast::<PyDict>() {
        Ok(record) => record.get_item(name),
        Err(_) => Ok(None),
    }
}

/// Calls `$method` (the Python method standing for the native one) on
/// `$slf` with the positional arguments and keyword arguments given, and
/// returns its result from the enclosing native method.
macro_rules! hand_over {
    ($slf:expr, $name:literal, ($($arg:expr),*) $(, $key:literal => $value:expr)*) => {
        if let Some(method) = hooked($slf.as_any(), $name)? {
            let kwargs = PyDict::new($slf.py());
            $(kwargs.set_item($key, $value)?;)*
            return method.call(($slf, $($arg,)*), Some(&kwargs));
        }
    };
}

/// The native methods that hand over to `_hooks` on a subclass whose
/// hooks they reach; each otherwise calls the native method of the same
/// name (registered as `_<name>_native`).
#[pymethods]
impl PyBoard {
    /// python-chess's hook told of each capture `push` makes (a variant's
    /// pocket fills there); on `Board` it does nothing, as python-chess's.
    #[pyo3(signature = (move_, capture_square, piece_type, was_promoted))]
    fn _push_capture(
        &self,
        move_: &Bound<'_, PyAny>,
        capture_square: &Bound<'_, PyAny>,
        piece_type: &Bound<'_, PyAny>,
        was_promoted: &Bound<'_, PyAny>,
    ) {
        let _ = (move_, capture_square, piece_type, was_promoted);
    }

    /// Whether the side to move is checkmated.
    #[pyo3(name = "is_checkmate")]
    fn hooked_is_checkmate<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "is_checkmate", ());
        slf.borrow().is_checkmate().into_bound_py_any(slf.py())
    }

    /// Whether the side to move has no legal move and is not in check.
    #[pyo3(name = "is_stalemate")]
    fn hooked_is_stalemate<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "is_stalemate", ());
        slf.borrow().is_stalemate().into_bound_py_any(slf.py())
    }

    /// How the game ended, or `None`; with `claim_draw=True` the draws a
    /// player may claim count too.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "outcome")]
    fn hooked_outcome<'py>(
        slf: &Bound<'py, Self>,
        claim_draw: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "outcome", (), "claim_draw" => claim_draw);
        slf.borrow()
            .outcome(slf.py(), claim_draw)?
            .into_bound_py_any(slf.py())
    }

    /// Whether `outcome(claim_draw=...)` is not `None`.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "is_game_over")]
    fn hooked_is_game_over<'py>(
        slf: &Bound<'py, Self>,
        claim_draw: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "is_game_over", (), "claim_draw" => claim_draw);
        slf.borrow()
            .is_game_over(claim_draw)
            .into_bound_py_any(slf.py())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    #[pyo3(name = "result")]
    fn hooked_result<'py>(slf: &Bound<'py, Self>, claim_draw: bool) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "result", (), "claim_draw" => claim_draw);
        slf.borrow().result(claim_draw).into_bound_py_any(slf.py())
    }

    /// The legal move that UCI text names (`e2e4`; castling as the king's
    /// two-square step or king takes rook, written as the board's mode
    /// writes it). `InvalidMoveError` for text that is not UCI,
    /// `IllegalMoveError` for a move not legal here.
    #[pyo3(name = "parse_uci")]
    fn hooked_parse_uci<'py>(
        slf: &Bound<'py, Self>,
        uci: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "parse_uci", (uci));
        slf.borrow()
            .parse_uci(uci.extract::<UciText>()?)?
            .into_bound_py_any(slf.py())
    }

    /// `parse_uci`, then `push`; returns the move.
    #[pyo3(name = "push_uci")]
    fn hooked_push_uci<'py>(
        slf: &Bound<'py, Self>,
        uci: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "push_uci", (uci));
        let uci = uci.extract::<UciText>()?;
        slf.try_borrow_mut()?
            .push_uci(slf.py(), uci)?
            .into_bound_py_any(slf.py())
    }

    /// The legal move that SAN text names (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    /// `InvalidMoveError` for text that is not SAN, `IllegalMoveError`
    /// when no legal move fits, `AmbiguousMoveError` when several do.
    #[pyo3(name = "parse_san")]
    fn hooked_parse_san<'py>(
        slf: &Bound<'py, Self>,
        san: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "parse_san", (san));
        slf.borrow()
            .parse_san(san.extract::<Text>()?)?
            .into_bound_py_any(slf.py())
    }

    /// `parse_san`, then `push`; returns the move.
    #[pyo3(name = "push_san")]
    fn hooked_push_san<'py>(
        slf: &Bound<'py, Self>,
        san: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "push_san", (san));
        let san = san.extract::<Text>()?;
        slf.try_borrow_mut()?
            .push_san(slf.py(), san)?
            .into_bound_py_any(slf.py())
    }

    /// Whether `move` is legal here.
    #[pyo3(signature = (move_))]
    #[pyo3(name = "is_legal")]
    fn hooked_is_legal<'py>(
        slf: &Bound<'py, Self>,
        move_: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "is_legal", (move_));
        slf.borrow()
            .is_legal(move_.extract::<PyMove>()?)
            .into_bound_py_any(slf.py())
    }

    /// The FEN. `shredder=True` writes castling rights as rook files;
    /// `en_passant` is "legal" (only when an en passant capture is legal,
    /// the default), "fen" (after every double step) or "xfen" (when a pawn
    /// stands ready to capture).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    #[pyo3(name = "fen")]
    fn hooked_fen<'py>(
        slf: &Bound<'py, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "fen", (), "shredder" => shredder, "en_passant" => en_passant, "promoted" => promoted);
        slf.borrow()
            .fen(shredder, en_passant, promoted)?
            .into_bound_py_any(slf.py())
    }

    /// The move's SAN (`Nf3`, `exd5`, `e8=Q+`, `O-O`), `--` for the null
    /// move; `IllegalMoveError` for a move not legal here.
    #[pyo3(signature = (move_))]
    #[pyo3(name = "san")]
    fn hooked_san<'py>(
        slf: &Bound<'py, Self>,
        move_: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "san", (move_));
        slf.borrow()
            .san(move_.extract::<PyMove>()?)?
            .into_bound_py_any(slf.py())
    }

    /// The move in long algebraic notation (`Ng1-f3`, `e5xd6#`, `O-O`),
    /// `--` for the null move; `IllegalMoveError` for a move not legal here.
    #[pyo3(signature = (move_))]
    #[pyo3(name = "lan")]
    fn hooked_lan<'py>(
        slf: &Bound<'py, Self>,
        move_: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        hand_over!(slf, "lan", (move_));
        PyBoard::lan(slf, move_.extract::<PyMove>()?)?.into_bound_py_any(slf.py())
    }

    /// The EPD: the FEN without its clocks (`shredder` and `en_passant` as
    /// for `fen`), then the keyword `operations` as python-chess writes
    /// them (`bm=move` as SAN, `pv=[moves]`, numbers, strings, `None`).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    #[pyo3(name = "epd")]
    fn hooked_epd<'py>(
        slf: &Bound<'py, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<&Bound<'py, PyAny>>,
        operations: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(method) = hooked(slf.as_any(), "epd")? {
            let kwargs = PyDict::new(slf.py());
            if let Some(operations) = operations {
                kwargs.update(operations.as_mapping())?;
            }
            kwargs.set_item("shredder", shredder)?;
            kwargs.set_item("en_passant", en_passant)?;
            kwargs.set_item("promoted", promoted)?;
            return method.call((slf,), Some(&kwargs));
        }
        PyBoard::epd(slf, shredder, en_passant, promoted, operations)?.into_bound_py_any(slf.py())
    }

    /// The legal moves, from squares in `from_mask` to squares in
    /// `to_mask`, as an iterator.
    #[pyo3(signature = (from_mask=None, to_mask=None))]
    #[pyo3(name = "generate_legal_moves")]
    fn hooked_generate_legal_moves<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(method) = hooked(slf.as_any(), "generate_legal_moves")? {
            let all = || u64::MAX.into_bound_py_any(slf.py());
            let from_mask = from_mask.map_or_else(all, |mask| Ok(mask.clone()))?;
            let to_mask = to_mask.map_or_else(all, |mask| Ok(mask.clone()))?;
            return method.call1((slf, from_mask, to_mask));
        }
        slf.borrow()
            .generate_legal_moves(slf.py(), from_mask, to_mask)
    }
}
