//! Tests of splitting, the file formats, working and merging.

use super::*;
use crate::{Board, FenOptions, perft::perft};
use std::{string::String, vec::Vec};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The positions and counts of an EPD suite: `FEN ;D1 n ;D2 n …`, as
/// `(depth, count)` pairs.
fn suite(text: &str) -> Vec<(Board, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default().trim();
            let options = FenOptions {
                lenient: true,
                chess960: false,
            };
            let board =
                Board::from_fen_with(fen, options).unwrap_or_else(|error| panic!("{fen}: {error}"));
            let counts = fields
                .filter_map(|field| {
                    let (depth, count) = field.trim().split_once(' ')?;
                    Some((depth.strip_prefix('D')?.parse().ok()?, count.parse().ok()?))
                })
                .collect();
            (board, counts)
        })
        .collect()
}

/// The root split at `ply`, every unit counted and merged.
fn split_count(root: &Board, depth: u32, ply: u32) -> u128 {
    let (units, stats) = UnitFile::split(root, depth, ply, SplitOptions::default())
        .unwrap_or_else(|error| panic!("{root} split at {ply}: {error}"));
    assert_eq!(stats.paths, perft(root, ply), "{root}: paths to ply {ply}");
    let mut merge = Merge::new(&units);
    for (index, unit) in units.units().iter().enumerate() {
        let count = count(&units.board(unit).expect("a unit"), units.remaining(), 1);
        let line = ResultLine {
            index,
            count,
            checksum: units.checksum(),
        };
        merge.add(&line).expect("results of this file");
    }
    merge.total().expect("every unit counted")
}

