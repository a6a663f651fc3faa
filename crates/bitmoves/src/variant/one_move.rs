//! Questions about one move on a [`Position`], as python-chess asks them:
//! `is_pseudo_legal`, `is_irreversible` (with Crazyhouse's and Three-check's
//! own), `gives_check`, and the null move.

use super::{LooseMoveList, Position, Variant, VariantKind, as_drop, from_chess960, is_zeroing};
use crate::{Bitboard, Color, Move, Piece, Rank};

impl<V: Variant> Position<V> {
    /// Whether `mv` is pseudo-legal here: legal but for leaving the mover's
    /// king attacked (python-chess's `is_pseudo_legal`; castling accepted
    /// either way on a standard board, a drop where the pocket holds the
    /// piece and the square is empty).
    ///
    /// ```
    /// use bitmoves::variant::{Position, Standard};
    /// // The e2 knight is pinned: moving it is pseudo-legal, not legal.
    /// let pos: Position<Standard> = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", false)?;
    /// assert!(pos.is_pseudo_legal("e2c3".parse()?) && !pos.is_legal("e2c3".parse()?));
    /// assert!(!pos.is_pseudo_legal("e2e4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let s = self.setup();
        let us = s.turn;
        if let Some((piece, to)) = as_drop(mv) {
            return V::POCKETS
                && piece != Piece::King
                && !s.occupied().contains(to)
                && !(piece == Piece::Pawn && Bitboard::BACK_RANKS.contains(to))
                && s.pockets[us.index()].count(piece) > 0;
        }
        if mv.from == mv.to {
            // The null move, or a move to its own square.
            return false;
        }
        let Some(piece) = s.piece_kind_on(mv.from) else {
            return false;
        };
        if !s.side(us).contains(mv.from) {
            return false;
        }
        if mv.promotion.is_some()
            && (piece != Piece::Pawn || mv.to.rank() != Rank::Eighth.relative_to(us))
        {
            return false;
        }
        if piece == Piece::King {
            let castle = from_chess960(s, self.is_chess960(), Move::new(mv.from, mv.to));
            let mut castles = LooseMoveList::new();
            self.generate_castling(Bitboard::FULL, Bitboard::FULL, &mut castles);
            if castles.contains(&castle) {
                return true;
            }
        }
        if s.side(us).contains(mv.to) {
            return false;
        }
        if piece == Piece::Pawn {
            let mut moves = LooseMoveList::new();
            self.generate_pseudo_legal(mv.from.bitboard(), mv.to.bitboard(), &mut moves);
            return moves.contains(&mv);
        }
        s.attacks_from(mv.from).contains(mv.to)
    }

    /// Whether `mv` cannot be undone: it zeroes the half-move clock, loses
    /// a castling right (a rook or king that may castle moves or is
    /// taken), or gives up a legal en passant capture (python-chess's
    /// `is_irreversible`).
    ///
    /// ```
    /// use bitmoves::variant::{Position, Standard};
    /// let pos: Position<Standard> = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1", false)?;
    /// assert!(pos.is_irreversible("e2e3".parse()?), "a pawn move");
    /// assert!(pos.is_irreversible("a1b1".parse()?), "loses a castling right");
    /// assert!(pos.is_irreversible("e1f1".parse()?), "the king gives up both");
    /// let quiet: Position<Standard> = Position::from_fen("4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", false)?;
    /// assert!(!quiet.is_irreversible("b1b2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_irreversible(&self, mv: Move) -> bool {
        let s = self.setup();
        let rights = s.castling;
        let touched = mv.from.bitboard() ^ mv.to.bitboard();
        let moves_king = |color: Color| {
            rights.intersects(color.back_rank().bitboard())
                && touched.intersects(s.pieces_of(color, Piece::King) - s.promoted)
        };
        let reduces_castling =
            touched.intersects(rights) || moves_king(Color::White) || moves_king(Color::Black);
        match V::KIND {
            // Crazyhouse: a capture or pawn move can be undone by drops;
            // only castling rights are lost for good.
            VariantKind::Crazyhouse => reduces_castling,
            // Three-check: a check spends one of the three for good.
            VariantKind::ThreeCheck => {
                is_zeroing(s, mv)
                    || reduces_castling
                    || self.legal_ep_square().is_some()
                    || self.gives_check(mv)
            }
            _ => is_zeroing(s, mv) || reduces_castling || self.legal_ep_square().is_some(),
        }
    }

    /// Whether playing `mv` (unchecked) leaves the opponent in check, by
    /// the variant's rules (python-chess's `gives_check`).
    ///
    /// ```
    /// use bitmoves::variant::{Position, ThreeCheck};
    /// let pos: Position<ThreeCheck> = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1", false)?;
    /// assert!(pos.gives_check("a1a8".parse()?) && pos.is_irreversible("a1a8".parse()?));
    /// assert!(!pos.gives_check("a1a7".parse()?) && !pos.is_irreversible("a1a7".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = *self;
        after.play(mv);
        after.is_check()
    }

    /// Passes the turn (python-chess's `push(Move.null())`): the en passant
    /// square is cleared and the clocks advance; nothing moves.
    ///
    /// ```
    /// use bitmoves::variant::{Position, Standard};
    /// use bitmoves::Color;
    /// let mut pos: Position<Standard> = Position::start();
    /// pos.play("e2e4".parse()?);
    /// pos.play_null();
    /// assert_eq!(pos.turn(), Color::White);
    /// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) {
        let s = &mut self.setup;
        s.ep_square = None;
        s.halfmove_clock = s.halfmove_clock.saturating_add(1);
        if s.turn == Color::Black {
            s.fullmove_number = s.fullmove_number.saturating_add(1);
        }
        s.turn = !s.turn;
        self.given_castling = None;
    }
}
