//! The raw access behind the fast `SquareSet` type
//! (`crate::values`'s `squareset/slots.rs`, over the PyO3 class
//! `PySquareSet`): where the type, its PyO3 base, its allocator and the
//! mask's offset are kept, reading and writing the mask in place, reading
//! sets, ints and lists of squares without Python code, and the base's
//! slots and methods that everything else falls back to. Every function
//! that reads an object is an `unsafe fn` whose contract says what its
//! caller holds.

use std::ffi::{c_int, c_void};
use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering::Relaxed};

use pyo3::ffi;

use super::layout::GilCell;

/// The fast type, once made (null before).
pub static FAST: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());
/// The PyO3 class, the base of the fast type.
pub static BASE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());
/// The fast type's `tp_alloc`.
pub static ALLOC: AtomicPtr<c_void> = AtomicPtr::new(ptr::null_mut());
/// The byte offset of `PySquareSet::mask` in an instance of the base.
pub static OFFSET: AtomicUsize = AtomicUsize::new(0);
/// The mask of `object`, an instance of the base class.
///
/// # Safety
/// The GIL is held; `object` is an instance of the base (or a subclass),
/// and no Rust reference to its `PySquareSet` is alive.
pub unsafe fn mask_at(object: *mut ffi::PyObject) -> u64 {
    // SAFETY: the mask lies at OFFSET in every instance of the base.
    unsafe {
        object
            .cast::<u8>()
            .add(OFFSET.load(Relaxed))
            .cast::<u64>()
            .read()
    }
}

/// Sets the mask of `object`.
///
/// # Safety
/// As [`mask_at`].
pub unsafe fn set_mask_at(object: *mut ffi::PyObject, mask: u64) {
    // SAFETY: as in `mask_at`.
    unsafe {
        object
            .cast::<u8>()
            .add(OFFSET.load(Relaxed))
            .cast::<u64>()
            .write(mask);
    }
}

/// Whether `object` is a `SquareSet` (of the fast type, the base or a
/// subclass).
///
/// # Safety
/// The GIL is held; `object` is a live object.
pub unsafe fn is_set(object: *mut ffi::PyObject) -> bool {
    // SAFETY: a live object has a type; the statics are set before any
    // slot runs.
    unsafe {
        let ty = ffi::Py_TYPE(object);
        ty == FAST.load(Relaxed) || ffi::PyType_IsSubtype(ty, BASE.load(Relaxed)) != 0
    }
}

/// The mask of a set or of an int (its low 64 bits, as python-chess's
/// `SquareSet(int)` takes them); `None` for anything else (left to the
/// base's slot), with no exception set.
///
/// # Safety
/// As [`is_set`].
pub unsafe fn quick_mask(object: *mut ffi::PyObject) -> Option<u64> {
    // SAFETY: the contract; a set's mask is read as `mask_at` reads it.
    unsafe {
        let ty = ffi::Py_TYPE(object);
        if ty == FAST.load(Relaxed) {
            return Some(mask_at(object));
        }
        if ffi::PyLong_CheckExact(object) != 0 {
            // The low 64 bits, two's complement: python-chess's
            // `int(other) & BB_ALL`, for any int (no error for an int).
            return Some(ffi::PyLong_AsUnsignedLongLongMask(object));
        }
        if ffi::PyType_IsSubtype(ty, BASE.load(Relaxed)) != 0 {
            return Some(mask_at(object));
        }
        None
    }
}

/// The size of an instance of the fast type, in bytes (its
/// `__basicsize__`), set with the type.
pub static BASICSIZE: AtomicUsize = AtomicUsize::new(0);

/// How many freed sets of the fast type [`FREE`] keeps for reuse.
const FREE_MAX: usize = 64;

/// Freed sets of the fast type, kept for [`new_set`] to reuse: taking one
/// costs a few stores where `tp_alloc` and `tp_free` cost a hundred
/// instructions or more (callgrind, `bench/squareset.py`), which is most
/// of an operator's cost. Each is an object whose count reached zero,
/// with its memory from the type's `tp_alloc` and no reference to its
/// type.
struct FreeList {
    count: usize,
    objects: [*mut ffi::PyObject; FREE_MAX],
}

/// The free list of sets of the fast type, behind the GIL: only `new_set`
/// and `keep` reach it, and neither runs Python code while holding it.
static FREE: GilCell<FreeList> = GilCell::new(FreeList {
    count: 0,
    objects: [ptr::null_mut(); FREE_MAX],
});

