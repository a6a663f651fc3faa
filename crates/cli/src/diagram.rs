//! Board diagrams: pieces as FEN letters or Unicode chess glyphs, rank
//! numbers on the left and files underneath.

use bitmoves::{Board, Color, File, Piece, Rank, Square};
use std::fmt::Write;

/// Draws `board` with rank 8 at the top: FEN letters (white uppercase) and
/// `.` for an empty square, or with `unicode` the chess glyphs and `·`.
///
/// ```text
/// 8 r n b q k b n r
/// 7 p p p p p p p p
/// 6 . . . . . . . .
/// ⋮
/// 1 R N B Q K B N R
///   a b c d e f g h
/// ```
pub fn board(board: &Board, unicode: bool) -> String {
    of(
        |square| Some((board.color_on(square)?, board.piece_on(square)?)),
        unicode,
    )
}

/// The diagram of the pieces `piece_on` names, as [`board`] draws it (any
/// placement: no kings, several kings, pieces anywhere).
pub(crate) fn of(piece_on: impl Fn(Square) -> Option<(Color, Piece)>, unicode: bool) -> String {
    let mut text = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        text.push(rank.to_char());
        for file in File::ALL {
            let square = Square::new(file, rank);
            let glyph = match piece_on(square) {
                Some((color, piece)) => glyph(piece, color, unicode),
                None if unicode => '·',
                None => '.',
            };
            let _ = write!(text, " {glyph}");
        }
        text.push('\n');
    }
    text.push(' ');
    for file in File::ALL {
        let _ = write!(text, " {}", file.to_char());
    }
    text.push('\n');
    text
}

/// The letter or glyph for one piece.
pub(crate) fn glyph(piece: Piece, color: Color, unicode: bool) -> char {
    const WHITE: [char; Piece::NUM] = ['♙', '♘', '♗', '♖', '♕', '♔'];
    const BLACK: [char; Piece::NUM] = ['♟', '♞', '♝', '♜', '♛', '♚'];
    match (unicode, color) {
        (true, Color::White) => WHITE[piece.index()],
        (true, Color::Black) => BLACK[piece.index()],
        (false, Color::White) => piece.to_char().to_ascii_uppercase(),
        (false, Color::Black) => piece.to_char(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_drawn_rank_8_first() {
        let text = board(&Board::default(), false);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "8 r n b q k b n r");
        assert_eq!(lines[4], "4 . . . . . . . .");
        assert_eq!(lines[7], "1 R N B Q K B N R");
        assert_eq!(lines[8], "  a b c d e f g h");
        let glyphs = board(&Board::default(), true);
        assert!(glyphs.starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
        assert!(glyphs.contains("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"));
    }
}