/// Writes a unit file as text.
fn text_of(units: &UnitFile) -> String {
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
    let standard = suite(include_str!("../../../tests/data/standard.epd"));
    let tricky = suite(include_str!("../../../tests/data/tricky.epd"));
    for (board, counts) in standard.iter().chain(&tricky) {
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
    let fischer = suite(include_str!("../../../tests/data/fischer.epd"));
    for (board, counts) in fischer.iter().step_by(48) {
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
    let fischer = suite(include_str!("../../../tests/data/fischer.epd"));
    let roots = [
        (Board::default(), 4),
        (KIWIPETE.parse().expect("kiwipete"), 3),
        (fischer[0].0, 3),
        (fischer[500].0, 3),
    ];
    for (root, ply) in roots {
        let (units, _) =
            UnitFile::split(&root, ply, ply, SplitOptions::default()).expect("a split");
        for unit in units.units() {
            let fen = units.fen(unit);
            let board = Board::from_fen(&fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
            assert_eq!(
                board.to_string(),
                fen,
                "the FEN is the board's own spelling"
            );
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

#[test]
fn a_unit_file_reads_back_and_its_checksum_is_stable() {
    let (units, _) =
        UnitFile::split(&Board::default(), 7, 3, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let read = UnitFile::parse(&text).expect("reads back");
    assert_eq!(read, units);
    // The format in the module docs.
    assert!(text.starts_with(
        "# bitmoves units v1\n\
         # root: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         # depth: 7\n# ply: 3\n# units: 5362\n# paths: 8902\n"
    ));
    assert_eq!(units.checksum(), 0x8db5_6604_388f_dd65, "{text:.400}");
    // Blank lines and CRLF line ends are tolerated.
    let crlf = text.replace('\n', "\r\n") + "\n\n";
    assert_eq!(UnitFile::parse(&crlf).expect("CRLF"), units);
}

#[test]
fn damaged_unit_files_are_refused() {
    let (units, _) =
        UnitFile::split(&Board::default(), 5, 3, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let lines: Vec<&str> = text.lines().collect();
    let joined = |lines: &[&str]| lines.join("\n") + "\n";
    let refused = |text: &str| UnitFile::parse(text).expect_err("refused");

    // Truncated at a line end, and in the middle of a line.
    let cut = joined(&lines[..lines.len() - 1]);
    assert!(matches!(
        refused(&cut),
        UnitFileError::Truncated {
            expected: 5362,
            found: 5361
        }
    ));
    let mid = &text[..text.len() - 30];
    assert!(matches!(
        refused(mid),
        UnitFileError::Line { .. } | UnitFileError::Truncated { .. }
    ));
    assert!(matches!(
        refused(""),
        UnitFileError::Line {
            line: 1,
            problem: UnitFileProblem::NotAUnitFile
        }
    ));
    assert!(matches!(
        refused(&joined(&lines[..7])),
        UnitFileError::Truncated { .. }
    ));

    // Two different multiplicities swapped, their sum kept: only the
    // checksum sees it.
    let multiplicity = |line: &str| line.split(';').nth(2).unwrap_or_default().to_string();
    let (a, b) = (7..lines.len())
        .find_map(|a| {
            let b =
                (a + 1..lines.len()).find(|&b| multiplicity(lines[a]) != multiplicity(lines[b]))?;
            Some((a, b))
        })
        .expect("two units with different multiplicities");
    let mut edited: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
    let with = |line: &str, value: &str| {
        let mut fields: Vec<&str> = line.split(';').collect();
        fields[2] = value;
        fields.join(";")
    };
    edited[a] = with(lines[a], &multiplicity(lines[b]));
    edited[b] = with(lines[b], &multiplicity(lines[a]));
    let edited: Vec<&str> = edited.iter().map(String::as_str).collect();
    assert!(matches!(
        refused(&joined(&edited)),
        UnitFileError::Checksum { .. }
    ));

    // A unit moved, duplicated, renumbered, or given a wrong remaining depth.
    let mut swapped = lines.clone();
    swapped.swap(10, 11);
    assert!(matches!(
        refused(&joined(&swapped)),
        UnitFileError::Line { line: 11, .. }
    ));
    let mut duplicated = lines.clone();
    duplicated.insert(11, lines[10]);
    assert!(matches!(
        refused(&joined(&duplicated)),
        UnitFileError::Line { line: 12, .. }
    ));
    let wrong_depth = text.replacen(";2\n", ";4\n", 1);
    assert!(matches!(
        refused(&wrong_depth),
        UnitFileError::Line {
            problem: UnitFileProblem::Remaining {
                expected: 2,
                found: 4
            },
            ..
        }
    ));

    // A header edited: another root, depth or checksum.
    let kiwipete = text.replacen(&Board::default().to_string(), KIWIPETE, 1);
    assert!(matches!(refused(&kiwipete), UnitFileError::Checksum { .. }));
    let deeper = text.replacen("# depth: 5", "# depth: 6", 1);
    assert!(matches!(
        refused(&deeper),
        UnitFileError::Line { line: 8, .. }
    ));
    let too_deep = text.replacen("# depth: 5", "# depth: 17", 1);
    assert!(matches!(
        refused(&too_deep),
        UnitFileError::Line { line: 3, .. }
    ));
    let checksum_line = lines[6];
    let bad_checksum = text.replacen(checksum_line, "# checksum: fnv1a64 0000000000000000", 1);
    assert!(matches!(
        refused(&bad_checksum),
        UnitFileError::Checksum { expected: 0, .. }
    ));

    // A FEN spelled differently (an en passant square nobody can use).
    let fen = units.fen(&units.units()[0]);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[4] = "3";
    let clocks = text.replacen(&fen, &fields.join(" "), 1);
    assert!(matches!(
        refused(&clocks),
        UnitFileError::Line {
            problem: UnitFileProblem::NotCanonical,
            ..
        }
    ));
}

#[test]
fn hostile_unit_files_are_errors_not_panics() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 1, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let bytes = text.as_bytes();
    // Every prefix, and every single-byte change at a few places.
    for end in 0..bytes.len() {
        let _ = UnitFile::read(&bytes[..end]);
    }
    for at in (0..bytes.len()).step_by(7) {
        for byte in [b'0', b';', b'\n', b'#', 0xff, b' '] {
            let mut changed = bytes.to_vec();
            changed[at] = byte;
            if let Ok(read) = UnitFile::read(&changed[..]) {
                assert_eq!(read, units, "a changed file read as other units");
            }
        }
    }
    let long = std::format!("{FORMAT_LINE}\n# root: {}\n", "x".repeat(5000));
    assert!(matches!(
        UnitFile::parse(&long),
        Err(UnitFileError::Line {
            line: 2,
            problem: UnitFileProblem::TooLong
        })
    ));
}

#[test]
fn results_lines_read_back_and_cut_off_lines_are_left_out() {
    let line = ResultLine {
        index: 3,
        count: u128::MAX,
        checksum: 0x0123_4567_89ab_cdef,
    };
    let text = std::format!("{line}\n");
    assert_eq!(
        text,
        "3;340282366920938463463374607431768211455;0123456789abcdef\n"
    );
    let read = ResultLines::parse(text.as_bytes()).expect("a line");
    assert_eq!(read.lines, [(1, line)]);
    let partial = std::format!("{line}\n7;12");
    let read = ResultLines::parse(partial.as_bytes()).expect("a cut-off line");
    assert_eq!((read.lines.len(), read.complete_len), (1, text.len()));
    for bad in [
        "3;1\n",
        "3;1;0123456789abcdef;4\n",
        "03;1;0123456789abcdef\n",
        "3;-1;0123456789abcdef\n",
        "3;340282366920938463463374607431768211456;0123456789abcdef\n",
        "3;1;0123456789ABCDEF\n",
        "x;1;0123456789abcdef\n",
        "\u{ff}\n",
    ] {
        assert!(ResultLines::parse(bad.as_bytes()).is_err(), "{bad:?}");
    }
}

#[test]
fn the_merge_checks_every_unit_and_takes_identical_duplicates() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 2, SplitOptions::default()).expect("a split");
    let checksum = units.checksum();
    let lines: Vec<ResultLine> = (0..units.units().len())
        .map(|index| ResultLine {
            index,
            count: count(&units.board(&units.units()[index]).expect("a unit"), 1, 1),
            checksum,
        })
        .collect();
    let mut merge = Merge::new(&units);
    for line in &lines[1..] {
        merge.add(line).expect("a result");
    }
    assert_eq!(merge.missing(), [0]);
    assert_eq!(
        merge.total(),
        Err(MergeError::Missing {
            units: std::vec![0]
        })
    );
    merge.add(&lines[0]).expect("a result");
    merge.add(&lines[5]).expect("an identical duplicate");
    assert_eq!(merge.total(), Ok(8_902));

    let differing = ResultLine {
        count: lines[5].count + 1,
        ..lines[5]
    };
    let error = merge.add(&differing).expect_err("a conflict");
    assert!(matches!(error, MergeError::Conflict { index: 5, .. }));
    assert!(
        error.to_string().contains(&units.fen(&units.units()[5])),
        "{error}"
    );
    let foreign = ResultLine {
        checksum: checksum ^ 1,
        ..lines[5]
    };
    assert!(matches!(
        merge.add(&foreign),
        Err(MergeError::OtherUnitFile { .. })
    ));
    let unknown = ResultLine {
        index: 400,
        ..lines[5]
    };
    assert!(matches!(
        merge.add(&unknown),
        Err(MergeError::UnknownUnit { index: 400, .. })
    ));
    let huge = ResultLine {
        count: u128::MAX,
        ..lines[7]
    };
    let mut overflowing = Merge::new(&units);
    for line in lines.iter().filter(|line| line.index != 7).chain([&huge]) {
        overflowing.add(line).expect("a result");
    }
    assert_eq!(overflowing.total(), Err(MergeError::Overflow));
}

#[test]
fn shards_are_read_strictly() {
    assert_eq!("0/1".parse(), Shard::new(0, 1));
    for (text, error) in [
        ("5/4", ShardError::OutOfRange { index: 5, count: 4 }),
        ("4/4", ShardError::OutOfRange { index: 4, count: 4 }),
        ("0/0", ShardError::NoShards),
    ] {
        assert_eq!(text.parse::<Shard>(), Err(error), "{text}");
    }
    for text in [
        "x",
        "",
        "1",
        "1/",
        "/4",
        "-1/4",
        "1/4/2",
        " 1/4",
        "1/99999999999",
    ] {
        assert!(
            matches!(text.parse::<Shard>(), Err(ShardError::Syntax { .. })),
            "{text:?}"
        );
    }
    let missing = Shard::from_env(|_| None);
    assert_eq!(
        missing,
        Err(ShardError::MissingVariable {
            name: "SLURM_ARRAY_TASK_ID"
        })
    );
}

#[test]
fn shards_cover_every_unit_once_and_balance_the_estimated_work() {
    let (units, _) =
        UnitFile::split(&Board::default(), 6, 3, SplitOptions::default()).expect("a split");
    let remaining = units.remaining();
    let costs: Vec<u128> = units
        .units()
        .iter()
        .map(|unit| estimate(&units.board(unit).expect("a unit"), remaining))
        .collect();
    for shards in [1, 2, 4, 7] {
        let assignment = assign(&units, shards);
        assert_eq!(assignment, assign(&units, shards), "deterministic");
        let mut seen = std::vec![false; units.units().len()];
        let mut loads = std::vec![0u128; shards as usize];
        for shard in 0..shards {
            for index in Shard::new(shard, shards).expect("a shard").units(&units) {
                assert!(!seen[index], "unit {index} in two shards");
                seen[index] = true;
                loads[shard as usize] += costs[index];
            }
        }
        assert!(seen.iter().all(|&seen| seen), "every unit in a shard");
        let (min, max) = (loads.iter().min(), loads.iter().max());
        let (Some(&min), Some(&max)) = (min, max) else {
            continue;
        };
        assert!(
            max - min <= costs.iter().copied().max().unwrap_or(0),
            "{loads:?}"
        );
    }
}

#[test]
fn a_killed_worker_restarts_where_it_stopped() {
    let root: Board = KIWIPETE.parse().expect("kiwipete");
    let (units, _) = UnitFile::split(&root, 4, 2, SplitOptions::default()).expect("a split");
    let dir = std::env::temp_dir().join(std::format!("bitmoves-split-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("shard-1-of-2.results");
    let _ = std::fs::remove_file(&path);
    let shard = Shard::new(1, 2).expect("a shard");
    let plain = |board: &Board, depth| count(board, depth, 1);

    // The worker is killed while writing its 10th line: 9 complete lines
    // and half of one are left.
    let mut results = ResultsFile::open(&path, &units).expect("a new results file");
    work(&units, shard, &mut results, plain, |_, _, _| {}).expect("a first run");
    drop(results);
    let text = std::fs::read_to_string(&path).expect("the results");
    let mut lines: Vec<&str> = text.lines().take(10).collect();
    let partial = lines
        .pop()
        .map(|line| &line[..line.len() / 2])
        .unwrap_or_default();
    std::fs::write(&path, lines.join("\n") + "\n" + partial).expect("a cut results file");

    // Restarted, it skips the 9 complete units and cuts off the half line.
    let mut results = ResultsFile::open(&path, &units).expect("a results file to resume");
    let summary = work(&units, shard, &mut results, plain, |_, _, _| {}).expect("the rest");
    assert_eq!(summary.skipped, 9);
    assert_eq!(summary.counted, summary.assigned - 9);
    drop(results);

    let mut results =
        ResultsFile::open(&dir.join("shard-0-of-2.results"), &units).expect("shard 0");
    work(
        &units,
        Shard::new(0, 2).expect("a shard"),
        &mut results,
        plain,
        |_, _, _| {},
    )
    .expect("shard 0");
    drop(results);
    let mut merge = Merge::new(&units);
    for name in ["shard-0-of-2.results", "shard-1-of-2.results"] {
        let bytes = std::fs::read(dir.join(name)).expect("results");
        let read = ResultLines::parse(&bytes).expect("complete lines only");
        assert_eq!(read.complete_len, bytes.len(), "no cut-off line left");
        for (_, line) in &read.lines {
            merge.add(line).expect("a result");
        }
    }
    assert_eq!(merge.total(), Ok(4_085_603));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn results_of_another_unit_file_are_refused_on_resume() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 1, SplitOptions::default()).expect("a split");
    let dir =
        std::env::temp_dir().join(std::format!("bitmoves-split-other-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("shard-0-of-1.results");
    let foreign = ResultLine {
        index: 0,
        count: 1,
        checksum: units.checksum() ^ 1,
    };
    std::fs::write(&path, std::format!("{foreign}\n")).expect("a results file");
    let error = ResultsFile::open(&path, &units).expect_err("another unit file");
    assert!(
        matches!(error, OpenResultsError::OtherUnitFile { line: 1, .. }),
        "{error}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).ok(),
        Some(std::format!("{foreign}\n")),
        "left as it was"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_are_perft_on_any_number_of_threads() {
    let kiwipete: Board = KIWIPETE.parse().expect("kiwipete");
    for threads in [0, 1, 2, 3] {
        for depth in 0..=4 {
            assert_eq!(
                count(&kiwipete, depth, threads),
                u128::from(perft(&kiwipete, depth))
            );
        }
        assert_eq!(count_full(&kiwipete, 3, threads), 97_862);
    }
    // Past the u64-safe depth the sums are kept in a u128.
    let bare: Board = "7k/8/8/8/8/8/8/K7 w - - 0 1".parse().expect("two kings");
    let depth = U64_SAFE_DEPTH + 2;
    assert_eq!(count(&bare, depth, 2), u128::from(perft(&bare, depth)));
}

#[test]
fn a_count_pool_counts_unit_after_unit() {
    let kiwipete: Board = KIWIPETE.parse().expect("kiwipete");
    let (units, _) = UnitFile::split(&kiwipete, 4, 1, SplitOptions::default()).expect("a split");
    for threads in [0, 1, 2, 3] {
        let pool = CountPool::new(threads, perft);
        let full = CountPool::new(threads, crate::perft::perft_full);
        for unit in units.units() {
            let board = units.board(unit).expect("a unit");
            for depth in 0..=3 {
                let expected = u128::from(perft(&board, depth));
                assert_eq!(pool.count(&board, depth), expected, "{board} {depth}");
                assert_eq!(full.count(&board, depth), expected, "{board} {depth}");
            }
        }
    }
}

#[test]
fn splits_stop_at_their_memory_limit() {
    let options = SplitOptions {
        max_memory: 100 * SplitOptions::BYTES_PER_UNIT,
    };
    assert_eq!(
        UnitFile::split(&Board::default(), 3, 2, options).map(|_| ()),
        Err(SplitError::TooManyUnits { max_units: 100 })
    );
    assert_eq!(
        UnitFile::split(&Board::default(), 3, 4, SplitOptions::default()).map(|_| ()),
        Err(SplitError::PlyBelowDepth { ply: 4, depth: 3 })
    );
    assert_eq!(
        UnitFile::split(&Board::default(), 17, 4, SplitOptions::default()).map(|_| ()),
        Err(SplitError::TooDeep { depth: 17 })
    );
}
