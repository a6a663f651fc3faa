//! The exports that change the game by a move: SAN as chess.js reads it
//! (strict and permissive), squares, null moves, undo; and the history.
//! Each writes what chess.js's `Move` needs (SAN, FEN before and after)
//! into the shared text, the packed move into the numbers.

use crate::game::Game;
use crate::moves::{JsMove, bits};
use crate::{IO, input, output, piece_arg, square_arg, with};
use bitmoves::{Color, Piece};

/// Plays `mv` and writes what chess.js's `Move` needs: SAN, FEN before and
/// after in the text, the packed move in the numbers. With `quiet` (for
/// `loadPgn`) it writes nothing and returns 1.
fn play_as(game: &mut Game, mv: JsMove, san: String, quiet: bool) -> usize {
    if quiet {
        game.play(mv, san);
        return 1;
    }
    IO.with_borrow_mut(|io| {
        let out = &mut io.text;
        out.clear();
        out.extend_from_slice(san.as_bytes());
        out.push(b'\n');
        game.write_fen(out, false);
        out.push(b'\n');
        game.play(mv, san);
        game.write_fen(out, false);
        io.ints.clear();
        io.ints.push(mv.packed());
        out.len()
    })
}

/// Plays `mv` and writes what chess.js's `Move` needs: SAN, FEN before and
/// after in the text, the packed move in the numbers.
fn play(game: &mut Game, mv: JsMove) -> usize {
    let san = game.san(&mv);
    play_as(game, mv, san, false)
}

/// chess.js's SAN with its decorations stripped: the first `=`, then a
/// trailing `+`/`#` and any `?`/`!`.
pub(crate) fn stripped(san: &str) -> String {
    let san = san.replacen('=', "", 1);
    let trimmed = san.trim_end_matches(['?', '!']);
    let trimmed = trimmed.strip_suffix(['+', '#']).unwrap_or(trimmed);
    trimmed.to_owned()
}

/// chess.js's `inferPieceType`: the piece a SAN names (`None`: any).
fn inferred_piece(clean: &str) -> Option<Option<Piece>> {
    let first = clean.chars().next()?;
    if ('a'..='h').contains(&first) {
        let squares = clean
            .char_indices()
            .filter(|&(i, c)| {
                ('a'..='h').contains(&c) && clean[i + 1..].starts_with(|d: char| d.is_ascii_digit())
            })
            .count();
        return Some(if squares >= 2 {
            None
        } else {
            Some(Piece::Pawn)
        });
    }
    let lower = first.to_ascii_lowercase();
    if lower == 'o' {
        return Some(Some(Piece::King));
    }
    "pnbrqk".find(lower).map(|i| Some(Piece::from_index(i)))
}

/// Plays the move whose SAN, stripped as chess.js strips it, is the input
/// stripped (chess.js's strict match); returns the text length, or 0 when
/// no move matches (the caller then tries chess.js's permissive forms).
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_san(handle: u32, quiet: bool) -> usize {
    with(handle, |game| {
        let clean = stripped(&input());
        let Some(board) = game.engine else { return 0 };
        // The fast path: the core reads the SAN; the match must still be exact.
        if let Some(Ok(mv)) = board.fast().map(|b| b.parse_san(&clean)) {
            let js = JsMove::new(&board, mv);
            let san = game.san(&js);
            if stripped(&san) == clean
                && inferred_piece(&clean).is_some_and(|p| p.is_none_or(|p| p == js.piece))
            {
                return play_as(game, js, san, quiet);
            }
        }
        let Some(piece) = inferred_piece(&clean) else {
            return 0;
        };
        let found = game.legal(None, piece).into_iter().find_map(|mv| {
            let san = game.san(&mv);
            (stripped(&san) == clean).then_some((mv, san))
        });
        found.map_or(0, |(mv, san)| play_as(game, mv, san, quiet))
    })
}

/// Plays the `index`-th legal move of piece code `piece` (0: all) in
/// chess.js's order; 0 when there is none.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_index(handle: u32, piece: i32, index: usize) -> usize {
    with(handle, |game| {
        let list = game.legal(None, piece_arg(piece));
        list.get(index).map_or(0, |&mv| play(game, mv))
    })
}

