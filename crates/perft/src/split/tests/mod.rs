//! Tests of splitting, the file formats, working and merging.

mod files;
mod work;

use super::*;
use crate::Counting;
use bitmoves::{Board, FenOptions, perft::perft};
use std::{string::String, vec::Vec};

pub(super) const KIWIPETE: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The core's EPD perft suites and their reader.
#[path = "../../../../bitmoves/tests/common/suites.rs"]
#[allow(dead_code)] // the core's tests use the rest
mod suites;

/// The root split at `ply`, every unit counted and merged.
pub(super) fn split_count(root: &Board, depth: u32, ply: u32) -> u128 {
    let (units, stats) = UnitFile::split(root, depth, ply, SplitOptions::default())
        .unwrap_or_else(|error| panic!("{root} split at {ply}: {error}"));
    assert_eq!(stats.paths, perft(root, ply), "{root}: paths to ply {ply}");
    let mut merge = Merge::new(&units).expect("memory for the merge");
    for (index, unit) in units.units().iter().enumerate() {
        let count = Counting::Bulk.count(&units.board(unit).expect("a unit"), units.remaining());
        let line = ResultLine {
            index,
            count,
            remaining: units.remaining(),
            checksum: units.checksum(),
        };
        merge.add(&line).expect("results of this file");
    }
    merge.total().expect("every unit counted")
}

/// The good lines of a results file in memory; damaged lines are left
/// out, as the merge leaves them.
pub(super) fn results_of(bytes: &[u8]) -> Vec<ResultLine> {
    let mut reader = ResultsReader::new(bytes);
    let mut lines = Vec::new();
    while let Some((number, read)) = reader.next_line().expect("reading memory") {
        match read {
            Ok(line) => lines.push(line),
            Err(problem) if problem.is_damage() => {}
            Err(problem) => panic!("line {number}: {problem}"),
        }
    }
    lines
}

/// Writes a unit file as text.
pub(super) fn text_of(units: &UnitFile) -> String {
    let mut bytes = Vec::new();
    units.write(&mut bytes).expect("writing to memory");
    String::from_utf8(bytes).expect("unit files are UTF-8")
}

#[test]
fn unique_positions_after_one_to_five_plies_are_the_published_numbers() {
    let root = Board::default();
    for (ply, expected) in [(1, 20), (2, 400), (3, 5_362), (4, 72_078), (5, 822_518)] {
        let (units, _) = UnitFile::split(&root, ply, ply, SplitOptions::default())
            .unwrap_or_else(|error| panic!("ply {ply}: {error}"));
        assert_eq!(
            units.units().len(),
            expected,
            "unique positions at ply {ply}"
        );
    }
}

/// About 30 s and 1 GB: `cargo test -p bitmoves --release -- --ignored six_plies`.
#[test]
#[ignore = "30 s and 1 GB"]
fn unique_positions_after_six_plies_are_the_published_number() {
    let (units, stats) = UnitFile::split(&Board::default(), 6, 6, SplitOptions::default())
        .expect("ply 6 fits the default memory limit");
    assert_eq!(units.units().len(), 9_417_681);
    assert_eq!(stats.paths, 119_060_324);
}

#[test]
fn split_and_merge_equals_perft_for_the_start_position_and_kiwipete() {
    let start = Board::default();
    for ply in 0..=5 {
        assert_eq!(
            split_count(&start, 5, ply),
            4_865_609,
            "startpos split at {ply}"
        );
    }
    let kiwipete: Board = KIWIPETE.parse().expect("kiwipete");
    for ply in 0..=4 {
        assert_eq!(
            split_count(&kiwipete, 4, ply),
            4_085_603,
            "kiwipete split at {ply}"
        );
    }
}

#[test]
fn split_and_merge_equals_the_suites() {
    for entry in suites::suite("standard.epd")
        .iter()
        .chain(&suites::suite("tricky.epd"))
    {
        let (board, counts) = (&entry.board, &entry.counts);
        // The deepest count up to depth 3, else the shallowest.
        let shallow = counts.iter().rfind(|&&(depth, _)| depth <= 3);
        let Some(&(depth, expected)) = shallow.or(counts.first()) else {
            continue;
        };
        for ply in [1, 2.min(depth), 3.min(depth)] {
            assert_eq!(
                split_count(board, depth, ply),
                u128::from(expected),
                "{board} depth {depth} split at {ply}"
            );
        }
    }
}

