//! `bitmoves split`, `work` and `merge` end to end: the merged count is
//! the perft, whatever the split ply, the shards, or a killed worker; bad
//! input is one `error:` line and overwrites nothing.

mod common;

use bitmoves_perft::split::ResultLine;
use common::{
    arg, merge_args, nodes_searched, one_error, refused_shard, run, scratch, split_args,
    split_units, stdout, work_args,
};
use std::{fs, path::Path, process::Command};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

/// Splits, runs every shard, merges: the merged node count.
fn split_work_merge(dir: &Path, position: &str, depth: u32, ply: u32, shards: u32) -> u64 {
    let units = dir.join(format!("units-{depth}-{ply}.txt"));
    let results = dir.join(format!("results-{depth}-{ply}-{shards}"));
    let (depth, ply) = (depth.to_string(), ply.to_string());
    stdout(&split_args(position, &depth, &ply, &units));
    for shard in 0..shards {
        let shard = format!("{shard}/{shards}");
        let threads = if shard.starts_with('0') { "2" } else { "1" };
        stdout(&[
            "work",
            arg(&units),
            "--shard",
            &shard,
            "--threads",
            threads,
            "-o",
            arg(&results),
        ]);
    }
    nodes_searched(&stdout(&merge_args(&units, &results)))
}

#[test]
fn split_work_merge_equals_perft() {
    let dir = scratch("deep-equals");
    for ply in [1, 2, 3] {
        assert_eq!(
            split_work_merge(&dir, "startpos", 5, ply, 3),
            4_865_609,
            "startpos at {ply}"
        );
    }
    for ply in [1, 2, 3] {
        assert_eq!(
            split_work_merge(&dir, KIWIPETE, 4, ply, 2),
            4_085_603,
            "kiwipete at {ply}"
        );
    }
    let chess960 = scratch("deep-chess960");
    for ply in [1, 2, 3] {
        assert_eq!(
            split_work_merge(&chess960, CHESS960, 4, ply, 4),
            326_672,
            "chess960 at {ply}"
        );
    }
}

#[test]
fn a_killed_and_restarted_worker_still_gives_the_exact_sum() {
    let (_, units, results) = split_units("deep-killed", KIWIPETE, "4", "2");
    let work = |shard: &str| {
        stdout(&work_args(&units, shard, &results));
    };
    work("0/2");
    work("1/2");
    // The worker of shard 1 "was killed" while writing: keep a third of
    // its lines and half of the next.
    let file = results.join("shard-1-of-2.results");
    let text = fs::read_to_string(&file).expect("results");
    let lines: Vec<&str> = text.lines().collect();
    let kept = lines.len() / 3;
    let cut = format!(
        "{}\n{}",
        lines[..kept].join("\n"),
        &lines[kept][..lines[kept].len() / 2]
    );
    fs::write(&file, cut).expect("a cut results file");
    let merge = run(&merge_args(&units, &results));
    // The cut-off line is ignored, and said so, before the one error.
    let (ignored, error) = merge.stderr.trim_end().split_once('\n').expect("two lines");
    assert!(
        !merge.success && ignored.starts_with("merge: ignored "),
        "{ignored}"
    );
    assert!(ignored.contains("no line end"), "{ignored}");
    assert!(error.starts_with("error: "), "{error}");
    assert!(error.contains("units have no count yet"), "{error}");
    assert!(error.contains("run these shards again: 1/2"), "{error}");
    // Restarted, it counts only what is missing.
    let restart = run(&work_args(&units, "1/2", &results));
    assert!(restart.success, "{}", restart.stderr);
    assert!(
        restart.stderr.contains(&format!("({kept} earlier)")),
        "{}",
        restart.stderr
    );
    let merged = stdout(&merge_args(&units, &results));
    assert_eq!(nodes_searched(&merged), 4_085_603);
    // A retried shard appends identical duplicates: still exact.
    fs::remove_file(&file).expect("remove");
    work("1/2");
    let copy = results.join("retry.results");
    fs::copy(results.join("shard-0-of-2.results"), &copy).expect("a duplicate");
    assert_eq!(
        nodes_searched(&stdout(&merge_args(&units, &results))),
        4_085_603
    );
    // Differing duplicates, each line whole (its check right), are an
    // error naming the unit and both files.
    let first = fs::read_to_string(&copy).expect("results");
    let line: ResultLine = first
        .lines()
        .next()
        .expect("a line")
        .parse()
        .expect("a result");
    let changed = ResultLine {
        count: line.count + 1,
        ..line
    };
    fs::write(&copy, format!("{changed}\n")).expect("a wrong duplicate");
    let error = one_error(&run(&merge_args(&units, &results)));
    assert!(error.contains(&format!("unit {} (", line.index)), "{error}");
    assert!(error.contains("two different counts"), "{error}");
    assert!(
        error.contains("retry.results line 1") && error.contains("shard-0-of-2.results line "),
        "both files named: {error}"
    );
}

