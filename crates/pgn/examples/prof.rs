//! Temporary: replay only, for perf.
use bitmoves::{Board, Move};
use bitmoves_pgn::{Reader, Visitor};
use std::time::Instant;
struct Count(u64);
impl Visitor for Count {
    fn play(&mut self, _board: &Board, _mv: Move, _san: &str) {
        self.0 += 1;
    }
}
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).map_or(5, |s| s.parse().unwrap());
    let data = std::fs::read(&path).unwrap();
    for _ in 0..n {
        let start = Instant::now();
        let mut reader = Reader::new(data.as_slice());
        let mut count = Count(0);
        while let Some(next) = reader.read_game(&mut count) {
            next.unwrap();
        }
        println!(
            "{} plies {:.1} MB/s",
            count.0,
            data.len() as f64 / 1e6 / start.elapsed().as_secs_f64()
        );
    }
}
