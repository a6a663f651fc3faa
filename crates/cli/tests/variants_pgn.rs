//! `bitmoves pgn` on games of the variants against python-chess, the
//! independent oracle: random games per variant, written by python-chess
//! at test time (its `Variant` tag under Lichess's and python-chess's
//! names, some from a mid-game `FEN` tag, with comments, NAGs and
//! variations), replayed by `--uci` and `--fen` and compared with
//! python-chess's mainline and final position. Then hostile games: an
//! unknown `Variant` tag, a bad variant FEN, an illegal drop; each one
//! error line with its game and line, the rest of the file read.
//! (`--pgn` and `--parquet` on variant games: `variants_out.rs`.)
//! Without python-chess the oracle test skips with a notice, unless
//! `BITMOVES_REQUIRE_ORACLE=1` is set.

mod common;

#[path = "../../bitmoves/tests/common/python.rs"]
mod python;

use common::{arg, run, scratch};

/// Random variant games: the PGN on the first line (JSON), then per game
/// `UCI moves` and the final FEN, tab-separated.
const GAMES: &str = r#"
import json, random
import chess, chess.pgn, chess.variant
rng = random.Random(5656)
LICHESS = {"crazyhouse": "Crazyhouse", "antichess": "Antichess", "atomic": "Atomic",
           "horde": "Horde", "kingofthehill": "King of the Hill",
           "racingkings": "Racing Kings", "3check": "Three-check"}
texts, lines = [], []
for cls in chess.variant.VARIANTS:
    if cls is chess.Board:
        continue
    for index in range(8):
        board = cls()
        for _ in range(rng.randrange(0, 12) if index % 3 == 0 else 0):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game()
        game.setup(board.copy(stack=False))
        names = list(cls.aliases) + [cls.uci_variant]
        if cls.uci_variant in LICHESS:
            names += [LICHESS[cls.uci_variant]] * 3
        name = rng.choice(names)
        game.headers["Variant"] = rng.choice([name, name.upper(), name.lower()])
        node = game
        for ply in range(rng.randrange(1, 80)):
            moves = list(node.board().legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if ply > 0 and rng.random() < 0.1:
                node.add_variation(rng.choice(moves)).comment = "a variation"
            node = node.add_main_variation(move)
            if rng.random() < 0.1:
                node.comment = "note %d" % ply
            if rng.random() < 0.05:
                node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14]))
        board = node.board()
        game.headers["Result"] = board.result()
        texts.append(str(game))
        # What python-chess reads back from the text, as the oracle.
        again = chess.pgn.read_game(__import__("io").StringIO(str(game)))
        assert not again.errors, again.errors
        moves = " ".join(m.uci() for m in again.mainline_moves())
        lines.append(moves + "\t" + again.end().board().fen())
print(json.dumps("\n\n".join(texts) + "\n"))
for line in lines:
    print(line)
"#;

#[test]
fn variant_games_replay_as_python_chess_reads_them() {
    if !python::imports_or_skip(
        "import chess.variant",
        "python-chess (pip install chess)",
        "variant PGN oracle skipped: python-chess is not installed",
    ) {
        return;
    }
    let output = python::run(&["-c", GAMES], String::new());
    let mut lines = output.lines();
    let first = lines.next().expect("the PGN line");
    // The PGN is a JSON string: unescape the few escapes it holds.
    let pgn = unjson(first);
    let expected: Vec<(&str, &str)> = lines
        .map(|line| line.split_once('\t').expect("UCI\tFEN"))
        .collect();
    assert!(expected.len() >= 60, "{} games", expected.len());
    let dir = scratch("variant-pgn-oracle");
    let path = dir.join("variants.pgn");
    std::fs::write(&path, &pgn).expect("write the games");
    for threads in ["1", "2"] {
        let uci = run(&["pgn", arg(&path), "--uci", "--threads", threads]);
        assert!(uci.success, "{}", uci.stderr);
        let fen = run(&["pgn", arg(&path), "--fen", "--threads", threads]);
        assert!(fen.success, "{}", fen.stderr);
        let ours: Vec<(&str, &str)> = uci.stdout.lines().zip(fen.stdout.lines()).collect();
        assert_eq!(ours.len(), expected.len());
        for (index, (ours, theirs)) in ours.iter().zip(&expected).enumerate() {
            assert_eq!(ours, theirs, "game {}", index + 1);
        }
        let summary = run(&["pgn", arg(&path), "--threads", threads]);
        assert!(
            summary
                .stdout
                .contains("games with errors: 0\nskipped variants: 0\n"),
            "{}",
            summary.stdout
        );
    }
}

