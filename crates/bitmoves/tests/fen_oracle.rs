//! python-chess 1.11.2 as the oracle for the FEN castling field: the X-FEN
//! and Shredder-FEN written on Chess960 positions, and the mode read from
//! Shredder letters.
//!
//! When python-chess is missing the test says so and passes, unless
//! `BITMOVES_REQUIRE_ORACLE=1` is set, as CI sets it.

mod common;

use bitmoves::{Board, FenOptions};

/// Reads lines `MODE\tFEN` on stdin and prints, per line, python-chess's
/// FEN (en passant written as bitmoves writes it: when a pawn stands
/// ready to take, `xfen`) and whether the board is in Chess960 mode.
/// `960`: `Board(fen, chess960=True)`. `pgn`: a standard board that turns
/// Chess960 where its castling rights need it, as `chess.pgn` reads a
/// `FEN` tag without a `Variant` tag.
const ORACLE: &str = r#"
import sys, chess
for line in sys.stdin:
    mode, fen = line.rstrip("\n").split("\t")
    board = chess.Board(fen, chess960=(mode == "960"))
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    shredder = board.shredder_fen(en_passant='xfen')
    print(f"{board.fen(en_passant='xfen')}\t{int(board.chess960)}\t{shredder}")
"#;

/// python-chess's answers, one per `(mode, fen)` case: its FEN, whether
/// it is in Chess960 mode, its Shredder-FEN.
fn ask(cases: &[(&str, String)]) -> Vec<(String, bool, String)> {
    let mut input = String::new();
    for (mode, fen) in cases {
        input.push_str(&format!("{mode}\t{fen}\n"));
    }
    let text = common::python::run(&["-c", ORACLE], input);
    let answers: Vec<(String, bool, String)> = text
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{line}");
            (fields[0].to_owned(), fields[1] == "1", fields[2].to_owned())
        })
        .collect();
    assert_eq!(answers.len(), cases.len());
    answers
}

/// Every Chess960 start, and each after a few random moves (three
/// playouts of up to 12 plies per start).
fn chess960_positions() -> Vec<Board> {
    let mut random = common::Random::new(0x7866_656e);
    let mut boards = Vec::new();
    for n in 0..Board::CHESS960_POSITIONS {
        let start = Board::chess960_start(n).expect("in range");
        boards.push(start);
        for _ in 0..3 {
            let plies = random.below(13);
            boards.push(random.playout(start, plies));
        }
    }
    boards
}

/// On Chess960 positions (all 960 starts, and a few moves into each),
/// the FEN written is python-chess's `Board(fen, chess960=True).fen()`:
/// X-FEN with a file letter only where `K`/`Q` would be ambiguous; and
/// `shredder_fen` is its `shredder_fen()`.
#[test]
fn chess960_fen_is_python_chess_xfen() {
    if !common::python_chess_or_skip("FEN oracle") {
        return;
    }
    let mut boards = chess960_positions();
    // Inner rooks beside outer ones: file letters where `K`/`Q` would name
    // the outer rook.
    for fen in [
        "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1",
        "rr2k1rr/8/8/8/8/8/8/RR2K1RR w HBha - 0 1",
        "1r1rk3/8/8/8/8/8/8/RRK4R w HBb - 0 1",
        "4k3/8/8/8/8/8/8/RR2K1RR w G - 0 1",
    ] {
        boards.push(common::board960(fen));
    }
    let cases: Vec<(&str, String)> = boards.iter().map(|b| ("960", b.to_string())).collect();
    let letters = cases
        .iter()
        .filter(|(_, fen)| {
            fen.split(' ')
                .nth(2)
                .is_some_and(|c| c.contains(|l: char| !"KQkq-".contains(l)))
        })
        .count();
    assert!(letters >= 4, "{letters} FENs with file letters");
    let mut failures = Vec::new();
    for ((board, (_, ours)), (theirs, _, their_shredder)) in
        boards.iter().zip(&cases).zip(ask(&cases))
    {
        if *ours != theirs {
            failures.push(format!("ours {ours}, python-chess {theirs}"));
        }
        let shredder = board.shredder_fen().to_string();
        if shredder != their_shredder {
            failures.push(format!(
                "Shredder: ours {shredder}, python-chess {their_shredder}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// FENs with Shredder castling letters, read without a Chess960 request
/// (as a PGN `FEN` tag without a `Variant` tag): standard positions stay
/// standard (`HAha` with the kings on e1 and e8), Chess960 ones turn
/// Chess960, and the FEN written back is python-chess's, on the same
/// positions from standard games and from Chess960 games.
#[test]
fn shredder_letters_read_as_python_chess_reads_them() {
    if !common::python_chess_or_skip("FEN oracle") {
        return;
    }
    let mut random = common::Random::new(0x7368_7265);
    let mut boards = chess960_positions();
    for _ in 0..1000 {
        let plies = random.below(30);
        boards.push(random.playout(Board::default(), plies));
    }
    boards.push(common::board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    boards.push(common::board("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1"));
    boards.push(common::board("4k3/8/8/8/8/8/8/4K1RR w K - 0 1"));
    let cases: Vec<(&str, String)> = boards
        .iter()
        .map(|b| ("pgn", b.shredder_fen().to_string()))
        .collect();
    let mut failures = Vec::new();
    let mut standard_with_rights = 0;
    for ((_, fen), (theirs, their_mode, _)) in cases.iter().zip(ask(&cases)) {
        let ours = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        if ours.to_string() != theirs || ours.is_chess960() != their_mode {
            failures.push(format!(
                "{fen}: ours {ours} (Chess960 {}), python-chess {theirs} (Chess960 {their_mode})",
                ours.is_chess960()
            ));
        }
        if !their_mode && !ours.castling_rights().is_empty() {
            standard_with_rights += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The standard games and the 18 corner-rook starts keep rights.
    assert!(standard_with_rights > 500, "{standard_with_rights}");
}

/// The issue's two positions: `R1KQBRNN w FAfa` and a game from
/// `nqnbbrkr … w KQkq` are written `KQkq`, as python-chess writes them.
#[test]
fn chess960_rights_of_the_outermost_rooks_are_written_kqkq() {
    let options = FenOptions {
        chess960: true,
        ..FenOptions::default()
    };
    let fen = "r1kqbrnn/pppppppp/8/8/8/8/PPPPPPPP/R1KQBRNN w FAfa - 0 1";
    let board = Board::from_fen_with(fen, options).unwrap();
    assert_eq!(
        board.to_string(),
        "r1kqbrnn/pppppppp/8/8/8/8/PPPPPPPP/R1KQBRNN w KQkq - 0 1"
    );
    let mut game = common::board("nqnbbrkr/pppppppp/8/8/8/8/PPPPPPPP/NQNBBRKR w KQkq - 0 1");
    for san in ["e4", "e5", "Nd3"] {
        let mv = game.parse_san(san).unwrap();
        game.play(mv).unwrap();
    }
    assert!(game.is_chess960());
    assert_eq!(
        game.to_string(),
        "nqnbbrkr/pppp1ppp/8/4p3/4P3/3N4/PPPP1PPP/NQ1BBRKR b KQkq - 1 2"
    );
}
