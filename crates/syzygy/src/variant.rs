//! The probes of a variant's positions ([`Tablebase::probe_variant_wdl`],
//! [`Tablebase::probe_variant_dtz`]) on the core's rules engine
//! ([`bitmoves::variant::Position`]), as python-chess's `chess.syzygy`
//! probes its variant boards: the variant's end is resolved before any
//! table (an exploded king, a side without pieces, a stalemate), captures
//! are searched down to the tables, and in the antichess family, where
//! captures are compulsory, the moves that force the opponent to capture
//! ("threats") are searched too.

use crate::error::{Result, SyzygyError};
use crate::format::Kind;
use crate::material::Material;
use crate::probe::dtz_before_zeroing;
use crate::tablebase::Tablebase;
use crate::values::{Dtz, Wdl};
use bitmoves::variant::{LooseMoveList, Position, Termination, Variant, is_en_passant, is_zeroing};
use bitmoves::{Bitboard, Move, Piece};

/// The most pieces a probed position may have: the tables' 7, and one
/// more that a capture resolves.
const MAX_PROBE_PIECES: usize = 8;

/// How a value was found (python-chess's `success` 1, 2 and 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// From the table (or a capture no better than it).
    Table,
    /// A capture, or the variant's end.
    Capture,
    /// A threat: a move that forces the opponent to capture (antichess).
    Threat,
}

#[inline]
fn child<V: Variant>(pos: &Position<V>, mv: Move) -> Position<V> {
    let mut next = *pos;
    next.play(mv);
    next
}

/// The legal moves from `from` to `to`.
fn moves<V: Variant>(pos: &Position<V>, from: Bitboard, to: Bitboard) -> LooseMoveList {
    let mut list = LooseMoveList::new();
    pos.generate_legal(from, to, &mut list);
    list
}

/// The legal en passant captures.
fn en_passant_moves<V: Variant>(pos: &Position<V>) -> LooseMoveList {
    let mut list = LooseMoveList::new();
    pos.generate_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut list);
    list
}

/// The legal captures, en passant last (python-chess's
/// `generate_legal_captures`).
fn captures<V: Variant>(pos: &Position<V>) -> LooseMoveList {
    let theirs = pos.setup().side(!pos.turn());
    let mut list = moves(pos, Bitboard::FULL, theirs);
    pos.generate_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut list);
    list
}

/// The value of the variant's end for the side to move, if it is reached
/// (python-chess's `is_variant_win`, `is_variant_draw`, `is_variant_loss`).
fn variant_end<V: Variant>(pos: &Position<V>) -> Option<Wdl> {
    let outcome = V::variant_outcome(pos)?;
    match outcome.termination {
        Termination::VariantWin | Termination::VariantLoss | Termination::VariantDraw => {
            Some(match outcome.winner {
                Some(winner) if winner == pos.turn() => Wdl::Win,
                Some(_) => Wdl::Loss,
                None => Wdl::Draw,
            })
        }
        _ => None,
    }
}

fn is_checkmate<V: Variant>(pos: &Position<V>) -> bool {
    pos.is_check() && pos.legal_moves().is_empty()
}

impl Tablebase {
    /// A variant's position's WDL value, as python-chess's `probe_wdl` on
    /// its variant board: the variant's end first, then captures (and in
    /// antichess the moves forcing one) searched down to the tables.
    ///
    /// Errors: [`SyzygyError::WrongVariant`] when the set was opened for
    /// another variant ([`Tablebase::for_variant`]),
    /// [`SyzygyError::Castling`], [`SyzygyError::TooManyPieces`] beyond 8,
    /// [`SyzygyError::MissingTable`], and a damaged table's errors.
    pub fn probe_variant_wdl<V: Variant>(&self, pos: &Position<V>) -> Result<Wdl> {
        self.check_variant(pos)?;
        self.variant_wdl(pos)
    }

    /// A variant's position's DTZ, as python-chess's `probe_dtz` on its
    /// variant board. Errors as [`Tablebase::probe_variant_wdl`].
    pub fn probe_variant_dtz<V: Variant>(&self, pos: &Position<V>) -> Result<Dtz> {
        self.check_variant(pos)?;
        self.variant_dtz(pos).map(Dtz)
    }

    /// The DTZ with en passant captures left out (python-chess's
    /// `probe_dtz_no_ep`).
    pub fn probe_variant_dtz_no_ep<V: Variant>(&self, pos: &Position<V>) -> Result<Dtz> {
        self.check_variant(pos)?;
        self.variant_dtz_no_ep(pos).map(Dtz)
    }