/// A JSON string's text: `\n`, `\"`, `\\` and `\uXXXX` unescaped.
fn unjson(text: &str) -> String {
    let inner = &text[1..text.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let code = u32::from_str_radix(&hex, 16).expect("hex");
                out.push(char::from_u32(code).expect("a character"));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

const HOSTILE: &str = "\
[Variant \"Bughouse\"]

1. e4 e5 *

[Variant \"Crazyhouse\"]

1. e4 d5 2. exd5 Qxd5 3. N@e4 *

[Variant \"Crazyhouse\"]
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1\"]

1. e4 *

[Variant \"Three-check\"]
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+x 0 1\"]

1. e4 *

[Variant \"Atomic\"]

1. e4 d5 2. exd5 { the pawn explodes } Qxd5 *

[Variant \"king of the hill\"]

1. e4 d5 2. Ke2 Kd7 3. Ke3 Kd6 4. Kd4 Ke6 *

[Variant \"Racing Kings\"]

1. Kh3 Kb3 2. Kg4 *

[Variant \"Horde\"]

1. e5 e6 2. Nf3 *

[Variant \"Antichess\"]

1. e4 d5 2. Nf3 *
";

#[test]
fn hostile_variant_games_are_errors_with_their_place_and_the_rest_is_read() {
    let dir = scratch("variant-pgn-hostile");
    let path = dir.join("hostile.pgn");
    std::fs::write(&path, HOSTILE).expect("write the games");
    let out = run(&["pgn", arg(&path), "--uci"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(errors.len(), 7, "{}", out.stderr);
    // The same games python-chess 1.11.2 refuses (its `errors`, or the
    // exception its `Headers.board()` raises).
    let expect = [
        "error: game 1 (line 1, column 11): unknown variant \"Bughouse\"",
        // A knight drop with no knight in hand.
        "error: game 2 (line 7, column 26): illegal move \"N@e4\"",
        "error: game 3 (line 10, column 7): bad FEN tag",
        "error: game 4 (line 15, column 7): bad FEN tag \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+x 0 1\": invalid check field",
        // King of the Hill: Kd4 won; no move follows.
        "error: game 6 (line 25, column 39): illegal move \"Ke6\"",
        // Horde: White has no knight.
        "error: game 8 (line 33, column 13): illegal move \"Nf3\"",
        // Antichess: a capture is compulsory (exd5).
        "error: game 9 (line 37, column 13): illegal move \"Nf3\"",
    ];
    for (line, start) in errors.iter().zip(expect) {
        assert!(
            line.starts_with(start),
            "{line:?} does not start with {start:?}"
        );
    }
    // Atomic: exd5 explodes both pawns, so `Qxd5` takes nothing: read
    // past its `x`, as python-chess reads it. Both read as python-chess
    // reads them.
    assert_eq!(out.stdout, "e2e4 d7d5 e4d5 d8d5\nh2h3 a2b3 h3g4\n");
    let fen = run(&["pgn", arg(&path), "--fen"]);
    let fens: Vec<&str> = fen.stdout.lines().collect();
    assert_eq!(
        fens,
        [
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3",
            "8/8/8/8/6K1/1k6/1rbnNBR1/qrbnNBRQ b - - 3 2",
        ]
    );
}
