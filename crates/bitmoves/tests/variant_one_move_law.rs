//! Laws for the engine's questions about one move and for the bridge
//! between a `Setup` and the fast `Board`, on the shared perft suites and
//! random playouts from them (legal positions, where the `Board` is the
//! independent answer), plus loose setups written by hand.

mod common;

use bitmoves::setup::Setup;
use bitmoves::variant::{LooseMoveList, Position, Standard, to_chess960};
use bitmoves::{Bitboard, Board, FenOptions, Move, Piece, PositionError, Square};
use common::{Random, SUITES, SuiteEntry, read_suite};

fn engine(board: &Board) -> Position<Standard> {
    Position::from_setup(Setup::from_board(board), board.is_chess960())
}

fn entries() -> Vec<SuiteEntry> {
    SUITES
        .iter()
        .flat_map(|(file, text)| read_suite(file, text))
        .collect()
}

/// Every move from a square to another, with and without each promotion.
fn every_move() -> impl Iterator<Item = Move> {
    Square::ALL.into_iter().flat_map(|from| {
        Square::ALL.into_iter().flat_map(move |to| {
            [
                None,
                Some(Piece::Queen),
                Some(Piece::Knight),
                Some(Piece::King),
            ]
            .into_iter()
            .map(move |promotion| Move {
                from,
                to,
                promotion,
            })
        })
    })
}

/// The pseudo-legal moves the engine generates, castling included.
fn generated(pos: &Position<Standard>) -> LooseMoveList {
    let mut out = LooseMoveList::new();
    pos.generate_pseudo_legal(Bitboard::FULL, Bitboard::FULL, &mut out);
    out
}

