//! SAN out and in for any variant, as python-chess writes and reads it:
//! disambiguation by the legal moves, `+` after a check, `#` after a
//! checkmate or a variant win or loss; drops as `N@e4` (`@e4` for a pawn).
//! No allocation: [`VariantSan`] holds the text.

use core::fmt;

use super::movegen::{castling_moves, from_chess960, is_castling, is_en_passant};
use super::{LooseMoveList, Position, Termination, Variant, as_drop, drop_move};
use crate::{Bitboard, File, Move, Piece, Rank, Square};

/// The SAN of one move, on the stack (at most 10 bytes: `Qa1xb2=Q#`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariantSan {
    bytes: [u8; 10],
    len: u8,
}

impl VariantSan {
    fn new() -> Self {
        Self {
            bytes: [0; 10],
            len: 0,
        }
    }

    fn push(&mut self, c: char) {
        if let (Some(slot), true) = (self.bytes.get_mut(usize::from(self.len)), c.is_ascii()) {
            *slot = c as u8;
            self.len += 1;
        }
    }

    fn push_square(&mut self, square: Square) {
        self.push(square.file().to_char());
        self.push(square.rank().to_char());
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is pushed.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for VariantSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for VariantSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Why SAN text is not one legal move here (python-chess's three errors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantSanError {
    /// Not SAN (`InvalidMoveError`).
    Invalid,
    /// A multi-leg move, which python-chess does not read (`InvalidMoveError`).
    MultiLeg,
    /// No legal move fits (`IllegalMoveError`).
    Illegal,
    /// Fully specified (`e2e4`) and legal, but without the promotion piece
    /// a pawn needs (`IllegalMoveError`).
    MissingPromotion,
    /// Several legal moves fit (`AmbiguousMoveError`).
    Ambiguous,
    /// The null move (`--`, `Z0`, `0000`, `@@@@`), which python-chess
    /// returns as `Move.null()`.
    Null,
}

impl fmt::Display for VariantSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Invalid => "invalid san",
            Self::MultiLeg => "unsupported multi-leg move",
            Self::Illegal => "illegal san",
            Self::MissingPromotion => "missing promotion piece type",
            Self::Ambiguous => "ambiguous san",
            Self::Null => "null move",
        })
    }
}

impl core::error::Error for VariantSanError {}