/// chess.js's `move({from, to, promotion})`: the first legal move from
/// `from` to `to` whose promotion is `promotion` (a piece code; 0 none)
/// when it promotes; 0 when there is none.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_squares(handle: u32, from: i32, to: i32, promotion: i32) -> usize {
    with(handle, |game| {
        let (Some(from), Some(to)) = (square_arg(from), square_arg(to)) else {
            return 0;
        };
        let found = game
            .legal(Some(from), None)
            .into_iter()
            .find(|mv| mv.to == to && mv.promotion.is_none_or(|p| piece_arg(promotion) == Some(p)));
        found.map_or(0, |mv| play(game, mv))
    })
}

/// chess.js's null move: 0 (nothing played) when in check unless
/// `force` (chess.js's `loadPgn` does not check), else the text length as
/// for a move.
#[unsafe(no_mangle)]
pub extern "C" fn bm_null(handle: u32, force: bool) -> usize {
    with(handle, |game| {
        if game.is_check() && !force {
            return 0;
        }
        let before = game.fen(false);
        let turn = game.fields.turn;
        game.play_null();
        let text = format!("--\n{before}\n{}", game.fen(false));
        output(&text, &[null_packed(turn)])
    })
}

/// chess.js's null move as a move: from and to a8, a king, the null flag
/// (the colour is read from the FEN before it).
fn null_packed(_color: Color) -> i32 {
    56 | 56 << 6 | 6 << 12 | i32::from(bits::NULL_MOVE) << 21
}

/// chess.js's `undo()`: 0 when there is nothing to undo, else the text
/// length of the undone move (SAN, FEN before, FEN after).
#[unsafe(no_mangle)]
pub extern "C" fn bm_undo(handle: u32) -> usize {
    with(handle, |game| {
        let mut after = Vec::with_capacity(90);
        game.write_fen(&mut after, false);
        let Some(entry) = game.undo() else { return 0 };
        IO.with_borrow_mut(|io| {
            let out = &mut io.text;
            out.clear();
            out.extend_from_slice(entry.san.as_bytes());
            out.push(b'\n');
            game.write_fen(out, false);
            out.push(b'\n');
            out.extend_from_slice(&after);
            io.ints.clear();
            io.ints.push(
                entry
                    .mv
                    .map_or_else(|| null_packed(entry.fields.turn), |mv| mv.packed()),
            );
            out.len()
        })
    })
}

/// The moves played: packed in the numbers, SAN one a line; with
/// `verbose`, each SAN is followed by the FEN before and after it.
/// Returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history(handle: u32, verbose: bool) -> usize {
    with(handle, |game| {
        let mut text = String::new();
        let mut ints = Vec::with_capacity(game.history.len());
        let n = game.history.len();
        let mut before = if verbose {
            game.position_at(0).fen(false)
        } else {
            String::new()
        };
        for (i, entry) in game.history.iter().enumerate() {
            ints.push(
                entry
                    .mv
                    .map_or_else(|| null_packed(entry.fields.turn), |mv| mv.packed()),
            );
            text.push_str(&entry.san);
            text.push('\n');
            if verbose {
                let after = game.position_at(i + 1).fen(false);
                text.push_str(&before);
                text.push('\n');
                text.push_str(&after);
                text.push('\n');
                before = after;
            }
        }
        output(&text, &ints);
        n
    })
}

/// chess.js's hash as `pgn()`, `history()` and the comment pruning leave
/// it when the game has null moves (see [`Game::replay_nulls`]).
#[unsafe(no_mangle)]
pub extern "C" fn bm_replay_nulls(handle: u32) {
    with(handle, |game| {
        game.replay_nulls();
    })
}

/// The FEN of every position of the game, the first one first, one a line.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history_fens(handle: u32) -> usize {
    with(handle, |game| {
        let text: Vec<String> = (0..=game.history.len())
            .map(|i| game.position_at(i).fen(false))
            .collect();
        output(&text.join("\n"), &[])
    })
}