    /// The WDL value in the position's own table, after the variant's end
    /// and (with one king a side) bare kings, nothing searched
    /// (python-chess's `probe_wdl_table`; castling rights are not looked
    /// at).
    pub fn probe_variant_wdl_table<V: Variant>(&self, pos: &Position<V>) -> Result<Wdl> {
        self.check_kind::<V>()?;
        self.variant_wdl_table(pos)
    }

    /// The number the position's DTZ table stores for it, given its WDL
    /// value, or `None` when the table holds the other side to move
    /// (python-chess's `probe_dtz_table`).
    pub fn probe_variant_dtz_table<V: Variant>(
        &self,
        pos: &Position<V>,
        wdl: Wdl,
    ) -> Result<Option<i32>> {
        self.check_kind::<V>()?;
        let material = Material::of(pos.setup());
        self.table(&material, Kind::Dtz)?
            .dtz(pos.setup(), &material, wdl)
    }

    /// The set's variant is `V`.
    fn check_kind<V: Variant>(&self) -> Result<()> {
        if V::KIND == self.format.variant {
            Ok(())
        } else {
            Err(SyzygyError::WrongVariant {
                tables: self.format.variant,
                position: V::KIND,
            })
        }
    }

    /// The checks every searching probe makes first: the set's variant, no
    /// castling rights, at most 8 pieces.
    fn check_variant<V: Variant>(&self, pos: &Position<V>) -> Result<()> {
        self.check_kind::<V>()?;
        if !pos.setup().castling.is_empty() {
            return Err(SyzygyError::Castling);
        }
        let pieces = pos.setup().occupied().len();
        if pieces > MAX_PROBE_PIECES {
            return Err(SyzygyError::TooManyPieces { pieces });
        }
        Ok(())
    }

    fn variant_wdl_table<V: Variant>(&self, pos: &Position<V>) -> Result<Wdl> {
        if let Some(v) = variant_end(pos) {
            return Ok(v);
        }
        let s = pos.setup();
        if self.format.one_king() && s.kind(Piece::King) == s.occupied() {
            return Ok(Wdl::Draw);
        }
        let material = Material::of(s);
        self.table(&material, Kind::Wdl)?.wdl(s, &material)
    }

