//! The exceptions python-chess raises, as `ValueError` subclasses, and the
//! mapping of the core's errors onto them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    bitmoves,
    InvalidMoveError,
    PyValueError,
    "Raised when move notation is not syntactically valid."
);
create_exception!(
    bitmoves,
    IllegalMoveError,
    PyValueError,
    "Raised when the attempted move is illegal in the current position."
);
create_exception!(
    bitmoves,
    AmbiguousMoveError,
    PyValueError,
    "Raised when the attempted move is ambiguous in the current position."
);

/// Text as Python's `repr()` writes a `str` of printable characters, as
/// python-chess quotes the text it names in an error (`{uci!r}`): single
/// quotes unless the text holds one and no double quote.
pub fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}
