//! The engine of the npm package `bitmoves`: chess.js's `Chess` class on
//! the core's move generator, compiled to wasm with plain exports (no
//! wasm-bindgen). The JavaScript side (`crates/js/js/`) holds a game as a
//! pointer from [`bm_new`] and calls the `bm_*` functions; they write text
//! (SAN, FEN, `\n`-separated) into one output buffer and numbers (packed
//! moves, squares) into another, which JavaScript reads once per call.
//!
//! A packed move is [`moves::JsMove::packed`]: from, to (a1 = 0 … h8 = 63),
//! piece, captured, promotion (1 pawn … 6 king, 0 none) and chess.js's
//! flag bits. A piece code is `kind + 1 | color << 3` (white 0, black 1).
//!
//! | file | what it holds |
//! |---|---|
//! | `lib.rs` | the exports and the buffers shared with JavaScript |
//! | `game.rs` | [`Game`]: chess.js's state on an engine, its hash and repetitions |
//! | `setup.rs` | `load`: a game set up from a FEN, its engine built |
//! | `history.rs` | playing and taking back moves (and null moves) as chess.js does |
//! | `engine.rs` | [`engine::Engine`]: the core's `Board`, or its loose engine for the positions `Board` refuses |
//! | `edit.rs` | `put`, `remove`, castling rights, attackers, check, insufficient material |
//! | `fen.rs` | chess.js's FEN of a game, and its exports: text, or numbers for JavaScript to join |
//! | `fields.rs` | chess.js's side to move, castling flags, en passant square and clocks |
//! | `play.rs` | the exports that play and undo moves (SAN, squares, null moves) and list the history |
//! | `placement.rs` | [`placement::Placement`]: the pieces, and each rank's number for `fen()` |
//! | `moves.rs` | [`moves::JsMove`]: a move as chess.js describes it, and chess.js's move order |
//! | `text.rs` | FEN and SAN as chess.js writes them |
//! | `zobrist.rs` | chess.js's Zobrist keys, for `hash()` and repetitions |

pub mod edit;
pub mod engine;
pub mod fen;
pub mod fields;
pub mod game;
pub mod history;
pub mod moves;
pub mod placement;
pub mod play;
pub mod setup;
pub mod text;
pub mod zobrist;

use bitmoves::{Color, Piece, Square};
use game::Game;
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
pub(crate) fn input() -> String {
    IO.with_borrow(|io| String::from_utf8(io.input.clone()).unwrap_or_default())
}

/// The length of the last text output.
#[unsafe(no_mangle)]
pub extern "C" fn bm_text_len() -> usize {
    IO.with_borrow(|io| io.text.len())
}

/// Sets the outputs; returns the text's length.
pub(crate) fn output(text: &str, ints: &[i32]) -> usize {
    IO.with_borrow_mut(|io| {
        io.text.clear();
        io.text.extend_from_slice(text.as_bytes());
        io.ints.clear();
        io.ints.extend_from_slice(ints);
        io.text.len()
    })
}

thread_local! {
    /// The games JavaScript holds, by handle (a slot, reused once freed).
    static GAMES: RefCell<Vec<Option<Game>>> = const { RefCell::new(Vec::new()) };
}

/// A new game, empty (chess.js's `clear()`): its handle. Free it with
/// [`bm_free`].
#[unsafe(no_mangle)]
pub extern "C" fn bm_new() -> u32 {
    GAMES.with_borrow_mut(|games| {
        let slot = games
            .iter()
            .position(Option::is_none)
            .unwrap_or(games.len());
        if slot == games.len() {
            games.push(None);
        }
        games[slot] = Some(Game::default());
        slot as u32
    })
}

/// Frees the game of `handle`; a stale handle does nothing.
#[unsafe(no_mangle)]
pub extern "C" fn bm_free(handle: u32) {
    GAMES.with_borrow_mut(|games| {
        if let Some(slot) = games.get_mut(handle as usize) {
            *slot = None;
        }
    });
}

/// Runs `f` on the game of `handle`; a stale handle answers the default
/// (0, false, nothing).
pub(crate) fn with<R: Default>(handle: u32, f: impl FnOnce(&mut Game) -> R) -> R {
    GAMES.with_borrow_mut(|games| {
        games
            .get_mut(handle as usize)
            .and_then(Option::as_mut)
            .map_or_else(R::default, f)
    })
}

/// Loads the FEN in the input (already validated by the caller).
#[unsafe(no_mangle)]
pub extern "C" fn bm_load(handle: u32) {
    with(handle, |game| {
        game.load(&input());
    })
}

/// Sets Chess960 mode (castling king-takes-rook, X-FEN castling field)
/// for the loads that follow.
#[unsafe(no_mangle)]
pub extern "C" fn bm_set_chess960(handle: u32, on: bool) {
    with(handle, |game| game.chess960 = on);
}

/// Whether the game's position is one the engine plays (a Chess960 FEN
/// must be).
#[unsafe(no_mangle)]
pub extern "C" fn bm_playable(handle: u32) -> bool {
    with(handle, |game| {
        game.engine.as_ref().is_some_and(|e| e.fast().is_some())
    })
}

/// chess.js's `clear()`.
#[unsafe(no_mangle)]
pub extern "C" fn bm_clear(handle: u32) {
    with(handle, |game| {
        game.clear();
    })
}

pub(crate) fn square_arg(square: i32) -> Option<Square> {
    usize::try_from(square).ok().and_then(Square::try_index)
}

