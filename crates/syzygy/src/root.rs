//! Root probing for engines: the legal moves of a position ranked by DTZ
//! (or by WDL when the DTZ tables are missing) as Stockfish's
//! `Tablebases::root_probe` and `root_probe_wdl` rank them, respecting
//! the halfmove clock and the game's repetitions.

use crate::error::Result;
use crate::probe::dtz_before_zeroing;
use crate::tablebase::Tablebase;
use crate::values::Wdl;
use bitmoves::{Board, Move};

/// Stockfish's `MAX_DTZ`: ranks of certain wins and losses are this far
/// from zero, those that the 50-move rule spoils half as far.
pub const MAX_DTZ: i32 = 1 << 18;

/// What root probing needs to know of the game besides the position.
#[derive(Debug, Clone, Default)]
pub struct RootOptions {
    /// The keys ([`Board::key`]) of the game's positions before the root,
    /// since the last capture or pawn move, oldest first. A move into a
    /// position that occurred twice there is a draw by repetition, and a
    /// repetition among them (the root included) means the win must hurry.
    pub history: Vec<u64>,
    /// Rank wins and losses by their DTZ too (Stockfish's `rankDTZ`):
    /// the fastest win first, instead of all safe wins alike.
    pub rank_dtz: bool,
}

/// One root move, ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its DTZ counted from the root, in plies including this move
    /// (`probe_root_wdl`: the DTZ of its WDL just before a zeroing move,
    /// -101 to 101); 0 for a draw, a repetition included.
    pub dtz: i32,
    /// Stockfish's `tbRank`: higher is better.
    pub rank: i32,
    /// Whether the move keeps the root's best result: its rank is the
    /// best rank.
    pub keeps_result: bool,
}

impl Tablebase {
    /// The legal moves ranked by DTZ, best first (Stockfish's
    /// `root_probe`): a win within the 50-move rule ranks highest, then
    /// wins that the clock spoils (the faster the better), draws, losses
    /// the clock saves and losses. Moves of one rank come the shortest
    /// win (the longest loss) first, then by UCI text. The halfmove clock
    /// is the board's; repetitions come from `options.history`.
    ///
    /// Needs the WDL and DTZ tables of every position a move leads to.
    pub fn probe_root(&self, board: &Board, options: &RootOptions) -> Result<Vec<RootMove>> {
        let clock = i32::from(board.halfmove_clock());
        let repeated = has_repeated(board, &options.history);
        let mut moves = Vec::new();
        for mv in board.legal_moves() {
            let mut child = *board;
            child.play_unchecked(mv);
            let mut dtz = if child.halfmove_clock() == 0 {
                dtz_before_zeroing(-self.wdl_value(&child)?)
            } else if is_draw(&child, &options.history) {
                0
            } else {
                let dtz = -self.dtz_value(&child)?;
                dtz + dtz.signum()
            };
            if dtz == 2 && child.is_check() && !child.has_legal_moves() {
                dtz = 1;
            }
            let rank = if dtz > 0 {
                if dtz + clock <= 99 && !repeated {
                    MAX_DTZ - if options.rank_dtz { dtz } else { 0 }
                } else {
                    MAX_DTZ / 2 - (dtz + clock)
                }
            } else if dtz < 0 {
                if -dtz * 2 + clock < 100 {
                    -MAX_DTZ - if options.rank_dtz { dtz } else { 0 }
                } else {
                    -MAX_DTZ / 2 + (-dtz + clock)
                }
            } else {
                0
            };
            moves.push(RootMove {
                mv,
                dtz,
                rank,
                keeps_result: false,
            });
        }
        Ok(finish(moves))
    }

    /// The legal moves ranked by WDL, best first (Stockfish's
    /// `root_probe_wdl`, for when the DTZ tables are missing): wins,
    /// cursed wins, draws, blessed losses, losses; moves of one rank by
    /// UCI text.
    pub fn probe_root_wdl(&self, board: &Board, options: &RootOptions) -> Result<Vec<RootMove>> {
        let mut moves = Vec::new();
        for mv in board.legal_moves() {
            let mut child = *board;
            child.play_unchecked(mv);
            let wdl = if is_draw(&child, &options.history) {
                Wdl::Draw
            } else {
                -self.wdl_value(&child)?
            };
            let rank = match wdl {
                Wdl::Win => MAX_DTZ,
                Wdl::CursedWin => MAX_DTZ - 101,
                Wdl::Draw => 0,
                Wdl::BlessedLoss => -MAX_DTZ + 101,
                Wdl::Loss => -MAX_DTZ,
            };
            moves.push(RootMove {
                mv,
                dtz: dtz_before_zeroing(wdl),
                rank,
                keeps_result: false,
            });
        }
        Ok(finish(moves))
    }
}

/// Sorts best first and marks the moves of the best rank. Equal ranks go
/// by DTZ from the root, lowest first (the shortest win, the longest
/// loss), then by UCI text, so the order never depends on move
/// generation's.
fn finish(mut moves: Vec<RootMove>) -> Vec<RootMove> {
    moves.sort_by_cached_key(|m| (std::cmp::Reverse(m.rank), m.dtz, m.mv.to_string()));
    if let Some(best) = moves.first().map(|m| m.rank) {
        for m in &mut moves {
            m.keeps_result = m.rank == best;
        }
    }
    moves
}

/// Whether a position repeated since the last zeroing move: the root or
/// one in the history occurs twice.
fn has_repeated(board: &Board, history: &[u64]) -> bool {
    let mut keys: Vec<u64> = history.to_vec();
    keys.push(board.key());
    keys.sort_unstable();
    keys.windows(2).any(|w| w[0] == w[1])
}

/// Stockfish's `is_draw(1)` one ply below the root: the 50-move rule
/// (unless this is mate), or a third occurrence of a game position.
fn is_draw(child: &Board, history: &[u64]) -> bool {
    if child.halfmove_clock() >= 100 && (!child.is_check() || child.has_legal_moves()) {
        return true;
    }
    let key = child.key();
    history.iter().filter(|&&k| k == key).count() >= 2
}
