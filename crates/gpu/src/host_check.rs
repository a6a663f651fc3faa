//! The kernels' code, checked on the CPU: `movegen.cu` and `perft.cu`
//! compile as plain C++ too, and `tests/host_perft.cpp` counts perft with its move
//! generator and `make` by recursion, and again by the device's
//! breadth-first search run step by step with the kernels' per-thread
//! functions (transposition tables, deduplication of each level's children,
//! counts written back up), with tiny buffers and tables. This runs both on
//! every position of the shared perft suites (vendored in
//! `crates/bitmoves/tests/data`) and compares with their counts, so that the
//! device's chess and its tables are checked on every machine, GPU or not.
//! What only the device runs (the prefix sums, threads racing for a slot,
//! `count_two`'s shuffles, the batching) is checked by the ignored tests of `tests/gpu.rs` on a GPU.

use crate::{position, tables};
use bitmoves::Board;
use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    string::String,
    vec::Vec,
};

const SUITES: [(&str, &str); 3] = [
    (
        "standard.epd",
        include_str!("../../bitmoves/tests/data/standard.epd"),
    ),
    (
        "fischer.epd",
        include_str!("../../bitmoves/tests/data/fischer.epd"),
    ),
    (
        "tricky.epd",
        include_str!("../../bitmoves/tests/data/tricky.epd"),
    ),
];

/// The largest count checked per position and depth.
const LIMIT: u64 = 3_000_000;

/// Builds `tests/host_perft.cpp` with the system's C++ compiler (`CXX`,
/// else `c++`), as a program named for the test that runs it.
fn build_host_perft(test: &str) -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!(
        "bitmoves-gpu-host-perft-{}-{test}",
        std::process::id()
    ));
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let status = Command::new(&compiler)
        .args(["-O2", "-std=c++14", "-Wall", "-Werror", "-o"])
        .arg(&out)
        .arg(manifest.join("tests/host_perft.cpp"))
        .status()
        .unwrap_or_else(|error| panic!("cannot run the C++ compiler {compiler}: {error}"));
    assert!(
        status.success(),
        "{compiler} could not build tests/host_perft.cpp"
    );
    out
}

/// Counts each (board, depth) with the kernels' code on the CPU: by
/// recursion, and by the device's search.
fn host_perft(program: &Path, jobs: &[(Board, u32)]) -> Vec<(u64, u64)> {
    let table = tables::words();
    let mut input = Vec::new();
    input.extend((table.len() as u64).to_le_bytes());
    table
        .iter()
        .for_each(|word| input.extend(word.to_le_bytes()));
    for (board, depth) in jobs {
        position::encode(board)
            .iter()
            .for_each(|word| input.extend(word.to_le_bytes()));
        input.extend(u64::from(*depth).to_le_bytes());
    }
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run host_perft");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("host_perft output");
    writer.join().expect("writer").expect("write to host_perft");
    assert!(output.status.success(), "host_perft failed");
    String::from_utf8(output.stdout)
        .expect("utf-8")
        .lines()
        .map(|line| {
            let (recursion, search) = line.split_once(' ').expect("two counts");
            (
                recursion.parse().expect("a count"),
                search.parse().expect("a count"),
            )
        })
        .collect()
}

#[test]
fn kernel_logic_on_the_cpu_matches_every_suite() {
    let program = build_host_perft("suites");
    let mut jobs = Vec::new();
    let mut expected = Vec::new();
    for (name, text) in SUITES {
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let mut fields = line.split(';');
            let fen = fields.next().expect("a FEN").trim();
            let board = Board::from_fen_with(
                fen,
                bitmoves::FenOptions {
                    lenient: true,
                    ..Default::default()
                },
            )
            .expect("a suite FEN");
            for field in fields {
                let (depth, nodes) = field.trim().split_once(' ').expect("Dn count");
                let depth: u32 = depth.trim_start_matches('D').parse().expect("a depth");
                let nodes: u64 = nodes.trim().parse().expect("a count");
                if nodes <= LIMIT {
                    jobs.push((board, depth));
                    expected.push((name, fen, depth, nodes));
                }
            }
        }
    }
    let counts = host_perft(&program, &jobs);
    let _ = std::fs::remove_file(&program);
    assert_eq!(counts.len(), jobs.len());
    let wrong: Vec<_> = expected
        .iter()
        .zip(&counts)
        .filter(|((_, _, _, nodes), (recursion, search))| nodes != recursion || nodes != search)
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} wrong, first: {:?}",
        wrong.len(),
        counts.len(),
        wrong.first()
    );
    eprintln!("{} counts checked", counts.len());
    assert!(counts.len() > 2_000, "only {} counts checked", counts.len());
}

#[test]
fn a_torn_table_entry_reads_as_a_miss() {
    let program = build_host_perft("torn");
    let output = Command::new(&program)
        .arg("--torn")
        .output()
        .expect("run host_perft");
    let _ = std::fs::remove_file(&program);
    assert!(output.status.success(), "a torn entry was read as a hit");
    assert_eq!(output.stdout, b"ok\n");
}
