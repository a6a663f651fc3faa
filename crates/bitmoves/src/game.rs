//! [`Game`]: a start position and the moves played from it, with undo,
//! repetitions and the draws that need the history.

use crate::board::en_passant_key;
use crate::{Board, GameStatus, IllegalMoveError, Move};
use std::vec::Vec;

/// A game: a start board, the moves played, and every position on the
/// way, so that moves can be taken back and repetitions counted.
///
/// Two positions are the same for repetition when the same pieces stand on
/// the same squares, the same side is to move, and the castling rights and
/// en passant captures are the same; an en passant square counts only when
/// the capture is legal ([`Board::legal_en_passant`]). Positions before the
/// last capture or pawn move cannot come back, so only those since are
/// compared.
///
/// ```
/// use bitmoves::{Game, GameStatus};
/// let mut game = Game::default();
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         let mv = game.board().parse_move(uci)?;
///         game.play(mv)?;
///     }
/// }
/// assert_eq!(game.repetitions(), 3); // the start position, a third time
/// assert!(game.can_claim_draw());
/// assert_eq!(game.status(), GameStatus::Ongoing); // threefold is claimed, not automatic
/// assert_eq!(game.undo().map(|mv| mv.to_string()), Some("f6g8".to_string()));
/// assert_eq!(game.moves().len(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Every position of the game, the start first: one more than moves.
    boards: Vec<Board>,
    /// The moves played.
    moves: Vec<Move>,
    /// The repetition key of each position in `boards`.
    keys: Vec<u64>,
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Self {
        Self::new(Board::default())
    }
}

impl Game {
    /// A game starting from `start`, with no moves played.
    pub fn new(start: Board) -> Self {
        Self {
            boards: std::vec![start],
            moves: Vec::new(),
            keys: std::vec![repetition_key(&start)],
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.boards[0]
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        &self.boards[self.boards.len() - 1]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal now; otherwise returns an error and leaves
    /// the game as it was.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let mut next = *self.board();
        next.play(mv)?;
        self.boards.push(next);
        self.keys.push(repetition_key(&next));
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.boards.pop();
        self.keys.pop();
        Some(mv)
    }

    /// How many times the position now has occurred in the game, this time
    /// included: 1 for a new position.
    pub fn repetitions(&self) -> usize {
        let now = self.keys.len() - 1;
        // Only positions since the last capture or pawn move can repeat,
        // and only those with the same side to move.
        let reversible = usize::from(self.board().halfmove_clock()).min(now);
        (0..=reversible)
            .step_by(2)
            .filter(|&back| self.keys[now - back] == self.keys[now])
            .count()
    }

    /// Whether a player may claim a draw now: the position has occurred
    /// three times, or fifty moves by each side have passed without a
    /// capture or pawn move (and the game has not ended otherwise).
    pub fn can_claim_draw(&self) -> bool {
        matches!(
            self.status(),
            GameStatus::Ongoing | GameStatus::FiftyMoveRule
        ) && (self.repetitions() >= 3 || self.board().halfmove_clock() >= 100)
    }

    /// How the game stands: [`Board::status`], with the draws that need no
    /// claim added: [`GameStatus::FivefoldRepetition`] and
    /// [`GameStatus::SeventyFiveMoveRule`] (a halfmove clock of 150 or
    /// more). Checkmate and stalemate come first.
    pub fn status(&self) -> GameStatus {
        let status = self.board().status();
        match status {
            GameStatus::Ongoing | GameStatus::FiftyMoveRule if self.repetitions() >= 5 => {
                GameStatus::FivefoldRepetition
            }
            GameStatus::FiftyMoveRule if self.board().halfmove_clock() >= 150 => {
                GameStatus::SeventyFiveMoveRule
            }
            status => status,
        }
    }
}

/// The key that decides repetition: the position key, without the en
/// passant file when no en passant capture is legal.
fn repetition_key(board: &Board) -> u64 {
    if board.en_passant().is_some() && board.legal_en_passant().is_none() {
        board.key() ^ en_passant_key(board.en_passant())
    } else {
        board.key()
    }
}
