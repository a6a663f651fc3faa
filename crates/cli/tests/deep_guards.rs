//! `split`, `work` and `merge` against hostile input: absurd shard
//! counts, racing and symlinked outputs, huge results files, and the
//! messages that say what went wrong.

mod common;

use common::{
    arg, merge_args, nodes_searched, one_error, refused_shard, run, scratch, split_args,
    split_units, stdout, work_args,
};
use std::{
    fs,
    process::{Command, Stdio},
    time::Instant,
};

/// Issue 22, defect 3: `--shard 0/4294967295` aborted on a 137 GB
/// allocation after creating an empty results file; `5/100000000` took
/// 14 s and 3 GB. More shards than units is one error line, and nothing
/// is created.
#[test]
fn more_shards_than_units_are_refused_before_touching_the_disk() {
    let (dir, units, results) = split_units("deep-guards-absurd", "startpos", "3", "1");
    for shard in ["0/4294967295", "5/100000000", "0/21"] {
        let start = Instant::now();
        let error = refused_shard(&units, shard, &results);
        assert!(error.contains("20 units"), "{shard}: {error}");
        assert!(start.elapsed().as_secs() < 5, "{shard}: refused at once");
    }
    stdout(&work_args(&units, "19/20", &results));
    // A stray results file named for absurdly many shards: merge reports
    // the missing units without computing an assignment for them.
    fs::remove_file(results.join("shard-19-of-20.results")).expect("remove");
    let stray = dir.join("stray");
    fs::create_dir_all(&stray).expect("a directory");
    fs::write(stray.join("shard-0-of-4294967295.results"), "").expect("a stray file");
    let start = Instant::now();
    let error = one_error(&run(&merge_args(&units, &stray)));
    assert!(error.contains("no count yet"), "{error}");
    assert!(start.elapsed().as_secs() < 5, "merge answered at once");
}

#[test]
fn moves_that_took_the_position_are_named_in_the_error() {
    let error = one_error(&run(&["perft", "--moves", "e4", "startpos", "3"]));
    assert!(error.contains("--moves"), "{error}");
    assert_eq!(
        nodes_searched(&stdout(&["perft", "startpos", "3", "--moves", "e4"])),
        13_160
    );
}

/// Issue 22, defect 4: a symlink named by `-o` is never replaced (nor
/// followed) without `--force`, dangling or not.
#[cfg(unix)]
#[test]
fn split_never_replaces_a_symlink_without_force() {
    let dir = scratch("deep-guards-symlink");
    let target = dir.join("target.txt");
    fs::write(&target, "precious\n").expect("write");
    for (link, points_to) in [
        ("link.txt", target.clone()),
        ("dangling.txt", dir.join("gone")),
    ] {
        let link = dir.join(link);
        std::os::unix::fs::symlink(&points_to, &link).expect("a symlink");
        let error = one_error(&run(&split_args("startpos", "3", "1", &link)));
        assert!(error.contains("--force"), "{error}");
        assert!(fs::symlink_metadata(&link).is_ok_and(|meta| meta.file_type().is_symlink()));
        assert_eq!(fs::read_link(&link).ok(), Some(points_to));
    }
    assert_eq!(
        fs::read_to_string(&target).ok().as_deref(),
        Some("precious\n")
    );
    assert!(
        !dir.join("gone").exists(),
        "a dangling link is not followed"
    );
}

/// Issue 22, defect 4: two `split -o` of one file at once. The existence
/// check ran before the split and the rename after it, so both succeeded
/// and one silently replaced the other; now exactly one succeeds and the
/// file is whole.
#[test]
fn racing_splits_to_one_file_never_both_succeed() {
    let dir = scratch("deep-guards-race");
    for attempt in 0..4 {
        let output = dir.join(format!("race-{attempt}.txt"));
        let splits: Vec<_> = ["3", "2"]
            .iter()
            .map(|ply| {
                Command::new(env!("CARGO_BIN_EXE_bitmoves"))
                    .args(split_args("startpos", "6", ply, &output))
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("a split")
            })
            .collect();
        let succeeded = splits
            .into_iter()
            .map(|split| split.wait_with_output().expect("a split"))
            .filter(|output| output.status.success())
            .count();
        assert_eq!(succeeded, 1, "attempt {attempt}: exactly one split wins");
        let text = fs::read_to_string(&output).expect("the unit file");
        assert!(text.starts_with("# bitmoves units"), "attempt {attempt}");
    }
    let names: Vec<_> = fs::read_dir(&dir)
        .expect("the directory")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.contains(".tmp"))
        .collect();
    assert!(names.is_empty(), "no temporary file left behind: {names:?}");
}

/// Issue 22, defect 6: merge read every `*.results` file whole (a 2 GiB
/// sparse file took 2.1 GB of memory) and ignored it without a word. It
/// streams now: a 1 GiB file merges under a 512 MiB address-space limit,
/// and merge says what it ignored and why.
#[cfg(target_os = "linux")]
#[test]
fn merge_streams_results_and_says_what_it_ignored() {
    let (dir, units, results) = split_units("deep-guards-stream", "startpos", "4", "2");
    stdout(&work_args(&units, "0/1", &results));
    let huge = results.join("huge.results");
    fs::File::create(&huge)
        .and_then(|file| file.set_len(1 << 30))
        .expect("a sparse file");
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 524288 && exec "$0" merge "$1" "$2""#)
        .args([env!("CARGO_BIN_EXE_bitmoves"), arg(&units), arg(&results)])
        .output()
        .expect("a merge");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        nodes_searched(&String::from_utf8_lossy(&output.stdout)),
        197_281
    );
    assert!(
        stderr.contains("huge.results") && stderr.contains("ignored"),
        "{stderr}"
    );
    // Nor may a results file that is not a file make `work` wait.
    let fifo = dir.join("fifo");
    fs::create_dir_all(&fifo).expect("a directory");
    let made = Command::new("mkfifo")
        .arg(fifo.join("shard-0-of-1.results"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let error = one_error(&run(&[
        "work",
        arg(&units),
        "--shard",
        "0/1",
        "-o",
        arg(&fifo),
    ]));
    assert!(error.contains("not a regular file"), "{error}");
    let merge = run(&merge_args(&units, &fifo));
    assert!(!merge.success);
    assert!(
        merge.stderr.starts_with("merge: ignored ")
            && merge.stderr.contains("not a regular file")
            && merge.stderr.contains("error: ")
            && merge.stderr.contains("no count yet"),
        "{}",
        merge.stderr
    );
}