pub(crate) fn piece_arg(piece: i32) -> Option<Piece> {
    usize::try_from(piece - 1).ok().and_then(Piece::try_index)
}

/// The legal moves (from `square` when ≥ 0, of piece code `piece` when
/// positive) in chess.js's order: packed in the numbers, SAN in the text one a
/// line (disambiguated among the moves listed, as chess.js does); with
/// `verbose`, the text starts with the FEN and each SAN is followed by the
/// FEN after the move. Returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_moves(handle: u32, square: i32, piece: i32, verbose: bool) -> usize {
    with(handle, |game| {
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
    })
}

/// The status bits: 1 check, 2 no legal move, 4 insufficient material
/// (chess.js's rule), 8 threefold repetition, 16 fifty moves.
#[unsafe(no_mangle)]
pub extern "C" fn bm_status(handle: u32) -> u32 {
    with(handle, |game| {
        let stuck = match &game.engine {
            Some(board) => !board.has_legal_moves(),
            None => true,
        };
        u32::from(game.is_check())
            | u32::from(stuck) << 1
            | u32::from(game.is_insufficient_material()) << 2
            | u32::from(game.repetitions() >= 3) << 3
            | u32::from(game.fields.half >= 100) << 4
    })
}

/// Whether the side to move is in check (cheaper than [`bm_status`]).
#[unsafe(no_mangle)]
pub extern "C" fn bm_in_check(handle: u32) -> bool {
    with(handle, |game| game.is_check())
}

fn piece_code(placed: game::Placed) -> i32 {
    placed.map_or(0, |(color, kind)| {
        (kind.index() as i32 + 1) | ((color.index() as i32) << 3)
    })
}

/// The 64 squares' piece codes, a1 first, in the numbers.
#[unsafe(no_mangle)]
pub extern "C" fn bm_board(handle: u32) {
    with(handle, |game| {
        let codes: Vec<i32> = game
            .placement
            .squares()
            .iter()
            .map(|&p| piece_code(p))
            .collect();
        output("", &codes);
    })
}

/// The piece code on square `square` (0: empty).
#[unsafe(no_mangle)]
pub extern "C" fn bm_get(handle: u32, square: i32) -> i32 {
    with(handle, |game| {
        square_arg(square).map_or(0, |sq| piece_code(game.placement[sq.index()]))
    })
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
pub extern "C" fn bm_put(handle: u32, piece: i32, color: i32, square: i32) -> bool {
    with(handle, |game| {
        match (piece_arg(piece), square_arg(square)) {
            (Some(kind), Some(sq)) => game.put(color_arg(color), kind, sq),
            _ => false,
        }
    })
}

/// chess.js's `remove`: the piece code that was there.
#[unsafe(no_mangle)]
pub extern "C" fn bm_remove(handle: u32, square: i32) -> i32 {
    with(handle, |game| {
        square_arg(square).map_or(0, |sq| piece_code(game.remove(sq)))
    })
}

/// The squares of `color`'s pieces attacking `square`, in the numbers;
/// returns the count.
#[unsafe(no_mangle)]
pub extern "C" fn bm_attackers(handle: u32, square: i32, color: i32) -> usize {
    with(handle, |game| {
        let Some(sq) = square_arg(square) else {
            output("", &[]);
            return 0;
        };
        let found: Vec<i32> = game
            .attackers(sq, color_arg(color))
            .iter()
            .map(|s| s.index() as i32)
            .collect();
        output("", &found);
        found.len()
    })
}

/// chess.js's `hash()`: the hash in hexadecimal, in the text.
#[unsafe(no_mangle)]
pub extern "C" fn bm_hash(handle: u32) -> usize {
    with(handle, |game| output(&format!("{:x}", game.hash), &[]))
}

/// chess.js's `perft(depth)`: the leaves `depth` plies down (a depth below
/// 1 counts as 1, as chess.js's loop does).
#[unsafe(no_mangle)]
pub extern "C" fn bm_perft(handle: u32, depth: i32) -> f64 {
    with(handle, |game| match &game.engine {
        Some(engine) => engine.perft(depth.max(1) as u32) as f64,
        None => 0.0,
    })
}

/// The side to move: 0 white, 1 black.
#[unsafe(no_mangle)]
pub extern "C" fn bm_turn(handle: u32) -> i32 {
    with(handle, |game| game.fields.turn.index() as i32)
}

/// The fullmove number.
#[unsafe(no_mangle)]
pub extern "C" fn bm_move_number(handle: u32) -> u32 {
    with(handle, |game| game.fields.full)
}

/// chess.js's castling flags of `color` (32 king's side, 64 queen's).
#[unsafe(no_mangle)]
pub extern "C" fn bm_castling(handle: u32, color: i32) -> i32 {
    with(handle, |game| {
        i32::from(game.fields.castling[color_arg(color).index()])
    })
}

/// chess.js's `setCastlingRights`: `king`/`queen` 1 set, 0 clear, -1 leave.
#[unsafe(no_mangle)]
pub extern "C" fn bm_set_castling(handle: u32, color: i32, king: i32, queen: i32) {
    with(handle, |game| {
        let want = |v: i32| (v >= 0).then_some(v == 1);
        game.set_castling(color_arg(color), want(king), want(queen));
    })
}

/// How many moves the game has.
#[unsafe(no_mangle)]
pub extern "C" fn bm_history_len(handle: u32) -> usize {
    with(handle, |game| game.history.len())
}

#[cfg(test)]
mod tests;
