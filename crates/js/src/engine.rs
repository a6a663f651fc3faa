//! [`Engine`]: what generates, names and plays a game's moves. The core's
//! fast [`Board`] plays the positions it accepts (legal standard and
//! Chess960 ones); the others chess.js loads with `skipValidation` or
//! reaches by `put`/`remove` (no king, the side not to move in check,
//! pawns on a back rank) go to the core's loose engine,
//! [`Position<Standard>`] (python-chess's rules on any setup).

use bitmoves::setup::Setup;
use bitmoves::variant::{self, Position, Standard};
use bitmoves::{Bitboard, Board, Color, Move, Piece, Square};

/// The engine of a game's position.
#[derive(Debug, Clone, Copy)]
pub enum Engine {
    /// A position the fast board plays.
    Fast(Board),
    /// Any other standard position (never Chess960).
    Loose(Position<Standard>),
}

impl Engine {
    /// The fast board, when the position is one.
    pub fn fast(&self) -> Option<&Board> {
        match self {
            Engine::Fast(board) => Some(board),
            Engine::Loose(_) => None,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        match self {
            Engine::Fast(board) => board.side_to_move(),
            Engine::Loose(pos) => pos.turn(),
        }
    }

    /// The kind of the piece on `square`.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        match self {
            Engine::Fast(board) => board.piece_on(square),
            Engine::Loose(pos) => pos.setup().piece_kind_on(square),
        }
    }

    /// The colour of the piece on `square`.
    pub fn color_on(&self, square: Square) -> Option<Color> {
        match self {
            Engine::Fast(board) => board.color_on(square),
            Engine::Loose(pos) => pos.setup().piece_on(square).map(|(color, _)| color),
        }
    }

    /// Whether castling is king-takes-rook (Chess960).
    pub fn is_chess960(&self) -> bool {
        self.fast().is_some_and(Board::is_chess960)
    }

    /// The occupied squares.
    pub fn occupied(&self) -> Bitboard {
        match self {
            Engine::Fast(board) => board.occupied(),
            Engine::Loose(pos) => pos.setup().occupied(),
        }
    }

    /// The legal moves; castling on a standard board is the king's
    /// two-square step.
    pub fn legal_moves(&self) -> Vec<Move> {
        match self {
            Engine::Fast(board) => board.legal_moves().into_iter().collect(),
            Engine::Loose(pos) => loose_moves(pos),
        }
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        match self {
            Engine::Fast(board) => board.has_legal_moves(),
            Engine::Loose(pos) => !loose_moves(pos).is_empty(),
        }
    }

    /// Whether the side to move is in check (never without a king).
    pub fn is_check(&self) -> bool {
        match self {
            Engine::Fast(board) => board.is_check(),
            Engine::Loose(pos) => pos.is_check(),
        }
    }

    /// Plays a move of [`Engine::legal_moves`].
    pub fn play_unchecked(&mut self, mv: Move) {
        match self {
            Engine::Fast(board) => board.play_unchecked(mv),
            Engine::Loose(pos) => pos.play(mv),
        }
    }

    /// Passes the turn (chess.js's null move), dropping the en passant
    /// square.
    pub fn play_null(&mut self) {
        match self {
            Engine::Fast(board) => {
                let _ = board.play_null();
            }
            Engine::Loose(pos) => {
                let mut setup: Setup = *pos.setup();
                setup.turn = !setup.turn;
                setup.ep_square = None;
                *pos = Position::from_setup_trusted(setup, false);
            }
        }
    }

    /// The leaves `depth` plies down.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            Engine::Fast(board) => bitmoves::perft::perft(board, depth),
            Engine::Loose(pos) => loose_perft(pos, depth),
        }
    }
}

/// The loose engine's legal moves as chess.js makes them: castling as the
/// king's two-square step, and no two-square step of a pawn on its own
/// back rank (python-chess lets a pawn there step to the third rank;
/// chess.js, as the rules, steps two squares only from the second).
fn loose_moves(pos: &Position<Standard>) -> Vec<Move> {
    let s = pos.setup();
    pos.legal_moves()
        .iter()
        .map(|&mv| variant::from_chess960(s, false, mv))
        .filter(|mv| {
            let pawn = s.kind(Piece::Pawn).contains(mv.from);
            let step = mv.to.rank().index().abs_diff(mv.from.rank().index());
            let back = matches!(mv.from.rank().index(), 0 | 7);
            !(pawn && step == 2 && back)
        })
        .collect()
}

/// Perft over [`loose_moves`].
fn loose_perft(pos: &Position<Standard>, depth: u32) -> u64 {
    let moves = loose_moves(pos);
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = *pos;
            next.play(mv);
            loose_perft(&next, depth - 1)
        })
        .sum()
}
