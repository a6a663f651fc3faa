//! [`Tablebase::probe_wdl`] and [`Tablebase::probe_dtz`]: the tables'
//! values, resolved through captures and en passant as the format
//! requires, with python-chess's (`chess.syzygy`) numbers.

use crate::error::{Result, SyzygyError};
use crate::format::Kind;
use crate::material::Material;
use crate::tablebase::Tablebase;
use crate::values::{Dtz, Wdl};
use bitmoves::{Bitboard, Board, Move, MoveList, Piece};

/// The most pieces a position may have for [`Tablebase::probe_ab`]: the
/// tables' 7, and one more that a capture resolves.
const MAX_PROBE_PIECES: usize = 8;

/// How a WDL value was found: from the table, or by a capture (which is
/// itself a zeroing move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// The table's value (or a capture that did not do better).
    Table,
    /// A winning capture is the best move.
    Capture,
}

/// The moves to `targets`.
#[inline]
fn moves_to(board: &Board, targets: Bitboard) -> MoveList {
    let mut list = MoveList::new();
    board.generate_moves_to(targets, |moves| {
        moves.into_iter().for_each(|mv| list.push(mv));
        false
    });
    list
}

/// The legal en passant captures.
#[inline]
fn en_passant_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    if let Some(square) = board.en_passant() {
        board.generate_moves_to(square.bitboard(), |moves| {
            if moves.piece == Piece::Pawn {
                moves.into_iter().for_each(|mv| list.push(mv));
            }
            false
        });
    }
    list
}

/// Whether a move is en passant.
#[inline]
fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.en_passant() == Some(mv.to)
        && mv.from.file() != mv.to.file()
        && board.piece_on(mv.from) == Some(Piece::Pawn)
}

/// Whether every legal move is an en passant capture.
fn only_en_passant(board: &Board) -> bool {
    board
        .legal_moves()
        .iter()
        .all(|&mv| is_en_passant(board, mv))
}

#[inline]
fn child(board: &Board, mv: Move) -> Board {
    let mut next = *board;
    next.play_unchecked(mv);
    next
}

/// The DTZ of a WDL value right before a zeroing move.
pub(crate) fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

impl Tablebase {
    /// The WDL value of the board from its table; KvK is a draw.
    #[inline]
    fn wdl_table_value(&self, board: &Board) -> Result<Wdl> {
        if board.occupied() == board.pieces(Piece::King) {
            return Ok(Wdl::Draw);
        }
        let material = Material::of(board);
        self.table(&material, Kind::Wdl)?.wdl(board, &material)
    }

    /// Alpha-beta over the captures (en passant aside) down to the
    /// table's value: the WDL value, and how it was found.
    pub(crate) fn probe_ab(
        &self,
        board: &Board,
        mut alpha: Wdl,
        beta: Wdl,
    ) -> Result<(Wdl, Found)> {
        let pieces = board.occupied().len();
        if pieces > MAX_PROBE_PIECES {
            return Err(SyzygyError::TooManyPieces { pieces });
        }
        let theirs = board.colors(!board.side_to_move());
        // The captures, searched inside the generator's visitor (no list).
        let mut outcome: Result<Option<Wdl>> = Ok(None);
        board.generate_moves_to(theirs, |moves| {
            for mv in moves {
                match self.probe_ab(&child(board, mv), -beta, -alpha) {
                    Ok((v, _)) => {
                        let v = -v;
                        if v > alpha {
                            if v >= beta {
                                outcome = Ok(Some(v));
                                return true;
                            }
                            alpha = v;
                        }
                    }
                    Err(error) => {
                        outcome = Err(error);
                        return true;
                    }
                }
            }
            false
        });
        if let Some(v) = outcome? {
            return Ok((v, Found::Capture));
        }
        let v = self.wdl_table_value(board)?;
        if alpha >= v {
            Ok((
                alpha,
                if alpha > Wdl::Draw {
                    Found::Capture
                } else {
                    Found::Table
                },
            ))
        } else {
            Ok((v, Found::Table))
        }
    }

    /// The best value of the en passant captures, if there are any.
    fn en_passant_value(&self, board: &Board) -> Result<Option<Wdl>> {
        let mut best = None;
        for mv in en_passant_moves(board) {
            let v = -self.probe_ab(&child(board, mv), Wdl::Loss, Wdl::Win)?.0;
            best = Some(best.map_or(v, |b: Wdl| b.max(v)));
        }
        Ok(best)
    }

    fn check_castling(board: &Board) -> Result<()> {
        if board.castling_rights().is_empty() {
            Ok(())
        } else {
            Err(SyzygyError::Castling)
        }
    }

    /// The position's WDL value, assuming it was reached right after a
    /// zeroing move (the halfmove clock is not read): python-chess's
    /// `probe_wdl`.
    ///
    /// Errors: [`SyzygyError::Castling`] for a position with castling
    /// rights, [`SyzygyError::MissingTable`] when a table it needs (the
    /// position's or one a capture leads to) was not added, and the
    /// errors of a damaged table.
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl> {
        Self::check_castling(board)?;
        self.wdl_value(board)
    }

    /// The WDL value stored in the position's own table, with no capture
    /// and no en passant searched (python-chess's `probe_wdl_table`): the
    /// value the format assumes the best capture is compared with. KvK is
    /// a draw. Castling rights are not looked at.
    pub fn probe_wdl_table(&self, board: &Board) -> Result<Wdl> {
        self.wdl_table_value(board)
    }