impl<V: Variant> Position<V> {
    /// The SAN of a legal move, as python-chess's `san()` writes it;
    /// `None` when no piece stands on its from-square.
    ///
    /// ```
    /// use bitmoves::variant::{Position, Crazyhouse, KingOfTheHill, drop_move};
    /// use bitmoves::{Piece, Square};
    /// let pos: Position<Crazyhouse> = Position::from_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", false)?;
    /// assert_eq!(pos.san(drop_move(Piece::Knight, Square::D6)).unwrap().as_str(), "N@d6+");
    /// let hill: Position<KingOfTheHill> = Position::from_fen("4k3/8/8/8/8/3K4/8/8 w - - 0 1", false)?;
    /// assert_eq!(hill.san("d3d4".parse()?).unwrap().as_str(), "Kd4#");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> Option<VariantSan> {
        let mut san = self.san_without_suffix(mv)?;
        let mut after = *self;
        after.play(mv);
        let check = after.is_check();
        let ended = after
            .outcome_of_variant()
            .is_some_and(|t| matches!(t, Termination::VariantWin | Termination::VariantLoss));
        if (check && after.legal_moves().is_empty()) || ended {
            san.push('#');
        } else if check {
            san.push('+');
        }
        Some(san)
    }

    fn outcome_of_variant(&self) -> Option<Termination> {
        V::variant_outcome(self).map(|o| o.termination)
    }

    fn san_without_suffix(&self, mv: Move) -> Option<VariantSan> {
        let s = self.setup();
        let mut san = VariantSan::new();
        if let Some((piece, square)) = as_drop(mv) {
            if piece != Piece::Pawn {
                san.push(piece.to_char().to_ascii_uppercase());
            }
            san.push('@');
            san.push_square(square);
            return Some(san);
        }
        if is_castling(s, mv) {
            let text = if mv.to.file() < mv.from.file() {
                "O-O-O"
            } else {
                "O-O"
            };
            text.chars().for_each(|c| san.push(c));
            return Some(san);
        }
        let piece = s.piece_kind_on(mv.from)?;
        let capture = (mv.from.bitboard() ^ mv.to.bitboard()).intersects(s.side(!s.turn))
            || is_en_passant(s, mv);
        if piece != Piece::Pawn {
            san.push(piece.to_char().to_ascii_uppercase());
            let mut candidates = LooseMoveList::new();
            let from_mask = s.pieces_of(s.turn, piece) - mv.from.bitboard();
            self.generate_legal(from_mask, mv.to.bitboard(), &mut candidates);
            let others: Bitboard = candidates.iter().map(|c| c.from).collect();
            if !others.is_empty() {
                let mut column = others.intersects(mv.from.rank().bitboard());
                let row = others.intersects(mv.from.file().bitboard());
                if !row {
                    column = true;
                }
                if column {
                    san.push(mv.from.file().to_char());
                }
                if row {
                    san.push(mv.from.rank().to_char());
                }
            }
        } else if capture {
            san.push(mv.from.file().to_char());
        }
        if capture {
            san.push('x');
        }
        san.push_square(mv.to);
        if let Some(promotion) = mv.promotion {
            san.push('=');
            san.push(promotion.to_char().to_ascii_uppercase());
        }
        Some(san)
    }

    /// Reads SAN as python-chess's `parse_san` does: castling as `O-O` or
    /// `0-0`, over-specified moves (`Ng1f3`, `g1f3`), a capture mark with
    /// nothing taken, drops (`N@e4`, `@e4`) where the variant has pockets.
    ///
    /// ```
    /// use bitmoves::variant::{Position, Antichess, VariantSanError};
    /// let pos: Position<Antichess> = Position::from_fen("8/4P3/8/8/8/8/8/k7 w - - 0 1", false)?;
    /// assert_eq!(pos.parse_san("e8=K")?.to_string(), "e7e8k");
    /// assert_eq!(pos.parse_san("e8"), Err(VariantSanError::Illegal));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, VariantSanError> {
        let s = self.setup();
        if V::POCKETS && text.contains('@') {
            // python-chess: `uci = san.rstrip("+#")`, `@e4` read as `P@e4`.
            let body = text.trim_end_matches(['+', '#']);
            let (letter, square) = if let Some(square) = body.strip_prefix('@') {
                ('P', square)
            } else if body.len() == 4 && body.as_bytes()[1] == b'@' {
                (char::from(body.as_bytes()[0]), &body[2..])
            } else {
                return Err(VariantSanError::Invalid);
            };
            let piece = Piece::from_char(letter).ok_or(VariantSanError::Invalid)?;
            let square: Square = square.parse().map_err(|_| VariantSanError::Invalid)?;
            let mv = drop_move(piece, square);
            return if self.is_legal(mv) {
                Ok(mv)
            } else {
                Err(VariantSanError::Illegal)
            };
        }
        let castle = |kingside: bool| {
            let mut moves = LooseMoveList::new();
            castling_moves::<V>(
                s,
                self.is_chess960(),
                Bitboard::FULL,
                Bitboard::FULL,
                &mut moves,
            );
            moves
                .iter()
                .copied()
                .find(|m| is_castling(s, *m) && (m.to.file() > m.from.file()) == kingside)
                .ok_or(VariantSanError::Illegal)
        };
        match text {
            "O-O" | "O-O+" | "O-O#" | "0-0" | "0-0+" | "0-0#" => return castle(true),
            "O-O-O" | "O-O-O+" | "O-O-O#" | "0-0-0" | "0-0-0+" | "0-0-0#" => return castle(false),
            _ => {}
        }
        let Some(parts) = split(text) else {
            return Err(match text {
                "--" | "Z0" | "0000" | "@@@@" => VariantSanError::Null,
                _ if text.contains(',') => VariantSanError::MultiLeg,
                _ => VariantSanError::Invalid,
            });
        };
        let to_mask = parts.to.bitboard() - s.side(s.turn);
        let mut from_mask = Bitboard::FULL;
        if let Some(file) = parts.file {
            from_mask &= file.bitboard();
        }
        if let Some(rank) = parts.rank {
            from_mask &= rank.bitboard();
        }
        if let Some(piece) = parts.piece {
            from_mask &= s.pieces_of(s.turn, piece);
        } else if let (Some(file), Some(rank)) = (parts.file, parts.rank) {
            let from = Square::new(file, rank);
            let needs_queen =
                s.kind(Piece::Pawn).contains(from) && Bitboard::BACK_RANKS.contains(parts.to);
            let promotion = parts.promotion.or(needs_queen.then_some(Piece::Queen));
            let mv = from_chess960(
                s,
                self.is_chess960(),
                Move {
                    from,
                    to: parts.to,
                    promotion,
                },
            );
            if !self.is_legal(mv) {
                return Err(VariantSanError::Illegal);
            }
            return if mv.promotion == parts.promotion {
                Ok(mv)
            } else {
                Err(VariantSanError::MissingPromotion)
            };
        } else {
            from_mask &= s.kind(Piece::Pawn);
            if parts.file.is_none() {
                from_mask &= parts.to.file().bitboard();
            }
        }
        let mut moves = LooseMoveList::new();
        self.generate_legal(from_mask, to_mask, &mut moves);
        let mut matched = None;
        for &mv in moves.iter().filter(|m| m.promotion == parts.promotion) {
            if matched.is_some() {
                return Err(VariantSanError::Ambiguous);
            }
            matched = Some(mv);
        }
        matched.ok_or(VariantSanError::Illegal)
    }
}

/// SAN split as python-chess's `SAN_REGEX` splits it.
struct Parts {
    piece: Option<Piece>,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
}

/// `^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z`
fn split(text: &str) -> Option<Parts> {
    let mut b = text.as_bytes();
    if let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    let mut promotion = None;
    if let [rest @ .., last] = b
        && b"nbrqkNBRQK".contains(last)
    {
        promotion = Piece::from_char(char::from(*last));
        b = rest;
        if let [rest @ .., b'='] = b {
            b = rest;
        }
    }
    let [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = b else {
        return None;
    };
    let to = Square::new(
        File::from_char(char::from(*f))?,
        Rank::from_char(char::from(*r))?,
    );
    b = rest;
    if let [rest @ .., b'-' | b'x'] = b {
        b = rest;
    }
    let mut piece = None;
    if let [first @ (b'N' | b'B' | b'K' | b'R' | b'Q'), rest @ ..] = b {
        piece = Piece::from_char(char::from(*first));
        b = rest;
    }
    let mut file = None;
    if let [f @ b'a'..=b'h', rest @ ..] = b {
        file = File::from_char(char::from(*f));
        b = rest;
    }
    let mut rank = None;
    if let [r @ b'1'..=b'8', rest @ ..] = b {
        rank = Rank::from_char(char::from(*r));
        b = rest;
    }
    b.is_empty().then_some(Parts {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}
