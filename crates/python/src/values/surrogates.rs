//! Lone surrogates in text arguments (a file read with
//! `errors="surrogateescape"` gives them): read into Rust text as
//! stand-in characters, and written back into an error's message as
//! python-chess's message shows them (`repr()`'s `\udcfc`).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

/// The stand-in of the lone surrogate `0xD800 + n` is `FIRST + n`: a
/// private-use character of plane 15, which FEN, SAN and UCI refuse as
/// they refuse any other.
const FIRST: u32 = 0xF_0000;
/// How many surrogates there are (U+D800 to U+DFFF).
const COUNT: u32 = 0x800;

/// Whether a text argument held lone surrogates, read as stand-ins
/// ([`read`]): then an error about it has its message written back
/// ([`Surrogates::restore`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Surrogates(pub bool);

/// The text of a `str` whose `to_cow` failed (it holds lone surrogates):
/// each lone surrogate as its stand-in; where the text also holds a
/// stand-in character of its own (which would then be read back as a
/// surrogate), each lone surrogate as U+FFFD and `Surrogates(false)`.
pub fn read(text: &Bound<'_, PyString>) -> PyResult<(String, Surrogates)> {
    let bytes = text.encode_utf8_surrogatepass()?;
    let mut out = String::with_capacity(bytes.len());
    // A lone surrogate is three bytes, ED then A0 to BF (UTF-8 has ED
    // only before 80 to 9F); the rest is UTF-8, as Python encoded it.
    let mut rest = bytes.as_slice();
    let mut surrogates = 0;
    while let Some(at) = rest
        .windows(2)
        .position(|pair| pair[0] == 0xED && pair[1] >= 0xA0)
    {
        out.push_str(&String::from_utf8_lossy(&rest[..at]));
        let surrogate = rest.get(at..at + 3).map_or(0, |three| {
            (u32::from(three[1] & 0x1F) << 6) | u32::from(three[2] & 0x3F)
        });
        out.push(char::from_u32(FIRST + surrogate).unwrap_or(char::REPLACEMENT_CHARACTER));
        surrogates += 1;
        rest = rest.get(at + 3..).unwrap_or_default();
    }
    out.push_str(&String::from_utf8_lossy(rest));
    // A stand-in of the text's own would be read back as a surrogate:
    // then every surrogate is read as U+FFFD, and none written back.
    let stand_ins = out.chars().filter(|&c| is_stand_in(c)).count();
    if stand_ins != surrogates {
        let lossy = out
            .chars()
            .map(|c| {
                if is_stand_in(c) {
                    char::REPLACEMENT_CHARACTER
                } else {
                    c
                }
            })
            .collect();
        return Ok((lossy, Surrogates(false)));
    }
    Ok((out, Surrogates(true)))
}

/// Whether `c` stands for a lone surrogate.
fn is_stand_in(c: char) -> bool {
    (FIRST..FIRST + COUNT).contains(&u32::from(c))
}

/// `str.encode("utf-8", "surrogatepass")`'s bytes.
trait SurrogatePass {
    fn encode_utf8_surrogatepass(&self) -> PyResult<Vec<u8>>;
}

impl SurrogatePass for Bound<'_, PyString> {
    fn encode_utf8_surrogatepass(&self) -> PyResult<Vec<u8>> {
        self.call_method1(
            pyo3::intern!(self.py(), "encode"),
            ("utf-8", "surrogatepass"),
        )?
        .extract()
    }
}

impl Surrogates {
    /// `result`, its error's message written back when the text held
    /// lone surrogates: each stand-in as `repr()` writes the surrogate
    /// (python-chess quotes every text it names in an error with `!r`).
    pub fn restore<T>(self, result: PyResult<T>) -> PyResult<T> {
        match result {
            Err(error) if self.0 => Err(Python::with_gil(|py| restore(py, error))),
            result => result,
        }
    }
}

impl Surrogates {
    /// `text` with each stand-in written back as the lone surrogate it
    /// stands for (text a method hands back, such as an EPD's operations).
    pub fn unmasked<'py>(text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
        let py = text.py();
        let chars = text.to_cow()?;
        if !chars.chars().any(is_stand_in) {
            return Ok(text.clone().into_any());
        }
        let mut bytes = Vec::with_capacity(chars.len());
        for c in chars.chars() {
            if is_stand_in(c) {
                let surrogate = 0xD800 + u32::from(c) - FIRST;
                bytes.extend([
                    0xE0 | (surrogate >> 12) as u8,
                    0x80 | ((surrogate >> 6) & 0x3F) as u8,
                    0x80 | (surrogate & 0x3F) as u8,
                ]);
            } else {
                bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        pyo3::types::PyBytes::new(py, &bytes)
            .call_method1(pyo3::intern!(py, "decode"), ("utf-8", "surrogatepass"))
    }
}

/// `error` with each stand-in in its message as `\udcfc`.
fn restore(py: Python<'_>, error: PyErr) -> PyErr {
    let value = error.value(py);
    let Ok(args) = value.getattr(pyo3::intern!(py, "args")) else {
        return error;
    };
    let Ok(args) = args.downcast_into::<PyTuple>() else {
        return error;
    };
    let message = match args.len() {
        1 => args.get_item(0).and_then(|m| m.extract::<String>()).ok(),
        _ => None,
    };
    let Some(message) = message.filter(|m| m.chars().any(is_stand_in)) else {
        return error;
    };
    let mut written = String::with_capacity(message.len());
    for c in message.chars() {
        if is_stand_in(c) {
            written.push_str(&format!("\\u{:04x}", 0xD800 + u32::from(c) - FIRST));
        } else {
            written.push(c);
        }
    }
    match PyTuple::new(py, [written]).and_then(|args| value.setattr("args", args)) {
        Ok(()) => error,
        Err(failed) => failed,
    }
}
