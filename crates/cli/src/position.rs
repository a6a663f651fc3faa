//! POSITION arguments: `startpos`, a named position or a FEN, then the
//! moves played from it (`--moves`).

use crate::error::{CliError, shorten};
use bitmoves::{Board, FenError, FenOptions, PositionError};
use clap::Args;
use std::io::Write;

/// The named positions, in the order `bitmoves positions` lists them. The
/// `pos*` names are the Chess Programming Wiki's perft positions.
pub static POSITIONS: phf::OrderedMap<&'static str, &'static str> = phf::phf_ordered_map! {
    // The standard starting position.
    "startpos" => Board::STARTPOS_FEN,
    // CPW position 2: castling, pins, en passant, promotions.
    "kiwipete" => "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // CPW position 3: rook endgame with en passant pins.
    "pos3" => "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // CPW position 4: promotions and checks.
    "pos4" => "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // CPW position 4 with the colours swapped: the same counts.
    "pos4-mirrored" => "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    // CPW position 5: promotion with capture, and castling.
    "pos5" => "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // CPW position 6: a quiet middlegame.
    "pos6" => "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant that would expose the king along the rank.
    "tricky-ep" => "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    // 218 legal moves, the most known in one position.
    "max-moves" => "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    // Kings and rooks only: every castling right.
    "castling" => "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    // A Chess960 position, its castling in Shredder-FEN letters.
    "chess960" => "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

/// The options that turn a POSITION argument into a board.
#[derive(Args, Debug, Clone, Default)]
pub struct SetupArgs {
    /// Moves to play first, in UCI (e2e4, e7e8q, e1g1) or SAN (e4, Nf3,
    /// O-O, exd8=Q), mixed as you like, as separate words or one quoted
    /// list. It takes every word up to the next option, so put it last, or
    /// before another option
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
    /// Read the position in Chess960 mode: castling moves are written
    /// king-takes-rook (e1h1)
    #[arg(long)]
    pub chess960: bool,
    /// Accept checks that no game can reach (more than two checkers, or
    /// two that cannot arise together); move generation stays correct
    #[arg(long)]
    pub lenient: bool,
}

impl SetupArgs {
    /// The board for `position` with the `--moves` played.
    pub fn board(&self, position: &str) -> Result<Board, CliError> {
        let mut board = load(position, self.chess960, self.lenient)?;
        let moves = self.moves.iter().flat_map(|text| text.split_whitespace());
        play_moves(&mut board, "--moves", moves)?;
        Ok(board)
    }
}

/// The FEN for a POSITION argument: a FEN is taken as it is, anything
/// without `/` or spaces is looked up in [`POSITIONS`].
pub fn resolve(position: &str) -> Result<&str, CliError> {
    if position.contains(['/', ' ']) {
        return Ok(position);
    }
    POSITIONS
        .get(position)
        .or_else(|| POSITIONS.get(position.to_ascii_lowercase().as_str()))
        .copied()
        .ok_or_else(|| {
            CliError::input(format!(
                "unknown position name \"{}\": run `bitmoves positions` for the names, \
                 or give a FEN as one quoted argument",
                shorten(position)
            ))
        })
}

/// What to tell someone whose FEN the shell split into several
/// arguments.
pub const QUOTE_FEN_HINT: &str = "a FEN is one argument: put it in quotes, \
     like \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"";

/// The hint for a required argument missing after `--moves`: the list
/// takes every word after it, the position and depth included.
pub const MOVES_TAKE_ALL_HINT: &str = "--moves takes every word after it as a move, \
     so put it after the other arguments (perft startpos 3 --moves e4 e5)";

/// What to tell someone who gave a variant's FEN without `--variant`.
pub const VARIANT_FEN_HINT: &str = "it looks like a variant's FEN (a pocket, `~` or check counts): \
     give --variant NAME (crazyhouse, 3check, …)";

/// Whether a FEN has what only variants' FENs have: a Crazyhouse pocket
/// (`[...]` or a ninth row), `~` after a promoted piece, or Three-check's
/// check counts (`3+3`, `+0+0`).
fn looks_like_variant(fen: &str) -> bool {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or_default();
    placement.contains(['[', '~'])
        || placement.matches('/').count() == 8
        || fields.any(|field| field.contains('+'))
}

/// Whether the command line looks like an unquoted FEN: a board field
/// (with `/`, without spaces) followed by a separate `w` or `b`.
pub fn looks_split(args: &[String]) -> bool {
    args.windows(2).any(|pair| {
        let (board, side) = (&pair[0], &pair[1]);
        board.contains('/')
            && !board.starts_with('-')
            && !board.contains(char::is_whitespace)
            && matches!(side.as_str(), "w" | "b")
    })
}

/// A Chess960 start by number, `960:N` (Chess960 start N, 0 to 959, 518
/// being the standard position) or `960:W:B` (Double Fischer Random:
/// White's back rank from start W, Black's from start B); `None` when
/// `position` does not start with `960:`.
fn chess960_start(position: &str) -> Option<Result<Board, CliError>> {
    let numbers = position.strip_prefix("960:")?;
    let invalid = || {
        CliError::input(format!(
            "invalid Chess960 start \"{}\": expected 960:N or 960:W:B with numbers from 0 to 959",
            shorten(position)
        ))
    };
    let parsed: Result<Vec<u16>, _> = numbers.split(':').map(str::parse::<u16>).collect();
    let board = match parsed.as_deref() {
        Ok([n]) => Board::chess960_start(*n),
        Ok([white, black]) => Board::double_chess960_start(*white, *black),
        _ => return Some(Err(invalid())),
    };
    Some(board.map_err(|error| CliError::input(format!("{error} (in \"{}\")", shorten(position)))))
}

/// Reads a POSITION argument. Impossible checks are refused unless
/// `lenient`; the error then says that `--lenient` would accept them. A
/// board field given alone (the rest of the FEN lost to the shell) gets
/// the hint to quote the FEN. `960:N` and `960:W:B` are Chess960 starts.
pub fn load(position: &str, chess960: bool, lenient: bool) -> Result<Board, CliError> {
    if let Some(board) = chess960_start(position) {
        return board;
    }
    let fen = resolve(position)?;
    let options = FenOptions { lenient, chess960 };
    Board::from_fen_with(fen, options).map_err(|error| {
        let hint = match error {
            FenError::InvalidPosition(
                PositionError::ImpossibleCheck | PositionError::TooManyCheckers { .. },
            ) => " (pass --lenient to accept it)".to_owned(),
            _ if looks_like_variant(fen) => format!("; {VARIANT_FEN_HINT}"),
            _ if !fen.trim().contains(char::is_whitespace) => format!("; {QUOTE_FEN_HINT}"),
            _ => String::new(),
        };
        CliError::input(format!("{error}{hint}"))
    })
}

/// Plays moves in order, each in UCI or in SAN. An error names the move
/// and its 1-based index, with `label` saying where the moves came from.
pub fn play_moves<'a>(
    board: &mut Board,
    label: &str,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(), CliError> {
    for (index, text) in moves.into_iter().enumerate() {
        let mv = board.read_move(text).map_err(|error| {
            CliError::input(format!(
                "{label} entry {} \"{}\": {error}",
                index + 1,
                shorten(text)
            ))
        })?;
        board.play_unchecked(mv);
    }
    Ok(())
}

/// `bitmoves positions`: every name with its FEN, aligned.
pub fn list(out: &mut dyn Write) -> Result<(), CliError> {
    let width = POSITIONS.keys().map(|name| name.len()).max().unwrap_or(0);
    for (name, fen) in POSITIONS.entries() {
        writeln!(out, "{name:<width$}  {fen}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_position_is_a_legal_board() {
        for (name, fen) in POSITIONS.entries() {
            let board = Board::from_fen(fen);
            assert!(board.is_ok(), "{name}: {board:?}");
        }
    }

    #[test]
    fn chess960_starts_by_number() {
        let start = load("960:518", false, false).unwrap();
        assert_eq!(
            start.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let double = load("960:0:959", false, false).unwrap();
        assert_eq!(
            double.to_string(),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        for bad in ["960:960", "960:", "960:x", "960:1:2:3", "960:-1", "960:1:"] {
            assert!(load(bad, false, false).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_may_be_uci_or_san() {
        let mut board = Board::default();
        play_moves(&mut board, "--moves", ["e4", "e7e5", "Nf3", "Nc6", "Bb5"]).unwrap();
        assert_eq!(
            board.to_string(),
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
        );
        let error = play_moves(&mut Board::default(), "--moves", ["e4", "Ke2"]);
        assert!(error.is_err());
    }

    #[test]
    fn fens_pass_through_and_names_are_looked_up() {
        assert_eq!(
            resolve("8/8/8/8/8/8/8/K6k w - -").ok(),
            Some("8/8/8/8/8/8/8/K6k w - -")
        );
        assert_eq!(resolve("KiwiPete").ok(), Some(POSITIONS["kiwipete"]));
        assert!(resolve("nowhere").is_err());
    }

    #[test]
    fn a_board_field_followed_by_a_side_is_a_split_fen() {
        let args = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
        assert!(looks_split(&args("perft 8/8/8/8/8/8/8/K6k w - - 0 1 3")));
        assert!(looks_split(&args("moves 8/8/8/8/8/8/8/K6k b")));
        assert!(!looks_split(&args("perft startpos 3")));
        assert!(!looks_split(&args("perft 8/8/8/8/8/8/8/K6k 3")));
        assert!(!looks_split(&args("mask b")));
    }
}
