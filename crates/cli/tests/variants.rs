//! `--variant NAME` for `perft`, `moves` and `show` against python-chess,
//! the independent oracle: its own variant perft files
//! (`examples/perft/*.perft` of its PyPI sdist, GPL, downloaded into the
//! target directory at test time, never committed), counts up to a bound
//! that keeps CI short; and positions from random python-chess playouts in
//! every variant, whose legal moves (UCI and SAN), FEN and status the
//! binary must print as python-chess gives them. Then hostile input: bad
//! names, bad variant FENs, a variant's FEN without `--variant`, options
//! that cannot apply. Without python-chess or the download the oracle
//! tests skip with a notice, unless `BITMOVES_REQUIRE_ORACLE=1` is set.

mod common;

#[path = "../../bitmoves/tests/common/python.rs"]
mod python;

use common::{assert_input_error, assert_usage_error, nodes_searched, stdout};
use std::path::{Path, PathBuf};

/// The perft counts checked per file: those of at most this many nodes
/// (the binary under test is a debug build).
const NODE_LIMIT: u64 = 20_000;

/// Whether python-chess's variants can be imported (else the oracle tests
/// skip, or fail when the oracle is required).
fn python_chess_variants() -> bool {
    python::imports_or_skip(
        "import chess.variant",
        "python-chess (pip install chess)",
        "variant oracle tests skipped: python-chess is not installed",
    )
}

/// The `examples/perft` folder of python-chess's sdist (downloaded on
/// first use).
fn perft_folder() -> Option<PathBuf> {
    python::sdist("python-chess's perft files").map(|sdist| sdist.join("examples/perft"))
}

/// Every count of at most [`NODE_LIMIT`] nodes in one of python-chess's
/// perft files, through `bitmoves perft --variant NAME --chess960` (its
/// `perft.py` plays them on Chess960 boards); the first position's counts
/// also through `--divide`, `--threads 3` and `--no-bulk`.
fn check_perft_file(folder: &Path, file: &str, variant: &str) {
    let text = std::fs::read_to_string(folder.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (mut epd, mut id, mut checked) = (String::new(), String::new(), 0);
    let mut failures = Vec::new();
    for line in text.lines() {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "id" => id = arg.to_owned(),
            "epd" => epd = arg.to_owned(),
            "perft" => {
                let (depth, nodes) = arg.split_once(' ').expect("perft DEPTH NODES");
                let expected: u64 = nodes.parse().expect("nodes");
                if expected > NODE_LIMIT {
                    continue;
                }
                let mut args = vec!["perft", "--variant", variant, "--chess960", &epd, depth];
                if checked == 0 {
                    args.extend(["--divide", "--threads", "3", "--no-bulk"]);
                }
                let actual = nodes_searched(&stdout(&args));
                checked += 1;
                if actual != expected {
                    failures.push(format!(
                        "{file} {id} depth {depth}: python-chess {expected}, ours {actual}"
                    ));
                }
            }
            _ => {}
        }
    }
    assert!(checked > 3, "{file}: only {checked} counts checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_matches_python_chess_perft_files() {
    if !python_chess_variants() {
        return;
    }
    let Some(folder) = perft_folder() else { return };
    // Each variant by a different one of its names, in a different case.
    for (file, variant) in [
        ("3check.perft", "Three-check"),
        ("horde.perft", "horde"),
        ("giveaway.perft", "GIVEAWAY"),
        ("atomic.perft", "Atomic"),
        ("crazyhouse.perft", "ZH"),
        ("racingkings.perft", "racingKings"),
    ] {
        check_perft_file(&folder, file, variant);
    }
}

/// Random positions per variant from python-chess playouts, as
/// `NAME\tFEN\tUCI moves sorted\tSAN in that order\tFEN written\tstatus`.
const PLAYOUTS: &str = r#"
import random, sys
import chess, chess.variant
rng = random.Random(56)
for cls in chess.variant.VARIANTS:
    for game in range(6):
        board = cls()
        for ply in range(rng.randrange(0, 60)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
        board = cls(board.fen())
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        outcome = board.outcome()
        if outcome is None:
            status = "check" if board.is_check() else "ongoing"
        else:
            status = outcome.termination.name
        print("\t".join([cls.uci_variant, board.fen(),
                         " ".join(m.uci() for m in moves),
                         " ".join(board.san(m) for m in moves), status]))
"#;

#[test]
fn moves_and_show_match_python_chess_on_random_playouts() {
    if !python_chess_variants() {
        return;
    }
    let expected = python::run(&["-c", PLAYOUTS], String::new());
    let mut checked = 0;
    for line in expected.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, uci, san, status] = fields[..] else {
            panic!("bad oracle line {line:?}");
        };
        let context = format!("--variant {variant} {fen:?}");
        let ours: Vec<String> = stdout(&["moves", "--variant", variant, fen])
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(ours.join(" "), uci, "UCI moves, {context}");
        let ours_san: Vec<String> = stdout(&["moves", "--variant", variant, "--san", fen])
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(ours_san.join(" "), san, "SAN, {context}");
        let show = stdout(&["show", "--variant", variant, fen]);
        let field = |name: &str| {
            show.lines()
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or_else(|| panic!("no {name} in {show}"))
                .to_owned()
        };
        assert_eq!(field("FEN:"), fen, "show's FEN, {context}");
        let count = if uci.is_empty() {
            0
        } else {
            uci.split(' ').count()
        };
        assert_eq!(field("Legal moves:"), count.to_string(), "{context}");
        let ours_status = field("Status:");
        let agrees = match status {
            "check" | "ongoing" => ours_status == status,
            "CHECKMATE" => ours_status.ends_with("by checkmate"),
            "STALEMATE" => ours_status.ends_with("by stalemate"),
            "INSUFFICIENT_MATERIAL" => ours_status.ends_with("insufficient material"),
            "SEVENTYFIVE_MOVES" => ours_status.ends_with("seventy-five-move rule"),
            _ => ours_status.contains("variant"),
        };
        assert!(
            agrees,
            "status {ours_status:?}, python-chess {status}, {context}"
        );
        checked += 1;
    }
    assert!(checked >= 60, "{checked} positions");
}

