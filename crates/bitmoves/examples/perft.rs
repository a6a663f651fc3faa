//! Times perft on a FEN: `cargo run --release -p bitmoves --example perft -- DEPTH [FEN]`.

use bitmoves::{Board, perft::perft};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args.next().unwrap_or_else(|| Board::STARTPOS_FEN.to_string());
    let board: Board = match fen.parse() {
        Ok(board) => board,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = perft(&board, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("{nodes} nodes in {seconds:.3} s: {:.1} Mnps", nodes as f64 / seconds / 1e6);
}
