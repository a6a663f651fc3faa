//! Times the reader's stages on a PGN file: cutting games, reading tags
//! and movetext without replay, and full validated replay.
//!
//! `cargo run --release -p bitmoves-pgn --example replay -- FILE`

use bitmoves::{Board, Move};
use bitmoves_pgn::{Flow, RawGame, Reader, Visitor};
use std::time::Instant;

struct Tags;
impl Visitor for Tags {
    fn begin_moves(&mut self, _start: &Board) -> Flow {
        Flow::Skip
    }
}

struct Count(u64);
impl Visitor for Count {
    fn play(&mut self, _board: &Board, _mv: Move, _san: &str) {
        self.0 += 1;
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: replay FILE")?;
    let data = std::fs::read(&path)?;
    let mb = data.len() as f64 / 1e6;
    for _ in 0..3 {
        let start = Instant::now();
        let mut reader = Reader::new(data.as_slice());
        let mut raw = RawGame::default();
        let mut games = 0;
        while let Some(next) = reader.next_raw(&mut raw) {
            next?;
            games += 1;
        }
        let cut = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut reader = Reader::new(data.as_slice());
        while let Some(next) = reader.read_game(&mut Tags) {
            next?;
        }
        let tags = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut reader = Reader::new(data.as_slice());
        let mut count = Count(0);
        while let Some(next) = reader.read_game(&mut count) {
            next?;
        }
        let replay = start.elapsed().as_secs_f64();
        println!(
            "{games} games, {} plies: cut {:.0} MB/s, tags {:.0} MB/s, replay {:.0} MB/s",
            count.0,
            mb / cut,
            mb / tags,
            mb / replay
        );
    }
    Ok(())
}
