//! `board.legal_moves`, python-chess's `LegalMoveGenerator`: a live view of
//! a board's legal moves (sized, iterable, `in`), as a small type made with
//! the C API (`PyType_FromSpec`). `list(board.legal_moves)` calls its
//! `__len__` and `__iter__` once a ply in a playout; as C slots they run
//! without PyO3's per-call type lookup and trampoline.
//!
//! The generator holds its board, and the board keeps its generator (made
//! once, [`generator`]): the cycle is seen by the garbage collector
//! through both types' traverse and clear functions.
//!
//! The generator also keeps the position's legal moves, generated once per
//! position straight into an iterator object ([`crate::iter`]) that it
//! hands out again while no one else holds it, with a flag saying whether
//! they are still the board's position's: the board clears it whenever its
//! position changes ([`GeneratorRef::forget`]). So `len`, asked twice a ply
//! by `list()`, and `iter` read the generator alone (no borrow of the
//! board) once the moves are there, and `push` finds its move among them
//! by comparing pointers.

use std::ffi::{c_int, c_void};
use std::mem::size_of;
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::Borrowed;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyString, PyType};

use crate::board::PyBoard;
use crate::fast::{call, new_type};
use crate::iter;
use crate::legal::SLACK;
use crate::moves::{PyMove, shared_moves};

/// The generator object.
#[repr(C)]
struct Generator {
    ob_base: ffi::PyObject,
    /// Its board (a strong reference; null only once the garbage
    /// collector has cleared it).
    board: *mut ffi::PyObject,
    /// Whether `kept` holds the legal moves of the board's position now.
    /// Set only for the generator its board keeps (the board clears it
    /// when its position changes, and when it lets the generator go), so
    /// that a generator the board no longer keeps generates every time.
    current: AtomicBool,
    /// The moves of the position last asked about, in an iterator made by
    /// [`iter::empty`] (a strong reference), or null before the first.
    kept: *mut ffi::PyObject,
}

/// A board's reference to its generator: made only here ([`generator`]),
/// so the object is always a `Generator`.
pub struct GeneratorRef(Py<PyAny>);

impl GeneratorRef {
    /// The generator object.
    pub fn object(&self) -> &Py<PyAny> {
        &self.0
    }

    /// Whether this is the generator `obj`.
    fn is(&self, obj: *mut ffi::PyObject) -> bool {
        self.0.as_ptr() == obj
    }

    /// The kept moves stop counting as the position's (it is changing).
    #[inline]
    pub fn forget(&self) {
        // SAFETY: a `Generator` (made only by `generator`), kept alive by
        // this reference; the flag is atomic, so no exclusive access is
        // needed.
        unsafe { (*self.0.as_ptr().cast::<Generator>()).current.store(false, Ordering::Relaxed) }
    }

    /// Whether `mv` is among the legal moves of the position now when
    /// they are at hand (`None` when they are not: then ask the board).
    /// The move's shared object is looked for by its address.
    #[inline]
    pub fn find(&self, mv: PyMove) -> Option<bool> {
        let obj = self.0.as_ptr().cast::<Generator>();
        // SAFETY: a live `Generator`, as in `forget`; with the flag set,
        // `kept` is a live iterator made by `iter::empty` (with its
        // table), not written while the GIL is held here; the table
        // index of any `Move` is below the table's length.
        unsafe {
            if !(*obj).current.load(Ordering::Relaxed) {
                return None;
            }
            let kept = (*obj).kept;
            let wanted = iter::shared(kept, mv.table_index());
            Some(iter::moves(kept).contains(&wanted))
        }
    }
}

/// The generator type, made on first use.
static TYPE: GILOnceCell<Py<PyType>> = GILOnceCell::new();

/// The `LegalMoveGenerator` type.
pub fn generator_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let ty = TYPE.get_or_try_init(py, || {
        let slot = |slot, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
        let count = ffi::PyMethodDef {
            ml_name: c"count".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: count },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: c"How many legal moves there are.".as_ptr(),
        };
        // CPython keeps a pointer to the method table: leaked, once.
        let methods = Box::leak(Box::new([count, ffi::PyMethodDef::zeroed()]));
        let mut slots = [
            slot(
                ffi::Py_tp_doc,
                c"The legal moves of a board, as it is when asked.".as_ptr() as *mut c_void,
            ),
            slot(ffi::Py_tp_new, refuse_new as *mut c_void),
            slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
            slot(ffi::Py_tp_traverse, traverse as *mut c_void),
            slot(ffi::Py_tp_clear, clear as *mut c_void),
            slot(ffi::Py_tp_iter, iter as *mut c_void),
            slot(ffi::Py_sq_length, len as *mut c_void),
            slot(ffi::Py_sq_contains, contains as *mut c_void),
            slot(ffi::Py_nb_bool, bool as *mut c_void),
            slot(ffi::Py_tp_repr, repr as *mut c_void),
            slot(ffi::Py_tp_methods, methods.as_mut_ptr().cast()),
            slot(0, ptr::null_mut()),
        ];
        let flags = ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_HAVE_GC;
        let size = (size_of::<Generator>(), 0);
        new_type(py, c"bitmoves.LegalMoveGenerator", size, flags, &mut slots)
    })?;
    Ok(ty.bind(py))
}

