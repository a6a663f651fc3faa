//! The engine on hostile input: random and extreme setups of every
//! variant never panic (moves, play, outcome, FEN, key), the move list
//! bound holds on the most crowded setups, every FEN field's error is
//! named, random text never panics the FEN and UCI readers, and a setup's
//! FEN reads back to the same setup.

mod common;

use bitmoves::setup::{FenWriter, Pocket, Setup, SetupFenError};
use bitmoves::variant::{
    Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, LooseMoveList, Position,
    RacingKings, Standard, Suicide, ThreeCheck, Variant, VariantKind, parse_uci,
};
use bitmoves::{Bitboard, Color, Piece, Square};
use common::Random;

/// A random setup of any density, pockets, checks and clocks, extremes
/// included.
fn wild_setup(random: &mut Random) -> Setup {
    let mut setup = Setup::EMPTY;
    let density = 1 + random.below(6);
    for square in Square::ALL {
        if random.below(density) == 0 {
            let color = Color::ALL[random.below(2)];
            let piece = Piece::ALL[random.below(6)];
            setup.put(square, color, piece, random.below(4) == 0);
        }
    }
    setup.turn = Color::ALL[random.below(2)];
    setup.castling = Bitboard(random.next() & random.next());
    setup.ep_square = (random.below(2) == 0).then(|| Square::ALL[random.below(64)]);
    let extremes = [0, 1, 3, -1, i32::MAX, i32::MIN];
    setup.remaining_checks = [extremes[random.below(6)], extremes[random.below(6)]];
    let clocks = [0, 1, 149, 150, u32::MAX];
    setup.halfmove_clock = clocks[random.below(5)];
    setup.fullmove_number = clocks[random.below(5)];
    for pocket in &mut setup.pockets {
        *pocket = Pocket(core::array::from_fn(|_| [0, 1, 254, 255][random.below(4)]));
    }
    setup
}

/// Everything a caller can ask of a position, two plies deep.
fn exercise<V: Variant>(setup: Setup, chess960: bool) {
    let pos = Position::<V>::from_setup(setup, chess960);
    let moves = pos.legal_moves();
    assert!(moves.len() < LooseMoveList::CAPACITY);
    let _ = (pos.outcome(), pos.fen().to_string(), pos.epd().to_string());
    let _ = (pos.transposition_key(), pos.has_chess960_castling_rights());
    for &mv in moves.iter().take(12) {
        assert!(
            pos.is_legal(mv),
            "{}: {mv} generated but not legal",
            pos.fen()
        );
        let mut child = pos;
        child.play(mv);
        let _ = (
            child.legal_moves(),
            child.outcome(),
            child.fen().to_string(),
        );
    }
    // Moves nobody generated: played as python-chess's push plays them.
    let mut odd = pos;
    odd.play(bitmoves::Move::new(Square::A1, Square::H8));
    odd.play(bitmoves::variant::drop_move(Piece::King, Square::D4));
    let _ = (odd.legal_moves(), odd.outcome(), odd.fen().to_string());
}

fn exercise_all(setup: Setup, chess960: bool) {
    exercise::<Standard>(setup, chess960);
    exercise::<KingOfTheHill>(setup, chess960);
    exercise::<ThreeCheck>(setup, chess960);
    exercise::<RacingKings>(setup, chess960);
    exercise::<Horde>(setup, chess960);
    exercise::<Suicide>(setup, chess960);
    exercise::<Giveaway>(setup, chess960);
    exercise::<Antichess>(setup, chess960);
    exercise::<Atomic>(setup, chess960);
    exercise::<Crazyhouse>(setup, chess960);
}

/// Law: no setup makes any variant panic.
#[test]
fn random_setups_never_panic() {
    let mut random = Random::new(0x56);
    for _ in 0..400 {
        let setup = wild_setup(&mut random);
        exercise_all(setup, random.below(2) == 0);
    }
}

/// The most crowded setups stay under the list's capacity: 37 queens, a
/// board of pawns on the seventh rank, every square but one, full pockets.
#[test]
fn crowded_setups_fit_the_move_list() {
    let fens = [
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQ3/8/8/8 w - - 0 1",
        "Q1Q1Q1Q1/1Q1Q1Q1Q/Q1Q1Q1Q1/1Q1Q1Q1Q/Q1Q1Q1Q1/1Q1Q1Q1Q/Q1Q1Q1Q1/1Q1Q1Q1Q w - - 0 1",
        "n1n1n1n1/PPPPPPPP/8/8/8/8/8/K7 w - - 0 1",
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQ3/8/8/8[QQQQRRRRBBBBNNNNKKKKPPPP] w - - 0 1",
        "kqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqq1 w - - 0 1",
    ];
    for fen in fens {
        let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        exercise_all(setup, false);
        let crazy = Position::<Crazyhouse>::from_setup(setup, false);
        assert!(crazy.legal_moves().len() < LooseMoveList::CAPACITY, "{fen}");
    }
}

