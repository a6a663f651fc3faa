//! A mainline move's normalised SAN, written from the move the reader
//! found and the text it was read from: [`write`] gives what
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

    /// Replays `moves` (SAN as written) from `fen`, checking at each move
    /// that [`write`] then [`mate_mark`] give what [`Board::san`] gives.
    fn agrees(fen: &str, moves: &[&str]) {
        let mut board: Board = fen.parse().expect("fen");
        for written in moves {
            let mv = board.parse_san(written).expect("legal");
            let mut san = String::new();
            let check = write(&board, mv, written, &mut san);
            let expected = board.san(mv).expect("san");
            board.play_unchecked(mv);
            if check {
                mate_mark(&mut san, &board);
            }
            assert_eq!(san, expected.as_str(), "{written} in {fen}");
        }
    }

    #[test]
    fn every_written_shape_gives_the_normalised_san() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        agrees(start, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]);
        agrees(start, &["e2e4", "e7-e5", "Ng1f3", "Nb8c6", "Bc4+", "Nf6"]);
        agrees(
            start,
            &["e4", "d5", "ed5", "Qxd5", "Nc3", "Qa5", "Nf3", "Nf6"],
        );
        agrees(start, &["f3", "e5", "g4", "Qh4"]);
        // Castling both ways, a piece move that needs its file, an `x`
        // left out, en passant, promotions with and without `=`.
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        agrees(kiwipete, &["O-O", "O-O-O", "Nd3", "Nc4", "Nb1", "Nb2"]);
        agrees(kiwipete, &["0-0-0", "Bb7", "Nf7", "Kb8", "Nh8"]);
        agrees(kiwipete, &["a4", "bxa3", "Nd1", "a2", "Nc3", "axb1=Q+"]);
        agrees(
            kiwipete,
            &[
                "dxe6", "Qd6", "e7", "Qxd2+", "Kxd2", "Ne4+", "Ke1", "Nc3", "e8Q+",
            ],
        );
        let rooks = "4k3/8/8/8/8/8/8/R3K2R w K - 0 1";
        agrees(rooks, &["Rd1", "Ke7", "Rh7+", "Ke6", "R1d6#"]);
        let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        agrees(chess960, &["O-O", "Kh8", "Nb4"]);
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