/// `board.legal_moves`: the board's generator, made on first use and kept.
pub fn generator<'py>(slf: &Bound<'py, PyBoard>) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    let mut board = slf.try_borrow_mut()?;
    if let Some(generator) = board.legal.generator() {
        return Ok(generator.object().bind(py).clone());
    }
    let ty = generator_type(py)?;
    // SAFETY: `ty` is our GC type, whose instances are `Generator`s: the
    // allocation is zeroed (no moves kept, none current), tracked by the
    // collector (which sees a null board until it is set, and `traverse`
    // skips null) and holds a reference to the type; the board reference
    // stored is a new one.
    let generator = unsafe {
        let obj = ffi::PyType_GenericAlloc(ty.as_ptr().cast(), 0);
        let obj = Bound::from_owned_ptr_or_err(py, obj)?;
        (*obj.as_ptr().cast::<Generator>()).board = slf.clone().into_ptr();
        obj
    };
    board.legal.get().generator = Some(GeneratorRef(generator.clone().unbind()));
    Ok(generator)
}

/// Runs `f` on the board of a generator (borrowed: no reference taken),
/// or raises `RuntimeError` once the collector has cleared it.
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
unsafe fn with_board<T>(
    py: Python<'_>,
    obj: *mut ffi::PyObject,
    f: impl FnOnce(&Bound<'_, PyBoard>) -> PyResult<T>,
) -> PyResult<T> {
    // SAFETY: by the contract, `obj` is a `Generator`, whose board is
    // null or a `Board` it holds a reference to (so it outlives the call).
    unsafe {
        let board = (*obj.cast::<Generator>()).board;
        if board.is_null() {
            return Err(PyRuntimeError::new_err("the generator's board is gone"));
        }
        f(Borrowed::from_ptr(py, board).downcast_unchecked::<PyBoard>())
    }
}

/// `tp_new`: the generator comes from `board.legal_moves` only.
unsafe extern "C" fn refuse_new(
    _ty: *mut ffi::PyTypeObject,
    _args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |_| {
        Err(PyTypeError::new_err(
            "LegalMoveGenerator cannot be made directly: use board.legal_moves",
        ))
    })
}

/// Makes the generator `obj`'s kept moves those of its board's position
/// now (and current, when its board keeps it), in an iterator no one else
/// holds; returns it (borrowed).
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
unsafe fn refresh(py: Python<'_>, obj: *mut ffi::PyObject) -> PyResult<*mut ffi::PyObject> {
    let generator = obj.cast::<Generator>();
    let write = |board: &Bound<'_, PyBoard>| {
        let mut board = board.try_borrow_mut()?;
        let kept_by_board = board.legal.generator().is_some_and(|g| g.is(obj));
        let (cached, core) = board.cache_and_board();
        let count = cached.collect(core);
        let table = shared_moves(py)?;
        // SAFETY: `generator` is live (the contract); its `kept` is null
        // or an iterator made by `iter::empty` that it holds. One that
        // someone else holds (an iteration under way) or that is too small
        // is let go (its holder keeps it as it is) for a new one; freeing
        // an iterator runs no Python code. The moves are written into room
        // for `count` of them and `SLACK` more, from the whole table.
        unsafe {
            let mut kept = (*generator).kept;
            let room = count + SLACK;
            if kept.is_null() || ffi::Py_REFCNT(kept) != 1 || iter::capacity(kept) < room {
                let new = iter::empty(py, room.max(iter::KEPT_CAPACITY))?.into_ptr();
                let old = std::mem::replace(&mut (*generator).kept, new);
                if !old.is_null() {
                    ffi::Py_DecRef(old);
                }
                kept = new;
            }
            let written = cached.write(table, iter::items(kept));
            iter::set_len(kept, written);
            (*generator).current.store(kept_by_board, Ordering::Relaxed);
            Ok(kept)
        }
    };
    // SAFETY: by the contract.
    unsafe { with_board(py, obj, write) }
}

/// The generator `obj`'s kept iterator when its moves are current, else
/// null.
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
#[inline]
unsafe fn current(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let generator = obj.cast::<Generator>();
    // SAFETY: by the contract; with the flag set, `kept` is not null.
    unsafe {
        if (*generator).current.load(Ordering::Relaxed) {
            (*generator).kept
        } else {
            ptr::null_mut()
        }
    }
}

/// `__len__`: how many legal moves there are.
unsafe extern "C" fn len(obj: *mut ffi::PyObject) -> ffi::Py_ssize_t {
    // SAFETY: CPython calls the slot with one of our generators, GIL held;
    // the kept iterator is live while the generator holds it.
    unsafe {
        let kept = current(obj);
        if !kept.is_null() {
            return iter::moves(kept).len() as ffi::Py_ssize_t;
        }
        call(-1, |py| {
            let kept = refresh(py, obj)?;
            Ok(iter::moves(kept).len() as ffi::Py_ssize_t)
        })
    }
}

