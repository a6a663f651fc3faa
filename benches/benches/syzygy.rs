//! Syzygy probes per second, side by side: bitmoves-syzygy against
//! shakmaty-syzygy 0.28 (memory-mapped, on shakmaty 0.30), WDL (python-
//! chess's `probe_wdl`, shakmaty-syzygy's `probe_wdl_after_zeroing`) and
//! DTZ (`probe_dtz` in both), one thread, on the same random legal
//! positions of every table given, warm (one untimed pass first),
//! interleaved rounds. Also bitmoves-syzygy on 2 threads, and with
//! `--python` python-chess's `chess.syzygy` on a sample of the positions.
//! Prints the medians of probes per second and the ratios.
//!
//! `cargo bench -p bitmoves-benches --bench syzygy -- [--tables DIR]
//! [--positions N] [--rounds N] [--python] [--cpu]` (`--cpu`: time the
//! single-thread rows by the thread's CPU time, for a shared machine). DIR defaults to the 3- and
//! 4-piece tables the syzygy crate's tests download from python-chess's
//! sdist (`cargo test -p bitmoves-syzygy` first).

use bitmoves::Board;
use bitmoves_benches::{XorShift, median, thread_cpu_seconds};
use shakmaty::{CastlingMode, Chess, fen::Fen};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// The Syzygy tests' table names, random placements and their FEN.
#[path = "../../crates/syzygy/tests/common/placements.rs"]
#[allow(dead_code)] // `random_position` serves the tests
mod placements;

/// The positions: random legal placements of each table's pieces, both
/// sides to move, as FEN.
fn positions(names: &[String], count: usize, rng: &mut XorShift) -> Vec<String> {
    let mut fens = Vec::with_capacity(count);
    while fens.len() < count {
        let name = &names[(rng.next_u64() % names.len() as u64) as usize];
        let mut next = || rng.next_u64();
        let board = placements::place(&placements::letters(name), &mut next);
        let fen = placements::fen(&board, next().is_multiple_of(2), None);
        // Both libraries must take the position: shakmaty also refuses
        // checks no legal move could have given (IMPOSSIBLE_CHECK).
        let shakmaty_takes = Fen::from_ascii(fen.as_bytes())
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
            .is_some();
        if Board::from_fen(&fen).is_ok() && shakmaty_takes {
            fens.push(fen);
        }
    }
    fens
}

/// Probes per second of `probe` (one pass over `count` positions),
/// passes repeated for at least 0.2 s; by the thread's CPU time with
/// `cpu` (on a shared machine that leaves out the time other processes
/// held the core), else by the wall clock.
fn rate(count: usize, cpu: bool, probe: impl Fn()) -> f64 {
    let clock = || {
        if cpu {
            thread_cpu_seconds().expect("--cpu needs /proc/thread-self/schedstat")
        } else {
            0.0
        }
    };
    let (start, cpu_start) = (Instant::now(), clock());
    let mut passes = 0;
    while passes == 0 || start.elapsed().as_secs_f64() < 0.2 {
        probe();
        passes += 1;
    }
    let seconds = if cpu {
        clock() - cpu_start
    } else {
        start.elapsed().as_secs_f64()
    };
    (passes * count) as f64 / seconds
}

