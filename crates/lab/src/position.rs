//! The position view: a FEN's pieces, legal moves in UCI and SAN, the
//! check and the pins, and perft.

use crate::json::{Json, hex};
use bitmoves::{Board, Piece, Square, attacks};

/// The 64 cells of a FEN's board in square order (a1 … h8): a piece letter
/// or `.`. The lab board loads a pasted FEN with this.
pub fn cells(board: &Board) -> String {
    Square::ALL
        .into_iter()
        .map(
            |square| match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    let c = piece.to_char();
                    if color == bitmoves::Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                }
                _ => '.',
            },
        )
        .collect()
}

/// A pin: the king's own piece on `pinned` may not leave the line to the
/// enemy slider on `pinner`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    /// The pinned piece.
    pub pinned: Square,
    /// The enemy slider behind it.
    pub pinner: Square,
}

/// The pins against the side to move: for each pinned piece, the enemy
/// slider on its line with the king and nothing else between.
pub fn pins(board: &Board) -> Vec<Pin> {
    let us = board.side_to_move();
    let king = board.king(us);
    let queens = board.colored_pieces(!us, Piece::Queen);
    let sliders = (board.colored_pieces(!us, Piece::Rook) | queens)
        & attacks::rook(king, bitmoves::Bitboard::EMPTY)
        | (board.colored_pieces(!us, Piece::Bishop) | queens)
            & attacks::bishop(king, bitmoves::Bitboard::EMPTY);
    let pinned = board.pinned();
    sliders
        .iter()
        .filter_map(|pinner| {
            let between = attacks::between(king, pinner) & board.occupied();
            let square = between.single()?;
            pinned.contains(square).then_some(Pin {
                pinned: square,
                pinner,
            })
        })
        .collect()
}

/// Everything the position view shows, as JSON.
pub fn describe(json: &mut Json, board: &Board) {
    let us = board.side_to_move();
    json.begin_object()
        .field_shown("fen", board)
        .field("cells", &cells(board));
    json.field(
        "side",
        if us == bitmoves::Color::White {
            "white"
        } else {
            "black"
        },
    );
    json.field_shown("status", &board.status());
    json.field_shown("king", &board.king(us));
    json.field("checkers", &hex(board.checkers().0))
        .field("pinned", &hex(board.pinned().0));
    json.key("pins").begin_array();
    for pin in pins(board) {
        let line = attacks::between(board.king(us), pin.pinner) | pin.pinner.bitboard();
        json.begin_object()
            .field_shown("pinned", &pin.pinned)
            .field_shown("pinner", &pin.pinner);
        json.field("line", &hex(line.0)).end_object();
    }
    json.end_array().key("moves").begin_array();
    for mv in board.legal_moves() {
        let san = board.san(mv);
        json.begin_object()
            .field_shown("uci", &mv)
            .field("san", san.as_ref().map_or("", |san| san.as_str()))
            .end_object();
    }
    json.end_array().end_object();
}

/// Perft of `board` to `depth`, as JSON (the page times the call).
pub fn count(json: &mut Json, board: &Board, depth: u32) {
    json.begin_object()
        .key("depth")
        .number(depth)
        .key("nodes")
        .number(perft(board, depth))
        .end_object();
}

/// The leaves of the legal move tree `depth` plies deep, the last ply
/// counted as `legal_moves().len()`. The lab walks the tree itself over
/// the library's move generation: linking `perft::perft`, compiled per side
/// and per piece for speed, would add 35 KB to a module that must stay
/// under 1,000,000 bytes, and [`Board::move_count`] at the last ply (as
/// `perft::perft` counts) 9 KB, for about 4.7 times the speed.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.legal_moves().len() as u64,
        _ => board
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = *board;
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bishop_pins_the_knight_to_the_king() -> Result<(), bitmoves::FenError> {
        let board = Board::from_fen("4k3/8/n7/1B6/8/8/8/4K3 b - - 0 1")?;
        let board_pinned = Board::from_fen("4k3/3n4/8/1B6/8/8/8/4K3 b - - 0 1")?;
        assert!(pins(&board).is_empty());
        let found = pins(&board_pinned);
        assert_eq!(
            found,
            [Pin {
                pinned: Square::D7,
                pinner: Square::B5
            }]
        );
        Ok(())
    }

    #[test]
    fn perft_matches_the_library_on_kiwipete() -> Result<(), bitmoves::FenError> {
        let board = Board::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )?;
        for depth in 0..=3 {
            assert_eq!(
                perft(&board, depth),
                bitmoves::perft::perft(&board, depth),
                "depth {depth}"
            );
        }
        assert_eq!(perft(&board, 3), 97_862);
        Ok(())
    }

    #[test]
    fn cells_list_the_start_position_from_a1() {
        let cells = cells(&Board::default());
        assert_eq!(&cells[..8], "RNBQKBNR");
        assert_eq!(&cells[56..], "rnbqkbnr");
    }
}
