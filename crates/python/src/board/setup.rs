//! [`Setup`]: a position as python-chess holds one, legal or not: piece
//! bitboards, the side to move, the raw castling rights (rook squares, as
//! assigned), the en passant square and the clocks. Every board can be
//! read as a `Setup`; the board methods that python-chess allows on any
//! position (editing, mirroring, `status()`, pseudo-legal moves) work on
//! it, and a `Setup` that is a legal position goes back to the core. Its
//! attacks, checkers and pins are the core's (`bitmoves::setup::Setup`,
//! which it converts to and from).

use bitmoves::setup::{Pocket, Setup as CoreSetup};
use bitmoves::{Bitboard, Board, Color, FenOptions, Piece, Square};

use super::repetition_key::State;

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
    /// Crazyhouse's pockets, White then Black (empty in other variants).
    pub pockets: [Pocket; 2],
    /// Three-check's checks still to give, White then Black (3 and 3 in
    /// other variants).
    pub remaining_checks: [i32; 2],
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
        pockets: CoreSetup::EMPTY.pockets,
        remaining_checks: CoreSetup::EMPTY.remaining_checks,
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
            ..Self::EMPTY
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

    /// The placement field of the FEN (no promoted marks).
    pub fn board_fen(&self) -> String {
        self.core().board_fen(false).to_string()
    }

    /// The legal board state this setup is, when the core's board takes it
    /// exactly ([`Board::from_setup`]); `None` otherwise.
    pub fn legal_state(&self, chess960: bool) -> Option<State> {
        let options = FenOptions {
            lenient: true,
            chess960,
        };
        let board = Board::from_setup(&self.core(), options).ok()?;
        Some(State {
            board,
            ep_square: self.ep_square,
        })
    }

    /// The pieces of python-chess's colour (`true` White).
    #[inline]
    pub fn co(&self, white: bool) -> u64 {
        self.colors[usize::from(!white)]
    }

    /// Whether White is to move.
    #[inline]
    pub fn white(&self) -> bool {
        self.turn == Color::White
    }

    /// The squares of a piece type by python-chess's number (1 to 6).
    #[inline]
    pub fn kind(&self, piece_type: u8) -> u64 {
        self.pieces[usize::from(piece_type.clamp(1, 6) - 1)]
    }

    /// python-chess's `piece_type_at`: 1 to 6, or `None`.
    pub fn piece_type_at(&self, square: u8) -> Option<u8> {
        let bit = 1u64 << (square & 63);
        (0..6u8)
            .find(|&i| self.pieces[usize::from(i)] & bit != 0)
            .map(|i| i + 1)
    }

    /// python-chess's `king(color)`: the highest square of that colour's
    /// kings not marked promoted.
    pub fn king_of(&self, white: bool) -> Option<u8> {
        self.core()
            .king_of(if white { Color::White } else { Color::Black })
            .map(|sq| sq.index() as u8)
    }

    /// Takes the piece off `square`, returning its type.
    pub fn remove_at(&mut self, square: u8) -> Option<u8> {
        let piece = self.piece_type_at(square)?;
        let clear = !(1u64 << (square & 63));
        for mask in self.pieces.iter_mut().chain(self.colors.iter_mut()) {
            *mask &= clear;
        }
        self.promoted &= clear;
        Some(piece)
    }

    /// Puts a piece on `square` (replacing what stood there).
    pub fn put_at(&mut self, square: u8, piece_type: u8, white: bool, promoted: bool) {
        self.remove_at(square);
        let bit = 1u64 << (square & 63);
        self.pieces[usize::from(piece_type.clamp(1, 6) - 1)] |= bit;
        self.colors[usize::from(!white)] |= bit;
        if promoted {
            self.promoted |= bit;
        }
    }
}

impl Setup {
    /// python-chess's `attacks_mask(square)`: the squares the piece there
    /// attacks (0 for an empty square).
    pub fn attacks_mask(&self, sq: u8) -> u64 {
        self.core().attacks_from(square(sq)).0
    }

    /// python-chess's `attackers_mask(color, square, occupied)`: the
    /// pieces of the colour attacking `sq` when the sliders see through
    /// `occupied`.
    pub fn attackers_under(&self, white: bool, sq: u8, occupied: u64) -> u64 {
        self.core()
            .attackers_under(color(white), square(sq), Bitboard(occupied))
            .0
    }

    /// `attackers_under` with the board's own occupancy.
    pub fn attackers_mask(&self, white: bool, sq: u8) -> u64 {
        self.core().attackers(color(white), square(sq)).0
    }

    /// Whether the colour attacks `sq`.
    pub fn is_attacked_by(&self, white: bool, sq: u8) -> bool {
        self.attackers_mask(white, sq) != 0
    }

    /// python-chess's `checkers_mask`: the attackers of the side to move's
    /// king (none without a king).
    pub fn checkers_mask(&self) -> u64 {
        self.core().checkers().0
    }

    /// python-chess's `pin_mask(color, square)`: the line the piece on
    /// `sq` may move along when pinned to its king, else every square.
    pub fn pin_mask(&self, white: bool, sq: u8) -> u64 {
        self.core().pin_mask(color(white), square(sq)).0
    }

    /// python-chess's `was_into_check()`.
    pub fn was_into_check(&self) -> bool {
        self.core().was_into_check()
    }

    /// The core's setup of this position.
    pub fn core(&self) -> CoreSetup {
        CoreSetup {
            pieces: self.pieces.map(Bitboard),
            colors: self.colors.map(Bitboard),
            promoted: Bitboard(self.promoted),
            turn: self.turn,
            castling: Bitboard(self.castling_rights),
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            pockets: self.pockets,
            remaining_checks: self.remaining_checks,
        }
    }

    /// The position of a core setup.
    pub fn from_core(s: &CoreSetup) -> Self {
        Self {
            pieces: s.pieces.map(|set| set.0),
            colors: s.colors.map(|set| set.0),
            promoted: s.promoted.0,
            turn: s.turn,
            castling_rights: s.castling.0,
            ep_square: s.ep_square,
            halfmove_clock: s.halfmove_clock,
            fullmove_number: s.fullmove_number,
            pockets: s.pockets,
            remaining_checks: s.remaining_checks,
        }
    }
}

/// The core square of an index (masked to the board).
fn square(index: u8) -> Square {
    Square::from_index(usize::from(index & 63))
}

/// python-chess's colour as the core's.
fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}
