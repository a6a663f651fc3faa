//! `board.legal_moves`, python-chess's `LegalMoveGenerator`: a live view of
//! a board's legal moves (sized, iterable, `in`), as a small type made with
//! the C API (`PyType_FromSpec`). `list(board.legal_moves)` calls its
//! `__len__` and `__iter__` once a ply in a playout; as C slots they run
//! without PyO3's per-call type lookup and trampoline.
//!
//! Every board makes its generator with itself and keeps it for good
//! ([`GeneratorRef`]); `board.legal_moves` is a member read straight from
//! the board object by CPython (`crate::board::capi_push`). The generator holds a copy
//! of its board's position, which the board writes at every change
//! ([`GeneratorRef::sync`]), so it never needs the board itself: no
//! reference to it (no cycle for the garbage collector, and a generator
//! that outlives its board keeps the board's last position, which nothing
//! can change any more), and no borrow of it.
//!
//! The generator also keeps the position's legal moves, generated once per
//! position straight into an iterator object ([`super::iter`]) that it
//! hands out again while no one else holds it, with a flag saying whether
//! they are the position's now (cleared by `sync`). So `len`, asked twice a
//! ply by `list()`, and `iter` read the generator alone, and `push` finds
//! its move among the kept ones by comparing pointers.

use std::ffi::{c_int, c_void};
use std::mem::size_of;
use std::ptr;

use bitmoves::Board;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyString, PyType};

use super::generate::{Gathered, SLACK, gather, legal_move, write};
use super::iter;
use crate::capi::{self, call, call_arguments, instance, new_type};
use crate::values::{PyMove, shared_moves};

/// The generator object. Its fields are read and written with the GIL
/// held only, through raw pointers, by code that runs no Python code
/// meanwhile. It holds a core `Board`, so it is 16-byte aligned: made by
/// `capi::alloc`, which checks that, and read through `capi::instance`.
#[repr(C)]
struct Generator {
    ob_base: ffi::PyObject,
    /// The board's position now (when `general` is `None`).
    position: Board,
    /// The board's position now when the core does not hold it: the moves
    /// are then the core rules engine's (`crate::board::engine`), given by
    /// the board at every change.
    general: Option<GeneralPosition>,
    /// Whether `kept` holds the legal moves of `position`.
    current: bool,
    /// The moves of the position last asked about, in an iterator made by
    /// [`iter::empty`] (a strong reference), or null before the first.
    kept: *mut ffi::PyObject,
    /// The room [`gather`] fills for [`write()`] (zeroed with the object,
    /// refilled for every position: nothing is cleared per position).
    gathered: Gathered,
}

/// A position off the core, as the board hands it to its generator: how
/// to list its legal moves and write one in SAN (the board layer owns the
/// bridge to the core's rules engine, which sits above this one).
pub struct GeneralPosition {
    /// The legal moves, in python-chess's order.
    pub moves: Box<dyn Fn() -> Vec<PyMove>>,
    /// The SAN of a legal move, for `repr`.
    pub san: Box<dyn Fn(PyMove) -> String>,
}

/// A board's generator: made only here ([`GeneratorRef::new`]), so the
/// object is always a `Generator`. Transparent, so that CPython can read
/// the board's field as an object pointer (`crate::board::capi_push`).
#[repr(transparent)]
pub struct GeneratorRef(Py<PyAny>);

impl GeneratorRef {
    /// A new generator for a board at `position`.
    pub fn new(py: Python<'_>, position: &Board) -> PyResult<Self> {
        let ty = generator_type(py)?;
        // SAFETY: `ty` is our type (no GC flag, freed by `dealloc`, which
        // calls `capi::free`), whose instances are `Generator`s: the
        // allocation is zeroed (no moves kept, none current, an empty
        // `Gathered`: plain integers) and aligned for a `Generator`
        // (checked by `alloc`); the two fields that are not plain data
        // are written before anyone can see the object.
        unsafe {
            let obj = capi::alloc::<Generator>(py, ty, 0)?;
            let generator = instance::<Generator>(obj.as_ptr());
            ptr::addr_of_mut!((*generator).position).write(*position);
            ptr::addr_of_mut!((*generator).general).write(None);
            Ok(Self(obj.unbind()))
        }
    }

