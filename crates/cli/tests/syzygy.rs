//! `bitmoves syzygy`: one position's WDL, DTZ and ranked root moves, and
//! `--epd` over python-chess's `endgame.epd` (its numbers), in input order
//! on one and several threads, with bad lines reported and skipped.
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
fn bad_epd_lines_are_reported_and_skipped() {
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
    assert_eq!(result.stdout.lines().count(), 2, "{}", result.stdout);
    assert!(result.stdout.starts_with("-2 -53\n2 "), "{}", result.stdout);
    let errors: Vec<&str> = result.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", result.stderr);
    assert!(errors[0].starts_with("error: line 2: "), "{}", errors[0]);
    assert!(
        errors[1].starts_with("error: line 3: ") && errors[1].contains("castling"),
        "{}",
        errors[1]
    );
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
