//! The variants against python-chess, the independent oracle: random games
//! per variant (from the start, from Chess960 starts, from random loose
//! setups) replayed by `chess.variant`, comparing every position's FEN,
//! legal moves and outcome; and python-chess's own variant perft files
//! (`examples/perft/*.perft` of its PyPI sdist, GPL, downloaded into the
//! target directory at test time, never committed). Without python-chess
//! or the download these skip with a notice, unless
//! `BITMOVES_REQUIRE_ORACLE=1` is set.

mod common;

use bitmoves::setup::{FenWriter, Setup};
use bitmoves::variant::{
    Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, Outcome, Position, RacingKings,
    Standard, Suicide, Termination, ThreeCheck, Variant, VariantKind, perft_of, uci,
};
use bitmoves::{Bitboard, Board, Color, Piece, Rank, Square};
use common::{Random, python};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// python-chess's way of writing an outcome (see `variant_oracle.py`).
fn outcome_text(outcome: Option<Outcome>) -> String {
    let Some(outcome) = outcome else {
        return "-".into();
    };
    let termination = match outcome.termination {
        Termination::Checkmate => "CHECKMATE",
        Termination::Stalemate => "STALEMATE",
        Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
        Termination::SeventyFiveMoves => "SEVENTYFIVE_MOVES",
        Termination::VariantWin => "VARIANT_WIN",
        Termination::VariantLoss => "VARIANT_LOSS",
        Termination::VariantDraw => "VARIANT_DRAW",
    };
    let winner = match outcome.winner {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "none",
    };
    format!("{termination} {winner}")
}

fn describe<V: Variant>(pos: &Position<V>) -> String {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| uci(m).to_string())
        .collect();
    moves.sort();
    format!(
        "{}\t{}\t{}\t{}",
        pos.fen(),
        moves.join(" "),
        outcome_text(pos.outcome()),
        pos.status().0
    )
}

/// A random loose setup: any pieces anywhere (kings or none), random
/// castling rook squares (two at most a side, as FEN allows), a random en
/// passant square now and then.
fn random_setup(random: &mut Random, kind: VariantKind) -> Setup {
    let mut setup = Setup::from_fen(kind.start_fen()).expect("start FEN");
    let density = 4 + random.below(10);
    for square in Square::ALL {
        if random.below(density) == 0 {
            let color = Color::ALL[random.below(2)];
            let piece = Piece::ALL[random.below(6)];
            setup.put(square, color, piece, false);
        } else if random.below(3) == 0 {
            setup.remove(square);
        }
    }
    setup.turn = Color::ALL[random.below(2)];
    setup.castling = Bitboard::EMPTY;
    for color in Color::ALL {
        for _ in 0..random.below(3) {
            let file = bitmoves::File::ALL[random.below(8)];
            setup.castling.insert(Square::new(file, color.back_rank()));
        }
    }
    if random.below(3) == 0 {
        let rank = [Rank::Third, Rank::Sixth][random.below(2)];
        setup.ep_square = Some(Square::new(bitmoves::File::ALL[random.below(8)], rank));
    }
    if kind == VariantKind::Crazyhouse {
        for pocket in &mut setup.pockets {
            for piece in Piece::ALL {
                for _ in 0..random.below(if piece == Piece::King { 2 } else { 3 }) {
                    pocket.add(piece);
                }
            }
        }
        for square in setup.occupied() {
            if random.below(6) == 0 {
                setup.promoted.insert(square);
            }
        }
    }
    if kind == VariantKind::ThreeCheck {
        setup.remaining_checks = [1 + random.below(3) as i32, 1 + random.below(3) as i32];
    }
    setup
}

/// The FEN of a raw setup as given (Shredder castling, en passant as set).
fn raw_fen<V: Variant>(setup: &Setup) -> String {
    FenWriter {
        setup,
        castling: setup.castling,
        ep_square: setup.ep_square,
        shredder: true,
        promoted: V::POCKETS,
        pockets: V::POCKETS,
        checks: V::CHECKS_IN_FEN,
        clocks: true,
    }
    .to_string()
}

/// Every legal move with its SAN (`uci=san`, sorted by UCI), each SAN
/// checked to read back to its move.
fn describe_san<V: Variant>(pos: &Position<V>) -> String {
    let mut moves: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let san = pos.san(m).expect("a legal move has SAN");
            assert_eq!(pos.parse_san(san.as_str()), Ok(m), "{}: {san}", pos.fen());
            (uci(m).to_string(), san.to_string())
        })
        .collect();
    moves.sort();
    let pairs: Vec<String> = moves.into_iter().map(|(u, s)| format!("{u}={s}")).collect();
    pairs.join(" ")
}

/// Plays random games of `V`; returns python-chess's input lines and our
/// description of every position (`describe`), game by game.
fn games<V: Variant>(
    random: &mut Random,
    count: usize,
    plies: usize,
    describe: fn(&Position<V>) -> String,
) -> (String, Vec<String>) {
    let (mut input, mut ours) = (String::new(), Vec::new());
    for game in 0..count {
        let (setup, chess960) = match game % 3 {
            0 => (
                Setup::from_fen(V::KIND.start_fen()).expect("start FEN"),
                false,
            ),
            1 if V::KIND.start_fen() == VariantKind::Standard.start_fen() => {
                let board = Board::chess960_start(random.below(960) as u16).expect("start");
                (
                    Setup {
                        remaining_checks: [3, 3],
                        ..Setup::from_board(&board)
                    },
                    true,
                )
            }
            _ => (random_setup(random, V::KIND), random.below(2) == 0),
        };
        let mut pos = Position::<V>::from_setup(setup, chess960);
        let mut moves = Vec::new();
        ours.push(describe(&pos));
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[random.below(legal.len())];
            pos.play(mv);
            moves.push(uci(mv).to_string());
            ours.push(describe(&pos));
        }
        let fen = raw_fen::<V>(&setup);
        let _ = writeln!(
            input,
            "{}\t{}\t{fen}\t{}",
            V::KIND.uci_name(),
            u8::from(chess960),
            moves.join(" ")
        );
    }
    (input, ours)
}

