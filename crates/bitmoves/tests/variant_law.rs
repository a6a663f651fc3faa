//! The law that makes the fast `Board` a path through the one rules engine:
//! on legal standard and Chess960 positions (the shared perft suites and
//! random playouts from them), the general engine's legal moves (as a
//! set), the position after each move and its FEN equal the `Board`'s, and
//! perft through the engine matches the suites' counts at small depths.
//! And the law that makes the mask generator of Racing Kings, Horde and
//! Crazyhouse a path through the engine: their `perft` and `perft_full`
//! equal `perft_by_rules` on random playouts and loose setups.

mod common;

use bitmoves::setup::Setup;
use bitmoves::variant::{
    Crazyhouse, EnPassantMode, Horde, KingOfTheHill, Position, RacingKings, Standard, ThreeCheck,
    Variant, perft, perft_by_rules, perft_full,
};
use bitmoves::{Bitboard, Board, Color, File, Move, Piece, Rank, Square};
use common::{Random, SUITES, SuiteEntry, read_suite};
use std::collections::BTreeSet;

/// The engine's position for a board: its setup, its Chess960 flag.
fn engine(board: &Board) -> Position<Standard> {
    Position::from_setup(Setup::from_board(board), board.is_chess960())
}

fn board_moves(board: &Board) -> BTreeSet<Move> {
    board.legal_moves().iter().copied().collect()
}

fn engine_moves(pos: &Position<Standard>) -> BTreeSet<Move> {
    pos.legal_moves().iter().copied().collect()
}

/// The FEN of a board as the engine writes it the way `Board` does: castling
/// as Shredder letters in Chess960, X-FEN otherwise; the en passant square
/// when a pseudo-legal capture exists.
fn engine_fen(pos: &Position<Standard>) -> String {
    pos.fen_with(pos.is_chess960(), EnPassantMode::PseudoLegal, true)
        .to_string()
}

fn board_fen(board: &Board) -> String {
    if board.is_chess960() {
        board.shredder_fen().to_string()
    } else {
        board.to_string()
    }
}

/// Checks the law at one position; returns a report on failure.
fn check(board: &Board, pos: &Position<Standard>, context: &str) -> Result<(), String> {
    let (ours, theirs) = (engine_moves(pos), board_moves(board));
    if ours != theirs {
        let extra: Vec<_> = ours.difference(&theirs).map(Move::to_string).collect();
        let missing: Vec<_> = theirs.difference(&ours).map(Move::to_string).collect();
        return Err(format!(
            "{context}: {board}: moves differ, extra {extra:?}, missing {missing:?}"
        ));
    }
    if engine_fen(pos) != board_fen(board) {
        return Err(format!(
            "{context}: FEN {} != {}",
            engine_fen(pos),
            board_fen(board)
        ));
    }
    if pos.is_check() != board.is_check() {
        return Err(format!("{context}: {board}: check differs"));
    }
    Ok(())
}

fn entries() -> Vec<SuiteEntry> {
    SUITES
        .iter()
        .flat_map(|(file, text)| read_suite(file, text))
        .collect()
}

