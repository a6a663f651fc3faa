//! [`Setup`]: a position as python-chess holds one, legal or not: piece
//! bitboards, the side to move, the raw castling rights (rook squares, as
//! assigned), the en passant square and the clocks. Every board can be
//! read as a `Setup`; the board methods that python-chess allows on any
//! position (editing, mirroring, `status()`, pseudo-legal moves) work on
//! it, and a `Setup` that is a legal position goes back to the core.

use bitmoves::{Board, Color, FenOptions, Piece, Square};

use super::position::State;

/// A position as python-chess's `Board` holds it: any placement of pieces,
/// including none, several kings or pawns on the back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The squares of each piece type, pawn to king (core `Piece` order).
    pub pieces: [u64; 6],
    /// The squares of each colour's pieces, White then Black (core `Color`
    /// order).
    pub colors: [u64; 2],
    /// python-chess's `promoted` mask (kept for its crazyhouse variant).
    pub promoted: u64,
    /// The side to move.
    pub turn: Color,
    /// python-chess's `castling_rights`: rook squares, as assigned (not
    /// cleaned; `clean_castling_rights` keeps the meaningful ones).
    pub castling_rights: u64,
    /// python-chess's `ep_square`, as the last move or the FEN left it.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The full move number, from 1.
    pub fullmove_number: u32,
}

impl Setup {
    /// The empty board, White to move, no rights, clocks 0 and 1.
    pub const EMPTY: Self = Self {
        pieces: [0; 6],
        colors: [0; 2],
        promoted: 0,
        turn: Color::White,
        castling_rights: 0,
        ep_square: None,
        halfmove_clock: 0,
        fullmove_number: 1,
    };

    /// The setup of a legal board state.
    pub fn of(state: &State) -> Self {
        let board = &state.board;
        Self {
            pieces: Piece::ALL.map(|piece| board.pieces(piece).0),
            colors: Color::ALL.map(|color| board.colors(color).0),
            promoted: 0,
            turn: board.side_to_move(),
            castling_rights: board.castling_rights().rook_squares().0,
            ep_square: state.ep_square,
            halfmove_clock: u32::from(board.halfmove_clock()),
            fullmove_number: u32::from(board.fullmove_number()),
        }
    }

    /// All occupied squares.
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The piece and its colour on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<(Piece, Color)> {
        let bit = 1u64 << square.index();
        let piece = Piece::ALL
            .into_iter()
            .find(|piece| self.pieces[piece.index()] & bit != 0)?;
        let color = if self.colors[Color::White.index()] & bit != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some((piece, color))
    }

    /// The placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut fen = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_on(Square::from_index(rank * 8 + file)) {
                    None => empty += 1,
                    Some((piece, color)) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let letter = piece.to_char();
                        fen.push(match color {
                            Color::White => letter.to_ascii_uppercase(),
                            Color::Black => letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen
    }

    /// The legal board state this setup is, when the core takes it as one
    /// (castling rights by Shredder letters, so that the core decides the
    /// Chess960 mode from the position); `None` otherwise.
    pub fn legal_state(&self, chess960: bool) -> Option<State> {
        if self.halfmove_clock > u32::from(u16::MAX) || self.fullmove_number > u32::from(u16::MAX) {
            return None;
        }
        let mut castling = String::new();
        for color in Color::ALL {
            for square in (0..64).rev() {
                let bit = 1u64 << square;
                if self.castling_rights & bit != 0 && square / 8 == color.back_rank().index() {
                    let file = char::from(b'a' + (square % 8) as u8);
                    castling.push(match color {
                        Color::White => file.to_ascii_uppercase(),
                        Color::Black => file,
                    });
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = self.ep_square.map_or("-".to_string(), |sq| sq.to_string());
        let fen = format!(
            "{} {} {castling} {ep} {} {}",
            self.board_fen(),
            self.turn.to_char(),
            self.halfmove_clock,
            self.fullmove_number
        );
        let options = FenOptions {
            lenient: true,
            chess960,
        };
        let board = Board::from_fen_with(&fen, options).ok()?;
        (Self::of(&State {
            board,
            ep_square: self.ep_square,
        }) == *self)
            .then_some(State {
                board,
                ep_square: self.ep_square,
            })
    }
}
