//! The GPU perft against the shared suites. Compiling the kernels needs
//! NVRTC only; counting needs an NVIDIA GPU, so those tests are ignored
//! here and run by hand on a GPU machine (docs/gpu.md):
//! `cargo test --release -p bitmoves-gpu -- --ignored`.

use bitmoves::Board;
use bitmoves_gpu::{Gpu, GpuError, PerftOptions, compile};

/// NVRTC compiles the kernels for Pascal, Ampere and Hopper, where it is
/// installed (CI installs it from PyPI); without it the error says so.
#[test]
fn the_kernels_compile_with_nvrtc() {
    for (major, minor) in [(6, 0), (8, 0), (9, 0)] {
        match compile(major, minor) {
            Ok(ptx) => assert!(ptx.to_src().contains(".entry count_two")),
            Err(GpuError::NoCompiler) if std::env::var_os("BITMOVES_REQUIRE_NVRTC").is_none() => {
                eprintln!("NVRTC not found: set LD_LIBRARY_PATH to its folder (CI requires it)");
                return;
            }
            Err(error) => panic!("sm_{major}{minor}: {error}"),
        }
    }
}

/// Without a GPU the error is typed, never a panic.
#[test]
fn opening_without_a_gpu_is_an_error_or_works() {
    match Gpu::open(0) {
        Ok(gpu) => eprintln!("a GPU is here: {}", gpu.name()),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

fn suite(text: &str) -> Vec<(Board, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap().trim();
            let options = bitmoves::FenOptions {
                lenient: true,
                ..Default::default()
            };
            let board = Board::from_fen_with(fen, options).unwrap();
            let depths = fields
                .map(|field| {
                    let (depth, nodes) = field.trim().split_once(' ').unwrap();
                    (
                        depth.trim_start_matches('D').parse().unwrap(),
                        nodes.trim().parse().unwrap(),
                    )
                })
                .collect();
            (board, depths)
        })
        .collect()
}

/// Every position of `standard.epd` at every depth.
#[test]
#[ignore = "needs an NVIDIA GPU: run by hand on one"]
fn standard_suite_on_the_gpu() {
    let mut gpu = Gpu::open(0).expect("a GPU");
    for (board, depths) in suite(include_str!("../../bitmoves/tests/data/standard.epd")) {
        for (depth, nodes) in depths {
            assert_eq!(
                gpu.perft(&board, depth).unwrap(),
                u128::from(nodes),
                "{board} D{depth}"
            );
        }
    }
}

/// Every position of `tricky.epd` and `fischer.epd` at every listed depth,
/// counted many at a time (`Gpu::count`).
#[test]
#[ignore = "needs an NVIDIA GPU: run by hand on one"]
fn tricky_and_fischer_suites_on_the_gpu_in_batches() {
    let mut gpu = Gpu::open(0).expect("a GPU");
    for text in [
        include_str!("../../bitmoves/tests/data/tricky.epd"),
        include_str!("../../bitmoves/tests/data/fischer.epd"),
    ] {
        let entries = suite(text);
        for depth in 1..=7 {
            let (boards, expected): (Vec<Board>, Vec<u64>) = entries
                .iter()
                .filter_map(|(board, depths)| {
                    depths
                        .iter()
                        .find(|&&(d, _)| d == depth)
                        .map(|&(_, nodes)| (*board, nodes))
                })
                .unzip();
            assert_eq!(
                gpu.count(&boards, depth, |_, _| {}).unwrap(),
                expected,
                "depth {depth}"
            );
        }
    }
}

fn kiwipete() -> Board {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap()
}

/// Kiwipete perft(6) and (7), the start position's perft(8) and (9), with
/// the tables, and kiwipete perft(7) again with every path counted.
#[test]
#[ignore = "needs an NVIDIA GPU: run by hand on one"]
fn kiwipete_7_and_startpos_9_on_the_gpu() {
    let mut gpu = Gpu::open(0).expect("a GPU");
    assert_eq!(gpu.perft(&kiwipete(), 6).unwrap(), 8_031_647_685);
    assert_eq!(gpu.perft(&kiwipete(), 7).unwrap(), 374_190_009_323);
    assert_eq!(gpu.perft(&Board::default(), 8).unwrap(), 84_998_978_956);
    assert_eq!(gpu.perft(&Board::default(), 9).unwrap(), 2_439_530_234_167);
    let paths = PerftOptions {
        merge_transpositions: false,
        ..PerftOptions::default()
    };
    let report = gpu.perft_with(&kiwipete(), 7, paths).unwrap();
    assert_eq!(report.nodes, 374_190_009_323);
    assert_eq!(report.counted, report.nodes);
}

/// Tables of 64 KiB, where every slot is fought over and most entries are
/// overwritten before they are read again, still give exact counts, with
/// every ply on the device and with the split; so does a second count of
/// the same boards (from the host's table).
#[test]
#[ignore = "needs an NVIDIA GPU: run by hand on one"]
fn tiny_tables_are_slower_never_wrong() {
    let mut gpu = Gpu::open_with_tables(0, Some(64 << 10)).expect("a GPU");
    assert!(gpu.table_entries() <= 2048);
    let deep = PerftOptions {
        plies: 7,
        ..PerftOptions::default()
    };
    let report = gpu.perft_with(&Board::default(), 7, deep).unwrap();
    assert_eq!(report.nodes, 3_195_901_860);
    assert!(report.counted < report.nodes);
    assert_eq!(gpu.perft(&kiwipete(), 6).unwrap(), 8_031_647_685);
    let boards = [Board::default(), kiwipete()];
    for _ in 0..2 {
        assert_eq!(
            gpu.count(&boards, 6, |_, _| {}).unwrap(),
            [119_060_324, 8_031_647_685]
        );
    }
}

/// Depth 0, a mated and a stalemated side, and an empty batch.
#[test]
#[ignore = "needs an NVIDIA GPU: run by hand on one"]
fn edge_cases_on_the_gpu() {
    let mut gpu = Gpu::open(0).expect("a GPU");
    assert_eq!(gpu.perft(&Board::default(), 0).unwrap(), 1);
    assert_eq!(gpu.perft(&Board::default(), 1).unwrap(), 20);
    let mated: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    let stalemated: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    for depth in 0..=4 {
        let expected = u128::from(depth == 0);
        assert_eq!(
            gpu.perft(&mated, depth).unwrap(),
            expected,
            "mated, depth {depth}"
        );
        assert_eq!(
            gpu.perft(&stalemated, depth).unwrap(),
            expected,
            "stalemated, depth {depth}"
        );
    }
    assert_eq!(gpu.count(&[], 3, |_, _| {}).unwrap(), Vec::<u64>::new());
    // Every path counted gives the same totals.
    let options = PerftOptions {
        plies: 3,
        merge_transpositions: false,
    };
    assert_eq!(
        gpu.perft_with(&Board::default(), 6, options).unwrap().nodes,
        119_060_324
    );
}
