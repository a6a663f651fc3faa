//! [`Board::play_san_prefix`]: the SAN move at the start of a text, in
//! the shapes most moves are written in, read and played in one step (the
//! fast path of PGN replay, which then needs no word scan of its own).

use super::parse::{Pattern, piece_of_letter};
use crate::{Board, File, Move, Piece, Rank, Square};

/// The `impl Board` block for reading a SAN move from a text's start.
impl Board {
    /// Reads the SAN move at the start of `text`, when it is written in
    /// one of the shapes most moves are (`e4`, `exd5`, `Nf3`, `Nxe5`,
    /// `Nbd7`, `R1e2`, each maybe followed by `+` or `#`), and plays it
    /// if it is legal here: the move and the number of bytes it took.
    ///
    /// `None`, with the board unchanged, when the text does not start so
    /// or the move is not legal (or ambiguous); [`Board::play_san`] then
    /// reads it in any spelling and says what is wrong. What follows the
    /// move is not looked at: the caller decides whether the text's word
    /// ends there (`Nf3!` takes 3 bytes; the caller who reads `!` as part
    /// of the word undoes the move and asks `play_san`). On the bytes it
    /// took, the move and the board are those of `play_san`.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let mut board = Board::default();
    /// let (mv, len) = board.play_san_prefix(b"Nf3 d5").expect("legal");
    /// assert_eq!((mv.to_string().as_str(), len), ("g1f3", 3));
    /// assert_eq!(board.play_san_prefix(b"Nf6+ ..."), Some(("g8f6".parse()?, 4)));
    /// let before = board;
    /// assert_eq!(board.play_san_prefix(b"O-O"), None); // not a shape it reads
    /// assert_eq!(board.play_san_prefix(b"Nd5"), None); // not legal
    /// assert_eq!(board, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play_san_prefix(&mut self, text: &[u8]) -> Option<(Move, usize)> {
        let (pattern, len) = prefix_pattern(text)?;
        let len = len + usize::from(matches!(text.get(len), Some(b'+' | b'#')));
        let mv = self.find_san_move(&pattern).ok()?;
        self.play_piece(pattern.piece, mv);
        Some((mv, len))
    }
}

/// The pattern of the common SAN shape at the start of `text` and its
/// length (without a check mark): the same pattern as `common_pattern`
/// gives for that shape alone.
#[inline(always)]
fn prefix_pattern(text: &[u8]) -> Option<(Pattern, usize)> {
    let byte = |i: usize| text.get(i).copied().unwrap_or(0);
    let file = |b: u8| File::from_char(char::from(b));
    let rank = |b: u8| Rank::from_char(char::from(b));
    let pattern = |piece, from_file, from_rank, capture, to_file, to_rank, len| {
        Some((
            Pattern {
                piece,
                from_file,
                from_rank,
                capture,
                to: Square::new(to_file, to_rank),
                promotion: None,
            },
            len,
        ))
    };
    let (first, second) = (byte(0), byte(1));
    match piece_of_letter(first).filter(|&p| p != Piece::Pawn) {
        // A pawn: `e4` or `exd5`.
        None => {
            let from_file = file(first)?;
            if let Some(to_rank) = rank(second) {
                return pattern(
                    Piece::Pawn,
                    Some(from_file),
                    None,
                    false,
                    from_file,
                    to_rank,
                    2,
                );
            }
            if second != b'x' {
                return None;
            }
            let (to_file, to_rank) = (file(byte(2))?, rank(byte(3))?);
            pattern(
                Piece::Pawn,
                Some(from_file),
                None,
                true,
                to_file,
                to_rank,
                4,
            )
        }
        // A piece: `Nf3`, `Nxe5`, `Nbd7` or `R1e2`.
        Some(piece) => {
            if let (Some(to_file), Some(to_rank)) = (file(second), rank(byte(2))) {
                return pattern(piece, None, None, false, to_file, to_rank, 3);
            }
            let (from_file, from_rank, capture) = match (file(second), rank(second)) {
                _ if second == b'x' => (None, None, true),
                (None, None) => return None,
                (from_file, from_rank) => (from_file, from_rank, false),
            };
            let (to_file, to_rank) = (file(byte(2))?, rank(byte(3))?);
            pattern(piece, from_file, from_rank, capture, to_file, to_rank, 4)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Board;

    /// The law: on boards with captures, pins, promotions, checks and
    /// castling, for every text of up to five bytes over the letters SAN
    /// uses, `play_san_prefix` either leaves the board as it was (`None`)
    /// or plays what `play_san` plays on the bytes it took, to the same
    /// board; and it reads every legal move's SAN in the common shapes.
    #[test]
    fn the_prefix_plays_what_play_san_plays() {
        let fens = [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "4k3/8/8/1b6/8/8/3N4/4K2R w K - 0 1",
        ];
        let alphabet = b"NBRQKxabdeh1458+#=";
        let mut text = [0u8; 5];
        for fen in fens {
            let board = Board::from_fen(fen).expect("valid");
            for len in 1..=5 {
                for mut code in 0..alphabet.len().pow(len as u32) {
                    for byte in &mut text[..len] {
                        *byte = alphabet[code % alphabet.len()];
                        code /= alphabet.len();
                    }
                    let mut fast = board;
                    match fast.play_san_prefix(&text[..len]) {
                        None => assert_eq!(fast, board),
                        Some((mv, took)) => {
                            let san = core::str::from_utf8(&text[..took]).expect("ASCII");
                            let mut slow = board;
                            assert_eq!(slow.play_san(san), Ok(mv), "{fen}: {san}");
                            assert_eq!(fast, slow, "{fen}: {san}");
                        }
                    }
                }
            }
        }
        super::super::random_walks(&fens, 10, 60, 0x9e37_79b9_7f4a_7c15, |&board| {
            for mv in board.legal_moves() {
                let san = board.san(mv).expect("legal");
                // Common: at most four bytes before the check mark, no
                // promotion, no castling.
                let bare = san.trim_end_matches(['+', '#']);
                let common = bare.len() <= 4 && !bare.contains(['=', 'O']);
                let mut fast = board;
                let read = fast.play_san_prefix(san.as_bytes());
                if common {
                    assert_eq!(read, Some((mv, san.len())), "{board}: {san}");
                }
            }
        });
    }
}
