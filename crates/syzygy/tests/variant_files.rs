//! A variant's set of tables: which file names and magic bytes it takes,
//! the errors of a probe of another variant's position, and no panic or
//! hang on damaged variant tables (random mutations of every fixture,
//! probed on random positions): the fuzz law for the atomic and antichess
//! encodings.

mod common;

use bitmoves::setup::Setup;
use bitmoves::variant::{Atomic, Giveaway, Position, Suicide, Variant, VariantKind};
use bitmoves_syzygy::{SyzygyError, Tablebase, Wdl};
use std::path::{Path, PathBuf};

fn fixtures(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/variant-tables")
        .join(variant)
}

fn pos<V: Variant>(fen: &str) -> Position<V> {
    Position::from_fen(fen, false).expect("a FEN")
}

#[test]
fn a_variant_set_takes_its_own_names_only() {
    let mut atomic = Tablebase::for_variant(VariantKind::Atomic);
    assert!(atomic.add_file("/nowhere/KQvK.atbw"));
    assert!(atomic.add_file("/nowhere/KQvK.atbz"));
    for name in [
        "KQvK.rtbw",
        "BvN.atbw",
        "KvK.atbw",
        "KvKQ.atbw",
        "KQvK.gtbw",
    ] {
        assert!(!atomic.add_file(format!("/nowhere/{name}")), "{name}");
    }
    let mut suicide = Tablebase::for_variant(VariantKind::Suicide);
    for name in ["KvK.stbw", "BvN.stbz", "BBvN.gtbw", "PvP.stbw", "KQvK.stbw"] {
        assert!(suicide.add_file(format!("/nowhere/{name}")), "{name}");
    }
    // Giveaway's tables with pawns are not Suicide's; names stronger first.
    for name in ["PvP.gtbw", "NvBB.stbw", "KvK.rtbw", "K.stbw", "vK.stbw"] {
        assert!(!suicide.add_file(format!("/nowhere/{name}")), "{name}");
    }
    let mut horde = Tablebase::for_variant(VariantKind::Horde);
    assert!(!horde.add_file("/nowhere/KQvK.rtbw"));
    assert_eq!(horde.variant(), VariantKind::Horde);
}

#[test]
fn another_variant_s_magic_is_bad_magic_but_pawnless_antichess_tables_are_shared() {
    let giveaway = std::fs::read(fixtures("giveaway").join("BvN.gtbw")).expect("fixture");
    let mut suicide = Tablebase::for_variant(VariantKind::Suicide);
    suicide
        .add_bytes("BvN.gtbw", giveaway.clone())
        .expect("a name");
    let bvn: Position<Suicide> = pos("8/8/8/8/3n4/8/8/B7 w - - 0 1");
    assert!(suicide.probe_variant_wdl(&bvn).is_ok());
    let mut atomic = Tablebase::for_variant(VariantKind::Atomic);
    atomic.add_bytes("KQvK.atbw", giveaway).expect("a name");
    let kqk: Position<Atomic> = pos("8/8/8/8/8/4k3/8/1QK5 w - - 0 1");
    let error = atomic.probe_variant_wdl(&kqk).unwrap_err();
    assert!(matches!(error, SyzygyError::BadMagic { .. }), "{error:?}");
    assert!(matches!(
        atomic.add_bytes("KQvK.rtbw", vec![]),
        Err(SyzygyError::NotATableName(_))
    ));
}

#[test]
fn positions_of_another_variant_are_refused() {
    let atomic = Tablebase::for_variant(VariantKind::Atomic);
    let suicide: Position<Suicide> = pos("8/8/8/8/8/8/1Q6/K6k w - - 0 1");
    let error = atomic.probe_variant_wdl(&suicide).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the tables were opened for atomic, the position is suicide's"
    );
    assert!(atomic.probe_variant_dtz_table(&suicide, Wdl::Win).is_err());
    let giveaway = Tablebase::for_variant(VariantKind::Giveaway);
    let antichess: Position<bitmoves::variant::Antichess> = pos("8/8/8/8/8/8/1Q6/K6k w - - 0 1");
    assert!(matches!(
        giveaway.probe_variant_dtz(&antichess),
        Err(SyzygyError::WrongVariant { .. })
    ));
    // Castling rights and too many pieces, as in standard chess.
    let castling: Position<Atomic> = pos("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert!(matches!(
        atomic.probe_variant_wdl(&castling),
        Err(SyzygyError::Castling)
    ));
    let full: Position<Atomic> = Position::start();
    let full = Position::<Atomic>::from_setup(
        Setup {
            castling: bitmoves::Bitboard::EMPTY,
            ..*full.setup()
        },
        false,
    );
    assert!(matches!(
        atomic.probe_variant_wdl(&full),
        Err(SyzygyError::TooManyPieces { pieces: 32 })
    ));
}

/// Every fixture, mutated `ROUNDS` times, probed on positions of its
/// material: each probe returns, value or error.
#[test]
fn damaged_variant_tables_are_errors_not_panics() {
    const ROUNDS: usize = 12;
    let mut next = common::xorshift(0xbad_7ab1e);
    let mut probes = 0;
    for (variant, kind) in [
        ("atomic", VariantKind::Atomic),
        ("suicide", VariantKind::Suicide),
        ("giveaway", VariantKind::Giveaway),
    ] {
        let dir = fixtures(variant);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("fixtures")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e != "md"))
            .collect();
        files.sort();
        for file in files {
            let name = file.file_name().and_then(|n| n.to_str()).expect("name");
            let bytes = std::fs::read(&file).expect("read");
            let material = name.split('.').next().expect("stem");
            for _ in 0..ROUNDS {
                let mut damaged = bytes.clone();
                for _ in 0..1 + next() % 8 {
                    let at = (next() % damaged.len() as u64) as usize;
                    damaged[at] = next() as u8;
                }
                let mut tables = Tablebase::for_variant(kind);
                tables.add_bytes(name, damaged).expect("a table name");
                for white in [true, false] {
                    let placed = common::placements_place(&common::letters(material), &mut next);
                    let fen = common::fen(&placed, white, None);
                    probes += 1;
                    match kind {
                        VariantKind::Atomic => {
                            let _ = tables.probe_variant_dtz(&pos::<Atomic>(&fen));
                        }
                        VariantKind::Suicide => {
                            let _ = tables.probe_variant_dtz(&pos::<Suicide>(&fen));
                        }
                        _ => {
                            let _ = tables.probe_variant_dtz(&pos::<Giveaway>(&fen));
                        }
                    }
                }
            }
        }
    }
    assert!(probes > 2_000, "{probes}");
}
