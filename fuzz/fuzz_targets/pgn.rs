//! Fuzzes the PGN reader: any bytes, read with the default visitor
//! (variations skipped), as owned games (variations entered), and on two
//! threads. Nothing may panic; both single-thread reads see the same number
//! of games; every game read whole writes PGN that reads back as the same
//! moves and result.

#![no_main]

use bitmoves_pgn::{Game, PendingGame, Reader, Visitor};
use libfuzzer_sys::fuzz_target;
use write_law::assert_writes_back;

#[path = "../../crates/pgn/tests/common/write_law.rs"]
mod write_law;

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
    let mut parallel = 0;
    let work = |game: PendingGame| game.read(&mut Nothing).is_ok();
    let _ = bitmoves_pgn::read_parallel(&mut Reader::new(data), 2, work, |_| parallel += 1);
    assert_eq!(parallel, games);
});
