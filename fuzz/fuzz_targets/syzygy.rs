//! Fuzzes Syzygy table decoding. The first byte picks a material; the rest
//! is split into a WDL and a DTZ table of it (each given its magic bytes
//! and a length the format allows, so that the header and the data are
//! what is fuzzed). Probing positions of that material, and ranking their
//! moves, must give answers or errors, never a panic or a hang.

#![no_main]

use bitmoves::Board;
use bitmoves_syzygy::{RootOptions, Tablebase};
use libfuzzer_sys::fuzz_target;

/// Materials, each with positions where no capture is possible (so the
/// probes reach the fuzzed tables, not missing smaller ones).
const MATERIALS: [(&str, &[&str]); 4] = [
    ("KQvK", &["8/8/8/8/8/4k3/8/1QK5 w - - 0 1", "8/8/8/8/8/4k3/8/1QK5 b - - 0 1"]),
    ("KRvKP", &["8/8/4k3/8/2p5/8/8/K2R4 w - - 0 1", "8/8/4k3/8/2p5/8/8/K2R4 b - - 0 1"]),
    ("KBNvK", &["8/8/8/3k4/8/8/8/KBN5 w - - 0 1", "8/8/8/3k4/8/8/8/KBN5 b - - 0 1"]),
    ("KPvKP", &["8/8/8/k7/2pP4/8/8/4K3 b - d3 0 1", "8/4p3/8/k7/8/8/4P3/4K3 w - - 0 1"]),
];

const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// `body` behind `magic`, cut or zero-padded to 16 more than a multiple of 64.
fn table(magic: [u8; 4], body: &[u8]) -> Vec<u8> {
    let mut bytes = magic.to_vec();
    bytes.extend_from_slice(body);
    let len = (bytes.len().saturating_sub(16)).div_ceil(64) * 64 + 16;
    bytes.resize(len, 0);
    bytes
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (name, fens) = MATERIALS[usize::from(pick) % MATERIALS.len()];
    let split = rest.len() / 2;
    let mut tables = Tablebase::new();
    tables
        .add_bytes(&format!("{name}.rtbw"), table(WDL_MAGIC, &rest[..split]))
        .expect("a table name");
    tables
        .add_bytes(&format!("{name}.rtbz"), table(DTZ_MAGIC, &rest[split..]))
        .expect("a table name");
    for fen in fens {
        let board = Board::from_fen(fen).expect("valid FEN");
        let _ = tables.probe_wdl(&board);
        let _ = tables.probe_dtz(&board);
        let _ = tables.probe_root(&board, &RootOptions::default());
        let _ = tables.probe_root_wdl(&board, &RootOptions::default());
    }
});