#[test]
fn bad_unit_files_are_one_line_errors() {
    let (dir, units, results) = split_units("deep-bad-units", "startpos", "4", "2");
    stdout(&work_args(&units, "0/1", &results));
    let text = fs::read_to_string(&units).expect("units");

    // Truncated.
    let truncated = dir.join("truncated.txt");
    fs::write(&truncated, &text[..text.len() * 2 / 3]).expect("write");
    let error = one_error(&run(&merge_args(&truncated, &results)));
    assert!(error.contains("truncated.txt"), "{error}");

    // Edited: a multiplicity changed.
    let edited = dir.join("edited.txt");
    fs::write(&edited, text.replacen(";1;2\n", ";2;2\n", 1)).expect("write");
    let error = one_error(&run(&[
        "work",
        arg(&edited),
        "--shard",
        "0/1",
        "-o",
        arg(&results),
    ]));
    assert!(error.contains("edited.txt"), "{error}");

    // From another root: the results do not belong to it.
    let other = dir.join("kiwipete.txt");
    stdout(&split_args(KIWIPETE, "4", "2", &other));
    let error = one_error(&run(&merge_args(&other, &results)));
    assert!(error.contains("another unit file"), "{error}");
    // Nor may a worker append to them.
    let before = fs::read(results.join("shard-0-of-1.results")).expect("results");
    let error = one_error(&run(&[
        "work",
        arg(&other),
        "--shard",
        "0/1",
        "-o",
        arg(&results),
    ]));
    assert!(error.contains("another unit file"), "{error}");
    assert_eq!(
        fs::read(results.join("shard-0-of-1.results")).ok(),
        Some(before)
    );

    // Not a unit file at all, or not there.
    let error = one_error(&run(&[
        "merge",
        arg(&results.join("shard-0-of-1.results")),
        arg(&results),
    ]));
    assert!(error.contains("not a unit file"), "{error}");
    one_error(&run(&[
        "merge",
        arg(&dir.join("nowhere.txt")),
        arg(&results),
    ]));
    one_error(&run(&["merge", arg(&units), arg(&dir.join("no-results"))]));
}

#[test]
fn bad_shards_and_options_are_one_line_errors_that_touch_nothing() {
    let (dir, units, results) = split_units("deep-bad-args", "startpos", "3", "1");
    // Issue 22, defect 7: negative and huge numbers say so.
    for (shard, message) in [
        ("5/4", "out of range"),
        ("0/0", "at least 1"),
        ("x", "not I/N"),
        ("-1/3", "negative"),
        ("1/99999999999999999999", "too large"),
        ("99999999999999999999/3", "too large"),
    ] {
        let error = refused_shard(&units, shard, &results);
        assert!(error.contains(message), "{shard}: {error}");
    }
    let error = one_error(&run(&[
        "work",
        arg(&units),
        "--hash",
        "1M",
        "--no-bulk",
        "-o",
        arg(&results),
        "--shard",
        "0/1",
    ]));
    assert!(error.contains("--no-bulk"), "{error}");
    let error = one_error(&run(&[
        "work",
        arg(&units),
        "--hash",
        "lots",
        "-o",
        arg(&results),
        "--shard",
        "0/1",
    ]));
    assert!(error.contains("size"), "{error}");
    assert!(!results.exists(), "nothing created");
    stdout(&[
        "work",
        arg(&units),
        "--hash",
        "0",
        "-o",
        arg(&results),
        "--shard",
        "0/1",
    ]);

    for args in [
        ["split", "startpos", "3", "--at", "4"],
        ["split", "startpos", "17", "--at", "1"],
        ["split", "nowhere", "3", "--at", "1"],
    ] {
        let mut args = args.to_vec();
        let fresh = dir.join("fresh.txt");
        args.extend(["-o", arg(&fresh)]);
        one_error(&run(&args));
        assert!(!fresh.exists(), "{args:?} wrote nothing");
    }
}

#[test]
fn split_never_clobbers_a_file() {
    let dir = scratch("deep-clobber");
    let units = dir.join("units.txt");
    fs::write(&units, "precious\n").expect("write");
    let error = one_error(&run(&split_args("startpos", "3", "1", &units)));
    assert!(error.contains("--force"), "{error}");
    assert_eq!(
        fs::read_to_string(&units).ok().as_deref(),
        Some("precious\n")
    );
    // A failed split with --force leaves it too.
    one_error(&run(&[
        &split_args("startpos", "3", "5", &units)[..],
        &["--force"],
    ]
    .concat()));
    assert_eq!(
        fs::read_to_string(&units).ok().as_deref(),
        Some("precious\n")
    );
    stdout(&[&split_args("startpos", "3", "1", &units)[..], &["--force"]].concat());
    assert!(fs::read_to_string(&units).is_ok_and(|text| text.starts_with("# bitmoves units v1\n")));
    let leftovers = fs::read_dir(&dir).expect("the directory").count();
    assert_eq!(leftovers, 1, "no temporary file left behind");
}

#[test]
fn the_shard_comes_from_slurm_when_not_given() {
    let (_, units, results) = split_units("deep-slurm-env", "startpos", "4", "2");
    let work = |id: &str, count: &str| {
        Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(["work", arg(&units), "-o", arg(&results)])
            .env("SLURM_ARRAY_TASK_ID", id)
            .env("SLURM_ARRAY_TASK_COUNT", count)
            .output()
            .expect("the binary runs")
    };
    for id in ["0", "1"] {
        let output = work(id, "2");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert!(results.join("shard-1-of-2.results").is_file());
    assert_eq!(
        nodes_searched(&stdout(&merge_args(&units, &results))),
        197_281
    );
    let output = work("3", "1");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: ") && stderr.contains("out of range"),
        "{stderr}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["work", arg(&units), "-o", arg(&results)])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains("--shard"),
        "{stderr}"
    );
}

/// `work --hash`: hashed perft on one and two threads, in a small table
/// (so entries are replaced), merges to the plain count.
#[test]
fn hashed_workers_merge_to_the_exact_count() {
    let (_, units, results) = split_units("deep-hashed", "kiwipete", "5", "2");
    for (shard, threads) in [("0/2", "1"), ("1/2", "2")] {
        stdout(&[
            "work",
            arg(&units),
            "--shard",
            shard,
            "--threads",
            threads,
            "--hash",
            "64K",
            "-o",
            arg(&results),
        ]);
    }
    let merged = nodes_searched(&stdout(&merge_args(&units, &results)));
    assert_eq!(merged, 193_690_690);
}
