//! `SquareSet`, python-chess's mutable set of squares (a 64-bit mask), in
//! one folder. Its iterators are in `values/square_iter.rs`; the C-level
//! type behind its hot operators (raw access, slots and methods) is in the
//! C-API glue, `crate::capi::squareset`, `squareset_type` and
//! `squareset_methods`, the crate's one home for raw CPython.
//!
//! | file | what it holds |
//! |---|---|
//! | `values/squareset/class.rs` | the class `PySquareSet`: the mask |
//! | `values/squareset/methods.rs` | its methods: constructor, set methods, text, `ray`/`between`/`from_square` |
//! | `values/squareset/ops.rs` | its operators and `==` |
//! | `values/squareset/slots.rs` | the type Python sees: a subclass of the PyO3 class made of C-API slots for the hot operators (`crate::capi::squareset_type`), and new sets |

mod class;
mod methods;
mod ops;
mod slots;

pub use class::PySquareSet;
pub use methods::{between_mask, mask_of, negative_shift, ray_mask};
pub use slots::{set_object, square_set_type};
