//! `bitmoves perft` and `bitmoves perftree`: the counts and the exact
//! output formats other tools read.

mod common;

use common::{nodes_searched, one_line, run, stdout};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn startpos_perft_4_and_5() {
    assert_eq!(
        stdout(&["perft", "startpos", "4"]),
        "Nodes searched: 197281\n"
    );
    assert_eq!(
        stdout(&["perft", STARTPOS, "5"]),
        "Nodes searched: 4865609\n"
    );
}

#[test]
fn named_positions_give_the_published_counts() {
    let expected: [(&str, [u64; 3]); 11] = [
        ("startpos", [20, 400, 8_902]),
        ("kiwipete", [48, 2_039, 97_862]),
        ("pos3", [14, 191, 2_812]),
        ("pos4", [6, 264, 9_467]),
        ("pos4-mirrored", [6, 264, 9_467]),
        ("pos5", [44, 1_486, 62_379]),
        ("pos6", [46, 2_079, 89_890]),
        ("tricky-ep", [6, 136, 863]),
        ("max-moves", [218, 99, 19_073]),
        ("castling", [26, 568, 13_744]),
        ("chess960", [21, 528, 12_189]),
    ];
    for (name, counts) in expected {
        for (depth, count) in (1..).zip(counts) {
            let out = stdout(&["perft", name, &depth.to_string()]);
            assert_eq!(nodes_searched(&out), count, "{name} depth {depth}");
        }
    }
}

#[test]
fn depth_0_is_the_root_alone() {
    assert_eq!(stdout(&["perft", "kiwipete", "0"]), "Nodes searched: 1\n");
    assert_eq!(
        stdout(&["perft", "kiwipete", "0", "--divide"]),
        "\nNodes searched: 1\n\n"
    );
}

#[test]
fn divide_prints_stockfish_format() {
    let out = stdout(&["perft", "kiwipete", "3", "--divide"]);
    assert!(out.ends_with("\n\nNodes searched: 97862\n\n"), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48 + 3);
    let mut sum = 0;
    let mut moves = Vec::new();
    for line in &lines[..48] {
        let (uci, count) = line.split_once(": ").expect("`uci: count`");
        assert!((4..=5).contains(&uci.len()), "{line}");
        moves.push(uci);
        sum += count.parse::<u64>().expect("a count");
    }
    assert_eq!(sum, 97_862);
    assert!(moves.is_sorted(), "divide lines are sorted by move");
    assert!(moves.contains(&"e1g1") && moves.contains(&"e1c1"));
    assert_eq!(lines[48..], ["", "Nodes searched: 97862", ""]);
}

#[test]
fn time_and_speed_go_to_stderr_on_one_line() {
    let out = run(&["perft", "startpos", "3"]);
    assert!(out.success);
    let timing = one_line(&out.stderr, "Time: ");
    assert!(timing.contains("Mnps"), "{timing}");
}

#[test]
fn threads_and_no_bulk_change_nothing_but_speed() {
    let one = stdout(&["perft", "kiwipete", "3", "--divide", "--threads", "1"]);
    assert_eq!(
        one,
        stdout(&["perft", "kiwipete", "3", "--divide", "--threads", "2"])
    );
    assert_eq!(
        one,
        stdout(&["perft", "kiwipete", "3", "--divide", "--threads", "7"])
    );
    assert_eq!(
        one,
        stdout(&["perft", "kiwipete", "3", "--divide", "--no-bulk"])
    );
    let threads = stdout(&["perft", "pos5", "4", "--threads", "2", "--no-bulk"]);
    assert_eq!(nodes_searched(&threads), 2_103_487);
}

#[test]
fn moves_are_played_before_counting() {
    // Below 1. e4 the start position's perft 3 divide says 600.
    let divide = stdout(&["perft", "startpos", "3", "--divide"]);
    assert!(divide.lines().any(|line| line == "e2e4: 600"));
    assert_eq!(
        stdout(&["perft", "startpos", "2", "--moves", "e2e4"]),
        "Nodes searched: 600\n"
    );
    let words = stdout(&["perft", "startpos", "3", "--moves", "e2e4", "e7e5", "g1f3"]);
    let quoted = stdout(&["perft", "startpos", "3", "--moves", "e2e4 e7e5 g1f3"]);
    assert_eq!(words, quoted);
    // Castling may be written king-takes-rook on a standard board too.
    let step = stdout(&["perft", "kiwipete", "2", "--moves", "e1g1"]);
    assert_eq!(step, stdout(&["perft", "kiwipete", "2", "--moves", "e1h1"]));
}

