//! Property tests over random legal positions: random playouts of up to 40
//! plies from suite positions, checked against a slow reference generator
//! (`reference/`) and against the library's own other paths.

mod common;
mod playout;
mod reference;

use bitmoves::{Board, FenOptions, Move, Piece, Square, perft};
use playout::playout;
use proptest::prelude::*;

fn sorted_uci(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut list: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    list.sort();
    list
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// (a) The legal moves are exactly the reference's pseudo-legal moves
    /// after which the mover's king is not attacked; checkers and pinned
    /// pieces match the reference too.
    #[test]
    fn legal_moves_equal_reference_pseudo_legal_moves_that_keep_the_king_safe(
        (path, _) in playout()
    ) {
        for board in &path {
            let expected = sorted_uci(reference::legal(board).into_iter().map(|c| c.mv));
            let actual = sorted_uci(board.legal_moves().iter().copied());
            prop_assert_eq!(&actual, &expected, "{}", board);
            prop_assert_eq!(board.checkers(), reference::checkers(board), "{}", board);
            prop_assert_eq!(board.pinned(), reference::pinned(board), "{}", board);
        }
    }

    /// (b) The visitor hands out the same moves as `legal_moves`, grouped by
    /// a piece that stands on `from`, never empty; `move_count` and each
    /// group's `len` count them.
    #[test]
    fn visitor_and_move_list_agree((path, _) in playout()) {
        for board in &path {
            let mut visited = Vec::new();
            let mut counted = 0;
            let stopped = board.generate_moves(|moves| {
                assert!(!moves.is_empty(), "{board}: empty group");
                assert_eq!(board.piece_on(moves.from), Some(moves.piece), "{board}");
                assert_eq!(board.color_on(moves.from), Some(board.side_to_move()));
                counted += moves.len();
                let before = visited.len();
                visited.extend(moves);
                assert_eq!(visited.len() - before, moves.len(), "{board}: group len");
                false
            });
            prop_assert!(!stopped);
            let list = board.legal_moves();
            prop_assert_eq!(sorted_uci(visited), sorted_uci(list.iter().copied()));
            prop_assert_eq!(board.move_count(), list.len());
            prop_assert_eq!(counted, list.len());
            prop_assert_eq!(board.has_legal_moves(), !list.is_empty());
            prop_assert_eq!(board.generate_moves(|_| true), !list.is_empty());
        }
    }

    /// (c) FEN round trip: reading back the FEN a board writes, with the
    /// board's Chess960 mode passed along, gives the same board; read
    /// without it, the same position, in Chess960 mode exactly where its
    /// castling rights need it (a standard position is never read as
    /// Chess960). Positions played from a strictly valid start stay
    /// strictly valid.
    #[test]
    fn fen_round_trips_on_played_positions((path, strict) in playout()) {
        for board in &path {
            let fen = board.to_string();
            let options = FenOptions { lenient: !strict, chess960: board.is_chess960() };
            prop_assert_eq!(Board::from_fen_with(&fen, options), Ok(*board), "{}", fen);
            let options = FenOptions { chess960: false, ..options };
            let plain = Board::from_fen_with(&fen, options);
            prop_assert_eq!(plain.map(|b| b.to_string()), Ok(fen.clone()));
            let needs_chess960 = common::rights_need_chess960(board);
            prop_assert_eq!(plain.map(|b| b.is_chess960()), Ok(needs_chess960), "{}", fen);
            if strict {
                prop_assert!(Board::from_fen(&fen).is_ok(), "{}", fen);
            }
        }
    }

    /// (d) Every legal move is `is_legal`, reads back through `parse_move`,
    /// and `play` makes it without panicking, leaving the pieces where the
    /// reference's make puts them.
    #[test]
    fn play_makes_every_legal_move_like_the_reference((path, _) in playout()) {
        for board in &path {
            for candidate in reference::legal(board) {
                let mv = candidate.mv;
                prop_assert!(board.is_legal(mv), "{}: {}", board, mv);
                prop_assert_eq!(board.parse_move(&mv.to_string()), Ok(mv), "{}", board);
                let mut next = *board;
                prop_assert_eq!(next.play(mv), Ok(()), "{}: {}", board, mv);
                prop_assert_eq!(reference::mailbox(&next), candidate.after, "{}: {}", board, mv);
                prop_assert_eq!(next.side_to_move(), !board.side_to_move());
            }
        }
    }

    /// (e) `play` refuses a move that is not legal and leaves the board
    /// untouched: random from, to and promotion, and every legal move with
    /// its promotion changed.
    #[test]
    fn play_refuses_non_legal_moves_without_side_effects(
        (path, _) in playout(),
        from in 0..64usize,
        to in 0..64usize,
        promotion in 0..=Piece::NUM,
        own_piece in any::<bool>(),
    ) {
        // No promotion, and every piece as one, kings and pawns included.
        let promotions: Vec<Option<Piece>> =
            std::iter::once(None).chain(Piece::ALL.map(Some)).collect();
        for board in &path {
            let legal = board.legal_moves();
            let ours: Vec<Square> = board.colors(board.side_to_move()).iter().collect();
            let from = if own_piece { ours[from % ours.len()] } else { Square::from_index(from) };
            let mut candidates = vec![Move { from, to: Square::from_index(to), promotion: promotions[promotion] }];
            for mv in legal.iter() {
                for &promotion in &promotions {
                    candidates.push(Move { promotion, ..*mv });
                }
            }
            for mv in candidates.into_iter().filter(|mv| !legal.contains(mv)) {
                let mut copy = *board;
                prop_assert!(!board.is_legal(mv), "{}: {}", board, mv);
                prop_assert!(copy.play(mv).is_err(), "{}: {}", board, mv);
                prop_assert_eq!(copy, *board);
            }
        }
    }

    /// (f) Bulk-counted perft equals perft that makes every leaf move, at
    /// depth 2.
    #[test]
    fn full_perft_equals_bulk_perft_at_depth_two((path, _) in playout()) {
        let board = path.last().expect("the start is always there");
        prop_assert_eq!(perft::perft_full(board, 2), perft::perft(board, 2), "{}", board);
    }
}
