//! Times perft on a FEN, for profiling:
//! `cargo run --release -p bitmoves --example perft -- DEPTH [FEN] [--full]`.
//! Prints the count, the time, and the variant of perft that ran
//! (`perft::slider_backend`, which `BITMOVES_SLIDERS` may force).

use bitmoves::{Board, perft};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.iter().any(|a| a == "--full");
    let mut rest = args.iter().filter(|a| *a != "--full");
    let depth = rest.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = rest.next().map_or(Board::STARTPOS_FEN, String::as_str);
    let board: Board = match fen.parse() {
        Ok(board) => board,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    if let Err(error) = perft::slider_variant() {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    let start = Instant::now();
    let nodes = if full {
        perft::perft_full(&board, depth)
    } else {
        perft::perft(&board, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes in {seconds:.3} s: {:.1} Mnps (variant {})",
        nodes as f64 / seconds / 1e6,
        perft::slider_backend()
    );
}