/// Each FEN field's damage is named by its error.
#[test]
fn fen_errors_name_the_field() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases = [
        ("", SetupFenError::Empty),
        ("   ", SetupFenError::Empty),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR",
            SetupFenError::Placement,
        ),
        (
            "~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8",
            SetupFenError::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nx]",
            SetupFenError::Pocket,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRN]",
            SetupFenError::Pocket,
        ),
    ];
    for (fen, error) in cases {
        assert_eq!(Setup::from_fen(fen), Err(error), "{fen:?}");
    }
    let fields = [
        ("x", SetupFenError::Turn),
        ("W", SetupFenError::Turn),
        ("w KQkqK", SetupFenError::Castling),
        ("w kqKQ", SetupFenError::Castling),
        ("w KQ-", SetupFenError::Castling),
        ("w KQkq e9", SetupFenError::EnPassant),
        ("w KQkq e", SetupFenError::EnPassant),
        ("w KQkq - 3+x 0 1", SetupFenError::Checks),
        ("w KQkq - 3+3+3 0 1", SetupFenError::Checks),
        ("w KQkq - -1 1", SetupFenError::HalfmoveClock),
        ("w KQkq - 4294967296 1", SetupFenError::HalfmoveClock),
        ("w KQkq - 0 x", SetupFenError::FullmoveNumber),
        ("w KQkq - 0 1 1+1", SetupFenError::Checks),
        ("w KQkq - 0 1 +1+x", SetupFenError::Checks),
        ("w KQkq - 0 1 +0+0 extra", SetupFenError::TooManyFields),
    ];
    for (rest, error) in fields {
        let fen = format!("{start} {rest}");
        assert_eq!(Setup::from_fen(&fen), Err(error), "{fen:?}");
    }
    // Three-check's two forms: remaining checks, and checks given.
    let remaining = Setup::from_fen(&format!("{start} w KQkq - 2+1 0 1")).expect("3check");
    let given = Setup::from_fen(&format!("{start} w KQkq - 0 1 +1+2")).expect("lichess 3check");
    assert_eq!(remaining.remaining_checks, [2, 1]);
    assert_eq!(given.remaining_checks, [2, 1]);
}

/// Law: random text, and random damage to real FENs, never panics the FEN
/// reader or the UCI reader.
#[test]
fn random_text_never_panics_the_readers() {
    let mut random = Random::new(7);
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -~[]+wbKQkqa-h0123456789@é\u{0}"
        .chars()
        .collect();
    let base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq e3 3+3 0 1 +0+0";
    for _ in 0..20_000 {
        let text: String = if random.below(2) == 0 {
            (0..random.below(80))
                .map(|_| alphabet[random.below(alphabet.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = base.chars().collect();
            for _ in 0..1 + random.below(4) {
                let at = random.below(chars.len());
                match random.below(3) {
                    0 => chars[at] = alphabet[random.below(alphabet.len())],
                    1 => drop(chars.remove(at)),
                    _ => chars.insert(at, alphabet[random.below(alphabet.len())]),
                }
            }
            chars.into_iter().collect()
        };
        if let Ok(setup) = Setup::from_fen(&text) {
            exercise::<Crazyhouse>(setup, false);
        }
        let _ = parse_uci(&text);
        let _ = text.parse::<VariantKind>();
    }
}

/// Law: a setup written with Shredder castling, en passant as set, the
/// pockets, promoted marks and check counts reads back to itself (castling
/// rights on the back ranks, where FEN can name them).
#[test]
fn fen_reads_back_to_the_setup() {
    let mut random = Random::new(11);
    for _ in 0..2_000 {
        let mut setup = wild_setup(&mut random);
        setup.castling &= Bitboard::BACK_RANKS;
        // FEN names at most two rights a side.
        for color in Color::ALL {
            let rank = color.back_rank().bitboard();
            while (setup.castling & rank).len() > 2 {
                let first = (setup.castling & rank).first().expect("non-empty");
                setup.castling.remove(first);
            }
        }
        setup.remaining_checks = setup.remaining_checks.map(|n| n.max(0));
        setup.fullmove_number = setup.fullmove_number.max(1);
        let fen = FenWriter {
            setup: &setup,
            castling: setup.castling,
            ep_square: setup.ep_square,
            shredder: true,
            promoted: true,
            pockets: true,
            checks: true,
            clocks: true,
        }
        .to_string();
        assert_eq!(Setup::from_fen(&fen), Ok(setup), "{fen}");
    }
}

/// Regression: `is_legal` found standard castling (`e1g1`, generated
/// towards the rook's square) illegal; every generated move of every
/// suite position and playout is legal by `is_legal`, castling written
/// either way.
#[test]
fn every_generated_move_is_legal_castling_either_way() {
    let pos: Position<Standard> =
        Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false).expect("FEN");
    for uci in ["e1g1", "e1h1", "e1c1", "e1a1"] {
        assert!(pos.is_legal(uci.parse().expect("UCI")), "{uci}");
    }
    let mut random = Random::new(3);
    for (file, text) in common::SUITES {
        for entry in common::read_suite(file, text) {
            let mut board = entry.board;
            for _ in 0..20 {
                let pos = Position::<Standard>::from_setup(
                    Setup::from_board(&board),
                    board.is_chess960(),
                );
                for &mv in pos.legal_moves().iter() {
                    assert!(pos.is_legal(mv), "{}: {mv}", pos.fen());
                }
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play_unchecked(moves[random.below(moves.len())]);
            }
        }
    }
}
