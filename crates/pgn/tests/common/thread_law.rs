//! The law that output never depends on how the input is read, shared by
//! the hostile-input tests and the `pgn` fuzz target (which includes this
//! file with `#[path]`): one thread reading straight from a buffer of any
//! size, and two threads cutting chunks of a few bytes, give the same
//! games (numbers, results, moves, comments, NAGs) and the same input
//! error.

use bitmoves::{Board, Move};
use bitmoves_pgn::{PendingGame, Reader, Visitor};
use std::io::BufReader;

/// A game's calls, as text.
#[derive(Default)]
struct Log(Vec<String>);

impl Visitor for Log {
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push(format!("[{name} {value}]"));
    }
    fn play(&mut self, _: &Board, mv: Move, san: &str) {
        self.0.push(format!("{mv}/{san}"));
    }
    fn null_move(&mut self, _: &Board) {
        self.0.push("0000".to_owned());
    }
    fn nag(&mut self, nag: u8) {
        self.0.push(format!("${nag}"));
    }
    fn comment(&mut self, text: &str) {
        self.0.push(format!("{{{text}}}"));
    }
    fn result(&mut self, result: &str) {
        self.0.push(result.to_owned());
    }
}

/// Every game of `data` read on `threads` threads, chunks of `chunk`
/// bytes, through a buffer of `capacity` bytes; then the outcome.
fn read_with(data: &[u8], threads: usize, chunk: usize, capacity: usize) -> Vec<String> {
    let mut out = Vec::new();
    let work = |game: PendingGame| {
        let number = game.number();
        let mut log = Log::default();
        let result = game.read(&mut log);
        format!("{number}: {result:?} {}", log.0.join(" "))
    };
    let mut reader = Reader::new(BufReader::with_capacity(capacity, data));
    let sizes = (chunk, 1 << 30);
    let outcome = bitmoves_pgn::read_parallel_sized(&mut reader, threads, sizes, work, |game| {
        out.push(game);
    });
    out.push(format!("{outcome:?}"));
    out
}

/// The law on `data`: one thread through a 7-byte buffer and through one
/// that holds it all, and two threads with chunks of 1, 5 and 64 bytes,
/// read the same.
pub fn assert_threads_agree(data: &[u8]) {
    let expected = read_with(data, 1, 0, data.len().max(1));
    for (threads, chunk, capacity) in [(1, 0, 7), (2, 1, 3), (2, 5, 64), (2, 64, 1 << 16)] {
        let got = read_with(data, threads, chunk, capacity);
        assert_eq!(
            got,
            expected,
            "{threads} threads, chunk {chunk}, buffer {capacity}: {:?}",
            String::from_utf8_lossy(data)
        );
    }
}
