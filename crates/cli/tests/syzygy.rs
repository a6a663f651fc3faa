//! `bitmoves syzygy`: one position's WDL, DTZ and root moves in their
//! documented order, TABLES with an empty part refused, and `--epd` over
//! python-chess's `endgame.epd` (its numbers), in input order on one and
//! several threads, with bad lines reported (more of `--epd` in
//! `syzygy_epd.rs`).
//! The tables come from python-chess's sdist (see the syzygy crate's
//! tests); without a download the tests print a notice and pass.

mod common;
// Both helper modules include the core's `random.rs`: two copies of its
// types, which these tests never mix.
#[allow(clippy::duplicate_mod)]
#[path = "../../syzygy/tests/common/mod.rs"]
mod tables;

use common::run;

#[test]
fn one_position_prints_wdl_dtz_and_the_root_moves() {
    let Some(dir) = tables::tables_dir("bitmoves syzygy") else {
        return;
    };
    let dir = dir.to_str().expect("utf-8");
    let out = common::stdout(&["syzygy", dir, "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["WDL: -2", "DTZ: -53"], "{out}");
    assert!(lines[2].starts_with("Root moves"), "{out}");
    // Every legal move of the black king, the longest resistance first.
    assert_eq!(lines.len(), 3 + 7, "{out}");
    assert_eq!(lines[3], "e2d3 -53 *");
}

#[test]
fn epd_lines_give_python_chess_numbers_in_order() {
    let Some(data) = tables::data_dir("bitmoves syzygy --epd") else {
        return;
    };
    let dir = data.join("syzygy/regular");
    let epd = data.join("endgame.epd");
    let text = std::fs::read_to_string(&epd).expect("endgame.epd");
    let expected: Vec<String> = text
        .lines()
        .map(|line| {
            let number = |name: &str| {
                line.split(';')
                    .find_map(|op| op.trim().strip_prefix(name)?.trim().parse::<i32>().ok())
                    .expect("an operation")
            };
            // The first `wdl` is `wdl_table`'s prefix: skip it by name.
            let wdl = line
                .split(';')
                .find_map(|op| op.trim().strip_prefix("wdl ")?.trim().parse::<i32>().ok())
                .expect("wdl");
            format!("{wdl} {}", number("dtz "))
        })
        .collect();
    for threads in ["1", "3"] {
        let out = common::stdout(&[
            "syzygy",
            dir.to_str().expect("utf-8"),
            "--epd",
            epd.to_str().expect("utf-8"),
            "--threads",
            threads,
        ]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines, expected, "{threads} threads");
    }
}

#[test]
fn bad_epd_lines_are_reported_and_answered_error() {
    let Some(dir) = tables::tables_dir("bitmoves syzygy --epd errors") else {
        return;
    };
    let file = std::env::temp_dir().join(format!("bitmoves-syzygy-{}.epd", std::process::id()));
    std::fs::write(
        &file,
        "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1\nnot a position\n\
         4k3/8/8/8/8/8/8/4K2R w K - 0 1\n8/8/8/8/8/4k3/8/1QK5 w - -\n",
    )
    .expect("write");
    let result = run(&[
        "syzygy",
        dir.to_str().expect("utf-8"),
        "--epd",
        file.to_str().expect("utf-8"),
    ]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(result.code, Some(1), "{}", result.stderr);
    // One line per input line: a failed one is `error`.
    assert_eq!(result.stdout, "-2 -53\nerror\nerror\n2 11\n");
    let errors: Vec<&str> = result.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", result.stderr);
    assert!(errors[0].starts_with("error: line 2: "), "{}", errors[0]);
    assert!(
        errors[1].starts_with("error: line 3: ") && errors[1].contains("castling"),
        "{}",
        errors[1]
    );
}

/// The root moves of a position with no clock and no history, as the CLI
/// prints them: (UCI, DTZ, keeps the result).
fn root_moves(dir: &str, fen: &str) -> Vec<(String, i32, bool)> {
    let out = common::stdout(&["syzygy", dir, fen]);
    out.lines()
        .skip(3)
        .map(|line| {
            let mut words = line.split(' ');
            let uci = words.next().expect("a move").to_owned();
            let dtz = words.next().expect("a DTZ").parse().expect("a number");
            (uci, dtz, words.next() == Some("*"))
        })
        .collect()
}

/// The order the docs promise, best first for the side to move: wins, the
/// shortest DTZ first, then draws, then losses, the longest first; equal
/// DTZs by UCI text. (Without a clock, Stockfish's rank sorts the same
/// way, so this is the whole order.)
fn best_first(moves: &[(String, i32, bool)]) -> Vec<(String, i32, bool)> {
    let mut sorted = moves.to_vec();
    let class = |dtz: i32| match dtz.signum() {
        1 => 0,
        0 => 1,
        _ => 2,
    };
    sorted.sort_by(|a, b| (class(a.1), a.1, &a.0).cmp(&(class(b.1), b.1, &b.0)));
    sorted
}

#[test]
fn root_moves_come_best_first_equal_ones_by_uci() {
    let Some(dir) = tables::tables_dir("bitmoves syzygy root order") else {
        return;
    };
    let dir = dir.to_str().expect("utf-8");
    // KQvK: many wins of equal rank (and two moves that lose the queen);
    // the same mirrored; KBNvK lost; KRvKP and KPvK with draws and wins.
    for fen in [
        "8/8/8/8/8/4k3/8/1QK5 w - - 0 1",
        "1qk5/8/4K3/8/8/8/8/8 b - - 0 1",
        "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1",
        "8/8/8/8/8/2k5/1p6/K2R4 w - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "8/8/8/8/8/8/4r3/K1k5 b - - 0 1",
    ] {
        let moves = root_moves(dir, fen);
        assert!(!moves.is_empty(), "{fen}");
        assert_eq!(moves, best_first(&moves), "{fen}");
        // `*` marks the moves of the best result class, at the top.
        let best = moves[0].1.signum();
        for (uci, dtz, keeps) in &moves {
            if *keeps {
                assert_eq!(dtz.signum(), best, "{fen} {uci}");
            }
        }
    }
    // The first KQvK moves: the two wins in 11, by UCI, then those in 15.
    let moves = root_moves(dir, "8/8/8/8/8/4k3/8/1QK5 w - - 0 1");
    let first: Vec<String> = moves[..4]
        .iter()
        .map(|(uci, dtz, _)| format!("{uci} {dtz}"))
        .collect();
    assert_eq!(first, ["b1b4 11", "b1f5 11", "b1a2 15", "b1b3 15"]);
}

#[test]
fn tables_with_an_empty_part_are_refused_by_name() {
    let Some(dir) = tables::tables_dir("bitmoves syzygy TABLES") else {
        return;
    };
    let dir = dir.to_str().expect("utf-8");
    let fen = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1";
    for (tables, part) in [
        (format!("{dir}:"), "part 2 of 2"),
        (format!(":{dir}"), "part 1 of 2"),
        (format!("{dir}::{dir}"), "part 2 of 3"),
        (":".to_owned(), "part 1 of 2"),
    ] {
        let error = common::one_error(&run(&["syzygy", &tables, fen]));
        assert!(
            error.contains("has an empty directory name")
                && error.contains(part)
                && error.contains("`.` for the current one"),
            "{tables}: {error}"
        );
    }
    let error = common::one_error(&run(&["syzygy", "", fen]));
    assert!(error.starts_with("error: TABLES is empty"), "{error}");
    // `.` names the current directory: no tables there, but the others
    // count.
    let here = common::scratch("syzygy-tables-dot");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["syzygy", &format!("{dir}:."), fen])
        .current_dir(&here)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("WDL: 2\nDTZ: 11\n"));
}

#[test]
fn a_directory_without_tables_is_an_error() {
    let result = run(&[
        "syzygy",
        "/nonexistent-syzygy-dir",
        "8/8/8/8/8/4k3/8/1QK5 w - - 0 1",
    ]);
    assert_eq!(result.code, Some(1));
    assert!(
        result
            .stderr
            .starts_with("error: cannot read the tables' directory"),
        "{}",
        result.stderr
    );
    assert!(!result.stderr.contains("panicked"));
}
