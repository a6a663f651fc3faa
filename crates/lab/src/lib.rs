//! The bitboard lab: the methods of the classic bitboard write-ups, step by
//! step, computed by `bitmoves` and `bitmoves-shift` compiled to wasm, for
//! the static page in `crates/lab/web/` (built by `cargo xtask lab`).
//!
//! The module exports three plain `extern "C"` functions and no more: the
//! page asks for a buffer with [`lab_input`], writes a request into it as
//! UTF-8, calls [`lab_run`], and reads the JSON answer of the returned
//! length at [`lab_output`]. [`respond`] is the same thing for Rust callers
//! and the tests. Requests, one line each:
//!
//! - `methods`: the list of methods, for the page's picker;
//! - `steps METHOD SQUARE CELLS`: the sections of one method for the lab
//!   board (see [`methods::Scene::from_cells`]);
//! - `position FEN`: pieces, legal moves (UCI and SAN), check and pins;
//! - `perft DEPTH FEN`: the node count.
//!
//! ```
//! let answer = bitmoves_lab::respond("perft 2 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(answer, r#"{"depth":2,"nodes":400}"#);
//! ```

#[cfg(target_arch = "wasm32")]
mod arena;
pub mod json;
pub mod methods;
pub mod position;

use bitmoves::{Board, Square};
use json::Json;
use std::sync::Mutex;

/// The wasm module's allocator: see `arena.rs`.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ARENA: arena::Arena = arena::Arena::new();

/// The request the page wrote, and the answer it reads.
static INPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());
static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

fn lock(buffer: &Mutex<Vec<u8>>) -> std::sync::MutexGuard<'_, Vec<u8>> {
    buffer
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes room for a request of `len` bytes and returns where to write it.
/// The last answer is freed first: with nothing left allocated, the wasm
/// module's arena starts over.
#[unsafe(no_mangle)]
pub extern "C" fn lab_input(len: usize) -> *mut u8 {
    *lock(&OUTPUT) = Vec::new();
    let mut input = lock(&INPUT);
    *input = vec![0; len];
    input.as_mut_ptr()
}

/// Answers the request in the input buffer; returns the answer's length.
#[unsafe(no_mangle)]
pub extern "C" fn lab_run() -> usize {
    let request = std::mem::take(&mut *lock(&INPUT));
    let answer = match std::str::from_utf8(&request) {
        Ok(request) => respond(request),
        Err(_) => error("the request is not UTF-8"),
    }
    .into_bytes();
    drop(request);
    let len = answer.len();
    *lock(&OUTPUT) = answer;
    len
}

/// Where the last answer starts.
#[unsafe(no_mangle)]
pub extern "C" fn lab_output() -> *const u8 {
    lock(&OUTPUT).as_ptr()
}

/// The JSON answer to one request; a bad request gets `{"error": "…"}`.
pub fn respond(request: &str) -> String {
    answer(request.trim()).unwrap_or_else(|message| error(&message))
}

/// `{"error": message}`.
fn error(message: &str) -> String {
    let mut json = Json::new();
    json.begin_object().field("error", message).end_object();
    json.finish()
}

fn answer(request: &str) -> Result<String, String> {
    let (verb, rest) = request.split_once(' ').unwrap_or((request, ""));
    let mut json = Json::new();
    match verb {
        "methods" => {
            json.begin_array();
            for method in methods::METHODS {
                json.begin_object()
                    .field("id", method.id)
                    .field("title", method.title)
                    .end_object();
            }
            json.end_array();
        }
        "steps" => {
            let mut words = rest.split_whitespace();
            let (Some(id), Some(square), Some(cells), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err("usage: steps METHOD SQUARE CELLS".into());
            };
            let method = methods::find(id).ok_or_else(|| format!("unknown method `{id}`"))?;
            let square: Square = square
                .parse()
                .map_err(|err| format!("bad square `{square}`: {err}"))?;
            let scene = methods::Scene::from_cells(square, cells)?;
            methods::write_sections(&mut json, square, &(method.build)(&scene));
        }
        "position" => position::describe(&mut json, &parse_fen(rest)?),
        "perft" => {
            let (depth, fen) = rest.split_once(' ').ok_or("usage: perft DEPTH FEN")?;
            let depth: u32 = depth
                .parse()
                .ok()
                .filter(|d| *d <= 6)
                .ok_or("perft depth must be 0 to 6")?;
            position::count(&mut json, &parse_fen(fen)?, depth);
        }
        _ => return Err(format!("unknown request `{verb}`")),
    }
    Ok(json.finish())
}

fn parse_fen(fen: &str) -> Result<Board, String> {
    Board::from_fen(fen.trim()).map_err(|err| format!("bad FEN: {err}"))
}

/// docs/lab.md's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/lab.md")]
pub struct LabGuideDoctests;

#[cfg(test)]
mod tests {
    use super::*;

    /// What the page does: a request written through `lab_input`, the
    /// answer read at `lab_output`.
    fn ask(request: &[u8]) -> String {
        let at = lab_input(request.len());
        // SAFETY: `lab_input` returned room for `request.len()` bytes, and
        // nothing else touches the input buffer until `lab_run`.
        unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), at, request.len()) };
        let len = lab_run();
        // SAFETY: `lab_output` points at the answer of `len` bytes, alive
        // until the next `lab_input`.
        let answer = unsafe { std::slice::from_raw_parts(lab_output(), len) };
        String::from_utf8(answer.to_vec()).expect("the answer is UTF-8")
    }

    #[test]
    fn the_exports_answer_requests_one_after_another() {
        assert_eq!(
            ask(b"perft 1 7k/8/8/8/8/8/8/K7 w - - 0 1"),
            r#"{"depth":1,"nodes":3}"#
        );
        assert_eq!(
            ask(b"perft 2 7k/8/8/8/8/8/8/K7 w - - 0 1"),
            r#"{"depth":2,"nodes":9}"#
        );
        assert_eq!(
            ask(b"perft \xff"),
            r#"{"error":"the request is not UTF-8"}"#
        );
    }
}
