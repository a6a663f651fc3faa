//! python-chess's Gaviota tables (3 pieces, `data/gaviota` of its PyPI
//! sdist, downloaded into the target directory at test time, never
//! committed), and the positions the tests probe.

#![allow(dead_code)]

use std::path::PathBuf;

/// When to skip or fail without python-chess, and runs of it: shared with
/// the core's tests.
#[path = "../../../bitmoves/tests/common/python.rs"]
mod python;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use python::{imports_or_skip, required, run};

/// The tables python-chess ships.
pub const TABLES: [&str; 5] = ["kqk", "krk", "kbk", "knk", "kpk"];

/// The sdist's `data/gaviota`, downloading it on first use; `None` (with
/// a notice) when it cannot be had and the oracle is not required.
pub fn tables_dir(what: &str) -> Option<PathBuf> {
    python::sdist(what).map(|sdist| sdist.join("data/gaviota"))
}

/// The legal positions of a 3-piece table (`kqk`: white king and queen
/// against the king), both sides to move, as FEN; with `mirror`, the
/// colours swapped. All of them with `sample` `None`, else that many drawn
/// at random (with repeats).
pub fn positions(
    table: &str,
    mirror: bool,
    sample: Option<(usize, &mut dyn FnMut() -> u64)>,
) -> Vec<String> {
    let piece = table.chars().nth(1).expect("a 3-piece table");
    let (own, other) = if mirror { ('k', 'K') } else { ('K', 'k') };
    let piece = if mirror {
        piece
    } else {
        piece.to_ascii_uppercase()
    };
    let legal = |a: usize, b: usize, c: usize, white: bool| {
        if a == b || b == c || a == c {
            return None;
        }
        let mut board = [None; 64];
        board[a] = Some(own);
        board[b] = Some(piece);
        board[c] = Some(other);
        let fen = fen(&board, white, None);
        bitmoves::Board::from_fen(&fen).is_ok().then_some(fen)
    };
    let mut fens = Vec::new();
    match sample {
        Some((count, next)) => {
            while fens.len() < count {
                let n = next();
                let at = |shift: u32| ((n >> shift) & 63) as usize;
                fens.extend(legal(at(0), at(6), at(12), n >> 18 & 1 == 0));
            }
        }
        None => {
            for a in 0..64 {
                for b in 0..64 {
                    for c in 0..64 {
                        fens.extend(legal(a, b, c, true));
                        fens.extend(legal(a, b, c, false));
                    }
                }
            }
        }
    }
    fens
}

/// A FEN with `pieces` on `squares` (a1 = 0).
pub fn fen(board: &[Option<char>; 64], white: bool, en_passant: Option<usize>) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let ep = en_passant.map_or("-".to_owned(), |sq| {
        format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
    });
    format!("{text} {} - {ep} 0 1", if white { "w" } else { "b" })
}

/// The seeded random sources shared with the core's tests.
#[path = "../../../bitmoves/tests/common/random.rs"]
mod random;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use random::xorshift;
