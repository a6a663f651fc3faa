//! A mainline move's normalised SAN, written from the move the reader
//! found and the text it was read from: [`write()`] gives what
//! [`Board::san`] gives without its legality test and its disambiguation
//! search, and leaves the mate test to the position that follows.

use bitmoves::{Board, CastlingSide, Move, Piece, Square};

/// Appends the normalised SAN of `mv`, a legal move of `board` that the
/// PGN reader read from `written` (the text as in the file, without its
/// `!`/`?` marks), to `out`; returns whether it ends in `+` that may be
/// `#`: the caller then asks [`mate_mark`] of the position after it.
///
/// The reader refuses an ambiguous move, so a piece move written
/// without a from-file or from-rank (`Nf3`, `Nxe5+`, `Nc3` for a
/// capture on c3) has no other piece of its kind with a legal move to
/// its square: its SAN has no disambiguation either. Only a piece move
/// written with one (`Nbd7`, `Ng1f3`) needs [`Board::san`].
pub(crate) fn write(board: &Board, mv: Move, written: &str, out: &mut String) -> bool {
    let piece = board.piece_on(mv.from);
    match piece {
        Some(Piece::Pawn) => {
            if mv.from.file() != mv.to.file() {
                out.push(mv.from.file().to_char());
                out.push('x');
            }
            push_square(out, mv.to);
            if let Some(promotion) = mv.promotion {
                out.push('=');
                out.push(letter(promotion));
            }
        }
        Some(Piece::King) if board.castling_side(mv).is_some() => {
            out.push_str(match board.castling_side(mv) {
                Some(CastlingSide::QueenSide) => "O-O-O",
                _ => "O-O",
            });
        }
        Some(piece) if piece == Piece::King || !disambiguated(written) => {
            out.push(letter(piece));
            if board.piece_on(mv.to).is_some() {
                out.push('x');
            }
            push_square(out, mv.to);
        }
        _ => {
            // A legal move always has its SAN; were it ever refused, the
            // move is written as nothing, as before.
            if let Ok(san) = board.san(mv) {
                out.push_str(&san);
            }
            return false;
        }
    }
    let check = board.gives_check(mv);
    if check {
        out.push('+');
    }
    check
}

/// Turns the `+` that `san` ends in into `#` when `after`, the position
/// the move led to, has no legal move.
pub(crate) fn mate_mark(san: &mut String, after: &Board) {
    if san.ends_with('+') && !after.has_legal_moves() {
        san.pop();
        san.push('#');
    }
}

/// Whether a piece move's text names a from-file or from-rank: anything
/// but `Xsq`, `Xxsq` (then `+`, `#`).
fn disambiguated(written: &str) -> bool {
    let body = written.trim_end_matches(['+', '#']).as_bytes();
    let square = match body {
        [_, b'x', file, rank] | [_, file, rank] => [*file, *rank],
        _ => return true,
    };
    !matches!(square, [b'a'..=b'h', b'1'..=b'8'])
}

/// The uppercase letter of a piece.
fn letter(piece: Piece) -> char {
    piece.to_char().to_ascii_uppercase()
}

/// Appends a square's name.
fn push_square(out: &mut String, square: Square) {
    out.push(square.file().to_char());
    out.push(square.rank().to_char());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with castling both ways, pins, en passant, promotions,
    /// checks, mates, two pieces of a kind reaching one square, and
    /// Chess960 castling.
    const POSITIONS: [&str; 7] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "6k1/5ppp/8/8/8/8/1Q3PPP/R3R1K1 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    /// The ways a move may be written that the reader reads: its SAN,
    /// without its check mark, without its `x`, in long algebraic
    /// notation with the piece letter, and in UCI.
    fn spellings(san: &str, mv: Move, board: &Board) -> Vec<String> {
        let mut out = vec![san.to_owned(), san.trim_end_matches(['+', '#']).to_owned()];
        out.push(san.replace('x', ""));
        out.push(mv.to_string());
        if let Some(piece) = board.piece_on(mv.from).filter(|&p| p != Piece::Pawn) {
            out.push(format!("{}{mv}", letter(piece)));
        }
        out
    }

    /// The law: for every legal move of each position (and of the
    /// positions one move on), however it is written, [`write`] then
    /// [`mate_mark`] on the position after it give [`Board::san`].
    #[test]
    fn every_spelling_of_every_move_gives_the_normalised_san() {
        let mut boards: Vec<Board> = POSITIONS.iter().map(|f| f.parse().expect("fen")).collect();
        for board in boards.clone() {
            for mv in board.legal_moves() {
                let mut after = board;
                after.play_unchecked(mv);
                boards.push(after);
            }
        }
        for board in boards {
            for mv in board.legal_moves() {
                let expected = board.san(mv).expect("san");
                let mut after = board;
                after.play_unchecked(mv);
                for written in spellings(&expected, mv, &board) {
                    let mut san = String::new();
                    if write(&board, mv, &written, &mut san) {
                        mate_mark(&mut san, &after);
                    }
                    assert_eq!(san, expected.as_str(), "{mv} written {written} in {board}");
                }
            }
        }
    }

    #[test]
    fn only_a_from_file_or_rank_counts_as_disambiguation() {
        for plain in ["Nf3", "Nxe5", "Qh4#", "Kxd2+", "Nc3++"] {
            assert!(!disambiguated(plain), "{plain}");
        }
        for named in ["Nbd7", "R1e2", "Ng1f3", "Ng1-f3", "Qh4xe1", "Nxz3"] {
            assert!(disambiguated(named), "{named}");
        }
    }
}
