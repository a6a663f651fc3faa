//! The wasm module's allocator: a bump arena that starts over whenever
//! nothing is allocated. The module answers one request at a time and
//! frees everything between requests (see `lab_input`), so it needs no
//! free lists; this replaces the standard library's dlmalloc, which would
//! cost about 8 KB of the module's 1 MB budget (measured in docs/lab.md).
//!
//! Only the wasm build uses it (`lib.rs` installs it for `wasm32`); the
//! native tests keep the system allocator.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::Cell;

/// The size of a wasm memory page.
const PAGE: usize = 65_536;

/// A bump allocator over pages taken from `memory.grow`. Freeing the most
/// recent block gives its space back; when the last live block is freed
/// the whole arena is reused from its start.
pub struct Arena {
    /// Where the arena starts (0 until the first page is taken).
    start: Cell<usize>,
    /// The first free byte.
    next: Cell<usize>,
    /// The end of the pages taken so far.
    end: Cell<usize>,
    /// How many blocks are allocated and not yet freed.
    live: Cell<usize>,
}

// SAFETY: wasm32-unknown-unknown without the atomics feature runs one
// thread, so the cells are never touched concurrently.
unsafe impl Sync for Arena {}

impl Arena {
    /// An arena that has taken no pages yet.
    pub const fn new() -> Self {
        Self {
            start: Cell::new(0),
            next: Cell::new(0),
            end: Cell::new(0),
            live: Cell::new(0),
        }
    }

    /// Room for `size` bytes aligned to `align`, taking pages if needed;
    /// null if the memory cannot grow.
    fn bump(&self, size: usize, align: usize) -> *mut u8 {
        if self.start.get() == 0 {
            // The arena begins where the module's memory ends.
            let top = core::arch::wasm32::memory_size(0) * PAGE;
            self.start.set(top);
            self.next.set(top);
            self.end.set(top);
        }
        let Some(until) =
            (self.next.get().checked_next_multiple_of(align)).and_then(|at| at.checked_add(size))
        else {
            return core::ptr::null_mut();
        };
        if until > self.end.get() {
            let pages = (until - self.end.get()).div_ceil(PAGE);
            if core::arch::wasm32::memory_grow(0, pages) == usize::MAX {
                return core::ptr::null_mut();
            }
            self.end.set(self.end.get() + pages * PAGE);
        }
        self.next.set(until);
        (until - size) as *mut u8
    }
}

// SAFETY: `alloc` returns blocks of at least the requested size and
// alignment that no other live block overlaps: `next` only moves back over
// the most recent block when it is freed, or to `start` when no block is
// live. Memory from `memory.grow` is never returned to anyone else.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = self.bump(layout.size(), layout.align());
        if !block.is_null() {
            self.live.set(self.live.get() + 1);
        }
        block
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let live = self.live.get() - 1;
        self.live.set(live);
        if live == 0 {
            self.next.set(self.start.get());
        } else if ptr as usize + layout.size() == self.next.get() {
            self.next.set(ptr as usize);
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let at = ptr as usize;
        if at + layout.size() == self.next.get() {
            // The most recent block grows or shrinks in place: `at` is
            // aligned already, so `bump` returns it or fails.
            self.next.set(at);
            let block = self.bump(new_size, layout.align());
            if block.is_null() {
                self.next.set(at + layout.size());
            }
            return block;
        }
        if new_size <= layout.size() {
            return ptr;
        }
        let block = self.bump(new_size, layout.align());
        if !block.is_null() {
            // SAFETY: both blocks are live, `block` is new so they do not
            // overlap, and the old one holds `layout.size()` bytes.
            unsafe { core::ptr::copy_nonoverlapping(ptr, block, layout.size()) };
        }
        block
    }
}
