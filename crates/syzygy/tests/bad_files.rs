//! Bad table files are typed errors naming the file, never a panic, an
//! out-of-bounds read or a hang: missing, zero-length, wrong size, wrong
//! magic, unreadable, truncated and damaged tables; and the law of the
//! fuzz target (no panic on any bytes) over random mutations of every
//! shipped table.

mod common;

use bitmoves::Board;
use bitmoves_syzygy::{SyzygyError, Tablebase};
use std::path::{Path, PathBuf};

/// Mutated versions of each shipped table.
const ROUNDS: usize = 16;

const KQVK: &str = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1";

fn board(fen: &str) -> Board {
    fen.parse().expect("a legal FEN")
}

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("syzygy-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A table of `bytes` as the only file of a directory, probed for KQvK.
fn probe_file(name: &str, bytes: &[u8]) -> SyzygyError {
    let dir = scratch(name);
    std::fs::write(dir.join("KQvK.rtbw"), bytes).expect("write");
    let tables = Tablebase::open([&dir]).expect("open");
    let error = tables.probe_wdl(&board(KQVK)).expect_err("a bad table");
    assert!(
        error.to_string().contains("KQvK.rtbw"),
        "the error names the file: {error}"
    );
    error
}

#[test]
fn a_missing_table_is_named() {
    let tables = Tablebase::new();
    let error = tables.probe_wdl(&board(KQVK)).unwrap_err();
    assert!(
        matches!(&error, SyzygyError::MissingTable { table, .. } if table == "KQvK.rtbw"),
        "{error:?}"
    );
    // Named the stronger side first, whichever colour has it.
    let error = tables
        .probe_wdl(&board("8/8/8/8/8/4k3/8/1qK5 w - - 0 1"))
        .unwrap_err();
    assert_eq!(error.to_string(), "missing table KQvK.rtbw");
}

#[test]
fn zero_length_and_wrong_size_files_are_bad_size() {
    assert!(matches!(
        probe_file("empty", &[]),
        SyzygyError::BadSize { size: 0, .. }
    ));
    assert!(matches!(
        probe_file("size", &[0; 100]),
        SyzygyError::BadSize { size: 100, .. }
    ));
}

#[test]
fn a_wrong_magic_is_bad_magic() {
    let mut bytes = vec![0u8; 144];
    bytes[..4].copy_from_slice(&[0xd7, 0x66, 0x0c, 0xa5]); // a DTZ table's
    assert!(matches!(
        probe_file("magic", &bytes),
        SyzygyError::BadMagic { .. }
    ));
}

#[test]
fn garbage_after_the_magic_is_corrupt() {
    let mut next = common::xorshift(7);
    let mut bytes: Vec<u8> = (0..16 + 64 * 20).map(|_| next() as u8).collect();
    bytes[..4].copy_from_slice(&[0x71, 0xe8, 0x23, 0x5d]);
    let error = probe_file("garbage", &bytes);
    assert!(matches!(error, SyzygyError::Corrupt { .. }), "{error:?}");
}

#[test]
fn an_unreadable_table_is_an_io_error() {
    let mut tables = Tablebase::new();
    let dir = scratch("unreadable");
    assert!(tables.add_file(dir.join("KQvK.rtbw")));
    let error = tables.probe_wdl(&board(KQVK)).unwrap_err();
    assert!(matches!(error, SyzygyError::Io { .. }), "{error:?}");
    assert!(error.to_string().contains("KQvK.rtbw"));
    // The error stays: the next probe reports it again.
    assert!(matches!(
        tables.probe_wdl(&board(KQVK)),
        Err(SyzygyError::Io { .. })
    ));
}

#[test]
fn castling_rights_and_too_many_pieces_are_refused() {
    let tables = Tablebase::new();
    let castling = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(matches!(
        tables.probe_wdl(&castling),
        Err(SyzygyError::Castling)
    ));
    assert!(matches!(
        tables.probe_dtz(&castling),
        Err(SyzygyError::Castling)
    ));
    let start = Board::default();
    let stripped: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
        .parse()
        .unwrap();
    assert!(tables.probe_wdl(&start).is_err());
    assert!(matches!(
        tables.probe_wdl(&stripped),
        Err(SyzygyError::TooManyPieces { pieces: 32 })
    ));
}

#[test]
fn truncated_tables_are_errors() {
    let Some(dir) = common::tables_dir("truncated tables") else {
        return;
    };
    for name in ["KQvK.rtbw", "KRvKP.rtbw", "KRvKP.rtbz"] {
        let bytes = std::fs::read(dir.join(name)).expect("a shipped table");
        let out = scratch(&format!("truncated-{name}"));
        for keep in [16, 80, 144, bytes.len() / 2 / 64 * 64 + 16] {
            if keep >= bytes.len() {
                continue;
            }
            std::fs::write(out.join(name), &bytes[..keep]).expect("write");
            let tables = Tablebase::open([&out]).expect("open");
            let fen = if name.starts_with("KQ") {
                KQVK
            } else {
                "8/8/8/4k3/8/2p5/8/K2R4 w - - 0 1"
            };
            let result = if name.ends_with("rtbw") {
                tables.probe_wdl(&board(fen)).map(|_| ())
            } else {
                tables.probe_dtz(&board(fen)).map(|_| ())
            };
            // A cut table is found damaged when opened, or when a probe
            // reads past its end; either way it is an error, not a panic.
            if let Err(error) = result {
                assert!(
                    error.to_string().contains(name)
                        || matches!(error, SyzygyError::MissingTable { .. }),
                    "{error}"
                );
            }
        }
    }
}

/// The fuzz target's law, as a test: damaged bytes of every shipped
/// table give answers or errors, never a panic or a hang.
#[test]
fn mutated_tables_never_panic() {
    let Some(dir) = common::tables_dir("mutated tables") else {
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tables")
        .filter_map(|e| e.ok()?.file_name().to_str().map(str::to_owned))
        .filter(|n| n.ends_with(".rtbw") || n.ends_with(".rtbz"))
        .collect();
    names.sort();
    let mut next = common::xorshift(0xbad_f11e);
    let mut probes = 0;
    for name in &names {
        let bytes = std::fs::read(dir.join(name)).expect("table");
        for round in 0..ROUNDS {
            let mut data = bytes.clone();
            // Headers first: most damage there changes the layout.
            let reach = if round % 2 == 0 {
                data.len().min(256)
            } else {
                data.len()
            };
            for _ in 0..1 + next() % 8 {
                let at = (next() % reach as u64) as usize;
                data[at] = next() as u8;
            }
            probes += probe_everything(&dir, name, data, &mut next);
        }
    }
    eprintln!(
        "{probes} probes of {} mutated tables: no panic",
        names.len() * ROUNDS
    );
}

/// Probes random positions of the table's material in a tablebase of the
/// shipped tables where `data` replaces the table `name`; returns the
/// count.
fn probe_everything(
    dir: &Path,
    name: &str,
    data: Vec<u8>,
    next: &mut impl FnMut() -> u64,
) -> usize {
    let mut tables = Tablebase::open([dir]).expect("tables");
    tables.add_bytes(name, data).expect("a table name");
    let pieces = common::letters(&name[..name.len() - 5]);
    let mut probes = 0;
    while probes < 20 {
        let Some(fen) = common::random_position(&pieces, next().is_multiple_of(2), next) else {
            continue;
        };
        let board: Board = fen.parse().expect("a legal FEN");
        let _ = tables.probe_wdl(&board);
        let _ = tables.probe_dtz(&board);
        probes += 1;
    }
    probes
}

/// The fuzz target (`fuzz/fuzz_targets/syzygy.rs`) as a test: random
/// bytes behind the right magic, cut to a length the format allows, as
/// both tables of a material, probed and ranked.
#[test]
fn random_bytes_as_tables_never_panic() {
    const MATERIALS: [(&str, &[&str]); 4] = [
        (
            "KQvK",
            &[
                "8/8/8/8/8/4k3/8/1QK5 w - - 0 1",
                "8/8/8/8/8/4k3/8/1QK5 b - - 0 1",
            ],
        ),
        (
            "KRvKP",
            &[
                "8/8/4k3/8/2p5/8/8/K2R4 w - - 0 1",
                "8/8/4k3/8/2p5/8/8/K2R4 b - - 0 1",
            ],
        ),
        (
            "KBNvK",
            &[
                "8/8/8/3k4/8/8/8/KBN5 w - - 0 1",
                "8/8/8/3k4/8/8/8/KBN5 b - - 0 1",
            ],
        ),
        (
            "KPvKP",
            &[
                "8/8/8/k7/2pP4/8/8/4K3 b - d3 0 1",
                "8/4p3/8/k7/8/8/4P3/4K3 w - - 0 1",
            ],
        ),
    ];
    let table = |magic: [u8; 4], body: &[u8]| {
        let mut bytes = magic.to_vec();
        bytes.extend_from_slice(body);
        let len = bytes.len().saturating_sub(16).div_ceil(64) * 64 + 16;
        bytes.resize(len, 0);
        bytes
    };
    let shipped = common::tables_dir("random tables (shipped bodies)");
    let mut next = common::xorshift(0xf022);
    for round in 0..2000 {
        let (name, fens) = MATERIALS[round % MATERIALS.len()];
        // Random bytes, or a shipped table's with some bytes changed.
        let body = |ext: &str, next: &mut dyn FnMut() -> u64| -> Vec<u8> {
            let real = shipped
                .as_ref()
                .and_then(|dir| std::fs::read(dir.join(format!("{name}.{ext}"))).ok());
            match real {
                Some(mut bytes) if round % 2 == 0 => {
                    for _ in 0..1 + next() % 6 {
                        let at = 4 + (next() % 200) as usize % (bytes.len() - 4);
                        bytes[at] = next() as u8;
                    }
                    bytes[4..].to_vec()
                }
                _ => (0..next() % 600).map(|_| next() as u8).collect(),
            }
        };
        let mut tables = Tablebase::new();
        let wdl = body("rtbw", &mut next);
        let dtz = body("rtbz", &mut next);
        tables
            .add_bytes(
                &format!("{name}.rtbw"),
                table([0x71, 0xe8, 0x23, 0x5d], &wdl),
            )
            .unwrap();
        tables
            .add_bytes(
                &format!("{name}.rtbz"),
                table([0xd7, 0x66, 0x0c, 0xa5], &dtz),
            )
            .unwrap();
        for fen in fens {
            let board = Board::from_fen(fen).expect("valid FEN");
            let _ = tables.probe_wdl(&board);
            let _ = tables.probe_dtz(&board);
            let _ = tables.probe_root(&board, &bitmoves_syzygy::RootOptions::default());
            let _ = tables.probe_root_wdl(&board, &bitmoves_syzygy::RootOptions::default());
        }
    }
}