    /// python-chess's `probe_ab`.
    fn ab<V: Variant>(
        &self,
        pos: &Position<V>,
        mut alpha: Wdl,
        beta: Wdl,
        threats: bool,
    ) -> Result<(Wdl, Found)> {
        if self.format.captures_compulsory() {
            if let Some(v) = variant_end(pos) {
                return Ok((v, Found::Capture));
            }
            return self.antichess_ab(pos, alpha, beta, threats);
        }
        let theirs = pos.setup().side(!pos.turn());
        for &mv in &moves(pos, Bitboard::FULL, theirs) {
            let v = -self.ab(&child(pos, mv), -beta, -alpha, false)?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, Found::Capture));
                }
                alpha = v;
            }
        }
        let v = self.variant_wdl_table(pos)?;
        Ok(if alpha >= v {
            let found = if alpha > Wdl::Draw {
                Found::Capture
            } else {
                Found::Table
            };
            (alpha, found)
        } else {
            (v, Found::Table)
        })
    }

    /// python-chess's `sprobe_ab`: captures first (compulsory), then, with
    /// `threats` or 6 pieces or more, the moves that force a capture.
    fn antichess_ab<V: Variant>(
        &self,
        pos: &Position<V>,
        mut alpha: Wdl,
        beta: Wdl,
        threats: bool,
    ) -> Result<(Wdl, Found)> {
        let s = pos.setup();
        if s.side(!pos.turn()).len() > 1 {
            let (v, found) = self.antichess_captures(pos, alpha, beta)?;
            if found {
                return Ok((v, Found::Capture));
            }
        } else if !captures(pos).is_empty() {
            // Taking the opponent's last piece makes it win.
            return Ok((Wdl::Loss, Found::Capture));
        }
        let mut threats_found = false;
        if threats || s.occupied().len() >= 6 {
            for &mv in &moves(pos, !s.kind(Piece::Pawn), Bitboard::FULL) {
                let (v, found) = self.antichess_captures(&child(pos, mv), -beta, -alpha)?;
                let v = -v;
                if found && v > alpha {
                    threats_found = true;
                    alpha = v;
                    if alpha >= beta {
                        return Ok((v, Found::Threat));
                    }
                }
            }
        }
        let v = self.variant_wdl_table(pos)?;
        Ok(if v > alpha {
            (v, Found::Table)
        } else if threats_found {
            (alpha, Found::Threat)
        } else {
            (alpha, Found::Table)
        })
    }

    /// python-chess's `sprobe_capts`: the best capture's value (at least
    /// `alpha`), and whether there was a capture.
    fn antichess_captures<V: Variant>(
        &self,
        pos: &Position<V>,
        mut alpha: Wdl,
        beta: Wdl,
    ) -> Result<(Wdl, bool)> {
        let list = captures(pos);
        for &mv in &list {
            let v = -self.antichess_ab(&child(pos, mv), -beta, -alpha, false)?.0;
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok((alpha, !list.is_empty()))
    }

    /// The best value of the en passant captures, if there are any.
    fn variant_en_passant_value<V: Variant>(&self, pos: &Position<V>) -> Result<Option<Wdl>> {
        let mut best = None;
        for &mv in &en_passant_moves(pos) {
            let v = -self.ab(&child(pos, mv), Wdl::Loss, Wdl::Win, false)?.0;
            best = Some(best.map_or(v, |b: Wdl| b.max(v)));
        }
        Ok(best)
    }

    fn variant_dtz<V: Variant>(&self, pos: &Position<V>) -> Result<i32> {
        let mut v = self.variant_dtz_no_ep(pos)?;
        if pos.setup().ep_square.is_none() || self.format.captures_compulsory() {
            return Ok(v);
        }
        let Some(v1) = self.variant_en_passant_value(pos)? else {
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
            only_en_passant(pos)
        };
        if take {
            v = v1;
        }
        Ok(v)
    }

    fn variant_dtz_no_ep<V: Variant>(&self, pos: &Position<V>) -> Result<i32> {
        let (wdl, found) = self.ab(pos, Wdl::Loss, Wdl::Win, true)?;
        if wdl == Wdl::Draw {
            return Ok(0);
        }
        let s = pos.setup();
        let pawns = s.kind(Piece::Pawn);
        if found == Found::Capture || (s.side(pos.turn()) & !pawns).is_empty() {
            return Ok(dtz_before_zeroing(wdl));
        }
        if wdl > Wdl::Draw {
            if found == Found::Threat {
                return Ok(if wdl == Wdl::Win { 2 } else { 102 });
            }
            // A pawn push that keeps the result is a zeroing move now.
            for &mv in &moves(pos, pawns, !s.occupied()) {
                if is_en_passant(s, mv) {
                    continue;
                }
                let next = child(pos, mv);
                if -self.variant_wdl(&next)? == wdl {
                    return Ok(if wdl == Wdl::Win { 1 } else { 101 });
                }
            }
        }
        let material = Material::of(s);
        if let Some(dtz) = self.table(&material, Kind::Dtz)?.dtz(s, &material, wdl)? {
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
            for &mv in &moves(pos, !pawns, !s.occupied()) {
                let next = child(pos, mv);
                let v = -self.variant_dtz(&next)?;
                if v == 1 && is_checkmate(&next) {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for &mv in &pos.legal_moves() {
                let zeroing = is_zeroing(s, mv);
                let next = child(pos, mv);
                let v = if zeroing {
                    if wdl == Wdl::Loss {
                        -1
                    } else {
                        let (v, _) = self.ab(&next, Wdl::CursedWin, Wdl::Win, true)?;
                        if v == Wdl::Win { 0 } else { -101 }
                    }
                } else {
                    -self.variant_dtz(&next)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// `probe_wdl` without the entry checks (for positions reached by a
    /// move from a checked one).
    fn variant_wdl<V: Variant>(&self, pos: &Position<V>) -> Result<Wdl> {
        let (mut v, _) = self.ab(pos, Wdl::Loss, Wdl::Win, false)?;
        if pos.setup().ep_square.is_none() || self.format.captures_compulsory() {
            return Ok(v);
        }
        if let Some(v1) = self.variant_en_passant_value(pos)?
            && (v1 >= v || (v == Wdl::Draw && only_en_passant(pos)))
        {
            v = v1;
        }
        Ok(v)
    }
}

/// Whether every legal move is an en passant capture.
fn only_en_passant<V: Variant>(pos: &Position<V>) -> bool {
    let s = pos.setup();
    pos.legal_moves().iter().all(|&mv| is_en_passant(s, mv))
}