#[test]
fn split_and_merge_equals_perft_for_chess960_positions() {
    for entry in suites::suite("fischer.epd").iter().step_by(48) {
        let (board, counts) = (&entry.board, &entry.counts);
        assert!(board.is_chess960(), "{board}");
        for ply in [1, 2, 3] {
            assert_eq!(
                split_count(board, 4, ply),
                u128::from(counts[3].1),
                "{board} depth 4 split at {ply}"
            );
        }
    }
}

#[test]
fn games_that_end_before_the_split_ply_count_nothing() {
    let mate: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .expect("fool's mate");
    for (depth, ply) in [(0, 0), (1, 0), (1, 1), (3, 2)] {
        let (units, _) =
            UnitFile::split(&mate, depth, ply, SplitOptions::default()).expect("a split");
        let expected = u128::from(perft(&mate, depth));
        assert_eq!(
            split_count(&mate, depth, ply),
            expected,
            "depth {depth} at {ply}"
        );
        let text = text_of(&units);
        assert_eq!(UnitFile::parse(&text).expect("reads back"), units);
    }
    // At depth == ply every unit counts 1: the total is the number of paths.
    let start = Board::default();
    assert_eq!(split_count(&start, 3, 3), 8_902);
}

#[test]
fn every_unit_fen_reads_back_as_its_own_key() {
    let fischer = suites::suite("fischer.epd");
    let roots = [
        (Board::default(), 4),
        (KIWIPETE.parse().expect("kiwipete"), 3),
        (fischer[0].board, 3),
        (fischer[500].board, 3),
        // Chess960 mode on a standard-looking position.
        (Board::chess960_start(518).expect("a start"), 3),
    ];
    for (root, ply) in roots {
        let (units, _) =
            UnitFile::split(&root, ply, ply, SplitOptions::default()).expect("a split");
        assert_eq!(
            UnitFile::parse(&text_of(&units)).expect("reads back"),
            units
        );
        for unit in units.units() {
            let fen = units.fen(unit);
            let options = FenOptions {
                chess960: root.is_chess960(),
                ..FenOptions::default()
            };
            let board = Board::from_fen_with(&fen, options)
                .unwrap_or_else(|error| panic!("{fen}: {error}"));
            if !root.is_chess960() {
                assert_eq!(
                    board.to_string(),
                    fen,
                    "the FEN is the board's own spelling"
                );
            }
            assert_eq!(units.board(unit), Ok(board), "{fen}");
            assert_eq!(PositionKey::new(&board), Some(unit.key), "{fen}");
            assert_eq!(
                board.is_chess960(),
                root.is_chess960() && !board.castling_rights().is_empty()
            );
        }
    }
}

#[test]
fn the_en_passant_square_counts_only_when_the_capture_is_legal() {
    let key = |fen: &str| PositionKey::new(&Board::from_fen(fen).expect(fen));
    // The d4 pawn may take on e3: the square is part of the position.
    let legal = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    assert_ne!(key(legal), key("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
    assert!(key(legal).is_some_and(|k| k.fen(false, 1).contains(" e3 ")));
    // The d4 pawn is pinned along the rank: the square is kept by the board
    // but is no part of the position.
    let pinned = "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1";
    let board = Board::from_fen(pinned).expect(pinned);
    assert!(board.en_passant().is_some());
    assert_eq!(key(pinned), key("8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1"));
    // Clocks do not count.
    assert_eq!(key(legal), key("4k3/8/8/8/3pP3/8/8/4K3 b - e3 17 40"));
}

#[test]
fn transpositions_with_different_en_passant_histories_merge() {
    // 1. e4 d5 2. Nf3 Nf6 and 1. Nf3 Nf6 2. e4 d5 differ only in an en
    // passant square no pawn can use.
    let play = |moves: &[&str]| {
        let mut board = Board::default();
        for text in moves {
            let mv = board.parse_move(text).expect(text);
            board.play_unchecked(mv);
        }
        board
    };
    let a = play(&["e2e4", "d7d5", "g1f3", "g8f6"]);
    let b = play(&["g1f3", "g8f6", "e2e4", "d7d5"]);
    assert_ne!(a, b);
    assert_eq!(PositionKey::new(&a), PositionKey::new(&b));
}
