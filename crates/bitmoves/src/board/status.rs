//! The `impl Board` block for how the game stands: [`Board::status`] with
//! checkmate, stalemate and the draws a board alone can tell
//! ([`Board::is_insufficient_material`], the fifty-move rule).
//! Repetitions need the game's history: see [`Game`](crate::Game).

use super::Board;
use crate::{Bitboard, Piece};

/// Whether the game goes on, and if not, how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever mate: see [`Board::is_insufficient_material`].
    InsufficientMaterial,
    /// Fifty moves by each side (a halfmove clock of 100 or more) without
    /// a capture or a pawn move. Under FIDE rules a player may claim it.
    FiftyMoveRule,
    /// The same position for the fifth time (reported by
    /// [`Game::status`](crate::Game::status), which knows the history).
    FivefoldRepetition,
    /// Seventy-five moves by each side (a halfmove clock of 150 or more)
    /// without a capture or a pawn move: drawn without a claim (reported by
    /// [`Game::status`](crate::Game::status)).
    SeventyFiveMoveRule,
}

impl GameStatus {
    /// Whether the status is a draw of any kind, stalemate included.
    pub fn is_draw(self) -> bool {
        !matches!(self, Self::Ongoing | Self::Checkmate)
    }
}

impl core::fmt::Display for GameStatus {
    /// A short phrase: `ongoing`, `checkmate`, `stalemate`, `draw by
    /// insufficient material`, `draw by the fifty-move rule`, ….
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Ongoing => "ongoing",
            Self::Checkmate => "checkmate",
            Self::Stalemate => "stalemate",
            Self::InsufficientMaterial => "draw by insufficient material",
            Self::FiftyMoveRule => "draw by the fifty-move rule",
            Self::FivefoldRepetition => "draw by fivefold repetition",
            Self::SeventyFiveMoveRule => "draw by the seventy-five-move rule",
        })
    }
}

impl Board {
    /// How the game stands on this board: checkmate and stalemate first,
    /// then [`GameStatus::InsufficientMaterial`], then the fifty-move rule
    /// (a halfmove clock of 100 or more: a mate on the hundredth half-move
    /// still counts as mate).
    ///
    /// ```
    /// use bitmoves::{Board, GameStatus};
    /// let mate: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    /// assert_eq!(mate.status(), GameStatus::Checkmate);
    /// let bare: Board = "8/8/4k3/8/8/2B5/4K3/8 w - - 0 60".parse()?;
    /// assert_eq!(bare.status(), GameStatus::InsufficientMaterial);
    /// let slow: Board = "8/8/4k3/8/8/2R5/4K3/8 w - - 100 90".parse()?;
    /// assert_eq!(slow.status(), GameStatus::FiftyMoveRule);
    /// assert!(slow.status().is_draw());
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn status(&self) -> GameStatus {
        match (self.has_legal_moves(), self.is_check()) {
            (false, true) => GameStatus::Checkmate,
            (false, false) => GameStatus::Stalemate,
            _ if self.is_insufficient_material() => GameStatus::InsufficientMaterial,
            _ if self.halfmove_clock() >= 100 => GameStatus::FiftyMoveRule,
            _ => GameStatus::Ongoing,
        }
    }

    /// Whether neither side can ever mate, whatever is played: no pawns,
    /// rooks or queens, and either at most one knight or bishop on the
    /// board, or only bishops, all on squares of one colour.
    ///
    /// (Some positions with more material cannot be won either, such as
    /// blocked pawn chains; like FIDE's automatic rule, this covers only
    /// the material test.)
    ///
    /// ```
    /// use bitmoves::Board;
    /// let same_colour: Board = "8/8/4k3/2b5/8/2B5/4K3/8 w - - 0 1".parse()?;
    /// assert!(same_colour.is_insufficient_material());
    /// let opposite: Board = "8/8/4k3/3b4/8/2B5/4K3/8 w - - 0 1".parse()?;
    /// assert!(!opposite.is_insufficient_material());
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(Piece::Pawn) | self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = self.pieces(Piece::Knight);
        let bishops = self.pieces(Piece::Bishop);
        let one_minor = !(knights | bishops).has_more_than_one();
        let bishops_of_one_colour = knights.is_empty()
            && (bishops.is_subset(Bitboard::LIGHT_SQUARES)
                || bishops.is_subset(Bitboard::DARK_SQUARES));
        one_minor || bishops_of_one_colour
    }
}
