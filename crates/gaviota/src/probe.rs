//! [`Tablebase::probe_dtm`] and [`Tablebase::probe_wdl`]: a position's
//! entry found through its material's table (or the mirrored one), and en
//! passant captures, which the tables do not store, played out.

use crate::error::{GaviotaError, Result};
use crate::material::{MAX_PIECES, Material, Side};
use crate::table::BLOCK_ENTRIES;
use crate::tablebase::Tablebase;
use crate::values::{Dtm, Stored, Wdl, decode};
use bitmoves::{Board, Color, GameStatus, Move, MoveList, Piece};
use std::sync::Arc;

impl Tablebase {
    /// The depth to mate in half-moves for the side to move: positive
    /// when it mates, negative when it is mated, 0 for a draw and for a
    /// checkmate on the board. python-chess's `probe_dtm`, numbers and
    /// errors alike.
    ///
    /// ```no_run
    /// # let tables = bitmoves_gaviota::Tablebase::open(["data/gaviota"])?;
    /// let board = "8/8/8/8/8/8/8/K2kr3 w - - 0 1".parse()?;
    /// assert_eq!(tables.probe_dtm(&board)?.0, -10); // White is mated in 10 plies
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtm(&self, board: &Board) -> Result<Dtm> {
        if !board.castling_rights().is_empty() {
            return Err(GaviotaError::Castling);
        }
        let pieces = board.occupied().len();
        if pieces > MAX_PIECES {
            return Err(GaviotaError::TooManyPieces { pieces });
        }
        if board.occupied() == board.pieces(Piece::King) {
            return Ok(Dtm(0));
        }
        let mut dtm = self.probe_table(board)?;
        for mv in en_passant_moves(board) {
            let mut child = *board;
            child.play_unchecked(mv);
            let after = if child.status() == GameStatus::Checkmate {
                1
            } else {
                let theirs = self.probe_table(&child)?;
                -(theirs + theirs.signum())
            };
            // The better of the two for the mover: the shorter win, else
            // the draw, else the longer loss.
            dtm = if dtm * after > 0 {
                dtm.min(after)
            } else {
                dtm.max(after)
            };
        }
        Ok(Dtm(dtm))
    }

    /// Win, draw or loss for the side to move: the sign of
    /// [`probe_dtm`](Self::probe_dtm), and a loss for a checkmate on the
    /// board.
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl> {
        let Dtm(dtm) = self.probe_dtm(board)?;
        Ok(match dtm.signum() {
            1 => Wdl::Win,
            -1 => Wdl::Loss,
            _ if board.status() == GameStatus::Checkmate => Wdl::Loss,
            _ => Wdl::Draw,
        })
    }

    /// The table's value for the position, en passant left out.
    fn probe_table(&self, board: &Board) -> Result<i32> {
        let (white, black) = (Side::of(board, Color::White), Side::of(board, Color::Black));
        let direct = Material {
            white: white.kinds(),
            black: black.kinds(),
        };
        let mirrored = Material {
            white: black.kinds(),
            black: white.kinds(),
        };
        // A table holds one colour arrangement; the other is looked up
        // with the colours swapped and the board turned round.
        let (slot, reversed) = match (self.tables.get(&direct), self.tables.get(&mirrored)) {
            (Some(slot), _) => (slot, false),
            (None, Some(slot)) => (slot, true),
            (None, None) => {
                return Err(GaviotaError::MissingTable(format!(
                    "{}v{}",
                    white.letters(),
                    black.letters()
                )));
            }
        };
        let (stronger, weaker) = if reversed {
            (&black, &white)
        } else {
            (&white, &black)
        };
        let (ws, wn) = stronger.squares(reversed);
        let (bs, bn) = weaker.squares(reversed);
        let index = slot
            .scheme
            .index(&ws[..wn], &bs[..bn])
            .ok_or(GaviotaError::Unindexable)?;
        let mover = board.side_to_move();
        let side = if reversed { !mover } else { mover };
        let file = slot.file()?;
        let (block, entries) = file.block_of(side, index);
        let key = (slot.id, block);
        let data = match self.cache.get(key) {
            Some(data) => data,
            None => {
                let data: Arc<[u8]> = file.block(block, entries)?.into();
                self.cache.insert(key, Arc::clone(&data));
                data
            }
        };
        let byte = data[(index % BLOCK_ENTRIES) as usize];
        Ok(match decode(side, byte) {
            Stored::Draw => 0,
            Stored::Mate { color, plies } => {
                // `color` is the table's; turned round, it is the other.
                let winner = if reversed { !color } else { color };
                if winner == mover { plies } else { -plies }
            }
        })
    }
}

/// The legal en passant captures.
fn en_passant_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    if let Some(square) = board.en_passant() {
        board.generate_moves_to(square.bitboard(), |moves| {
            if moves.piece == Piece::Pawn {
                moves.into_iter().for_each(|mv: Move| list.push(mv));
            }
            false
        });
    }
    list
}
