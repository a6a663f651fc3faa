//! Laws for the variants' fast paths against the plain engine path
//! (python-chess's algorithm, written out here): Atomic's legality from
//! bitboards equals making each pseudo-legal move and testing the result;
//! the antichess forms' move count equals the length of their move list;
//! perft's bulk count at the last ply equals playing every leaf; and
//! python-chess's own `atomic.perft` and `giveaway.perft` hold at every
//! depth. Positions: random playouts from each variant's start and from
//! middlegames, and random loose setups (several kings, no king, pawns on
//! the back ranks, stray castling rights and en passant squares).

mod common;

use bitmoves::setup::Setup;
use bitmoves::variant::{
    Antichess, Atomic, Giveaway, LooseMoveList, Position, Suicide, Variant, VariantKind, perft,
    perft_of,
};
use bitmoves::{Bitboard, Color, File, Move, Piece, Rank, Square, attacks};
use common::{Random, python};
use std::path::Path;

/// Starts of the playouts, in any variant's form.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
];

/// A random loose setup: pieces strewn on one of `STARTS`, random side to
/// move, castling rights and en passant square.
fn random_setup(random: &mut Random) -> Setup {
    let mut setup = Setup::from_fen(STARTS[random.below(STARTS.len())]).expect("a FEN");
    let density = 3 + random.below(12);
    for square in Square::ALL {
        if random.below(density) == 0 {
            let color = Color::ALL[random.below(2)];
            let piece = Piece::ALL[random.below(6)];
            setup.put(square, color, piece, random.below(9) == 0);
        } else if random.below(3) == 0 {
            setup.remove(square);
        }
    }
    setup.turn = Color::ALL[random.below(2)];
    if random.below(2) == 0 {
        setup.castling = Bitboard::EMPTY;
        for color in Color::ALL {
            for _ in 0..random.below(3) {
                let file = File::ALL[random.below(8)];
                setup.castling.insert(Square::new(file, color.back_rank()));
            }
        }
    }
    if random.below(3) == 0 {
        let rank = [Rank::Third, Rank::Sixth][random.below(2)];
        setup.ep_square = Some(Square::new(File::ALL[random.below(8)], rank));
    }
    setup
}

/// Positions to check: every ply of random playouts from the starts, and
/// random loose setups with short playouts from each.
fn positions<V: Variant>(seed: u64, loose: usize) -> Vec<Position<V>> {
    let mut random = Random::new(seed);
    let mut out = Vec::new();
    let mut play_from = |mut pos: Position<V>, plies: usize, out: &mut Vec<Position<V>>| {
        for _ in 0..plies {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[random.below(moves.len())]);
        }
    };
    for fen in STARTS {
        for _ in 0..8 {
            let pos = Position::from_fen(fen, false).expect("a FEN");
            play_from(pos, 80, &mut out);
        }
    }
    let mut setups = Random::new(seed ^ 0x5eed);
    for i in 0..loose {
        let pos = Position::from_setup(random_setup(&mut setups), i % 5 == 0);
        play_from(pos, 6, &mut out);
    }
    out
}

/// Whether a white king stands next to a black king.
fn kings_touch(s: &Setup) -> bool {
    let black = s.pieces_of(Color::Black, Piece::King);
    s.pieces_of(Color::White, Piece::King)
        .into_iter()
        .any(|king| attacks::king(king).intersects(black))
}

/// python-chess's `AtomicBoard.is_legal` on a pseudo-legal move: make it,
/// then the mover must keep a king and either have exploded the other's,
/// or stand next to it, or not be attacked.
fn atomic_legal_by_making(pos: &Position<Atomic>, mv: Move) -> bool {
    let mut after = *pos;
    after.play(mv);
    let s = after.setup();
    let kings = s.kind(Piece::King);
    let mover_has_king = s.side(!s.turn).intersects(kings);
    let other_has_king = s.side(s.turn).intersects(kings);
    mover_has_king && (!other_has_king || kings_touch(s) || !s.was_into_check())
}

/// The legal moves by python-chess's algorithm: the pseudo-legal moves
/// that survive making them.
fn atomic_moves_by_making(pos: &Position<Atomic>) -> Vec<Move> {
    if pos.is_variant_end() {
        return Vec::new();
    }
    let mut pseudo = LooseMoveList::new();
    pos.generate_pseudo_legal(Bitboard::FULL, Bitboard::FULL, &mut pseudo);
    pseudo
        .iter()
        .copied()
        .filter(|&mv| atomic_legal_by_making(pos, mv))
        .collect()
}

/// Perft that plays every leaf, on the engine's move list.
fn perft_by_playing<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            perft_by_playing(&child, depth - 1)
        })
        .sum()
}

