//! The perft of each library in the comparison, written the fastest way
//! its documentation allows, and the positions with their known counts.
//! Shared by the `peers` table and the criterion `perft` bench.

#![allow(dead_code)]

/// A position, its bulk and full perft depths, and the known counts there.
pub struct Case {
    /// The position's usual name.
    pub name: &'static str,
    /// Its FEN.
    pub fen: &'static str,
    /// Depth and known count for bulk perft.
    pub bulk: (u32, u64),
    /// Depth and known count for full perft (one ply less: every leaf is made).
    pub full: (u32, u64),
    /// Depth and known count for the criterion bench: bitmoves takes about
    /// 0.1–0.5 s a run there.
    pub criterion: (u32, u64),
    /// Depth and known count two plies under `bulk`: the full perft of a
    /// quick check of the tools (the peers bench's `--quick`), which runs
    /// bulk perft at the `full` depth.
    pub shallow: (u32, u64),
}

/// The six standard perft positions (CPW), at the depths the peer table uses.
pub const CASES: [Case; 6] = [
    Case {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        bulk: (6, 119_060_324),
        full: (5, 4_865_609),
        criterion: (6, 119_060_324),
        shallow: (4, 197_281),
    },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        bulk: (5, 193_690_690),
        full: (4, 4_085_603),
        criterion: (5, 193_690_690),
        shallow: (3, 97_862),
    },
    Case {
        name: "pos3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        bulk: (7, 178_633_661),
        full: (6, 11_030_083),
        criterion: (7, 178_633_661),
        shallow: (5, 674_624),
    },
    Case {
        name: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        bulk: (6, 706_045_033),
        full: (5, 15_833_292),
        criterion: (5, 15_833_292),
        shallow: (4, 422_333),
    },
    Case {
        name: "pos5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        bulk: (5, 89_941_194),
        full: (4, 2_103_487),
        criterion: (5, 89_941_194),
        shallow: (3, 62_379),
    },
    Case {
        name: "pos6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        bulk: (5, 164_075_551),
        full: (4, 3_894_594),
        criterion: (5, 164_075_551),
        shallow: (3, 89_890),
    },
];

/// One library's perft, bulk (`full == false`) or making every leaf move.
pub type Perft = fn(fen: &str, depth: u32, full: bool) -> u64;

mod with_bitmoves {
    //! Perft the fastest way this library's documentation allows.

    use bitmoves::{Board, perft};
    pub fn run(fen: &str, depth: u32, full: bool) -> u64 {
        let board: Board = fen.parse().expect("valid FEN");
        if full {
            perft::perft_full(&board, depth)
        } else {
            perft::perft(&board, depth)
        }
    }
}

mod with_cozy {
    //! Perft the fastest way this library's documentation allows.

    use cozy_chess::Board;
    fn perft(board: &Board, depth: u32, full: bool) -> u64 {
        let mut nodes = 0;
        if depth == 0 {
            return 1;
        }
        if depth == 1 && !full {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            return nodes;
        }
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1, full);
            }
            false
        });
        nodes
    }
    pub fn run(fen: &str, depth: u32, full: bool) -> u64 {
        perft(
            &Board::from_fen(fen, false).expect("valid FEN"),
            depth,
            full,
        )
    }
}

mod with_shakmaty {
    //! Perft the fastest way this library's documentation allows.

    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
    fn perft_full(pos: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft_full(&child, depth - 1)
            })
            .sum()
    }
    pub fn run(fen: &str, depth: u32, full: bool) -> u64 {
        let fen: Fen = fen.parse().expect("valid FEN");
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("legal position");
        if full {
            perft_full(&pos, depth)
        } else {
            shakmaty::perft(&pos, depth)
        }
    }
}

mod with_chess {
    //! Perft the fastest way this library's documentation allows.

    use chess::{Board, MoveGen};
    use std::str::FromStr;
    fn perft_full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        MoveGen::new_legal(board)
            .map(|m| perft_full(&board.make_move_new(m), depth - 1))
            .sum()
    }
    pub fn run(fen: &str, depth: u32, full: bool) -> u64 {
        let board = Board::from_str(fen).expect("valid FEN");
        if full {
            perft_full(&board, depth)
        } else {
            MoveGen::movegen_perft_test(&board, depth as usize) as u64
        }
    }
}

/// Every library in the comparison, bitmoves first.
pub const LIBRARIES: [(&str, Perft); 4] = [
    ("bitmoves", with_bitmoves::run),
    ("cozy-chess", with_cozy::run),
    ("shakmaty", with_shakmaty::run),
    ("chess", with_chess::run),
];

/// Stops the bench with one `error:` line where `BITMOVES_SLIDERS` names
/// no variant of bitmoves' perft, rather than time another.
pub fn check_slider_variant() {
    if let Err(error) = bitmoves::perft::slider_variant() {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
}