    /// A new generator at this one's core position (for a copied board,
    /// which then tells it its position).
    pub fn duplicate(&self, py: Python<'_>) -> PyResult<Self> {
        // SAFETY: a live `Generator` (made by `new`), GIL held.
        let position = unsafe { (*instance::<Generator>(self.0.as_ptr())).position };
        Self::new(py, &position)
    }

    /// Tells the generator that its board's position is on the core again
    /// (then [`GeneratorRef::sync`] gives it).
    pub fn leave_general(&self, _py: Python<'_>) {
        let generator = instance::<Generator>(self.0.as_ptr());
        // SAFETY: as in `sync`; the closures run no Python code when dropped.
        unsafe {
            (*generator).general = None;
            (*generator).current = false;
        }
    }

    /// Tells the generator its board's position now, off the core: its
    /// legal moves; the kept moves stop counting as current.
    pub fn sync_general(&self, _py: Python<'_>, position: GeneralPosition) {
        let generator = instance::<Generator>(self.0.as_ptr());
        // SAFETY: as in `sync`.
        unsafe {
            (*generator).general = Some(position);
            (*generator).current = false;
        }
    }

    /// The generator object.
    pub fn object(&self) -> &Py<PyAny> {
        &self.0
    }

    /// Tells the generator its board's position now; the kept moves stop
    /// counting as current.
    #[inline]
    pub fn sync(&self, _py: Python<'_>, position: &Board) {
        let generator = instance::<Generator>(self.0.as_ptr());
        // SAFETY: a live `Generator` (made by `new`), kept alive by this
        // reference; the GIL is held (the token), and no reference to its
        // fields is held across a Python call.
        unsafe {
            (*generator).position = *position;
            (*generator).current = false;
        }
    }

    /// Whether `mv` is among the legal moves of the position now when
    /// they are at hand (`None` when they are not: then ask the board).
    /// The move's shared object is looked for by its address.
    #[inline]
    pub fn find(&self, _py: Python<'_>, mv: PyMove) -> Option<bool> {
        // SAFETY: as in `sync`; with the flag set, `kept` is a live
        // iterator made by `iter::empty` (with its table), and the table
        // index of any `Move` is below the table's length.
        unsafe {
            let kept = current(self.0.as_ptr());
            if kept.is_null() {
                return None;
            }
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
            slot(ffi::Py_tp_new, construct as *mut c_void),
            slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
            slot(ffi::Py_tp_iter, iter as *mut c_void),
            slot(ffi::Py_sq_length, len as *mut c_void),
            slot(ffi::Py_sq_contains, contains as *mut c_void),
            slot(ffi::Py_nb_bool, bool as *mut c_void),
            slot(ffi::Py_tp_repr, repr as *mut c_void),
            slot(ffi::Py_tp_methods, methods.as_mut_ptr().cast()),
            slot(0, ptr::null_mut()),
        ];
        // No references to other objects but its iterator's (which holds
        // none): not a garbage-collected type.
        let flags = ffi::Py_TPFLAGS_DEFAULT;
        let size = (size_of::<Generator>(), 0);
        // SAFETY: the slots end with the zero slot, each function has its
        // slot's signature and takes a `Generator` (the basic size), made
        // by `GeneratorRef::new`; the doc and the method table are
        // 'static.
        unsafe { new_type(py, c"bitmoves.LegalMoveGenerator", size, flags, &mut slots) }
    })?;
    Ok(ty.bind(py))
}

/// Makes the generator `obj`'s kept moves those of its position, in an
/// iterator no one else holds; returns it (borrowed).
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
unsafe fn refresh(py: Python<'_>, obj: *mut ffi::PyObject) -> PyResult<*mut ffi::PyObject> {
    let table = shared_moves(py)?;
    let generator = instance::<Generator>(obj);
    // SAFETY: `generator` is live (the contract), and nothing else touches
    // it while this runs (no Python code runs here: making or freeing an
    // iterator runs none); the moves are written into room for the
    // gathered count (`room`) and the iterator's `SLACK` slots before
    // it, from the whole table.
    unsafe {
        if (*generator).general.is_some() {
            return refresh_general(py, obj);
        }
        let position = &(*generator).position;
        let gathered = &mut (*generator).gathered;
        gather(gathered, position);
        let room = gathered.count + SLACK;
        let mut kept = (*generator).kept;
        if kept.is_null() || ffi::Py_REFCNT(kept) != 1 || iter::capacity(kept) < room {
            let new = iter::empty(py, room.max(iter::KEPT_CAPACITY))?.into_ptr();
            let old = std::mem::replace(&mut (*generator).kept, new);
            if !old.is_null() {
                ffi::Py_DecRef(old);
            }
            kept = new;
        }
        let written = write(gathered, position, table, iter::items(kept));
        debug_assert_eq!(written, gathered.count);
        iter::set_len(kept, written);
        (*generator).current = true;
        Ok(kept)
    }
}

