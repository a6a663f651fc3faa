//! Variant perft (each position bulk-counted at the last ply, then full:
//! every leaf made), bitmoves against
//! shakmaty 0.30 with its `variant` feature, the only other Rust
//! implementation: each variant's start position and a middlegame of it,
//! the two libraries alternating in one process, counts checked equal.
//! Prints the median time of each and the ratio (shakmaty's time over
//! bitmoves'), so above 1 means bitmoves is faster.
//!
//! `cargo bench -p bitmoves-benches --bench variants [-- ROUNDS [WORD ...]]`
//! (7 rounds by default; with words, only the rows whose name holds one,
//! or is one written after `=`).

use bitmoves::setup::Setup;
use bitmoves::variant::{self as bm, Variant};
use shakmaty::fen::Fen;
use shakmaty::variant as sm;
use shakmaty::{CastlingMode, FromSetup, Position};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One row: a name, a FEN in that variant's form, and a depth.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
}

const fn case(name: &'static str, fen: &'static str, depth: u32) -> Case {
    Case { name, fen, depth }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// shakmaty's perft with every leaf made (its `perft` counts the last ply
/// in bulk), the leaf kept as `bitmoves::variant::perft_full` keeps it.
fn shakmaty_full<S: Position + Clone>(pos: &S, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if depth == 1 {
                black_box(&child);
                1
            } else {
                shakmaty_full(&child, depth - 1)
            }
        })
        .sum()
}

/// Times both libraries on `case`, `rounds` times each, alternating: bulk,
/// then with every leaf made (the row's name says `full`).
fn compare<B: Variant, S: Position + FromSetup + Clone>(case: &Case, rounds: usize) {
    compare_with::<B, S>(case, rounds, false);
    compare_with::<B, S>(case, rounds, true);
}

/// Whether the command line's words (if any) pick the row `name`.
fn picked(name: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-') && arg.parse::<usize>().is_err())
        .collect();
    words.is_empty()
        || words.iter().any(|word| match word.strip_prefix('=') {
            Some(exact) => name == exact,
            None => name.contains(word.as_str()),
        })
}

/// Times both libraries on `case`, bulk or `full`.
fn compare_with<B: Variant, S: Position + FromSetup + Clone>(
    case: &Case,
    rounds: usize,
    full: bool,
) {
    let name = if full {
        format!("{} full", case.name)
    } else {
        case.name.to_string()
    };
    if !picked(&name) {
        return;
    }
    let setup = Setup::from_fen(case.fen).expect("a valid variant FEN");
    let ours = bm::Position::<B>::from_setup(setup, false);
    let theirs: S = Fen::from_ascii(case.fen.as_bytes())
        .expect("a FEN shakmaty reads")
        .into_position(CastlingMode::Standard)
        .expect("a position shakmaty takes");
    let (mut ours_times, mut theirs_times) = (Vec::new(), Vec::new());
    let (mut ours_count, mut theirs_count) = (0, 0);
    for _ in 0..rounds {
        let start = Instant::now();
        ours_count = if full {
            bm::perft_full(black_box(&ours), case.depth)
        } else {
            bm::perft(black_box(&ours), case.depth)
        };
        ours_times.push(start.elapsed());
        let start = Instant::now();
        theirs_count = if full {
            shakmaty_full(black_box(&theirs), case.depth)
        } else {
            shakmaty::perft(black_box(&theirs), case.depth)
        };
        theirs_times.push(start.elapsed());
    }
    assert_eq!(ours_count, theirs_count, "{}: the counts differ", case.name);
    let (ours, theirs) = (median(&mut ours_times), median(&mut theirs_times));
    let mnps = |time: Duration| ours_count as f64 / time.as_secs_f64() / 1e6;
    println!(
        "{:<28} {:>2} {:>12} {:>9.1} {:>9.1} {:>7.2}x",
        name,
        case.depth,
        ours_count,
        mnps(ours),
        mnps(theirs),
        theirs.as_secs_f64() / ours.as_secs_f64()
    );
}

fn main() {
    let rounds = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(7);
    println!(
        "{:<28} {:>2} {:>12} {:>9} {:>9} {:>8}",
        "position", "d", "nodes", "bitmoves", "shakmaty", "ratio"
    );
    println!(
        "{:<28} {:>2} {:>12} {:>9} {:>9}",
        "", "", "", "Mnps", "Mnps"
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let middle = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    compare::<bm::Standard, shakmaty::Chess>(&case("standard start", start, 5), rounds);
    compare::<bm::Standard, shakmaty::Chess>(&case("standard kiwipete", middle, 4), rounds);
    compare::<bm::KingOfTheHill, sm::KingOfTheHill>(&case("kingofthehill start", start, 5), rounds);
    compare::<bm::KingOfTheHill, sm::KingOfTheHill>(
        &case("kingofthehill kiwipete", middle, 4),
        rounds,
    );
    compare::<bm::KingOfTheHill, sm::KingOfTheHill>(
        &case(
            "kingofthehill kings near",
            "r1bq1bnr/ppp2ppp/2n1k3/3pp3/3PP3/2N1K3/PPP2PPP/R1BQ1BNR w - - 0 1",
            4,
        ),
        rounds,
    );
    compare::<bm::ThreeCheck, sm::ThreeCheck>(
        &case(
            "threecheck start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            5,
        ),
        rounds,
    );
    compare::<bm::ThreeCheck, sm::ThreeCheck>(
        &case(
            "threecheck kiwipete 1+1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1",
            4,
        ),
        rounds,
    );
    compare::<bm::RacingKings, sm::RacingKings>(
        &case(
            "racingkings start",
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            5,
        ),
        rounds,
    );
    compare::<bm::Horde, sm::Horde>(
        &case(
            "horde start",
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            6,
        ),
        rounds,
    );
    compare::<bm::Antichess, sm::Antichess>(
        &case(
            "antichess start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            5,
        ),
        rounds,
    );
    compare::<bm::Atomic, sm::Atomic>(&case("atomic start", start, 5), rounds);
    compare::<bm::Atomic, sm::Atomic>(&case("atomic kiwipete", middle, 4), rounds);
    compare::<bm::Crazyhouse, sm::Crazyhouse>(
        &case(
            "crazyhouse start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            5,
        ),
        rounds,
    );
    compare::<bm::Crazyhouse, sm::Crazyhouse>(
        &case(
            "crazyhouse pockets",
            "r1bqk2r/ppp2ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPP2PPP/R1BQK2R[Pp] w KQkq - 0 1",
            4,
        ),
        rounds,
    );
}