/// `__bool__`: whether there is a legal move.
unsafe extern "C" fn bool(obj: *mut ffi::PyObject) -> c_int {
    // SAFETY: as in `len`, which this forwards to.
    match unsafe { len(obj) } {
        -1 => -1,
        0 => 0,
        _ => 1,
    }
}

/// `count()`: `len`, as an int.
unsafe extern "C" fn count(obj: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: as in `len`, which this forwards to.
    match unsafe { len(obj) } {
        -1 => ptr::null_mut(),
        // SAFETY: a new int, or null with an exception set.
        n => unsafe { ffi::PyLong_FromSsize_t(n) },
    }
}

/// `__iter__`: the shared `Move`s of the position now ([`crate::iter`]):
/// the kept iterator itself, started again, when no one else holds it.
unsafe extern "C" fn iter(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        // SAFETY: CPython calls the slot with one of our generators, GIL
        // held; the kept iterator is live while the generator holds it,
        // and one that no one else holds can be started again unseen.
        unsafe {
            let mut kept = current(obj);
            if kept.is_null() {
                kept = refresh(py, obj)?;
            } else if ffi::Py_REFCNT(kept) != 1 {
                return Ok(iter::copy(py, kept)?.into_ptr());
            }
            iter::rewind(kept);
            ffi::Py_IncRef(kept);
            Ok(kept)
        }
    })
}

/// `__contains__`: whether `mv` is a legal `Move` here (anything else is
/// not in).
unsafe extern "C" fn contains(obj: *mut ffi::PyObject, mv: *mut ffi::PyObject) -> c_int {
    call(-1, |py| {
        // SAFETY: a live object, borrowed for the call.
        let mv = unsafe { Borrowed::from_ptr(py, mv) };
        let Ok(mv) = mv.downcast::<PyMove>() else {
            return Ok(0);
        };
        let mv = *mv.get();
        let legal = |board: &Bound<'_, PyBoard>| Ok(board.try_borrow()?.legal(mv));
        // SAFETY: CPython calls the slot with one of our generators.
        let legal = unsafe { with_board(py, obj, legal) }?;
        Ok(c_int::from(legal.map(PyMove::from_core) == Some(mv)))
    })
}

/// `__repr__`: the moves in SAN, as python-chess writes it.
unsafe extern "C" fn repr(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    call(ptr::null_mut(), |py| {
        let sans = |board: &Bound<'_, PyBoard>| {
            let core = *board.try_borrow()?.board();
            Ok(core
                .legal_moves()
                .into_iter()
                .map(|mv| core.san(mv).map(|s| s.to_string()).unwrap_or_default())
                .collect::<Vec<String>>())
        };
        // SAFETY: CPython calls the slot with one of our generators.
        let sans = unsafe { with_board(py, obj, sans) }?;
        let text = format!("<LegalMoveGenerator ({})>", sans.join(", "));
        Ok(PyString::new(py, &text).into_ptr())
    })
}

/// `tp_traverse`: the board, for the collector.
unsafe extern "C" fn traverse(
    obj: *mut ffi::PyObject,
    visit: ffi::visitproc,
    arg: *mut c_void,
) -> c_int {
    // SAFETY: CPython calls it with one of our generators; a null board
    // is skipped.
    unsafe {
        let board = (*obj.cast::<Generator>()).board;
        if board.is_null() {
            0
        } else {
            visit(board, arg)
        }
    }
}

/// `tp_clear`: drops the board reference (the collector breaking the
/// cycle).
unsafe extern "C" fn clear(obj: *mut ffi::PyObject) -> c_int {
    // SAFETY: CPython calls it with one of our generators, GIL held; the
    // field is nulled (and the moves stop being current) before the
    // reference goes, so a re-entrant look sees no board.
    unsafe {
        let generator = obj.cast::<Generator>();
        (*generator).current.store(false, Ordering::Relaxed);
        let board = std::mem::replace(&mut (*generator).board, ptr::null_mut());
        if !board.is_null() {
            ffi::Py_DecRef(board);
        }
    }
    0
}

/// `tp_dealloc`: untracks, drops the board and the kept moves, frees the
/// object and drops its reference to the type.
unsafe extern "C" fn dealloc(obj: *mut ffi::PyObject) {
    // SAFETY: called once, when the last reference goes, with the GIL
    // held; the object is a GC-tracked instance of our heap type.
    unsafe {
        ffi::PyObject_GC_UnTrack(obj.cast());
        clear(obj);
        let kept = std::mem::replace(&mut (*obj.cast::<Generator>()).kept, ptr::null_mut());
        if !kept.is_null() {
            ffi::Py_DecRef(kept);
        }
        let ty = ffi::Py_TYPE(obj);
        ffi::PyObject_GC_Del(obj.cast());
        ffi::Py_DecRef(ty.cast());
    }
}
