//! The tables' names, and random placements of their pieces written as
//! FEN: what the Syzygy tests probe, and the Syzygy bench too (it includes
//! this file).

use bitmoves::Board;
use std::path::Path;

/// The names of the WDL tables in `dir` (`KRvKP` for `KRvKP.rtbw`), sorted.
pub fn table_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e} (give an absolute path)", dir.display()))
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".rtbw")
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

/// The pieces of a table name, white's in upper case: `KRvKP` -> `KRkp`.
pub fn letters(name: &str) -> Vec<char> {
    let (white, black) = name.split_once('v').expect("a table name");
    white
        .chars()
        .chain(black.chars().map(|c| c.to_ascii_lowercase()))
        .collect()
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

/// `pieces` on random squares (a1 = 0), one after another, pawns off the
/// first and last ranks.
pub fn place(pieces: &[char], next: &mut impl FnMut() -> u64) -> [Option<char>; 64] {
    let mut board = [None; 64];
    for &piece in pieces {
        let free: Vec<usize> = (0..64)
            .filter(|&sq| board[sq].is_none())
            .filter(|&sq| !piece.eq_ignore_ascii_case(&'p') || (8..56).contains(&sq))
            .collect();
        board[free[(next() % free.len() as u64) as usize]] = Some(piece);
    }
    board
}

/// A random legal position of the table, or `None` for a failed try.
pub fn random_position(
    pieces: &[char],
    white: bool,
    next: &mut impl FnMut() -> u64,
) -> Option<String> {
    let fen = fen(&place(pieces, next), white, None);
    Board::from_fen(&fen).ok().map(|_| fen)
}
