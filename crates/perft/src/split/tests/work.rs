//! Shards, the worker, counting and the merge.

use super::KIWIPETE;
use crate::{Counting, Table, U64_SAFE_DEPTH, split::*};
use bitmoves::{Board, perft::perft};
use std::vec::Vec;

#[test]
fn the_merge_checks_every_unit_and_takes_identical_duplicates() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 2, SplitOptions::default()).expect("a split");
    let checksum = units.checksum();
    let lines: Vec<ResultLine> = (0..units.units().len())
        .map(|index| ResultLine {
            index,
            count: Counting::Bulk.count(&units.board(&units.units()[index]).expect("a unit"), 1),
            remaining: 1,
            checksum,
        })
        .collect();
    let mut merge = Merge::new(&units).expect("memory for the merge");
    for line in &lines[1..] {
        merge.add(line).expect("a result");
    }
    assert_eq!(merge.missing().collect::<Vec<_>>(), [0]);
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
    let mut overflowing = Merge::new(&units).expect("memory for the merge");
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
    for text in ["x", "", "1", "1/", "/4", "1/4/2", " 1/4", "-/4", "+1/4"] {
        assert!(
            matches!(text.parse::<Shard>(), Err(ShardError::Syntax { .. })),
            "{text:?}"
        );
    }
    for text in ["-1/4", "1/-4"] {
        assert!(
            matches!(text.parse::<Shard>(), Err(ShardError::Negative { .. })),
            "{text:?}"
        );
    }
    for text in ["1/99999999999", "4294967296/1", "1/99999999999999999999999"] {
        assert!(
            matches!(text.parse::<Shard>(), Err(ShardError::TooLarge { .. })),
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

/// Shards beyond the number of units get none, so `assign` keeps only as
/// many as there are units: `u32::MAX` shards (issue 22 found a 137 GB
/// allocation) assign exactly as many shards as units do.
#[test]
fn more_shards_than_units_assign_as_one_shard_per_unit() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 2, SplitOptions::default()).expect("a split");
    let len = u32::try_from(units.units().len()).expect("400 units");
    let one_each = assign(&units, len).expect("memory");
    let mut sorted = one_each.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..len).collect::<Vec<_>>(), "one unit per shard");
    for shards in [len + 1, 100_000_000, u32::MAX] {
        assert_eq!(
            assign(&units, shards).expect("memory"),
            one_each,
            "{shards} shards"
        );
    }
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
        let assignment = assign(&units, shards).expect("memory");
        assert_eq!(
            assignment,
            assign(&units, shards).expect("memory"),
            "deterministic"
        );
        let mut seen = std::vec![false; units.units().len()];
        let mut loads = std::vec![0u128; shards as usize];
        for shard in 0..shards {
            for index in Shard::new(shard, shards)
                .expect("a shard")
                .units(&units)
                .expect("memory")
            {
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
    let plain = |board: &Board, depth| Counting::Bulk.count(board, depth);

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

    // Restarted, it skips the 9 complete units and ends the half line,
    // which is set aside.
    let mut results = ResultsFile::open(&path, &units).expect("a results file to resume");
    let (set_aside, damaged) = results.set_aside();
    assert_eq!(damaged, 1);
    assert_eq!(set_aside[0].line, 10);
    assert!(matches!(
        set_aside[0].problem,
        ResultsProblem::Unfinished { .. }
    ));
    let ended = std::fs::read(&path).expect("the results");
    assert_eq!(
        ended.last(),
        Some(&b'\n'),
        "the half line was ended, not cut"
    );
    assert_eq!(ended.len(), lines.join("\n").len() + 1 + partial.len() + 1);
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
    let mut merge = Merge::new(&units).expect("memory for the merge");
    for name in ["shard-0-of-2.results", "shard-1-of-2.results"] {
        let bytes = std::fs::read(dir.join(name)).expect("results");
        for line in &super::results_of(&bytes) {
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
        remaining: units.remaining(),
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
                Counting::Bulk.count_parallel(&kiwipete, depth, threads),
                u128::from(perft(&kiwipete, depth))
            );
        }
        assert_eq!(Counting::Full.count_parallel(&kiwipete, 3, threads), 97_862);
    }
    // Past the u64-safe depth the sums are kept in a u128.
    let bare: Board = "7k/8/8/8/8/8/8/K7 w - - 0 1".parse().expect("two kings");
    let depth = U64_SAFE_DEPTH + 2;
    assert_eq!(
        Counting::Bulk.count_parallel(&bare, depth, 2),
        u128::from(perft(&bare, depth))
    );
}

