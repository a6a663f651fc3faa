//! Chess notation beyond UCI (which stays with [`Move`](crate::Move)):
//! Standard Algebraic Notation, written and read against a board.
//!
//! | file | what it holds |
//! |---|---|
//! | `notation/san.rs` | [`San`], the written move, and [`Board::san`](crate::Board::san) |
//! | `notation/parse.rs` | [`Board::parse_san`](crate::Board::parse_san) and [`SanError`] |
//! | `notation/prefix.rs` | [`Board::play_san_prefix`](crate::Board::play_san_prefix), the common shapes at a text's start |
//! | `notation/read.rs` | [`Board::read_move`](crate::Board::read_move), UCI or SAN, and [`ReadMoveError`] |
//!
//! Both work in `core` alone: a [`San`] is a small fixed buffer, and the
//! errors name squares as a [`Bitboard`](crate::Bitboard), so nothing is
//! allocated.

mod parse;
mod prefix;
mod read;
mod san;

pub use parse::SanError;
pub use read::ReadMoveError;
pub use san::San;

/// Random games for the notation's laws: from each FEN, `games` games of at
/// most `plies` plies, each move picked by a xorshift from `seed`;
/// `visit` sees every position before its move is played.
#[cfg(test)]
fn random_walks(
    fens: &[&str],
    games: usize,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(&crate::Board),
) {
    let mut state = seed;
    for fen in fens {
        for _ in 0..games {
            let mut board = crate::Board::from_fen(fen).expect("valid");
            for _ in 0..plies {
                visit(&board);
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                board.play_unchecked(moves[(state % moves.len() as u64) as usize]);
            }
        }
    }
}
