//! Our variant probes against python-chess's `chess.syzygy` with its
//! variant boards (an independent implementation): WDL and DTZ equal on
//! random positions of every table in `tests/variant-tables/` (atomic,
//! Suicide and Giveaway tables, the Giveaway ones probed as Giveaway and
//! as Antichess), both sides to move, errors (a missing table, a position
//! off the tables) where python-chess raises them.
//!
//! `BITMOVES_VARIANT_SYZYGY=DIR` adds the tables of `DIR/atomic`,
//! `DIR/suicide` and `DIR/giveaway` (more of them, from the generator).
//! Without `python3` and the `chess` package the test prints a notice and
//! passes, unless `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

mod common;

use bitmoves::setup::Setup;
use bitmoves::variant::{Antichess, Atomic, Giveaway, Position, Suicide, Variant, VariantKind};
use bitmoves_syzygy::Tablebase;
use common::{fen, letters};
use std::path::{Path, PathBuf};

/// Random positions per table and side to move (fixtures; a directory
/// from `BITMOVES_VARIANT_SYZYGY` gets `BITMOVES_VARIANT_SYZYGY_POSITIONS`,
/// default 200).
const PER_SIDE: usize = 150;

fn python_chess_or_skip() -> bool {
    common::imports_or_skip(
        "import chess.syzygy, chess.variant",
        "python-chess",
        "variant syzygy oracle skipped: python-chess is not installed (pip install chess)",
    )
}

/// python-chess's `WDL DTZ` (or `error`) per FEN, its board of `variant`.
fn python_numbers(tables: &Path, variant: &str, fens: &[String]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syzygy_oracle.py");
    let args = [script.to_str(), tables.to_str(), Some(variant)].map(|arg| arg.expect("UTF-8"));
    common::run(&args, fens.join("\n") + "\n")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The materials of the WDL tables in `dir` with `suffix`.
fn table_names(dir: &Path, suffix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_str()?.to_owned();
            name.strip_suffix(suffix).map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

/// Random placements of `pieces` (pawns off the back ranks), both sides
/// to move, that the variant's rules call valid.
fn random_fens<V: Variant>(pieces: &[char], per_side: usize, seed: u64) -> Vec<String> {
    let mut next = common::xorshift(seed);
    let mut fens = Vec::new();
    for white in [true, false] {
        let (mut made, mut tries) = (0, 0);
        while made < per_side && tries < per_side * 50 {
            tries += 1;
            let text = fen(&common::placements_place(pieces, &mut next), white, None);
            let Ok(setup) = Setup::from_fen(&text) else {
                continue;
            };
            if Position::<V>::from_setup(setup, false).status().is_valid() {
                fens.push(text);
                made += 1;
            }
        }
    }
    fens
}

/// Our `WDL DTZ` (or `error`) for one FEN.
fn ours<V: Variant>(tables: &Tablebase, fen: &str) -> String {
    let pos = Position::<V>::from_fen(fen, false).expect("a FEN we wrote");
    match (
        tables.probe_variant_wdl(&pos),
        tables.probe_variant_dtz(&pos),
    ) {
        (Ok(wdl), Ok(dtz)) => format!("{} {}", wdl.value(), dtz.0),
        _ => "error".to_owned(),
    }
}

/// Compares every table of `dir` (suffix `suffix`) probed as `V`; returns
/// the positions compared and how many python-chess could probe.
fn compare<V: Variant>(dir: &Path, suffix: &str, per_side: usize) -> (usize, usize) {
    let mut tables = Tablebase::for_variant(V::KIND);
    tables.add_directory(dir).expect("the tables' directory");
    let mut fens = Vec::new();
    for (i, name) in table_names(dir, suffix).iter().enumerate() {
        fens.extend(random_fens::<V>(
            &letters(name),
            per_side,
            0x5eed_0100 + i as u64,
        ));
    }
    let expected = python_numbers(dir, V::KIND.uci_name(), &fens);
    assert_eq!(expected.len(), fens.len(), "one answer per position");
    let mut wrong = Vec::new();
    for (fen, want) in fens.iter().zip(&expected) {
        let got = ours::<V>(&tables, fen);
        if &got != want {
            wrong.push(format!("{fen}: ours {got}, python-chess {want}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} {} positions differ from python-chess:\n{}",
        wrong.len(),
        fens.len(),
        V::KIND.name(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    let probed = expected.iter().filter(|line| *line != "error").count();
    (fens.len(), probed)
}

fn fixtures(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/variant-tables")
        .join(variant)
}

#[test]
fn atomic_fixtures_match_python_chess() {
    if !python_chess_or_skip() {
        return;
    }
    let (count, probed) = compare::<Atomic>(&fixtures("atomic"), ".atbw", PER_SIDE);
    assert!(
        count >= 1_000 && probed * 10 >= count * 9,
        "{probed} of {count}"
    );
}

#[test]
fn suicide_fixtures_match_python_chess() {
    if !python_chess_or_skip() {
        return;
    }
    let (count, probed) = compare::<Suicide>(&fixtures("suicide"), ".stbw", PER_SIDE);
    assert!(
        count >= 1_000 && probed * 10 >= count * 9,
        "{probed} of {count}"
    );
}

#[test]
fn giveaway_fixtures_match_python_chess_as_giveaway_and_antichess() {
    if !python_chess_or_skip() {
        return;
    }
    let dir = fixtures("giveaway");
    let (count, probed) = compare::<Giveaway>(&dir, ".gtbw", PER_SIDE);
    assert!(
        count >= 1_000 && probed * 10 >= count * 9,
        "{probed} of {count}"
    );
    compare::<Antichess>(&dir, ".gtbw", PER_SIDE / 3);
}

/// The generator's tables in `BITMOVES_VARIANT_SYZYGY/{atomic,suicide,giveaway}`.
#[test]
fn your_variant_tables_match_python_chess() {
    let Some(root) = std::env::var_os("BITMOVES_VARIANT_SYZYGY") else {
        return;
    };
    if !python_chess_or_skip() {
        return;
    }
    let per_side = std::env::var("BITMOVES_VARIANT_SYZYGY_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let root = PathBuf::from(root);
    for (kind, dir, suffix) in [
        (VariantKind::Atomic, "atomic", ".atbw"),
        (VariantKind::Suicide, "suicide", ".stbw"),
        (VariantKind::Giveaway, "giveaway", ".gtbw"),
    ] {
        let dir = root.join(dir);
        if !dir.is_dir() {
            continue;
        }
        let (count, probed) = match kind {
            VariantKind::Atomic => compare::<Atomic>(&dir, suffix, per_side),
            VariantKind::Suicide => compare::<Suicide>(&dir, suffix, per_side),
            _ => compare::<Giveaway>(&dir, suffix, per_side),
        };
        eprintln!(
            "{}: {count} positions, {probed} probed by both",
            dir.display()
        );
    }
}
