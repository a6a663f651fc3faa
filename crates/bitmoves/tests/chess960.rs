//! Chess960 start positions by number: the numbering, that every start is
//! legal and distinct, Double Fischer Random pairs, and how the
//! `fischer.epd` suite lines up with the numbers.

mod common;

use bitmoves::{
    Bitboard, Board, CastlingSide, Chess960Error, Color, FenOptions, File, GameStatus, Piece, Rank,
    perft::perft,
};
use std::collections::HashSet;

/// Every start position, by number.
fn all_starts() -> Vec<Board> {
    (0..Board::CHESS960_POSITIONS)
        .map(|n| Board::chess960_start(n).unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect()
}

/// The pieces of `color` on its back rank, one bitboard per piece kind.
fn back_rank(board: &Board, color: Color) -> [Bitboard; Piece::NUM] {
    Piece::ALL.map(|p| board.colored_pieces(color, p) & color.back_rank().bitboard())
}

#[test]
fn numbers_past_959_are_errors() {
    for n in [960, 961, 1000, u16::MAX] {
        assert_eq!(Board::chess960_start(n), Err(Chess960Error { number: n }));
        assert_eq!(
            Board::chess960_back_rank(n),
            Err(Chess960Error { number: n })
        );
    }
    assert_eq!(
        Board::double_chess960_start(0, 960),
        Err(Chess960Error { number: 960 })
    );
    assert_eq!(
        Board::double_chess960_start(960, 0),
        Err(Chess960Error { number: 960 })
    );
    assert_eq!(
        Chess960Error { number: 960 }.to_string(),
        "no Chess960 start position 960: the numbers run from 0 to 959"
    );
}

/// Position 518 is the standard start, with the same pieces and rights,
/// but in Chess960 mode.
#[test]
fn position_518_is_the_standard_start() {
    let start = Board::chess960_start(518).unwrap();
    let standard = Board::startpos();
    for piece in Piece::ALL {
        assert_eq!(start.pieces(piece), standard.pieces(piece), "{piece}");
    }
    for color in Color::ALL {
        assert_eq!(start.colors(color), standard.colors(color), "{color}");
    }
    assert_eq!(start.castling_rights(), standard.castling_rights());
    assert!(start.is_chess960());
    assert!(!standard.is_chess960());
    assert_eq!(
        start
            .castling_move(CastlingSide::KingSide)
            .unwrap()
            .to_string(),
        "e1h1"
    );
}

/// The rules of a Chess960 start hold for every number: bishops on
/// squares of both colours, the king between the rooks, Black mirroring
/// White, pawns on ranks 2 and 7, full castling rights with the rooks
/// either side of the king, and an ongoing game. And the 960 numbers give
/// 960 different back ranks, which are then all the arrangements there are.
#[test]
fn the_960_starts_are_legal_and_distinct() {
    let starts = all_starts();
    let mut seen = HashSet::new();
    let mut looks_standard = 0;
    for (n, board) in starts.iter().enumerate() {
        let rank = Board::chess960_back_rank(n as u16).unwrap();
        assert!(seen.insert(rank), "{n}: {board} repeats an earlier start");
        let white_bishops = board.colored_pieces(Color::White, Piece::Bishop);
        assert_eq!(
            (white_bishops & Bitboard::LIGHT_SQUARES).len(),
            1,
            "{n}: {board}"
        );
        assert_eq!(
            (white_bishops & Bitboard::DARK_SQUARES).len(),
            1,
            "{n}: {board}"
        );
        let king = board.king(Color::White).file();
        let rights = board.castling_rights();
        for color in Color::ALL {
            let queen_side = rights.rook(color, CastlingSide::QueenSide).unwrap();
            let king_side = rights.rook(color, CastlingSide::KingSide).unwrap();
            assert!(queen_side < king && king < king_side, "{n}: {board}");
            assert_eq!(board.king(color).file(), king, "{n}: {board}");
        }
        for piece in Piece::ALL {
            let white = board.colored_pieces(Color::White, piece);
            let black = board.colored_pieces(Color::Black, piece);
            assert_eq!(Bitboard(black.0.swap_bytes()), white, "{n}: {piece}");
        }
        assert_eq!(
            board.colored_pieces(Color::White, Piece::Pawn),
            Rank::Second.bitboard()
        );
        assert!(board.is_chess960(), "{n}");
        assert_eq!(board.side_to_move(), Color::White);
        assert_eq!(board.status(), GameStatus::Ongoing);
        // The FEN reads back as the same board, strictly, in Chess960 mode
        // when asked. Unasked, the starts with the king on e and the rooks
        // on a and h (518, the standard position, and 17 more) read as
        // standard: their FEN is `KQkq`, as python-chess writes it.
        let fen = board.to_string();
        let options = FenOptions {
            chess960: true,
            ..FenOptions::default()
        };
        assert_eq!(Board::from_fen_with(&fen, options), Ok(*board), "{n}");
        let read = Board::from_fen(&fen).unwrap();
        let corners = king == File::E
            && board
                .castling_rights()
                .rook(Color::White, CastlingSide::QueenSide)
                == Some(File::A)
            && board
                .castling_rights()
                .rook(Color::White, CastlingSide::KingSide)
                == Some(File::H);
        assert_eq!(read.is_chess960(), !corners, "{n}: {fen}");
        looks_standard += usize::from(corners);
    }
    // Two bishops on opposite colours (4 × 4), the queen (6), two knights
    // among five (10), and R K R in the rest: 960 arrangements.
    assert_eq!(seen.len(), 960);
    // R . . . K . . R: of b, c, d, f and g, the light-squared bishop takes
    // one of three light squares, the dark-squared one of two dark, the
    // queen one of the three left: 18 starts.
    assert_eq!(looks_standard, 18);
}

/// Perft of a few starts, counted by python-chess 1.11.2 (an independent
/// move generator): depths 1 to 4.
#[test]
fn perft_of_some_starts_matches_an_independent_count() {
    for (n, counts) in [
        (0, [20, 400, 9_006, 201_143]),
        (1, [20, 400, 8_948, 198_393]),
        (100, [20, 400, 9_026, 201_178]),
        (518, [20, 400, 8_902, 197_281]),
        (959, [20, 400, 9_006, 201_143]),
    ] {
        let board = Board::chess960_start(n).unwrap();
        for (depth, expected) in (1..).zip(counts) {
            assert_eq!(
                perft(&board, depth),
                expected,
                "start {n} ({board}) depth {depth}"
            );
        }
    }
}

/// Every Double Fischer Random pair builds (all 921,600), with White's back
/// rank from the first number and Black's from the second.
#[test]
fn double_fischer_random_takes_each_side_from_its_number() {
    let starts = all_starts();
    let white: Vec<_> = starts.iter().map(|b| back_rank(b, Color::White)).collect();
    let black: Vec<_> = starts.iter().map(|b| back_rank(b, Color::Black)).collect();
    for w in 0..Board::CHESS960_POSITIONS {
        for b in 0..Board::CHESS960_POSITIONS {
            let board = Board::double_chess960_start(w, b).unwrap();
            assert_eq!(
                back_rank(&board, Color::White),
                white[usize::from(w)],
                "{w} {b}"
            );
            assert_eq!(
                back_rank(&board, Color::Black),
                black[usize::from(b)],
                "{w} {b}"
            );
            assert!(board.is_chess960());
        }
    }
    assert_eq!(
        Board::double_chess960_start(518, 518).unwrap(),
        Board::chess960_start(518).unwrap()
    );
    let mixed = Board::double_chess960_start(0, 959).unwrap();
    assert_eq!(
        mixed.to_string(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(mixed.move_count(), 20);
}

/// `fischer.epd` holds no start positions: each line is a position some
/// moves into a game (fullmove 9). Its lines follow the numbering, counted
/// from 1 with 960 last (line k comes from start k mod 960). Two checks:
///
/// - every castling right left in line k fits start k mod 960: the king on
///   its start square and the rook on the start's rook square on that side;
/// - start k mod 960 shares at least as many back-rank pieces with line k
///   as any other start does, for all but a few lines (where pieces moved
///   back and forth make another start look closer).
#[test]
fn fischer_epd_follows_the_numbering() {
    let starts = all_starts();
    let entries = common::suite("fischer.epd");
    assert_eq!(entries.len(), 960);
    let mut best = 0;
    for entry in &entries {
        let expected = &starts[entry.line % 960];
        let board = &entry.board;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = board.castling_rights().rook(color, side) else {
                    continue;
                };
                let at = format!("fischer.epd:{} {}", entry.line, entry.fen);
                assert_eq!(board.king(color), expected.king(color), "{at}");
                assert_eq!(
                    Some(rook),
                    expected.castling_rights().rook(color, side),
                    "{at}"
                );
            }
        }
        let shared = |start: &Board| -> usize {
            Color::ALL
                .into_iter()
                .flat_map(|c| back_rank(board, c).into_iter().zip(back_rank(start, c)))
                .map(|(a, b)| (a & b).len())
                .sum()
        };
        let most = starts.iter().map(shared).max().unwrap_or(0);
        if shared(expected) == most {
            best += 1;
        }
    }
    assert!(
        best >= 950,
        "only {best} of 960 lines are closest to their start"
    );
}