    /// The DTZ with en passant captures left out (python-chess's
    /// `probe_dtz_no_ep`).
    pub fn probe_dtz_no_ep(&self, board: &Board) -> Result<Dtz> {
        Self::check_castling(board)?;
        self.dtz_no_en_passant(board, 0).map(Dtz)
    }

    /// The number stored in the position's DTZ table for a position whose
    /// WDL value is `wdl` (python-chess's `probe_dtz_table`, in plies where
    /// the table stores moves), or `None` when the table holds the other
    /// side to move.
    pub fn probe_dtz_table(&self, board: &Board, wdl: Wdl) -> Result<Option<i32>> {
        let material = Material::of(board);
        self.table(&material, Kind::Dtz)?.dtz(board, &material, wdl)
    }

    pub(crate) fn wdl_value(&self, board: &Board) -> Result<Wdl> {
        let (mut v, _) = self.probe_ab(board, Wdl::Loss, Wdl::Win)?;
        if board.en_passant().is_none() {
            return Ok(v);
        }
        if let Some(v1) = self.en_passant_value(board)? {
            // A losing en passant capture counts only when it is forced.
            if v1 >= v || (v == Wdl::Draw && only_en_passant(board)) {
                v = v1;
            }
        }
        Ok(v)
    }

    /// The position's DTZ (python-chess's `probe_dtz`, the format's DTZ50''
    /// with its rounding): positive when the side to move wins, 0 for a
    /// draw, negative when it loses; beyond ±100 when the 50-move rule
    /// saves the loser. Needs the WDL and DTZ tables.
    pub fn probe_dtz(&self, board: &Board) -> Result<Dtz> {
        Self::check_castling(board)?;
        self.dtz_value(board).map(Dtz)
    }

    pub(crate) fn dtz_value(&self, board: &Board) -> Result<i32> {
        self.dtz_at(board, 0)
    }

    /// The DTZ, `depth` plies below a position whose DTZ table held the
    /// other side to move (a valid table holds the side after one ply).
    fn dtz_at(&self, board: &Board, depth: u8) -> Result<i32> {
        let mut v = self.dtz_no_en_passant(board, depth)?;
        if board.en_passant().is_none() {
            return Ok(v);
        }
        let Some(v1) = self.en_passant_value(board)? else {
            return Ok(v);
        };
        let v1 = dtz_before_zeroing(v1);
        let take = if v < -100 {
            v1 >= 0
        } else if v < 0 {
            !(-100..0).contains(&v1)
        } else if v > 100 {
            v1 > 0
        } else if v > 0 {
            v1 == 1
        } else if v1 >= 0 {
            true
        } else {
            only_en_passant(board)
        };
        if take {
            v = v1;
        }
        Ok(v)
    }

    fn dtz_no_en_passant(&self, board: &Board, depth: u8) -> Result<i32> {
        let (wdl, found) = self.probe_ab(board, Wdl::Loss, Wdl::Win)?;
        if wdl == Wdl::Draw {
            return Ok(0);
        }
        if found == Found::Capture {
            return Ok(dtz_before_zeroing(wdl));
        }
        let empty = !board.occupied();
        if wdl > Wdl::Draw {
            // A pawn push that keeps the result is a zeroing move now.
            let mut found: Result<bool> = Ok(false);
            board.generate_moves_to(empty, |moves| {
                if moves.piece != Piece::Pawn {
                    return false;
                }
                for mv in moves {
                    if is_en_passant(board, mv) {
                        continue;
                    }
                    match self.wdl_value(&child(board, mv)) {
                        Ok(v) if -v == wdl => {
                            found = Ok(true);
                            return true;
                        }
                        Ok(_) => {}
                        Err(error) => {
                            found = Err(error);
                            return true;
                        }
                    }
                }
                false
            });
            if found? {
                return Ok(if wdl == Wdl::Win { 1 } else { 101 });
            }
        }
        let material = Material::of(board);
        if let Some(dtz) = self
            .table(&material, Kind::Dtz)?
            .dtz(board, &material, wdl)?
        {
            let zeroing = dtz_before_zeroing(wdl);
            return Ok(if wdl > Wdl::Draw {
                zeroing + dtz
            } else {
                zeroing - dtz
            });
        }
        // The table holds the other side to move: one ply of search.
        if wdl > Wdl::Draw {
            let mut best = 0xffff;
            for mv in moves_to(board, empty) {
                if board.piece_on(mv.from) == Some(Piece::Pawn) {
                    continue;
                }
                let next = child(board, mv);
                let v = -self.dtz_at(&next, depth + 1)?;
                if v == 1 && next.is_check() && !next.has_legal_moves() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for mv in board.legal_moves() {
                let zeroing =
                    board.piece_on(mv.from) == Some(Piece::Pawn) || board.piece_on(mv.to).is_some();
                let next = child(board, mv);
                let v = if zeroing {
                    if wdl == Wdl::Loss {
                        -1
                    } else {
                        let (v, _) = self.probe_ab(&next, Wdl::CursedWin, Wdl::Win)?;
                        if v == Wdl::Win { 0 } else { -101 }
                    }
                } else {
                    -self.dtz_at(&next, depth + 1)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }
}