/// Law: on every suite position and 60-ply random playouts from it, the
/// engine's legal moves, FEN and check equal the `Board`'s after every
/// move, each move played on both.
#[test]
fn general_engine_equals_board_on_suites_and_playouts() {
    let mut random = Random::new(56);
    let mut failures = Vec::new();
    for entry in entries() {
        let mut board = entry.board;
        let mut pos = engine(&board);
        for ply in 0..60 {
            let context = format!("{}:{} ply {ply}", entry.file, entry.line);
            if let Err(report) = check(&board, &pos, &context) {
                failures.push(report);
                break;
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            board.play_unchecked(mv);
            pos.play(mv);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Law: perft through the engine equals every suite count up to 20,000
/// nodes (the engine's debug build is the slow part).
#[test]
fn general_engine_perft_matches_suites_at_small_depths() {
    let mut failures = Vec::new();
    for entry in entries() {
        let pos = engine(&entry.board);
        for &(depth, expected) in entry.counts.iter().filter(|&&(_, n)| n <= 20_000) {
            let actual = perft_by_rules(&pos, depth);
            if actual != expected {
                failures.push(format!(
                    "{}:{}: {} depth {depth}: expected {expected}, engine {actual}",
                    entry.file, entry.line, entry.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Chess960 start positions: every one of the 960 agrees at the start
/// and after 20 random plies.
#[test]
fn general_engine_equals_board_on_every_chess960_start() {
    let mut random = Random::new(960);
    for number in 0..960 {
        let mut board = Board::chess960_start(number).expect("a start number");
        let mut pos = engine(&board);
        for ply in 0..20 {
            check(&board, &pos, &format!("chess960 {number} ply {ply}"))
                .unwrap_or_else(|e| panic!("{e}"));
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            board.play_unchecked(mv);
            pos.play(mv);
        }
    }
}

/// `perft` and `perft_by_rules` of the position `V` makes of `setup`, to
/// `max_nodes`: the depths where they differ.
fn fast_path_differences<V: Variant>(setup: Setup, max_nodes: u64, context: &str) -> Vec<String> {
    let pos = Position::<V>::from_setup(setup, false);
    let mut failures = Vec::new();
    for depth in 0..=4 {
        let reference = perft_by_rules(&pos, depth);
        let (fast, full) = (perft(&pos, depth), perft_full(&pos, depth));
        if fast != reference || full != reference {
            failures.push(format!(
                "{context}: {:?} {} depth {depth}: rules {reference}, fast {fast}, full {full}",
                V::KIND,
                pos.fen()
            ));
        }
        if reference > max_nodes {
            break;
        }
    }
    failures
}

/// Law: perft of Standard, King of the Hill and Three-check, which count
/// on the fast `Board` where it takes the position, bulk and with every
/// leaf made (`perft_full`), equals perft through the rules engine: on the suites and on positions of random playouts
/// from them (kings walking to the centre, checks given), with 1 to 3
/// checks left for each side.
#[test]
fn fast_variant_perft_equals_the_rules_engine() {
    let mut random = Random::new(2026);
    let mut failures = Vec::new();
    for entry in entries() {
        let mut board = entry.board;
        for ply in 0..40 {
            if ply % 8 == 0 {
                let context = format!("{}:{} ply {ply}", entry.file, entry.line);
                let setup = Setup::from_board(&board);
                failures.extend(fast_path_differences::<Standard>(setup, 3_000, &context));
                failures.extend(fast_path_differences::<KingOfTheHill>(
                    setup, 3_000, &context,
                ));
                let mut checks = setup;
                checks.remaining_checks = [1 + random.below(3) as i32, 1 + random.below(3) as i32];
                failures.extend(fast_path_differences::<ThreeCheck>(checks, 3_000, &context));
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Kings walk more often, so the hill is reached.
            let kings: Vec<_> = moves
                .iter()
                .filter(|mv| board.piece_on(mv.from) == Some(bitmoves::Piece::King))
                .collect();
            let mv = if !kings.is_empty() && random.below(2) == 0 {
                *kings[random.below(kings.len())]
            } else {
                moves[random.below(moves.len())]
            };
            board.play_unchecked(mv);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `V`'s start with random pieces put (some marked promoted) and taken,
/// a random side, castling rights on any back-rank square, an en passant
/// square on the third or sixth rank, and (Crazyhouse) pockets, kings
/// included: setups the mask generator takes, or must hand back.
fn loose_setup<V: Variant>(random: &mut Random) -> Setup {
    let mut setup = *Position::<V>::start().setup();
    let density = 4 + random.below(10);
    for square in Square::ALL {
        if random.below(density) == 0 {
            let color = Color::ALL[random.below(2)];
            let piece = Piece::ALL[random.below(6)];
            setup.put(square, color, piece, random.below(8) == 0);
        } else if random.below(3) == 0 {
            setup.remove(square);
        }
    }
    setup.turn = Color::ALL[random.below(2)];
    setup.castling = Bitboard::EMPTY;
    for color in Color::ALL {
        for _ in 0..random.below(3) {
            let file = File::ALL[random.below(8)];
            setup.castling.insert(Square::new(file, color.back_rank()));
        }
    }
    if random.below(3) == 0 {
        let rank = [Rank::Third, Rank::Sixth][random.below(2)];
        setup.ep_square = Some(Square::new(File::ALL[random.below(8)], rank));
    }
    if V::POCKETS {
        for pocket in &mut setup.pockets {
            for piece in Piece::ALL {
                for _ in 0..random.below(if piece == Piece::King { 2 } else { 3 }) {
                    pocket.add(piece);
                }
            }
        }
    }
    setup
}

/// Where `perft` and `perft_full` of `pos` differ from `perft_by_rules`,
/// depth by depth up to `max_nodes`.
fn mask_differences<V: Variant>(pos: &Position<V>, max_nodes: u64) -> Vec<String> {
    let mut failures = Vec::new();
    for depth in 0..=4 {
        let reference = perft_by_rules(pos, depth);
        let (bulk, full) = (perft(pos, depth), perft_full(pos, depth));
        if bulk != reference || full != reference {
            failures.push(format!(
                "{:?} {} depth {depth}: rules {reference}, perft {bulk}, perft_full {full}",
                V::KIND,
                pos.fen()
            ));
        }
        if reference > max_nodes {
            break;
        }
    }
    failures
}

/// Random playouts of `V` from its start and from loose setups, standard
/// and Chess960 castling, perft checked every few plies.
fn mask_playouts<V: Variant>(seed: u64) {
    let mut random = Random::new(seed);
    let mut failures = Vec::new();
    for game in 0..60 {
        let setup = if game % 4 == 0 {
            *Position::<V>::start().setup()
        } else {
            loose_setup::<V>(&mut random)
        };
        let mut pos = Position::<V>::from_setup(setup, game % 2 == 1);
        for ply in 0..60 {
            if ply % 6 == 0 {
                failures.extend(mask_differences(&pos, 2_000));
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[random.below(moves.len())]);
        }
    }
    failures.truncate(10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Law: Racing Kings' perft on the mask generator equals the engine's.
#[test]
fn racing_kings_mask_perft_equals_the_rules_engine() {
    mask_playouts::<RacingKings>(56_001);
}

/// Law: Horde's perft on the mask generator equals the engine's.
#[test]
fn horde_mask_perft_equals_the_rules_engine() {
    mask_playouts::<Horde>(56_002);
}

/// Law: Crazyhouse's perft on the mask generator equals the engine's.
#[test]
fn crazyhouse_mask_perft_equals_the_rules_engine() {
    mask_playouts::<Crazyhouse>(56_003);
}