/// Keeps `object`, a set of the fast type being freed, for reuse while
/// the free list has room (then its type's reference is still to drop);
/// `false` when it is full (then `object` is to be freed as usual).
///
/// # Safety
/// The GIL is held; `object` is of the fast type exactly, its count
/// reached zero (CPython is running its `tp_dealloc`), and it is not used
/// after being kept.
pub unsafe fn keep(object: *mut ffi::PyObject) -> bool {
    // SAFETY: the GIL is held and this function runs no Python code while
    // it holds the list (`GilCell::get`'s contract).
    let free = unsafe { FREE.get() };
    if free.count == FREE_MAX {
        return false;
    }
    free.objects[free.count] = object;
    free.count += 1;
    true
}

/// A new set of the fast type holding `mask` (a freed one reused, else a
/// new one); null with an exception set when it cannot be allocated.
///
/// # Safety
/// The GIL is held and the fast type is made.
pub unsafe fn new_set(mask: u64) -> *mut ffi::PyObject {
    // SAFETY: the GIL is held and this function runs no Python code while
    // it holds the list (`GilCell::get`'s contract).
    let free = unsafe { FREE.get() };
    if free.count > 0 {
        free.count -= 1;
        let object = free.objects[free.count];
        // SAFETY: a kept object has the fast type's memory
        // (`BASICSIZE` bytes from its `tp_alloc`); its fields after the
        // header are zeroed, PyO3's unborrowed state as `tp_alloc` gives
        // it, then `PyObject_Init` makes it a new reference of the fast
        // type (setting its type, taking a reference to the type and
        // setting its count to one), and the mask is written.
        unsafe {
            let header = std::mem::size_of::<ffi::PyObject>();
            object
                .cast::<u8>()
                .add(header)
                .write_bytes(0, BASICSIZE.load(Relaxed) - header);
            ffi::PyObject_Init(object, FAST.load(Relaxed));
            set_mask_at(object, mask);
        }
        return object;
    }
    // SAFETY: ALLOC is the fast type's tp_alloc; the memory it returns is
    // zeroed, which is PyO3's unborrowed state, and the mask is written
    // at its offset.
    unsafe {
        let alloc: ffi::allocfunc = std::mem::transmute(ALLOC.load(Relaxed));
        let object = alloc(FAST.load(Relaxed), 0);
        if !object.is_null() {
            set_mask_at(object, mask);
        }
        object
    }
}

/// The base class's function in `slot`.
///
/// # Safety
/// The GIL is held; `F` is the type of that slot's function.
pub unsafe fn base_slot<F: Copy>(slot: c_int) -> F {
    // SAFETY: the base defines every slot the fast type defines (PyO3
    // makes them from the same `#[pymethods]`), so the pointer is not
    // null, and its type is the slot's (the contract).
    unsafe {
        let function = ffi::PyType_GetSlot(BASE.load(Relaxed), slot);
        std::mem::transmute_copy(&function)
    }
}

/// A square from -64 to 63 (a small int), as a bit; `None` for anything
/// else, with no exception set.
///
/// # Safety
/// As [`is_set`].
pub unsafe fn square_bit(square: *mut ffi::PyObject) -> Option<u64> {
    // SAFETY: the contract.
    let index = unsafe { super::small_int(square) }?;
    (-64..64)
        .contains(&index)
        .then(|| 1 << index.rem_euclid(64))
}

/// The mask of a list or tuple of small ints (-64 to 63); `None` for
/// anything else, with no exception set.
///
/// # Safety
/// As [`is_set`].
pub unsafe fn list_mask(squares: *mut ffi::PyObject) -> Option<u64> {
    // SAFETY: the contract; the items are read by index while the list
    // is not changed (no Python code runs in between).
    unsafe {
        let (len, item): (_, unsafe extern "C" fn(_, _) -> _) =
            if ffi::PyList_CheckExact(squares) != 0 {
                (ffi::PyList_Size(squares), ffi::PyList_GetItem)
            } else if ffi::PyTuple_CheckExact(squares) != 0 {
                (ffi::PyTuple_Size(squares), ffi::PyTuple_GetItem)
            } else {
                return None;
            };
        let mut mask = 0;
        for index in 0..len {
            mask |= square_bit(item(squares, index))?;
        }
        Some(mask)
    }
}

/// The base's method `name` called on `a` with `arg`.
///
/// # Safety
/// The GIL is held; `a` and `arg` are live.
pub unsafe fn base_method(
    name: &std::ffi::CStr,
    a: *mut ffi::PyObject,
    arg: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the contract; the base type lives for good.
    unsafe {
        let method = ffi::PyObject_GetAttrString(BASE.load(Relaxed).cast(), name.as_ptr());
        if method.is_null() {
            return ptr::null_mut();
        }
        let args = ffi::PyTuple_Pack(2, a, arg);
        let result = if args.is_null() {
            ptr::null_mut()
        } else {
            let result = ffi::PyObject_Call(method, args, ptr::null_mut());
            ffi::Py_DecRef(args);
            result
        };
        ffi::Py_DecRef(method);
        result
    }
}