/// python-chess's probes per second (WDL, DTZ) on `fens`, by the
/// process's CPU time.
fn python_rates(tables: &std::path::Path, fens: &[String]) -> Option<(f64, f64)> {
    const SCRIPT: &str = r#"
import sys, time, chess, chess.syzygy
fens = [l.strip() for l in sys.stdin if l.strip()]
boards = [chess.Board(f) for f in fens]
with chess.syzygy.open_tablebase(sys.argv[1]) as tb:
    for b in boards: tb.probe_wdl(b); tb.probe_dtz(b)
    t = time.process_time()
    for b in boards: tb.probe_wdl(b)
    w = time.process_time() - t
    t = time.process_time()
    for b in boards: tb.probe_dtz(b)
    d = time.process_time() - t
print(len(boards) / w, len(boards) / d)
"#;
    use std::io::Write;
    let mut child = std::process::Command::new("python3")
        .args(["-c", SCRIPT])
        .arg(tables)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()?
        .write_all(fens.join("\n").as_bytes())
        .ok()?;
    let out = child.wait_with_output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let mut numbers = text.split_whitespace().filter_map(|n| n.parse().ok());
    Some((numbers.next()?, numbers.next()?))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let dir = value("--tables").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../target/tmp/python-chess-sdist/chess-1.11.2/data/syzygy/regular")
    });
    let count: usize = value("--positions")
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let rounds: usize = value("--rounds").and_then(|n| n.parse().ok()).unwrap_or(5);
    if !dir.is_dir() {
        eprintln!(
            "no tables in {}: run `cargo test -p bitmoves-syzygy` (which downloads them) or pass --tables DIR",
            dir.display()
        );
        return;
    }
    let names: Vec<String> = placements::table_names(&dir)
        .into_iter()
        .filter(|name| dir.join(format!("{name}.rtbz")).is_file())
        .collect();

    let fens = positions(&names, count, &mut XorShift::new(0x5e1e_c7ed));
    let boards: Vec<Board> = fens.iter().map(|f| f.parse().expect("legal")).collect();
    let chess: Vec<Chess> = fens
        .iter()
        .map(|f| {
            Fen::from_ascii(f.as_bytes())
                .expect("fen")
                .into_position(CastlingMode::Standard)
                .expect("legal")
        })
        .collect();

    let ours = bitmoves_syzygy::Tablebase::open([&dir]).expect("tables");
    // SAFETY: the table files are not modified while the bench runs.
    let mut theirs = unsafe { shakmaty_syzygy::Tablebase::<Chess>::with_mmap_filesystem() };
    theirs.add_directory(&dir).expect("tables");

    // Warm up, and check that both give the same WDL.
    for (board, pos) in boards.iter().zip(&chess) {
        let a = ours.probe_wdl(board).expect("probe").value();
        let b = theirs.probe_wdl_after_zeroing(pos).expect("probe") as i8;
        assert_eq!(a, b, "{board}");
        let _ = ours.probe_dtz(board).expect("probe");
        let _ = theirs.probe_dtz(pos).expect("probe");
    }

    println!(
        "{} positions of {} tables, {rounds} rounds, interleaved; probes per second (median)",
        boards.len(),
        names.len()
    );
    let mut rows: Vec<(&str, Vec<f64>)> = [
        "wdl/bitmoves-syzygy",
        "wdl/shakmaty-syzygy",
        "wdl/bitmoves-syzygy 2 threads",
        "dtz/bitmoves-syzygy",
        "dtz/shakmaty-syzygy",
        "dtz/bitmoves-syzygy 2 threads",
    ]
    .into_iter()
    .map(|name| (name, Vec::new()))
    .collect();
    // Two threads, each probing its half in passes for at least 0.2 s:
    // probes per second of wall time, or with `cpu` the sum of each
    // thread's probes per second of its own CPU time (what two free cores
    // would give, when the machine has none to spare).
    let two = |cpu: bool, f: &(dyn Fn(&Board) + Sync)| -> f64 {
        let (a, b) = boards.split_at(boards.len() / 2);
        let start = Instant::now();
        let half = |part: &[Board]| {
            let cpu_start = thread_cpu_seconds().unwrap_or(0.0);
            let mut passes = 0;
            while passes == 0 || start.elapsed().as_secs_f64() < 0.2 {
                part.iter().for_each(f);
                passes += 1;
            }
            let cpu_time = thread_cpu_seconds().unwrap_or(0.0) - cpu_start;
            (passes * part.len(), cpu_time)
        };
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| half(a));
            let y = s.spawn(|| half(b));
            (x.join().expect("thread"), y.join().expect("thread"))
        });
        if cpu {
            x.0 as f64 / x.1 + y.0 as f64 / y.1
        } else {
            (x.0 + y.0) as f64 / start.elapsed().as_secs_f64()
        }
    };
    let n = boards.len();
    let cpu = args.iter().any(|a| a == "--cpu");
    if cpu {
        println!(
            "timed by each thread's CPU time (--cpu); 2 threads: the sum of both threads' rates"
        );
    }
    // One round of one probe, timed into its three rows: bitmoves-syzygy,
    // shakmaty-syzygy, bitmoves-syzygy on two threads.
    macro_rules! round {
        ($rows:expr, $ours:ident, $theirs:ident) => {{
            let rows: &mut [(&str, Vec<f64>)] = $rows;
            rows[0].1.push(rate(n, cpu, || {
                boards.iter().for_each(|b| _ = black_box(ours.$ours(b)))
            }));
            rows[1].1.push(rate(n, cpu, || {
                chess.iter().for_each(|p| _ = black_box(theirs.$theirs(p)))
            }));
            rows[2].1.push(two(cpu, &|b| _ = black_box(ours.$ours(b))));
        }};
    }
    for _ in 0..rounds {
        round!(&mut rows[..3], probe_wdl, probe_wdl_after_zeroing);
        round!(&mut rows[3..], probe_dtz, probe_dtz);
    }
    let medians: Vec<f64> = rows.iter().map(|(_, v)| median(v.clone())).collect();
    for ((name, _), m) in rows.iter().zip(&medians) {
        println!("{name:32} {m:>12.0}");
    }
    println!(
        "wdl: {:.2}x shakmaty-syzygy, 2 threads {:.2}x one",
        medians[0] / medians[1],
        medians[2] / medians[0]
    );
    println!(
        "dtz: {:.2}x shakmaty-syzygy, 2 threads {:.2}x one",
        medians[3] / medians[4],
        medians[5] / medians[3]
    );
    if args.iter().any(|a| a == "--python") {
        let sample = &fens[..fens.len().min(2000)];
        match python_rates(&dir, sample) {
            Some((wdl, dtz)) => println!(
                "python-chess on {} positions: wdl {wdl:.0}/s ({:.0}x slower), dtz {dtz:.0}/s ({:.0}x slower)",
                sample.len(),
                medians[0] / wdl,
                medians[3] / dtz
            ),
            None => println!("python-chess: not available (pip install chess)"),
        }
    }
}
