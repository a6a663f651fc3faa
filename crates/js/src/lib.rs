//! The engine of the npm package `bitmoves`: chess.js's `Chess` class on
//! the core's move generator, compiled to wasm with plain exports (no
//! wasm-bindgen). The JavaScript side (`crates/js/js/`) holds a game as a
//! pointer from [`bm_new`] and calls the `bm_*` functions; they write text
//! (SAN, FEN, `\n`-separated) into one output buffer and numbers (packed
//! moves, squares) into another, which JavaScript reads once per call.
//!
//! A packed move is [`JsMove::packed`]: from, to (a1 = 0 … h8 = 63),
//! piece, captured, promotion (1 pawn … 6 king, 0 none) and chess.js's
//! flag bits. A piece code is `kind + 1 | color << 3` (white 0, black 1).

pub mod game;
pub mod moves;
pub mod text;
pub mod zobrist;

use bitmoves::{Color, Piece, Square};
use game::Game;
use moves::{JsMove, bits};
use std::cell::RefCell;

/// The buffers shared with JavaScript.
#[derive(Default)]
struct Io {
    input: Vec<u8>,
    text: Vec<u8>,
    ints: Vec<i32>,
}

thread_local! {
    static IO: RefCell<Io> = RefCell::new(Io::default());
}

/// Makes room for `len` bytes of input and returns where to write them.
#[unsafe(no_mangle)]
pub extern "C" fn bm_in(len: usize) -> *mut u8 {
    IO.with_borrow_mut(|io| {
        io.input.clear();
        io.input.resize(len, 0);
        io.input.as_mut_ptr()
    })
}

/// Where the last text output starts.
#[unsafe(no_mangle)]
pub extern "C" fn bm_text() -> *const u8 {
    IO.with_borrow(|io| io.text.as_ptr())
}

/// Where the last number output starts.
#[unsafe(no_mangle)]
pub extern "C" fn bm_ints() -> *const i32 {
    IO.with_borrow(|io| io.ints.as_ptr())
}

/// The input as text (empty when it is not UTF-8).
fn input() -> String {
    IO.with_borrow(|io| String::from_utf8(io.input.clone()).unwrap_or_default())
}

/// The length of the last text output.
#[unsafe(no_mangle)]
pub extern "C" fn bm_text_len() -> usize {
    IO.with_borrow(|io| io.text.len())
}

/// Sets the outputs; returns the text's length.
fn output(text: &str, ints: &[i32]) -> usize {
    IO.with_borrow_mut(|io| {
        io.text.clear();
        io.text.extend_from_slice(text.as_bytes());
        io.ints.clear();
        io.ints.extend_from_slice(ints);
        io.text.len()
    })
}

/// A new game, empty (chess.js's `clear()`); free it with [`bm_free`].
#[unsafe(no_mangle)]
pub extern "C" fn bm_new() -> *mut Game {
    Box::into_raw(Box::default())
}

/// The game behind a pointer from [`bm_new`].
fn game<'a>(ptr: *mut Game) -> &'a mut Game {
    // SAFETY: the JavaScript class passes only pointers that `bm_new`
    // returned and that `bm_free` has not freed (it forgets the pointer
    // when it frees it), and wasm runs one call at a time.
    unsafe { &mut *ptr }
}