/// The law: a worker's shard totals perft whichever way it shares the
/// units out: whole units per thread (many units) or each unit on all
/// the threads (few), bulk, full or hashed.
#[test]
fn a_worker_counts_exactly_with_either_strategy() {
    let kiwipete: Board = KIWIPETE.parse().expect("kiwipete");
    let dir =
        std::env::temp_dir().join(std::format!("bitmoves-worker-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let table = Table::new(1 << 20).expect("1 MiB");
    // 48 units: 24 per thread with two threads (whole units), 12 with
    // four (fewer than UNITS_PER_THREAD: each unit on all threads); and
    // 2,039 (whole units).
    for ply in [1, 2] {
        let (units, _) =
            UnitFile::split(&kiwipete, 4, ply, SplitOptions::default()).expect("a split");
        for counting in [Counting::Bulk, Counting::Full, Counting::Hashed(&table)] {
            for threads in [1, 2, 4] {
                let shard = Shard::new(0, 1).expect("a shard");
                let path = dir.join(ResultsFile::name(shard));
                let _ = std::fs::remove_file(&path);
                let mut results = ResultsFile::open(&path, &units).expect("a results file");
                let worker = Worker { counting, threads };
                let summary = worker
                    .work(&units, shard, &mut results, |_, _, _| {})
                    .expect("a run");
                assert_eq!(summary.counted, units.units().len());
                drop(results);
                let bytes = std::fs::read(&path).expect("the results");
                let mut merge = Merge::new(&units).expect("memory for the merge");
                for line in &super::results_of(&bytes) {
                    merge.add(line).expect("a result");
                }
                assert_eq!(
                    merge.total(),
                    Ok(4_085_603),
                    "ply {ply}, {counting:?}, {threads} threads"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
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

/// Threads that take whole units, sharing one small table (so entries are
/// replaced all the time), and restarted after part of the shard was
/// done, still merge to the exact count; every unit is recorded once.
#[test]
fn parallel_workers_sharing_a_table_resume_and_merge_exactly() {
    use crate::{Table, perft_hashed};
    let root: Board = KIWIPETE.parse().expect("kiwipete");
    let (units, _) = UnitFile::split(&root, 5, 2, SplitOptions::default()).expect("a split");
    let dir = std::env::temp_dir().join(std::format!(
        "bitmoves-parallel-work-test-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("shard-0-of-1.results");
    let _ = std::fs::remove_file(&path);
    let shard = Shard::new(0, 1).expect("a shard");
    let table = Table::new(64 << 10).expect("a small table");
    let hashed = |board: &Board, depth| perft_hashed(board, depth, &table);

    // An earlier run got a third of the way.
    let mut results = ResultsFile::open(&path, &units).expect("a new results file");
    let done = units.units().len() / 3;
    for index in 0..done {
        let board = units.board(&units.units()[index]).expect("a unit");
        results
            .record(index, Counting::Bulk.count(&board, units.remaining()))
            .expect("a result");
    }
    drop(results);

    let mut results = ResultsFile::open(&path, &units).expect("a results file to resume");
    let mut seen = Vec::new();
    let summary = work_parallel(&units, shard, &mut results, 3, hashed, |_, index, _| {
        seen.push(index)
    })
    .expect("the rest");
    assert_eq!(summary.skipped, done);
    assert_eq!(summary.counted, units.units().len() - done);
    seen.sort_unstable();
    assert_eq!(seen, (done..units.units().len()).collect::<Vec<_>>());
    drop(results);

    let bytes = std::fs::read(&path).expect("results");
    let mut merge = Merge::new(&units).expect("memory for the merge");
    for line in &super::results_of(&bytes) {
        merge.add(line).expect("a result");
    }
    assert_eq!(merge.total(), Ok(193_690_690));
    let _ = std::fs::remove_dir_all(&dir);
}
