//! `bitmoves pgn --parquet DIR` under concurrency, kills, `--force` and
//! unreadable inputs (issue 54): two runs into one folder never mix (the
//! second is refused, exit 6, one line); `--force` over an input that
//! cannot be read to its end (missing, a folder, truncated zstd or gzip)
//! exits 3 and leaves the old dataset as it was; a run killed at any step
//! of publishing leaves either a whole dataset with `_SUCCESS` or none,
//! and the next run takes over its lock; a live lock of another host is
//! refused with a line saying how to recover.

mod common;

use common::{names, run};
use parquet::file::reader::{FileReader, SerializedFileReader};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn temp(name: &str) -> PathBuf {
    common::fresh_path("cli-parquet-claims", name)
}

/// `count` games, each with `label` as its Event.
fn games(label: &str, count: usize) -> String {
    (0..count)
        .map(|i| format!("[Event \"{label} {i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"))
        .collect()
}

fn write(name: &str, bytes: &[u8]) -> String {
    let path = temp(name);
    std::fs::write(&path, bytes).expect("write the input");
    path.to_str().expect("utf-8").to_owned()
}

/// The rows of every `part-*.parquet` in `dir`.
fn rows(dir: &Path) -> u64 {
    names(dir)
        .iter()
        .filter(|name| name.starts_with("part-") && name.ends_with(".parquet"))
        .map(|name| {
            let file = File::open(dir.join(name)).expect("a part");
            let reader = SerializedFileReader::new(file).expect("a whole Parquet file");
            reader.metadata().file_metadata().num_rows() as u64
        })
        .sum()
}

/// The bytes of the dataset's files (`_SUCCESS` and the parts).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir)
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap_or_default();
            (name, bytes)
        })
        .collect()
}

/// A dataset of 400 games in a new folder `name`.
fn old_dataset(name: &str) -> PathBuf {
    let pgn = write(&format!("{name}.pgn"), games("old", 400).as_bytes());
    let dir = temp(name);
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap()]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
    assert_eq!(rows(&dir), 400);
    dir
}

/// Starts `bitmoves pgn - --parquet DIR` reading stdin, which the test
/// holds open; returns once the run holds the folder (its lock exists).
fn reading_stdin(dir: &Path, extra: &[&str]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["pgn", "-", "--parquet", dir.to_str().unwrap()])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bitmoves starts");
    for _ in 0..500 {
        if dir.join(".bitmoves.lock").exists() {
            return child;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the run never took {}", dir.display());
}

/// Feeds `text` to a run started by [`reading_stdin`] and waits for it.
fn finish(mut child: Child, text: &str) -> common::Run {
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(text.as_bytes()).expect("feed the run");
    drop(stdin);
    child.wait_with_output().expect("the run ends").into()
}

/// Asserts that `out` failed with `code` and exactly one line, an
/// `error:` containing `needle`.
fn assert_one_error(out: &common::Run, code: i32, needle: &str) {
    assert_eq!(out.code, Some(code), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("error: ") && out.stderr.contains(needle),
        "{}",
        out.stderr
    );
}

#[test]
fn a_second_run_into_a_folder_being_written_is_refused_and_the_first_is_kept_whole() {
    for force in [false, true] {
        let dir = temp(&format!("racing-{force}"));
        let flags: &[&str] = if force { &["--force"] } else { &[] };
        let first = reading_stdin(&dir, flags);
        // The second run, with and without --force, big input or small.
        let small = write("small.pgn", games("small", 400).as_bytes());
        for args in [&["--force"][..], &[]] {
            let mut all = vec!["pgn", &small, "--parquet", dir.to_str().unwrap()];
            all.extend_from_slice(args);
            let second = run(&all);
            assert_one_error(&second, 6, "is being written by another run");
        }
        let stdin_second = reading_stdin_refused(&dir);
        assert_one_error(&stdin_second, 6, "is being written by another run");
        let out = finish(first, &games("big", 3000));
        assert!(out.success, "{}", out.stderr);
        assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
        assert_eq!(rows(&dir), 3000, "exactly the first run's rows");
    }
}

/// A run reading stdin into a folder held by another: refused at once.
fn reading_stdin_refused(dir: &Path) -> common::Run {
    Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["pgn", "-", "--parquet", dir.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .expect("bitmoves runs")
        .into()
}

#[test]
fn runs_started_together_leave_exactly_one_run_s_rows() {
    let dir = temp("together");
    let pgn = write("together.pgn", games("x", 2000).as_bytes());
    let runs: Vec<Child> = (0..4)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_bitmoves"))
                .args(["pgn", &pgn, "--parquet", dir.to_str().unwrap(), "--force"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("bitmoves starts")
        })
        .collect();
    let mut done = 0;
    for child in runs {
        let out: common::Run = child.wait_with_output().expect("ends").into();
        match out.code {
            Some(0) => done += 1,
            // Refused while another held the folder: one line.
            Some(6) => assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr),
            _ => panic!("{:?}: {}", out.code, out.stderr),
        }
    }
    assert!(done >= 1);
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
    assert_eq!(rows(&dir), 2000);
}

/// A zstd stream of `text` cut to `keep` of its bytes.
fn truncated_zstd(text: &str, keep: f64) -> Vec<u8> {
    let whole = zstd::encode_all(text.as_bytes(), 3).expect("zstd");
    whole[..(whole.len() as f64 * keep) as usize].to_vec()
}

/// A gzip stream of `text` cut to `keep` of its bytes.
fn truncated_gzip(text: &str, keep: f64) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("gzip");
    let whole = encoder.finish().expect("gzip");
    whole[..(whole.len() as f64 * keep) as usize].to_vec()
}