#[test]
fn chess960_mode_writes_castling_as_king_takes_rook() {
    let standard = stdout(&["perft", "castling", "1", "--divide"]);
    assert!(standard.contains("e1g1: 1\n") && standard.contains("e1c1: 1\n"));
    let chess960 = stdout(&["perft", "castling", "1", "--divide", "--chess960"]);
    assert!(chess960.contains("e1h1: 1\n") && chess960.contains("e1a1: 1\n"));
    assert!(!chess960.contains("e1g1"));
    assert_eq!(nodes_searched(&standard), nodes_searched(&chess960));
}

#[test]
fn lenient_accepts_impossible_checks() {
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let strict = run(&["perft", fen, "1"]);
    assert!(
        !strict.success && strict.stderr.contains("--lenient"),
        "{}",
        strict.stderr
    );
    assert!(nodes_searched(&stdout(&["perft", fen, "1", "--lenient"])) > 0);
}

#[test]
fn perftree_prints_move_space_count_then_the_total() {
    let out = stdout(&["perftree", "3", STARTPOS, "e2e4 e7e5"]);
    let (moves, total) = out.split_once("\n\n").expect("a blank line");
    let mut sum = 0;
    for line in moves.lines() {
        let (uci, count) = line.split_once(' ').expect("`uci count`");
        assert!(!uci.ends_with(':'), "{line}");
        sum += count.parse::<u64>().expect("a count");
    }
    assert_eq!(total, format!("{sum}\n"));
    let perft = stdout(&["perft", "startpos", "3", "--moves", "e2e4", "e7e5"]);
    assert_eq!(nodes_searched(&perft), sum);
    // No moves, given as nothing or as an empty argument.
    let bare = stdout(&["perftree", "2", STARTPOS]);
    assert_eq!(bare, stdout(&["perftree", "2", STARTPOS, ""]));
    assert!(bare.ends_with("\n\n400\n") && bare.starts_with("a2a3 20\n"));
    // perftree writes promotions in uppercase.
    let fen = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    let promotion = stdout(&["perftree", "1", fen, "a7a8Q"]);
    assert_eq!(promotion, "a1b1 1\na1b2 1\n\n2\n");
    assert_eq!(promotion, stdout(&["perftree", "1", fen, "a7a8q"]));
}

/// A `BITMOVES_SLIDERS` that names no variant is one `error:` line naming
/// the value and the known names, exit status 1, and nothing counted; a
/// known name (or `auto`) counts as ever.
#[test]
fn an_unknown_slider_variant_is_an_error() {
    use std::process::Command;
    let with = |sliders: &str, args: &[&str]| -> common::Run {
        Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .env("BITMOVES_SLIDERS", sliders)
            .args(args)
            .output()
            .expect("the bitmoves binary runs")
            .into()
    };
    for bad in ["foo", "PEXT", "pext+avx256", "magic,pext"] {
        for args in [
            &["perft", "startpos", "2"][..],
            &["perftree", "2", STARTPOS],
        ] {
            let run = with(bad, args);
            assert_eq!(run.code, Some(1), "{bad} {args:?}: {}", run.stderr);
            assert!(run.stdout.is_empty(), "{bad}: {}", run.stdout);
            assert_eq!(
                one_line(&run.stderr, "error: "),
                format!(
                    "error: BITMOVES_SLIDERS={bad}: unknown slider variant; known: auto, \
                     obstruction, magic, magic+popcnt, pext, pext+avx2, pext+avx512"
                )
            );
        }
    }
    for good in [
        "auto",
        "",
        "obstruction",
        "magic",
        "pext",
        "pext+avx2",
        "pext+avx512",
    ] {
        let run = with(good, &["perft", "startpos", "3"]);
        assert!(run.success, "{good}: {}", run.stderr);
        assert_eq!(nodes_searched(&run.stdout), 8_902, "{good}");
    }
}