/// Frees a game from [`bm_new`].
#[unsafe(no_mangle)]
pub extern "C" fn bm_free(ptr: *mut Game) {
    if !ptr.is_null() {
        // SAFETY: as in `game`; the pointer is not used again.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// Loads the FEN in the input (already validated by the caller).
#[unsafe(no_mangle)]
pub extern "C" fn bm_load(ptr: *mut Game) {
    game(ptr).load(&input());
}

/// chess.js's `clear()`.
#[unsafe(no_mangle)]
pub extern "C" fn bm_clear(ptr: *mut Game) {
    game(ptr).clear();
}

/// Writes the FEN; returns its length.
#[unsafe(no_mangle)]
pub extern "C" fn bm_fen(ptr: *mut Game, force_ep: bool) -> usize {
    IO.with_borrow_mut(|io| {
        io.text.clear();
        game(ptr).write_fen(&mut io.text, force_ep);
        io.text.len()
    })
}

fn square_arg(square: i32) -> Option<Square> {
    usize::try_from(square).ok().and_then(Square::try_index)
}

fn piece_arg(piece: i32) -> Option<Piece> {
    usize::try_from(piece - 1).ok().and_then(Piece::try_index)
}

/// The legal moves (from `square` when ≥ 0, of piece code `piece` when
/// > 0) in chess.js's order: packed in the numbers, SAN in the text one a
/// line (disambiguated among the moves listed, as chess.js does); with
/// `verbose`, the text starts with the FEN and each SAN is followed by the
/// FEN after the move. Returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_moves(ptr: *mut Game, square: i32, piece: i32, verbose: bool) -> usize {
    let game = game(ptr);
    let from = square_arg(square);
    if square >= 0 && from.is_none() || piece > 0 && piece_arg(piece).is_none() {
        output("", &[]);
        return 0;
    }
    let list = game.legal(from, piece_arg(piece));
    IO.with_borrow_mut(|io| {
        let out = &mut io.text;
        out.clear();
        io.ints.clear();
        let Some(board) = &game.engine else { return };
        if verbose {
            game.write_fen(out, false);
            out.push(b'\n');
        }
        for mv in &list {
            text::write_san(out, board, mv, &list);
            out.push(b'\n');
            if verbose {
                game.write_fen_after(out, mv);
                out.push(b'\n');
            }
            io.ints.push(mv.packed());
        }
    });
    list.len()
}

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
fn stripped(san: &str) -> String {
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
pub extern "C" fn bm_move_san(ptr: *mut Game, quiet: bool) -> usize {
    let game = game(ptr);
    let clean = stripped(&input());
    let Some(board) = game.engine else { return 0 };
    // The fast path: the core reads the SAN; the match must still be exact.
    if let Ok(mv) = board.parse_san(&clean) {
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
}

/// Plays the `index`-th legal move of piece code `piece` (0: all) in
/// chess.js's order; 0 when there is none.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_index(ptr: *mut Game, piece: i32, index: usize) -> usize {
    let game = game(ptr);
    let list = game.legal(None, piece_arg(piece));
    list.get(index).map_or(0, |&mv| play(game, mv))
}

/// chess.js's `move({from, to, promotion})`: the first legal move from
/// `from` to `to` whose promotion is `promotion` (a piece code; 0 none)
/// when it promotes; 0 when there is none.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_squares(ptr: *mut Game, from: i32, to: i32, promotion: i32) -> usize {
    let game = game(ptr);
    let (Some(from), Some(to)) = (square_arg(from), square_arg(to)) else {
        return 0;
    };
    let found = game
        .legal(Some(from), None)
        .into_iter()
        .find(|mv| mv.to == to && mv.promotion.is_none_or(|p| piece_arg(promotion) == Some(p)));
    found.map_or(0, |mv| play(game, mv))
}

/// chess.js's null move: 0 (nothing played) when in check unless
/// `force` (chess.js's `loadPgn` does not check), else the text length as
/// for a move.
#[unsafe(no_mangle)]
pub extern "C" fn bm_null(ptr: *mut Game, force: bool) -> usize {
    let game = game(ptr);
    if game.is_check() && !force {
        return 0;
    }
    let before = game.fen(false);
    let turn = game.fields.turn;
    game.play_null();
    let text = format!("--\n{before}\n{}", game.fen(false));
    output(&text, &[null_packed(turn)])
}

/// chess.js's null move as a move: from and to a8, a king, the null flag
/// (the colour is read from the FEN before it).
fn null_packed(_color: Color) -> i32 {
    56 | 56 << 6 | 6 << 12 | i32::from(bits::NULL_MOVE) << 21
}

/// chess.js's `undo()`: 0 when there is nothing to undo, else the text
/// length of the undone move (SAN, FEN before, FEN after).
#[unsafe(no_mangle)]
pub extern "C" fn bm_undo(ptr: *mut Game) -> usize {
    let game = game(ptr);
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
}

/// The moves played: packed in the numbers, SAN one a line; with
/// `verbose`, each SAN is followed by the FEN before and after it.
/// Returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history(ptr: *mut Game, verbose: bool) -> usize {
    let game = game(ptr);
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
}

/// chess.js's hash as `pgn()`, `history()` and the comment pruning leave
/// it when the game has null moves (see [`Game::replay_nulls`]).
#[unsafe(no_mangle)]
pub extern "C" fn bm_replay_nulls(ptr: *mut Game) {
    game(ptr).replay_nulls();
}

/// The FEN of every position of the game, the first one first, one a line.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history_fens(ptr: *mut Game) -> usize {
    let game = game(ptr);
    let text: Vec<String> = (0..=game.history.len())
        .map(|i| game.position_at(i).fen(false))
        .collect();
    output(&text.join("\n"), &[])
}