#[test]
fn force_with_an_input_that_cannot_be_read_to_its_end_keeps_the_old_dataset() {
    let text = games("new", 400);
    let good = write("good.pgn", text.as_bytes());
    let folder = temp("a-folder.pgn");
    std::fs::create_dir_all(&folder).unwrap();
    // A frame with its checksum (as the zstd tool writes it) and a byte
    // flipped: the checksum finds it.
    let mut encoder = zstd::Encoder::new(Vec::new(), 3).unwrap();
    encoder.include_checksum(true).unwrap();
    encoder.write_all(text.as_bytes()).unwrap();
    let mut damaged_zstd = encoder.finish().unwrap();
    let middle = damaged_zstd.len() / 2;
    damaged_zstd[middle] ^= 0xff;
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("missing", vec!["/nonexistent/missing.pgn".to_owned()]),
        ("folder", vec![folder.to_str().unwrap().to_owned()]),
        (
            "zst-half",
            vec![write("half.pgn.zst", &truncated_zstd(&text, 0.5))],
        ),
        (
            "zst-tail",
            vec![write("tail.pgn.zst", &truncated_zstd(&text, 0.98))],
        ),
        (
            "gz-half",
            vec![write("half.pgn.gz", &truncated_gzip(&text, 0.5))],
        ),
        (
            "gz-tail",
            vec![write("tail.pgn.gz", &truncated_gzip(&text, 0.99))],
        ),
        ("zst-damaged", vec![write("damaged.pgn.zst", &damaged_zstd)]),
        (
            "second-of-two",
            vec![
                good.clone(),
                write("second.pgn.gz", &truncated_gzip(&text, 0.5)),
            ],
        ),
        (
            "missing-after-good",
            vec![good.clone(), "/nonexistent/later.pgn".to_owned()],
        ),
    ];
    for (name, inputs) in cases {
        let dir = old_dataset(&format!("kept-{name}"));
        let before = snapshot(&dir);
        let mut args = vec!["pgn"];
        args.extend(inputs.iter().map(String::as_str));
        args.extend(["--parquet", dir.to_str().unwrap(), "--force"]);
        let out = run(&args);
        assert_eq!(out.code, Some(3), "{name}: {}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{name}: {}", out.stderr);
        assert!(out.stderr.starts_with("error: "), "{name}: {}", out.stderr);
        assert_eq!(snapshot(&dir), before, "{name}: the old dataset, as it was");
        // Into an empty folder: nothing marked complete.
        let fresh = temp(&format!("fresh-{name}"));
        args.pop();
        let last = args.len() - 1;
        args[last] = fresh.to_str().unwrap();
        let out = run(&args);
        assert_eq!(out.code, Some(3), "{name}: {}", out.stderr);
        assert_eq!(names(&fresh), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn a_run_killed_at_any_step_of_publishing_leaves_a_whole_dataset_or_none() {
    let new = write("kill-new.pgn", games("new", 7).as_bytes());
    for step in [
        "written",
        "unmarked",
        "removed",
        "moved-one",
        "moved",
        "marked",
    ] {
        let dir = old_dataset(&format!("killed-{step}"));
        let killed = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(["pgn", &new, "--parquet", dir.to_str().unwrap(), "--force"])
            .env("BITMOVES_PARQUET_ABORT_AT", step)
            .output()
            .expect("bitmoves runs");
        assert_eq!(killed.status.code(), None, "{step}: killed");
        let listed = names(&dir);
        if listed.contains(&"_SUCCESS".to_owned()) {
            // Marked complete: the old dataset whole, or the new one.
            let rows = rows(&dir);
            assert!(rows == 400 || rows == 7, "{step}: {rows} rows, {listed:?}");
        }
        assert_eq!(
            listed.contains(&"_SUCCESS".to_owned()),
            matches!(step, "written" | "marked"),
            "{step}: {listed:?}"
        );
        assert!(listed.contains(&".bitmoves.lock".to_owned()), "{listed:?}");
        // The next run takes over the dead run's lock and cleans up.
        let out = run(&["pgn", &new, "--parquet", dir.to_str().unwrap(), "--force"]);
        assert!(out.success, "{step}: {}", out.stderr);
        assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"], "{step}");
        assert_eq!(rows(&dir), 7, "{step}");
    }
}

#[test]
fn a_lock_of_another_host_is_refused_with_how_to_recover() {
    let dir = old_dataset("foreign-lock");
    let lock = dir.join(".bitmoves.lock");
    std::fs::write(
        &lock,
        "run=x\npid=1\nhost=another-node\nstart=1\nslurm_job=77\n",
    )
    .unwrap();
    let pgn = write("foreign.pgn", games("new", 3).as_bytes());
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap(), "--force"]);
    assert_one_error(&out, 6, "pid 1 on host another-node, Slurm job 77");
    assert!(out.stderr.contains("remove ") && out.stderr.contains(".bitmoves.lock and run again"));
    assert_eq!(rows(&dir), 400);
    std::fs::remove_file(&lock).unwrap();
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap(), "--force"]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(rows(&dir), 3);
}