/// Runs `check` on every suite position and every 7th ply of a 42-ply
/// random playout from it, collecting failures.
fn on_playouts(seed: u64, mut check: impl FnMut(&Board, &str) -> Result<(), String>) {
    let mut random = Random::new(seed);
    let mut failures = Vec::new();
    for entry in entries() {
        let mut board = entry.board;
        for ply in 0..42 {
            if ply % 7 == 0
                && let Err(report) =
                    check(&board, &format!("{}:{} ply {ply}", entry.file, entry.line))
            {
                failures.push(report);
                break;
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play_unchecked(moves[random.below(moves.len())]);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Law: `Board::from_setup` inverts `Setup::from_board` on legal boards
/// (the Chess960 flag given back as the board has it).
#[test]
fn board_from_setup_inverts_setup_from_board() {
    on_playouts(1, |board, context| {
        let options = FenOptions {
            lenient: true,
            chess960: board.is_chess960(),
        };
        match Board::from_setup(&Setup::from_board(board), options) {
            Ok(back) if back == *board => Ok(()),
            other => Err(format!("{context}: {board}: {other:?}")),
        }
    });
}

/// Law: python-chess's definition, `is_legal(m) == is_pseudo_legal(m) &&
/// !is_into_check(m)` for every from/to/promotion; every generated
/// pseudo-legal move is pseudo-legal, every pseudo-legal move other than
/// castling (written two ways) is generated; the `Board`'s legal moves are
/// pseudo-legal.
#[test]
fn is_pseudo_legal_agrees_with_generation_and_is_legal() {
    on_playouts(2, |board, context| {
        let pos = engine(board);
        let generated = generated(&pos);
        for mv in every_move() {
            let pseudo = pos.is_pseudo_legal(mv);
            // `is_legal` also takes the king's two-square step in Chess960,
            // as `push` does; python-chess's `is_legal` does not.
            let respelled = to_chess960(pos.setup(), mv) != mv;
            if !respelled && pos.is_legal(mv) != (pseudo && !pos.is_into_check(mv)) {
                return Err(format!("{context}: {board}: {mv}: is_legal differs"));
            }
            let castling = board.piece_on(mv.from) == Some(Piece::King)
                && mv.from.file().index().abs_diff(mv.to.file().index()) > 1
                || board.colors(board.side_to_move()).contains(mv.to);
            if pseudo != generated.contains(&mv) && !castling {
                return Err(format!("{context}: {board}: {mv}: pseudo {pseudo}"));
            }
        }
        for mv in board.legal_moves().iter() {
            if !pos.is_pseudo_legal(*mv) {
                return Err(format!("{context}: {board}: legal {mv} not pseudo-legal"));
            }
        }
        Ok(())
    });
}

/// Law: a move is irreversible exactly when on the `Board` it captures or
/// moves a pawn, changes the castling rights, or gives up a legal en
/// passant capture.
#[test]
fn is_irreversible_agrees_with_the_board() {
    on_playouts(3, |board, context| {
        let pos = engine(board);
        for &mv in board.legal_moves().iter() {
            let mut after = *board;
            after.play_unchecked(mv);
            let zeroing = board.piece_on(mv.from) == Some(Piece::Pawn)
                || board.colors(!board.side_to_move()).contains(mv.to);
            let expected = zeroing
                || after.castling_rights() != board.castling_rights()
                || board.legal_en_passant().is_some();
            if pos.is_irreversible(mv) != expected {
                return Err(format!("{context}: {board}: {mv}: expected {expected}"));
            }
        }
        Ok(())
    });
}

fn setup(fen: &str) -> Setup {
    Setup::from_fen(fen).expect("a FEN")
}

fn mv(text: &str) -> Move {
    text.parse().expect("UCI")
}

/// Loose setups: what python-chess 1.11.2's `is_pseudo_legal` answers
/// there (each answer checked against it).
#[test]
fn is_pseudo_legal_on_loose_setups() {
    // No kings: pieces still move, a pawn on its back rank too.
    let pos: Position<Standard> =
        Position::from_fen("8/8/8/8/8/8/8/P2R4 w - - 0 1", false).unwrap();
    assert!(pos.is_pseudo_legal(mv("d1d8")));
    assert!(pos.is_pseudo_legal(mv("a1a2")));
    assert!(!pos.is_pseudo_legal(mv("d1a1")), "onto its own piece");
    // Promotions: only a pawn, only onto the last rank.
    let pos: Position<Standard> =
        Position::from_fen("4k3/P7/8/8/8/8/1P6/R3K3 w - - 0 1", false).unwrap();
    assert!(pos.is_pseudo_legal(mv("a7a8q")));
    assert!(
        !pos.is_pseudo_legal(mv("a7a8")),
        "a pawn reaching the last rank must promote"
    );
    assert!(!pos.is_pseudo_legal(mv("b2b3q")));
    assert!(!pos.is_pseudo_legal(mv("a1a8q")));
    // The side not to move, an empty square, the null move.
    assert!(!pos.is_pseudo_legal(mv("e8e7")));
    assert!(!pos.is_pseudo_legal(mv("c3c4")));
    assert!(!pos.is_pseudo_legal(Move::new(Square::A1, Square::A1)));
    // Two white kings: each king's moves, into check included.
    let pos: Position<Standard> =
        Position::from_fen("r3k3/8/8/8/8/8/8/K3K3 w - - 0 1", false).unwrap();
    assert!(pos.is_pseudo_legal(mv("a1a2")));
}

/// Loose setups: irreversibility with several kings and no rights.
#[test]
fn is_irreversible_on_loose_setups() {
    let pos: Position<Standard> =
        Position::from_fen("4k3/8/8/8/8/8/8/KK6 w - - 0 1", false).unwrap();
    assert!(!pos.is_irreversible(mv("a1a2")));
    let pos: Position<Standard> =
        Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", false).unwrap();
    assert!(
        pos.is_irreversible(mv("e8d8")),
        "the king gives up its right"
    );
    assert!(
        pos.is_irreversible(mv("a8a7")),
        "the rook gives up its right"
    );
}

/// Crazyhouse: only a lost castling right is irreversible (drops undo
/// captures and pawn moves); Three-check: a check is too, as
/// python-chess's `CrazyhouseBoard` and `ThreeCheckBoard` count them (the
/// cases of python-chess's `test_zh_is_irreversible` and
/// `test_check_is_irreversible`).
#[test]
fn is_irreversible_in_crazyhouse_and_three_check() {
    use bitmoves::variant::{Crazyhouse, ThreeCheck};
    let zh: Position<Crazyhouse> =
        Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R[] w Qkq - 0 1", false).unwrap();
    for lost in ["a1a2", "e1c1", "e1d1", "a1a8", "h1h8"] {
        assert!(zh.is_irreversible(mv(lost)), "{lost}");
    }
    assert!(!zh.is_irreversible(mv("h1f1")), "no right on h1");
    let zh: Position<Crazyhouse> =
        Position::from_fen("4k3/8/8/8/8/8/1p6/2R1K3[] b - - 0 1", false).unwrap();
    assert!(!zh.is_irreversible(mv("b2c1q")), "a capturing promotion");
    assert!(!zh.is_irreversible(mv("e8e7")));
    let mut three: Position<ThreeCheck> = Position::start();
    assert!(!three.is_irreversible(mv("g1f3")));
    for played in ["g1f3", "e7e5", "f3e5", "e8e7"] {
        three.play(mv(played));
    }
    assert!(three.gives_check(mv("e5c6")));
    assert!(three.is_irreversible(mv("e5c6")), "a check");
    assert!(!three.is_irreversible(mv("e5f3")), "no check");
}

/// The null move: the turn passes, the en passant square goes, the clocks
/// advance, castling rights stay (python-chess's `push(Move.null())`).
#[test]
fn play_null_keeps_the_pieces_and_rights() {
    let mut pos: Position<Standard> =
        Position::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 4 10", false).unwrap();
    let before = *pos.setup();
    pos.play_null();
    let after = pos.setup();
    assert_eq!(after.pieces, before.pieces);
    assert_eq!(after.castling, before.castling);
    assert_eq!(
        (after.ep_square, after.halfmove_clock, after.fullmove_number),
        (None, 5, 10)
    );
    pos.play_null();
    assert_eq!(
        (pos.setup().halfmove_clock, pos.setup().fullmove_number),
        (6, 11)
    );
}

/// `Board::from_setup` refuses what the board cannot hold, naming it.
#[test]
fn board_from_setup_names_what_it_refuses() {
    let options = FenOptions {
        lenient: true,
        chess960: false,
    };
    let refuse = |s: &Setup| Board::from_setup(s, options).err();
    assert!(matches!(
        refuse(&setup("4k3/8/8/8/8/8/8/KK6 w - - 0 1")),
        Some(PositionError::TooManyKings { .. })
    ));
    assert!(matches!(
        refuse(&setup("8/8/8/8/8/8/8/4K3 w - - 0 1")),
        Some(PositionError::MissingKing { .. })
    ));
    let mut big = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    big.halfmove_clock = 70_000;
    assert_eq!(refuse(&big), Some(PositionError::ClockOutOfRange));
    let mut promoted = setup("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    promoted.promoted = Square::A1.bitboard();
    assert_eq!(refuse(&promoted), Some(PositionError::VariantState));
    let mut right = setup("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    right.castling = Square::B1.bitboard();
    assert_eq!(
        refuse(&right),
        Some(PositionError::UnusableCastling { square: Square::B1 })
    );
    right.castling = Square::A4.bitboard();
    assert_eq!(
        refuse(&right),
        Some(PositionError::UnusableCastling { square: Square::A4 })
    );
    let mut two = setup("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1");
    two.castling = Square::A1.bitboard() | Square::B1.bitboard();
    assert_eq!(
        refuse(&two),
        Some(PositionError::UnusableCastling { square: Square::B1 })
    );
    let mut overlap = setup("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    overlap.pieces[Piece::Knight.index()] = Square::A1.bitboard();
    assert_eq!(refuse(&overlap), Some(PositionError::OverlappingPieces));
    let mut both = setup("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    both.colors[1] |= Square::A1.bitboard();
    assert_eq!(refuse(&both), Some(PositionError::OverlappingPieces));
}

/// A standard board reads no pocket and no check counts; Crazyhouse and
/// Three-check do.
#[test]
fn setup_from_fen_reads_only_the_variants_fields() {
    use bitmoves::variant::{Crazyhouse, ThreeCheck};
    let pocket = "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
    let ninth_row = "4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1";
    let checks = "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1";
    let given = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0";
    for fen in [pocket, ninth_row, checks, given] {
        assert!(Position::<Standard>::setup_from_fen(fen).is_err(), "{fen}");
    }
    assert!(Position::<Crazyhouse>::setup_from_fen(pocket).is_ok());
    assert!(Position::<Crazyhouse>::setup_from_fen(ninth_row).is_ok());
    assert!(Position::<Crazyhouse>::setup_from_fen(checks).is_err());
    assert_eq!(
        Position::<ThreeCheck>::setup_from_fen(checks)
            .unwrap()
            .remaining_checks,
        [2, 3]
    );
    assert_eq!(
        Position::<ThreeCheck>::setup_from_fen(given)
            .unwrap()
            .remaining_checks,
        [2, 3]
    );
    assert!(Position::<ThreeCheck>::setup_from_fen(pocket).is_err());
}