/// [`refresh`] for a position off the core: its moves as the board's
/// rules engine (the core's, through `board/engine.rs`) lists them.
///
/// # Safety
/// As [`refresh`], and the generator holds a general position.
#[cold]
#[inline(never)]
unsafe fn refresh_general(py: Python<'_>, obj: *mut ffi::PyObject) -> PyResult<*mut ffi::PyObject> {
    let table = shared_moves(py)?;
    let generator = instance::<Generator>(obj);
    // SAFETY: as in `refresh`; the listing runs no Python code.
    unsafe {
        let moves = (*generator)
            .general
            .as_ref()
            .map(|general| (general.moves)())
            .unwrap_or_default();
        let kept = room(py, obj, moves.len())?;
        let items = iter::items(kept);
        for (i, mv) in moves.iter().enumerate() {
            items
                .add(i)
                .write(table[usize::from(mv.table_index())].as_ptr());
        }
        iter::set_len(kept, moves.len());
        (*generator).current = true;
        Ok(kept)
    }
}

/// The generator `obj`'s kept iterator, made ready for `count` moves: one
/// that someone else holds (an iteration under way) or that is too small
/// is let go (its holder keeps it as it is) for a new one.
///
/// # Safety
/// As [`refresh`]: `obj` is a live `Generator`, its `kept` null or an
/// iterator made by `iter::empty` that it holds, and the GIL is held.
#[inline(never)]
unsafe fn room(
    py: Python<'_>,
    obj: *mut ffi::PyObject,
    count: usize,
) -> PyResult<*mut ffi::PyObject> {
    let generator = instance::<Generator>(obj);
    let room = count + SLACK;
    // SAFETY: by the contract.
    unsafe {
        let kept = (*generator).kept;
        if kept.is_null() || ffi::Py_REFCNT(kept) != 1 || iter::capacity(kept) < room {
            let new = iter::empty(py, room.max(iter::KEPT_CAPACITY))?.into_ptr();
            let old = std::mem::replace(&mut (*generator).kept, new);
            if !old.is_null() {
                ffi::Py_DecRef(old);
            }
            return Ok(new);
        }
        Ok(kept)
    }
}

/// The generator `obj`'s kept iterator when its moves are current, else
/// null.
///
/// # Safety
/// `obj` is a live `Generator` and the GIL is held.
#[inline]
unsafe fn current(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let generator = instance::<Generator>(obj);
    // SAFETY: by the contract; with the flag set, `kept` is not null.
    unsafe {
        if (*generator).current {
            (*generator).kept
        } else {
            ptr::null_mut()
        }
    }
}

/// What `LegalMoveGenerator(board)` calls (python-chess code builds the
/// view from any board-like object): set by the board layer
/// ([`set_constructor`]), which knows the boards.
static CONSTRUCTOR: GILOnceCell<Py<PyAny>> = GILOnceCell::new();

/// Sets what `LegalMoveGenerator(...)` calls with its arguments.
pub fn set_constructor(py: Python<'_>, constructor: Py<PyAny>) {
    let _ = CONSTRUCTOR.set(py, constructor);
}

/// `tp_new`: `LegalMoveGenerator(board)` is the constructor's answer (a
/// board's own `legal_moves`, or a view of any other board-like object).
unsafe extern "C" fn construct(
    _ty: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL held, `args` a tuple and
    // `kwargs` null or a dict, both live for the call.
    unsafe {
        call(ptr::null_mut(), |py| {
            let constructor = CONSTRUCTOR.get(py).ok_or_else(|| {
                PyTypeError::new_err(
                    "LegalMoveGenerator cannot be made directly: use board.legal_moves",
                )
            })?;
            let (args, kwargs) = call_arguments(py, args, kwargs);
            Ok(constructor.bind(py).call(args, kwargs.as_ref())?.into_ptr())
        })
    }
}

