//! Fuzzes the PGN reader: any bytes, read with the default visitor
//! (variations skipped), as owned games (variations entered), and on one
//! and two threads through buffers and chunks of a few bytes. Nothing may
//! panic; both single-thread reads see the same number of games; every
//! game read whole writes PGN that reads back as the same moves and
//! result; every way of reading gives the same games and input error
//! (`thread_law`). `pgn.dict` holds the tokens of the grammar's corners
//! (`0000`, `[%`, tag lines, byte order marks, `0x1a`, Unicode spaces,
//! Shredder-FEN): `cargo fuzz run pgn -- -dict=pgn.dict`.

#![no_main]

use bitmoves_pgn::{Game, Reader, Visitor};
use libfuzzer_sys::fuzz_target;
use write_law::assert_writes_back;

#[path = "../../crates/pgn/tests/common/write_law.rs"]
mod write_law;

#[path = "../../crates/pgn/tests/common/thread_law.rs"]
mod thread_law;

struct Nothing;
impl Visitor for Nothing {}

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    let mut replayed = 0;
    while reader.read_game(&mut Nothing).is_some() {
        replayed += 1;
    }
    let mut reader = Reader::new(data);
    let mut games = 0;
    while let Some(game) = Game::read(&mut reader) {
        games += 1;
        let Ok(game) = game else { continue };
        assert_writes_back(&game);
    }
    assert_eq!(games, replayed);
    thread_law::assert_threads_agree(data);
});
