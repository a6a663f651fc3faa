//! The reader against python-chess, an independent implementation:
//! mainline moves and final FENs equal python-chess's reading of a
//! generated corpus with every feature (`pgn_oracle.py`), in LF, CRLF and
//! CR line ends and on 1 and 3 threads, and of python-chess's own test
//! PGNs (from its PyPI sdist, downloaded into the target directory). The
//! writer's law on the same corpus: reading what was written gives the
//! same game.
//!
//! Without `python3` and the `chess` package the test prints a notice and
//! passes, unless `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

#[path = "common/python_chess.rs"]
mod python_chess;

use bitmoves::{Board, Move};
use bitmoves_pgn::{Flow, Game, PendingGame, Reader, Visitor};
use std::path::Path;

/// Games in the generated corpus.
const GAMES: usize = 2000;

fn python_chess_or_skip(what: &str) -> bool {
    python_chess::imports_or_skip(
        "import chess.pgn",
        "python-chess",
        &format!("{what} skipped: python-chess is not installed (pip install chess)"),
    )
}

/// Runs `pgn_oracle.py ARGS`, which must succeed.
fn run_python(args: &[&str]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pgn_oracle.py");
    let script = script.to_str().expect("UTF-8");
    python_chess::run(&[&[script], args].concat(), String::new());
}

/// python-chess's reading of the PGN `file`, one line per game, as
/// `pgn_oracle.py expect` writes it beside the target directory's files.
fn python_chess_reading(file: &Path) -> String {
    let name = file.file_name().expect("a name").to_string_lossy();
    let tsv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.tsv"));
    run_python(&[
        "expect",
        file.to_str().expect("utf-8"),
        tsv.to_str().expect("utf-8"),
    ]);
    std::fs::read_to_string(&tsv).expect("expected")
}

/// Collects a game's mainline in UCI and its final FEN.
#[derive(Default)]
struct Replay {
    uci: Vec<String>,
    fen: String,
}

impl Visitor for Replay {
    fn begin_game(&mut self, _number: u64) -> Flow {
        self.uci.clear();
        Flow::Continue
    }
    fn play(&mut self, _board: &Board, mv: Move, _san: &str) {
        self.uci.push(mv.to_string());
    }
    fn null_move(&mut self, _board: &Board) {
        self.uci.push("0000".to_owned());
    }
    fn end_game(&mut self, board: &Board) {
        self.fen = board.to_string();
    }
}

/// One line per game, as `pgn_oracle.py` writes them; `variant` for a
/// skipped variant.
fn ours(text: &[u8], threads: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut reader = Reader::new(text);
    let work = |game: PendingGame| {
        let mut replay = Replay::default();
        match game.read(&mut replay) {
            Ok(()) => format!("ok\t{}\t{}", replay.uci.join(" "), replay.fen),
            Err(error) if error.is_note() => "variant".to_owned(),
            Err(error) => format!("error\t{error}"),
        }
    };
    bitmoves_pgn::read_parallel(&mut reader, threads, work, |line| lines.push(line))
        .expect("no input error");
    lines
}