fn compare_with_python<V: Variant>(seed: u64) {
    if !common::python_chess_or_skip("variant oracle") {
        return;
    }
    let mut random = Random::new(seed);
    let (input, ours) = games::<V>(&mut random, 45, 120, describe);
    compare::<V>(&input, &ours, &[]);
    let (input, ours) = games::<V>(&mut random, 6, 60, describe_san);
    compare::<V>(&input, &ours, &["--san"]);
}

/// Runs python-chess on `input` and compares its lines with `ours`.
fn compare<V: Variant>(input: &str, ours: &[String], flags: &[&str]) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variant_oracle.py");
    let args: Vec<&str> = std::iter::once(script)
        .chain(flags.iter().copied())
        .collect();
    let theirs = python::run(&args, input.to_string());
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(
        theirs.len(),
        ours.len(),
        "{}: position counts differ",
        V::KIND
    );
    let mismatches: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .enumerate()
        .filter(|(_, (a, b))| a.as_str() != **b)
        .take(5)
        .map(|(i, (a, b))| format!("position {i}:\n  ours:   {a}\n  python: {b}"))
        .collect();
    assert!(
        mismatches.is_empty(),
        "{}:\n{}",
        V::KIND,
        mismatches.join("\n")
    );
    let ended = ours
        .iter()
        .filter(|line| flags.is_empty() && !line.contains("\t-\t"))
        .count();
    eprintln!(
        "{} {flags:?}: {} positions agree, {ended} of them ended",
        V::KIND,
        ours.len()
    );
}

#[test]
fn standard_on_loose_setups_equals_python_chess() {
    compare_with_python::<Standard>(1);
}

#[test]
fn king_of_the_hill_equals_python_chess() {
    compare_with_python::<KingOfTheHill>(2);
}

#[test]
fn three_check_equals_python_chess() {
    compare_with_python::<ThreeCheck>(3);
}

#[test]
fn racing_kings_equals_python_chess() {
    compare_with_python::<RacingKings>(4);
}

#[test]
fn horde_equals_python_chess() {
    compare_with_python::<Horde>(5);
}

#[test]
fn suicide_equals_python_chess() {
    compare_with_python::<Suicide>(6);
}

#[test]
fn giveaway_equals_python_chess() {
    compare_with_python::<Giveaway>(7);
}

#[test]
fn antichess_equals_python_chess() {
    compare_with_python::<Antichess>(8);
}

#[test]
fn atomic_equals_python_chess() {
    compare_with_python::<Atomic>(9);
}

#[test]
fn crazyhouse_equals_python_chess() {
    compare_with_python::<Crazyhouse>(10);
}

/// The `examples/perft` folder of python-chess's sdist (downloaded on
/// first use).
fn perft_folder() -> Option<PathBuf> {
    python::sdist("python-chess's perft files").map(|sdist| sdist.join("examples/perft"))
}

/// One python-chess perft file, `id`/`epd`/`perft DEPTH NODES` lines, run
/// (as its `perft.py` runs them) on Chess960 boards, every count up to
/// `limit` nodes.
fn run_perft_file(folder: &Path, file: &str, kind: VariantKind, limit: u64) {
    let text = std::fs::read_to_string(folder.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (mut setup, mut id, mut checked) = (None, String::new(), 0);
    let mut failures = Vec::new();
    for line in text.lines() {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "id" => id = arg.to_string(),
            "epd" => {
                setup =
                    Some(Setup::from_fen(arg).unwrap_or_else(|e| panic!("{file} {id}: {arg}: {e}")))
            }
            "perft" => {
                let (depth, nodes) = arg.split_once(' ').expect("perft DEPTH NODES");
                let (depth, nodes): (u32, u64) =
                    (depth.parse().expect("depth"), nodes.parse().expect("nodes"));
                if nodes > limit {
                    continue;
                }
                let actual = perft_of(kind, setup.expect("an epd line first"), true, depth);
                checked += 1;
                if actual != nodes {
                    failures.push(format!(
                        "{file} {id} depth {depth}: expected {nodes}, ours {actual}"
                    ));
                }
            }
            _ => {}
        }
    }
    assert!(checked > 0, "{file}: no counts checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn python_chess_perft_files_match() {
    if !common::python_chess_or_skip("python-chess perft files") {
        return;
    }
    let Some(folder) = perft_folder() else { return };
    for (file, kind, limit) in [
        ("3check.perft", VariantKind::ThreeCheck, 200_000),
        ("horde.perft", VariantKind::Horde, 200_000),
        ("giveaway.perft", VariantKind::Giveaway, 200_000),
        ("atomic.perft", VariantKind::Atomic, 200_000),
        ("crazyhouse.perft", VariantKind::Crazyhouse, 200_000),
        ("racingkings.perft", VariantKind::RacingKings, 200_000),
        ("tricky.perft", VariantKind::Standard, 200_000),
        ("chess960.perft", VariantKind::Standard, 5_000),
        ("random.perft", VariantKind::Standard, 3_000),
    ] {
        run_perft_file(&folder, file, kind, limit);
    }
}
