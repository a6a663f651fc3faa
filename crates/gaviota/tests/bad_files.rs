//! Bad table files and positions are typed errors, never a panic or a
//! hang: missing tables, castling rights, too many pieces, short,
//! truncated and mutated files (each a `Corrupt` or `Io` error naming the
//! file, or wrong numbers, but never a panic), over every shipped table.

mod common;

use bitmoves::Board;
use bitmoves_gaviota::{GaviotaError, Tablebase};
use std::path::{Path, PathBuf};

fn board(fen: &str) -> Board {
    fen.parse().expect("a legal FEN")
}

/// `count` positions of `table` (and a third as many with the colours
/// swapped): enough to touch every block of both sides.
fn probes(table: &str, count: usize) -> Vec<Board> {
    let mut next = common::xorshift(0xbad_f11e);
    let mut fens = common::positions(table, false, Some((count, &mut next)));
    fens.extend(common::positions(table, true, Some((count / 3, &mut next))));
    fens.iter().map(|fen| board(fen)).collect()
}

fn shipped(table: &str) -> Option<Vec<u8>> {
    let dir = common::tables_dir("gaviota bad files")?;
    Some(std::fs::read(dir.join(format!("{table}.gtb.cp4"))).expect("a shipped table"))
}

/// Probes every position with the table's bytes; every error must name
/// the file and be a file's error.
fn probe_all(table: &str, bytes: Vec<u8>, boards: &[Board]) -> usize {
    let name = format!("{table}.gtb.cp4");
    let mut tables = Tablebase::new();
    tables.add_bytes(&name, bytes).expect("a table's name");
    let mut errors = 0;
    for board in boards {
        for result in [
            tables.probe_dtm(board).map(|_| ()),
            tables.probe_wdl(board).map(|_| ()),
        ] {
            if let Err(error) = result {
                assert!(
                    matches!(
                        error,
                        GaviotaError::Corrupt { .. } | GaviotaError::Io { .. }
                    ),
                    "{board}: {error:?}"
                );
                assert!(error.to_string().starts_with(&name), "{error}");
                errors += 1;
            }
        }
    }
    errors
}

#[test]
fn a_missing_table_is_named_white_first() {
    let tables = Tablebase::new();
    let error = tables
        .probe_dtm(&board("8/8/8/8/8/4k3/8/1qK5 w - - 0 1"))
        .unwrap_err();
    assert!(
        matches!(&error, GaviotaError::MissingTable(name) if name == "KvKQ"),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "no gaviota table available for: KvKQ");
}

#[test]
fn bare_kings_need_no_table_and_bad_positions_are_refused() {
    let tables = Tablebase::new();
    assert_eq!(
        tables
            .probe_dtm(&board("8/8/8/8/8/4k3/8/2K5 w - - 0 1"))
            .unwrap()
            .0,
        0
    );
    let castling = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(matches!(
        tables.probe_dtm(&castling),
        Err(GaviotaError::Castling)
    ));
    let six = board("4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1");
    assert!(matches!(
        tables.probe_wdl(&six),
        Err(GaviotaError::TooManyPieces { pieces: 6 })
    ));
}

#[test]
fn names_that_are_no_tables_are_refused() {
    let mut tables = Tablebase::new();
    for name in [
        "krkq.gtb.cp4",
        "kqk.gtb",
        "KQK.gtb.cp4",
        "kqk.rtbw",
        "kk.gtb.cp4",
    ] {
        assert!(matches!(
            tables.add_bytes(name, vec![]),
            Err(GaviotaError::NotATableName(n)) if n == name
        ));
        assert!(!tables.add_file(name));
    }
}

#[test]
fn short_and_truncated_tables_are_corrupt() {
    for table in common::TABLES {
        let Some(bytes) = shipped(table) else {
            return;
        };
        let boards = probes(table, 300);
        for len in [
            0,
            1,
            39,
            40,
            41,
            60,
            61,
            100,
            bytes.len() / 2,
            bytes.len() - 1,
        ] {
            let errors = probe_all(table, bytes[..len].to_vec(), &boards);
            assert!(
                errors > 0,
                "{table} cut to {len} bytes probed without an error"
            );
        }
    }
}

#[test]
fn mutated_tables_never_panic() {
    let mut next = common::xorshift(0x0dd_b17e);
    for table in common::TABLES {
        let Some(bytes) = shipped(table) else {
            return;
        };
        let boards = probes(table, 60);
        for round in 0..24 {
            let mut mutated = bytes.clone();
            // Early rounds hit the header and offsets, later ones anywhere.
            let span = if round < 8 {
                100.min(mutated.len())
            } else {
                mutated.len()
            };
            for _ in 0..1 + round % 4 {
                let at = (next() as usize) % span;
                mutated[at] ^= 1 << (next() % 8);
            }
            if round % 5 == 4 {
                let at = (next() as usize) % span;
                mutated[at] = [0x00, 0xff, 0x7f, 0x80][(next() % 4) as usize];
            }
            probe_all(table, mutated, &boards);
        }
    }
}

#[test]
fn a_file_cut_on_disk_is_an_error_naming_it() {
    let Some(bytes) = shipped("kqk") else {
        return;
    };
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gaviota-cut");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let path = dir.join("kqk.gtb.cp4");
    std::fs::write(&path, &bytes[..bytes.len() - 100]).expect("write");
    let tables = Tablebase::open([&dir]).expect("open");
    let mut errors = 0;
    for board in probes("kqk", 300) {
        if let Err(error) = tables.probe_dtm(&board) {
            assert!(error.to_string().contains("kqk.gtb.cp4"), "{error}");
            errors += 1;
        }
    }
    assert!(errors > 0);
    // A missing file is an I/O error naming it, on every probe.
    std::fs::remove_file(&path).expect("remove");
    let tables = {
        let mut t = Tablebase::new();
        assert!(t.add_file(&path));
        t
    };
    let error = tables
        .probe_dtm(&board("8/8/8/8/8/4k3/8/1QK5 w - - 0 1"))
        .unwrap_err();
    assert!(
        matches!(&error, GaviotaError::Io { file, .. } if file == &path),
        "{error:?}"
    );
}