/// The status bits: 1 check, 2 no legal move, 4 insufficient material
/// (chess.js's rule), 8 threefold repetition, 16 fifty moves.
#[unsafe(no_mangle)]
pub extern "C" fn bm_status(ptr: *mut Game) -> u32 {
    let game = game(ptr);
    let stuck = match &game.engine {
        Some(board) => !board.has_legal_moves(),
        None => true,
    };
    u32::from(game.is_check())
        | u32::from(stuck) << 1
        | u32::from(game.is_insufficient_material()) << 2
        | u32::from(game.repetitions() >= 3) << 3
        | u32::from(game.fields.half >= 100) << 4
}

/// Whether the side to move is in check (cheaper than [`bm_status`]).
#[unsafe(no_mangle)]
pub extern "C" fn bm_in_check(ptr: *mut Game) -> bool {
    game(ptr).is_check()
}

fn piece_code(placed: game::Placed) -> i32 {
    placed.map_or(0, |(color, kind)| {
        kind.index() as i32 + 1 | (color.index() as i32) << 3
    })
}

/// The 64 squares' piece codes, a1 first, in the numbers.
#[unsafe(no_mangle)]
pub extern "C" fn bm_board(ptr: *mut Game) {
    let codes: Vec<i32> = game(ptr).placement.iter().map(|&p| piece_code(p)).collect();
    output("", &codes);
}

/// The piece code on square `square` (0: empty).
#[unsafe(no_mangle)]
pub extern "C" fn bm_get(ptr: *mut Game, square: i32) -> i32 {
    square_arg(square).map_or(0, |sq| piece_code(game(ptr).placement[sq.index()]))
}

fn color_arg(color: i32) -> Color {
    if color == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// chess.js's `put`; false when refused.
#[unsafe(no_mangle)]
pub extern "C" fn bm_put(ptr: *mut Game, piece: i32, color: i32, square: i32) -> bool {
    match (piece_arg(piece), square_arg(square)) {
        (Some(kind), Some(sq)) => game(ptr).put(color_arg(color), kind, sq),
        _ => false,
    }
}

/// chess.js's `remove`: the piece code that was there.
#[unsafe(no_mangle)]
pub extern "C" fn bm_remove(ptr: *mut Game, square: i32) -> i32 {
    square_arg(square).map_or(0, |sq| piece_code(game(ptr).remove(sq)))
}

/// The squares of `color`'s pieces attacking `square`, in the numbers;
/// returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_attackers(ptr: *mut Game, square: i32, color: i32) -> usize {
    let Some(sq) = square_arg(square) else {
        output("", &[]);
        return 0;
    };
    let found: Vec<i32> = game(ptr)
        .attackers(sq, color_arg(color))
        .iter()
        .map(|s| s.index() as i32)
        .collect();
    output("", &found);
    found.len()
}

/// chess.js's `hash()`: the hash in hexadecimal, in the text.
#[unsafe(no_mangle)]
pub extern "C" fn bm_hash(ptr: *mut Game) -> usize {
    output(&format!("{:x}", game(ptr).hash), &[])
}

/// chess.js's `perft(depth)`: the leaves `depth` plies down (a depth below
/// 1 counts as 1, as chess.js's loop does).
#[unsafe(no_mangle)]
pub extern "C" fn bm_perft(ptr: *mut Game, depth: i32) -> f64 {
    match &game(ptr).engine {
        Some(board) => bitmoves::perft::perft(board, depth.max(1) as u32) as f64,
        None => 0.0,
    }
}

/// The side to move: 0 white, 1 black.
#[unsafe(no_mangle)]
pub extern "C" fn bm_turn(ptr: *mut Game) -> i32 {
    game(ptr).fields.turn.index() as i32
}

/// The fullmove number.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_number(ptr: *mut Game) -> u32 {
    game(ptr).fields.full
}

/// chess.js's castling flags of `color` (32 king's side, 64 queen's).
#[unsafe(no_mangle)]
pub extern "C" fn bm_castling(ptr: *mut Game, color: i32) -> i32 {
    i32::from(game(ptr).fields.castling[color_arg(color).index()])
}

/// chess.js's `setCastlingRights`: `king`/`queen` 1 set, 0 clear, -1 leave.
#[unsafe(no_mangle)]
pub extern "C" fn bm_set_castling(ptr: *mut Game, color: i32, king: i32, queen: i32) {
    let want = |v: i32| (v >= 0).then_some(v == 1);
    game(ptr).set_castling(color_arg(color), want(king), want(queen));
}

/// How many moves the game has.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history_len(ptr: *mut Game) -> usize {
    game(ptr).history.len()
}

#[cfg(test)]
mod tests;
