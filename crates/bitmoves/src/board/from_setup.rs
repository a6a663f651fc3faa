//! [`Board::from_setup`]: the fast board of a [`Setup`] that is a legal
//! standard or Chess960 position, exactly as set up.

use super::{Board, FenOptions, PositionError};
use crate::setup::Setup;
use crate::{Bitboard, CastlingSide, Color, Piece, Rank};

impl Board {
    /// The board of `setup` when it is a legal standard or Chess960
    /// position that the board holds exactly: one king each, every castling
    /// right a rook of its colour on its back rank beside its king there (at
    /// most one per side), clocks up to 65,535 (a move number from 1), and
    /// no variant state (promoted pieces, pockets). The position is then
    /// checked as [`Board::from_fen_with`] checks a FEN with `options`.
    ///
    /// Setups the board refuses are still played by the rules engine
    /// ([`variant::Position`](crate::variant::Position)).
    ///
    /// ```
    /// use bitmoves::{setup::Setup, Board, FenOptions, PositionError};
    /// let setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9")?;
    /// let board = Board::from_setup(&setup, FenOptions::default())?;
    /// assert_eq!(board, Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9")?);
    /// assert_eq!(Setup::from_board(&board), setup);
    /// let two_kings = Setup::from_fen("4k3/8/8/8/8/8/8/KK6 w - - 0 1")?;
    /// assert!(Board::from_setup(&two_kings, FenOptions::default()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(setup: &Setup, options: FenOptions) -> Result<Self, PositionError> {
        if !setup.promoted.is_empty() || setup.pockets.iter().any(|pocket| !pocket.is_empty()) {
            return Err(PositionError::VariantState);
        }
        let clock = |value: u32| u16::try_from(value).map_err(|_| PositionError::ClockOutOfRange);
        let mut board = Self::empty();
        board.pieces = setup.pieces;
        board.colors = setup.colors;
        board.side_to_move = setup.turn;
        board.halfmove_clock = clock(setup.halfmove_clock)?;
        board.fullmove_number = clock(setup.fullmove_number)?;
        if board.fullmove_number == 0 {
            return Err(PositionError::ClockOutOfRange);
        }
        let kinds = setup
            .pieces
            .iter()
            .fold(Bitboard::EMPTY, |all, &set| all | set);
        if setup.colors[0].intersects(setup.colors[1])
            || kinds != setup.occupied()
            || setup.pieces.iter().map(|set| set.len()).sum::<usize>() != kinds.len()
        {
            return Err(PositionError::OverlappingPieces);
        }
        board.validate_kings()?;
        for rook in setup.castling {
            let unusable = PositionError::UnusableCastling { square: rook };
            let color = match rook.rank() {
                Rank::First => Color::White,
                Rank::Eighth => Color::Black,
                _ => return Err(unusable),
            };
            let king = board.king(color);
            if king.rank() != rook.rank() {
                return Err(PositionError::CastlingWithoutKing { color });
            }
            if !board.colored_pieces(color, Piece::Rook).contains(rook) {
                return Err(unusable);
            }
            let side = CastlingSide::of_rook(king.file(), rook.file());
            if board.castling.rook(color, side).is_some() {
                return Err(unusable);
            }
            board.castling.set(color, side, Some(rook.file()));
        }
        board.chess960 =
            (options.chess960 || board.castling_needs_chess960()) && !board.castling.is_empty();
        board.en_passant = setup.ep_square;
        board.validate(options.lenient, false)?;
        board.key = board.compute_key();
        Ok(board)
    }
}
