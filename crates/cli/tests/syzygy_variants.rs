//! `bitmoves syzygy --variant NAME`: atomic and antichess positions probed
//! in the syzygy crate's generated fixture tables, with python-chess's
//! numbers for them (from its `chess.syzygy` with its variant boards), and
//! the refusals: a variant without tables, `--epd`, tables of another
//! variant only.

mod common;

use common::run;

fn fixtures(variant: &str) -> String {
    format!(
        "{}/../syzygy/tests/variant-tables/{variant}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn variant_positions_print_python_chess_s_wdl_and_dtz() {
    for (variant, dir, fen, expected) in [
        (
            "atomic",
            "atomic",
            "8/8/8/8/8/8/1Q6/K6k w - - 0 1",
            "WDL: 2\nDTZ: 1\n",
        ),
        (
            "atomic",
            "atomic",
            "8/8/8/8/8/8/1Q6/K6k b - - 0 1",
            "WDL: -2\nDTZ: -2\n",
        ),
        (
            "Atomic",
            "atomic",
            "8/8/8/8/8/3k4/8/3K4 w - - 0 1",
            "WDL: 0\nDTZ: 0\n",
        ),
        (
            "antichess",
            "giveaway",
            "8/8/8/8/3n4/8/8/B7 w - - 0 1",
            "WDL: -2\nDTZ: -1\n",
        ),
        (
            "giveaway",
            "giveaway",
            "8/8/8/8/3n4/8/8/B7 b - - 0 1",
            "WDL: -2\nDTZ: -3\n",
        ),
        (
            "antichess",
            "giveaway",
            "8/8/8/8/8/8/1Q6/K6k w - - 0 1",
            "WDL: 0\nDTZ: 0\n",
        ),
    ] {
        let out = common::stdout(&["syzygy", &fixtures(dir), "--variant", variant, fen]);
        assert_eq!(out, expected, "{variant} {fen}");
    }
}

#[test]
fn a_lone_atomic_king_has_lost_whatever_the_tables() {
    let out = common::stdout(&[
        "syzygy",
        &fixtures("atomic"),
        "--variant",
        "atomic",
        "--lenient",
        "8/8/8/8/8/8/8/3k4 w - - 0 1",
    ]);
    assert_eq!(out, "WDL: -2\nDTZ: -1\n");
}

#[test]
fn variants_without_tables_and_missing_tables_are_one_error_line() {
    let fen = "8/8/8/8/8/8/1Q6/K6k w - - 0 1";
    let error = common::one_error(&run(&[
        "syzygy",
        &fixtures("atomic"),
        "--variant",
        "horde",
        fen,
    ]));
    assert!(
        error.contains("--variant horde has no Syzygy tables"),
        "{error}"
    );
    let error = common::one_error(&run(&["syzygy", &fixtures("atomic"), fen]));
    assert!(error.contains("no Syzygy tables (.rtbw, .rtbz)"), "{error}");
    let error = common::one_error(&run(&[
        "syzygy",
        &fixtures("atomic"),
        "--variant",
        "suicide",
        fen,
    ]));
    assert!(error.contains("no Syzygy tables (.stbw, .stbz"), "{error}");
    let error = common::one_error(&run(&[
        "syzygy",
        &fixtures("atomic"),
        "--variant",
        "atomic",
        "8/8/8/8/8/8/1R6/K5rk w - - 0 1",
    ]));
    assert!(error.contains("missing table KRvKR.atbw"), "{error}");
    let error = common::one_error(&run(&[
        "syzygy",
        &fixtures("atomic"),
        "--variant",
        "atomic",
        "--epd",
        "-",
    ]));
    assert!(
        error.contains("--epd is not available with --variant atomic"),
        "{error}"
    );
}