#[test]
fn an_unreadable_input_is_one_line_and_its_own_status_with_every_output() {
    let folder = temp("input-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let truncated = write("cut.pgn.zst", &truncated_zstd(&games("cut", 400), 0.5));
    for input in [
        "/nonexistent/missing.pgn",
        folder.to_str().unwrap(),
        &truncated,
    ] {
        for output in [&[][..], &["--uci"], &["--fen"], &["--pgn"]] {
            let mut args = vec!["pgn", input];
            args.extend_from_slice(output);
            let out = run(&args);
            assert_eq!(out.code, Some(3), "{args:?}: {}", out.stderr);
            let errors = out
                .stderr
                .lines()
                .filter(|l| l.starts_with("error: "))
                .count();
            assert_eq!(errors, 1, "{args:?}: {}", out.stderr);
        }
    }
    // A damaged game is 1, one line per game and no summary line.
    let damaged = write("damaged.pgn", b"1. e4 Ke7 *\n\n1. d4 d5 *\n");
    let out = run(&["pgn", &damaged]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn an_existing_dataset_and_a_failed_write_have_their_own_status() {
    let dir = old_dataset("statuses");
    let pgn = write("statuses.pgn", games("new", 3).as_bytes());
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap()]);
    assert_one_error(&out, 5, "already holds a dataset (--force replaces it)");
    let blocker = write("blocker", b"");
    let out = run(&["pgn", &pgn, "--parquet", &format!("{blocker}/dataset")]);
    assert_one_error(&out, 4, "cannot write ");
}