#[test]
fn startpos_is_the_variants_start() {
    let fen = |variant: &str| {
        let show = stdout(&["show", "--variant", variant, "startpos"]);
        show.lines()
            .find_map(|l| l.strip_prefix("FEN:"))
            .expect("a FEN line")
            .trim()
            .to_owned()
    };
    assert_eq!(
        fen("racingkings"),
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    );
    assert_eq!(
        fen("3check"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    assert_eq!(
        fen("Crazyhouse"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    // python-chess: perft(HordeBoard(), 2) == 128, RacingKingsBoard 421.
    assert_eq!(
        nodes_searched(&stdout(&["perft", "--variant", "horde", "startpos", "2"])),
        128
    );
    assert_eq!(
        nodes_searched(&stdout(&["perft", "--variant", "Race", "startpos", "2"])),
        421
    );
}

#[test]
fn drops_are_written_in_uci_and_san_and_read_in_moves() {
    let fen = "4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1";
    let moves = stdout(&["moves", "--variant", "crazyhouse", fen]);
    assert!(moves.lines().any(|l| l == "N@d6"), "{moves}");
    let san = stdout(&["moves", "--variant", "crazyhouse", "--san", fen]);
    assert!(san.lines().any(|l| l == "N@d6+"), "{san}");
    let show = stdout(&[
        "show",
        "--variant",
        "zh",
        fen,
        "--moves",
        "N@d6",
        "Kf8",
        "Nc4",
        "Q@e2",
    ]);
    // python-chess: the same moves from the same FEN.
    assert!(
        show.contains("FEN:          5k2/8/8/8/2N5/8/4q3/4K3[] w - - 4 3"),
        "{show}"
    );
    assert!(show.contains("Status:       check"), "{show}");
    assert!(show.contains("Pockets:      white -, black -"), "{show}");
}

#[test]
fn standard_keeps_its_output_byte_for_byte() {
    for args in [
        &["perft", "kiwipete", "2", "--divide"][..],
        &["moves", "startpos", "--san"],
        &["show", "kiwipete"],
    ] {
        let plain = stdout(args);
        for name in ["standard", "chess", "Classical"] {
            let mut with = args.to_vec();
            with.extend(["--variant", name]);
            assert_eq!(stdout(&with), plain, "{with:?}");
        }
    }
}

#[test]
fn hostile_variant_input_is_one_error_line() {
    assert_usage_error(
        &["perft", "--variant", "bughouse", "startpos", "1"],
        "unknown variant \"bughouse\": known variants are standard, kingofthehill",
    );
    assert_usage_error(&["moves", "--variant", "", "startpos"], "unknown variant");
    assert_usage_error(
        &["show", "--variant", "chess960", "startpos"],
        "unknown variant",
    );
    for (variant, fen, needle) in [
        (
            "zh",
            "8/8/8/8/8/8/8/8[X] w - - 0 1",
            "invalid pocket in fen",
        ),
        (
            "zh",
            "8/8/8/8/8/8/8/8[Q w - - 0 1",
            "invalid placement field",
        ),
        (
            "3check",
            "4k3/8/8/8/8/8/8/4K3 w - - 4+x 0 1",
            "invalid check field",
        ),
        (
            "3check",
            "4k3/8/8/8/8/8/8/4K3 w - - +1+ 0 1",
            "invalid check field",
        ),
        ("atomic", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side-to-move"),
        ("atomic", "4k3/8/8/8/8/8/8/9 w - - 0 1", "placement"),
        (
            "horde",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "not a valid horde position",
        ),
        (
            "atomic",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+0 7",
            "more fields",
        ),
        ("zh", "960:5", "standard chess"),
        ("zh", "nowhere", "unknown position name"),
    ] {
        for command in ["perft", "moves", "show"] {
            let mut args = vec![command, "--variant", variant, fen];
            if command == "perft" {
                args.push("1");
            }
            assert_input_error(&args, needle);
        }
    }
    assert_input_error(
        &[
            "perft",
            "--variant",
            "atomic",
            "startpos",
            "1",
            "--hash",
            "1M",
        ],
        "--hash is not available with --variant atomic",
    );
    assert_input_error(
        &["perft", "--variant", "horde", "startpos", "1", "--gpu"],
        "--gpu is not available",
    );
    assert_input_error(
        &[
            "moves",
            "--variant",
            "atomic",
            "startpos",
            "--moves",
            "e4",
            "Ke2",
        ],
        "--moves entry 2 \"Ke2\"",
    );
    assert_input_error(
        &["moves", "--variant", "zh", "startpos", "--moves", "N@e4"],
        "--moves entry 1 \"N@e4\"",
    );
    // A variant's FEN without --variant: the fast board refuses it and
    // says what to give.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
    ] {
        assert_input_error(&["perft", fen, "1"], "give --variant NAME");
    }
    // --lenient plays on what python-chess would call invalid, as
    // python-chess does: no king at all in antichess is ordinary, an
    // empty board has no moves.
    let empty = "8/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        nodes_searched(&stdout(&[
            "perft",
            "--variant",
            "atomic",
            "--lenient",
            empty,
            "2"
        ])),
        0
    );
    let kings = "K6K/8/8/8/8/8/8/k6k w - - 0 1";
    for variant in [
        "atomic",
        "zh",
        "3check",
        "koth",
        "horde",
        "racingkings",
        "antichess",
    ] {
        let run = common::run(&["perft", "--variant", variant, "--lenient", kings, "3"]);
        assert!(
            run.success && !run.stderr.contains("panicked"),
            "{variant}: {}",
            run.stderr
        );
    }
}