/// `__len__`: how many legal moves there are.
unsafe extern "C" fn len(obj: *mut ffi::PyObject) -> ffi::Py_ssize_t {
    // SAFETY: CPython calls the slot with one of our generators, GIL held
    // (so `call` may run); the kept iterator is live while the generator
    // holds it.
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

/// `__iter__`: the shared `Move`s of the position now ([`super::iter`]):
/// the kept iterator itself, started again, when no one else holds it.
unsafe extern "C" fn iter(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with one of our generators, GIL held;
    // the kept iterator is live while the generator holds it, and one that
    // no one else holds can be started again unseen.
    unsafe {
        call(ptr::null_mut(), |py| {
            let mut kept = current(obj);
            if kept.is_null() {
                kept = refresh(py, obj)?;
            } else if ffi::Py_REFCNT(kept) != 1 {
                return Ok(iter::copy(py, kept)?.into_ptr());
            }
            iter::rewind(kept);
            ffi::Py_IncRef(kept);
            Ok(kept)
        })
    }
}

/// `__contains__`: whether `mv` is a legal `Move` here (anything else is
/// not in).
unsafe extern "C" fn contains(obj: *mut ffi::PyObject, mv: *mut ffi::PyObject) -> c_int {
    // SAFETY: CPython calls the slot with the GIL held.
    unsafe {
        call(-1, |py| {
            // SAFETY: a live object, borrowed for the call.
            let mv = pyo3::Borrowed::from_ptr(py, mv);
            let Ok(mv) = mv.downcast::<PyMove>() else {
                return Ok(0);
            };
            let mv = *mv.get();
            // SAFETY: CPython calls the slot with one of our generators.
            if let Some(general) = &(*instance::<Generator>(obj)).general {
                return Ok(c_int::from((general.moves)().contains(&mv)));
            }
            let position = (*instance::<Generator>(obj)).position;
            let legal = legal_move(&position, mv);
            Ok(c_int::from(legal.map(PyMove::from_core) == Some(mv)))
        })
    }
}

/// `__repr__`: the moves in SAN, in the order they are listed, as
/// python-chess writes it (`<LegalMoveGenerator at 0x... (Nh3, Nf3, ...)>`).
unsafe extern "C" fn repr(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls the slot with one of our generators, GIL held;
    // the kept iterator is live while the generator holds it, and nothing
    // here runs Python code that could change it.
    unsafe {
        call(ptr::null_mut(), |py| {
            let generator = instance::<Generator>(obj);
            let mut kept = current(obj);
            if kept.is_null() {
                kept = refresh(py, obj)?;
            }
            let mut sans = Vec::with_capacity(iter::moves(kept).len());
            for &item in iter::moves(kept) {
                let mv = *pyo3::Borrowed::from_ptr(py, item)
                    .downcast::<PyMove>()?
                    .get();
                let san = match &(*generator).general {
                    Some(general) => (general.san)(mv),
                    None => {
                        let core = &(*generator).position;
                        legal_move(core, mv)
                            .and_then(|mv| core.san(mv).ok())
                            .map(|san| san.to_string())
                            .unwrap_or_default()
                    }
                };
                sans.push(san);
            }
            let text = format!(
                "<LegalMoveGenerator at {:#x} ({})>",
                obj as usize,
                sans.join(", ")
            );
            Ok(PyString::new(py, &text).into_ptr())
        })
    }
}

/// `tp_dealloc`: drops the kept moves and the position off the core,
/// frees the object and drops its reference to the type.
unsafe extern "C" fn dealloc(obj: *mut ffi::PyObject) {
    // SAFETY: called once, when the last reference goes, with the GIL
    // held; the object is an instance of our heap type (not tracked by
    // the collector, made by `capi::alloc`), its `general` written by
    // `GeneratorRef::new`.
    unsafe {
        let generator = instance::<Generator>(obj);
        ptr::drop_in_place(ptr::addr_of_mut!((*generator).general));
        let kept = (*generator).kept;
        if !kept.is_null() {
            ffi::Py_DecRef(kept);
        }
        capi::free(obj);
    }
}