/// Law: on every position, Atomic's legal moves (in order) are the
/// pseudo-legal moves that python-chess's make-and-test keeps, and the
/// count perft takes at its last ply is their number.
#[test]
fn atomic_legality_equals_making_each_move() {
    let positions = positions::<Atomic>(56, 3000);
    let mut failures = Vec::new();
    for pos in &positions {
        let ours: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let made = atomic_moves_by_making(pos);
        if ours != made {
            let fen = pos.fen().to_string();
            let extra: Vec<_> = ours.iter().filter(|m| !made.contains(m)).collect();
            let missing: Vec<_> = made.iter().filter(|m| !ours.contains(m)).collect();
            failures.push(format!("{fen}: extra {extra:?}, missing {missing:?}"));
        }
        assert_eq!(perft(pos, 1), made.len() as u64, "{}", pos.fen());
    }
    assert!(positions.len() > 5000, "{} positions", positions.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Law: for each antichess form, the move count perft takes at its last
/// ply equals the number of legal moves the engine lists.
fn check_antichess_count<V: Variant>(seed: u64) {
    let positions = positions::<V>(seed, 3000);
    for pos in &positions {
        let listed = if pos.is_variant_end() {
            0
        } else {
            pos.legal_moves().len()
        };
        assert_eq!(perft(pos, 1), listed as u64, "{:?}: {}", V::KIND, pos.fen());
    }
    assert!(positions.len() > 5000, "{} positions", positions.len());
}

#[test]
fn antichess_move_count_equals_the_move_list() {
    check_antichess_count::<Antichess>(1);
    check_antichess_count::<Giveaway>(2);
    check_antichess_count::<Suicide>(3);
}

/// Law: perft's bulk count equals playing every leaf, at depth 3 from
/// positions of random playouts of `V`.
fn check_bulk_equals_playing<V: Variant>(seed: u64) {
    for (i, pos) in positions::<V>(seed, 200).iter().enumerate() {
        if i % 23 == 0 {
            assert_eq!(
                perft(pos, 3),
                perft_by_playing(pos, 3),
                "{:?}: {}",
                V::KIND,
                pos.fen()
            );
        }
    }
}

#[test]
fn bulk_perft_equals_playing_every_leaf() {
    check_bulk_equals_playing::<Atomic>(4);
    check_bulk_equals_playing::<Antichess>(5);
    check_bulk_equals_playing::<Giveaway>(6);
    check_bulk_equals_playing::<Suicide>(7);
}

/// Every count of one of python-chess's perft files (`id`, `epd`, `perft
/// DEPTH NODES` lines), on Chess960 boards as its `perft.py` runs them.
fn check_every_depth(folder: &Path, file: &str, kind: VariantKind) {
    let text = std::fs::read_to_string(folder.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (mut setup, mut checked) = (None, 0);
    let mut failures = Vec::new();
    for line in text.lines() {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "epd" => setup = Some(Setup::from_fen(arg).unwrap_or_else(|e| panic!("{arg}: {e}"))),
            "perft" => {
                let (depth, nodes) = arg.split_once(' ').expect("perft DEPTH NODES");
                let (depth, nodes): (u32, u64) =
                    (depth.parse().expect("depth"), nodes.parse().expect("nodes"));
                let setup = setup.expect("an epd line first");
                let actual = perft_of(kind, setup, true, depth);
                checked += 1;
                if actual != nodes {
                    failures.push(format!(
                        "{file} {setup:?} depth {depth}: {nodes} != {actual}"
                    ));
                }
            }
            _ => {}
        }
    }
    assert!(checked > 20, "{file}: {checked} counts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Oracle: python-chess's `atomic.perft` and `giveaway.perft`, every count
/// at every depth (14.3 million and 0.2 million nodes).
#[test]
fn python_chess_atomic_and_giveaway_perft_at_every_depth() {
    if !common::python_chess_or_skip("python-chess perft files at every depth") {
        return;
    }
    let Some(sdist) = python::sdist("python-chess's perft files") else {
        return;
    };
    let folder = sdist.join("examples/perft");
    check_every_depth(&folder, "atomic.perft", VariantKind::Atomic);
    check_every_depth(&folder, "giveaway.perft", VariantKind::Giveaway);
}

/// Law: for each antichess form, the legal moves over every square (one
/// pass over the attack sets) are, in order, the moves of the masked path
/// (captures generated, then the rest, filtered), asked for every square
/// but an empty one.
fn check_antichess_moves<V: Variant>(seed: u64) {
    for pos in positions::<V>(seed, 3000) {
        let Some(empty) = (!pos.setup().occupied()).first() else {
            continue;
        };
        let mut masked = LooseMoveList::new();
        pos.generate_legal(
            Bitboard::FULL - empty.bitboard(),
            Bitboard::FULL,
            &mut masked,
        );
        let ours: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let masked: Vec<Move> = masked.iter().copied().collect();
        assert_eq!(ours, masked, "{:?}: {}", V::KIND, pos.fen());
    }
}

#[test]
fn antichess_moves_in_one_pass_equal_the_masked_path() {
    check_antichess_moves::<Antichess>(11);
    check_antichess_moves::<Giveaway>(12);
    check_antichess_moves::<Suicide>(13);
}