fn compare(name: &str, ours: &[String], expected: &str) {
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(ours.len(), expected.len(), "{name}: game count");
    let mut wrong = Vec::new();
    for (i, (ours, theirs)) in ours.iter().zip(&expected).enumerate() {
        let agree = match *theirs {
            _ if ours == "variant" => true,
            "error" => ours.starts_with("error"),
            _ => ours == theirs,
        };
        if !agree {
            wrong.push(format!(
                "game {}:\n  ours:        {ours}\n  python-chess: {theirs}",
                i + 1
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{name}: {} of {} games differ\n{}",
        wrong.len(),
        ours.len(),
        wrong.join("\n")
    );
}

#[test]
fn generated_corpus_reads_as_python_chess_reads_it() {
    if !python_chess_or_skip("PGN oracle") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let corpus = dir.join("pgn_corpus.pgn");
    let expected = dir.join("pgn_corpus.tsv");
    let games = GAMES.to_string();
    run_python(&[
        "corpus",
        corpus.to_str().expect("utf-8 path"),
        expected.to_str().expect("utf-8 path"),
        &games,
        "23",
    ]);
    let text = std::fs::read(&corpus).expect("corpus");
    let expected = std::fs::read_to_string(&expected).expect("expected");
    assert_eq!(expected.lines().count(), GAMES);
    assert!(
        expected.lines().all(|l| l.starts_with("ok")),
        "the corpus is legal"
    );
    compare("LF", &ours(&text, 1), &expected);
    compare("LF, 3 threads", &ours(&text, 3), &expected);
    let crlf = String::from_utf8(text.clone())
        .expect("utf-8")
        .replace('\n', "\r\n");
    compare("CRLF", &ours(crlf.as_bytes(), 1), &expected);
    let cr = String::from_utf8(text.clone())
        .expect("utf-8")
        .replace('\n', "\r");
    compare("CR", &ours(cr.as_bytes(), 2), &expected);
    round_trip(&text);
}

/// The writer's law: reading what was written gives the same game; and
/// no written line passes 80 columns unless one token does.
fn round_trip(text: &[u8]) {
    let mut reader = Reader::new(text);
    let mut count = 0;
    while let Some(game) = Game::read(&mut reader) {
        let game = game.expect("the corpus is legal");
        let written = game.to_string();
        for line in written.lines() {
            assert!(
                line.chars().count() <= 80 || !line.trim().contains(' ') || line.starts_with('['),
                "a line over 80 columns: {line:?}"
            );
        }
        let again = Game::read(&mut Reader::new(written.as_bytes()))
            .expect("a game")
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(again.moves, game.moves, "{written}");
        assert_eq!(again.start, game.start);
        assert_eq!(again.tag("FEN"), game.tag("FEN"));
        assert_eq!(
            again.result.as_deref(),
            Some(game.result.as_deref().unwrap_or("*"))
        );
        for (name, value) in &game.tags {
            assert_eq!(again.tag(name), Some(value.as_str()), "{written}");
        }
        // Written twice gives the same text.
        assert_eq!(again.to_string(), written);
        count += 1;
    }
    assert_eq!(count, GAMES);
}

/// What python-chess reads that the reader once refused or misread
/// (`lenient.rs` checks each alone): `0000`, a `[%…]` line in the moves,
/// `Nxc3` onto an empty square, `a8b`, a bare `$`, `e5*`, `e.p.`, a line
/// of no-break spaces between games, a joined file's BOM, DOS's
/// end-of-file byte after the last game.
const LENIENT: &str = "1. e4 0000 2. e5 *\n\n[Event \"a\"]\n\n1. e4 e5\n[%evp 0,1,2]\n2. Nf3 Nc6 *\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Nxc3 *\n\n[FEN \"1n5k/P7/8/8/8/8/8/7K w - - 0 1\"]\n\n1. a8b Kg7 *\n\n\
    1. e4 $ e5 $\n*\n\n1. e4 e5*\n\n1. e4 a6 2. e5 d5 3. exd6e.p. h5 4. a3 h4 5. g4 hxg3 e.p. *\n\
    \u{a0}\u{a0}\n1. d4 d5 *\n\n\u{feff}[Event \"b\"]\n\n1. c4 *\n\x1a";

#[test]
fn lenient_inputs_read_as_python_chess_reads_them() {
    if !python_chess_or_skip("PGN oracle on lenient inputs") {
        return;
    }
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lenient.pgn");
    std::fs::write(&file, LENIENT).expect("write");
    let expected = python_chess_reading(&file);
    assert!(expected.lines().all(|l| l.starts_with("ok")), "{expected}");
    for threads in [1, 3] {
        compare("lenient", &ours(LENIENT.as_bytes(), threads), &expected);
    }
}

#[test]
fn python_chess_test_files_read_as_python_chess_reads_them() {
    if !python_chess_or_skip("PGN oracle on python-chess's files") {
        return;
    }
    let Some(files) = python_chess::test_pgns() else {
        return;
    };
    let mut failures = 0;
    for file in files {
        let name = file.file_name().expect("a name").to_string_lossy();
        let expected = python_chess_reading(&file);
        let text = std::fs::read(&file).expect("pgn");
        let result = std::panic::catch_unwind(|| compare(&name, &ours(&text, 1), &expected));
        failures += usize::from(result.is_err());
    }
    assert_eq!(failures, 0, "files differ from python-chess");
}
