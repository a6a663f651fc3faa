//! A slow reference move generator for the property tests: a mailbox of 64
//! squares, per-piece offset walking for pseudo-legal moves (castling and
//! en passant included), a copy-and-make, and a slow attack test. It shares
//! nothing with the library's generator but the board's state.

#![allow(dead_code)]

use bitmoves::{Bitboard, Board, CastlingSide, Color, File, Move, Piece, Rank, Square};

/// What stands on each square, indexed by `Square::index`.
pub type Mailbox = [Option<(Color, Piece)>; 64];

/// The steps `(file, rank)` of at most two squares each way whose squared
/// length lies from `shortest` to `longest`, found by search rather than
/// listed, so that they share nothing with the generator's lists.
const fn steps<const N: usize>(shortest: i8, longest: i8) -> [(i8, i8); N] {
    let mut found = [(0, 0); N];
    let mut n = 0;
    let mut file = -2;
    while file <= 2 {
        let mut rank = -2;
        while rank <= 2 {
            let length = file * file + rank * rank;
            if shortest <= length && length <= longest {
                found[n] = (file, rank);
                n += 1;
            }
            rank += 1;
        }
        file += 1;
    }
    assert!(n == N, "N is the number of steps");
    found
}

/// A knight jumps √5 away: one file and two ranks, or two files and one rank.
const KNIGHT: [(i8, i8); 8] = steps(5, 5);
/// A king steps one square in any of the eight directions.
const KING: [(i8, i8); 8] = steps(1, 2);
const ORTHOGONAL: [(i8, i8); 4] = steps(1, 1);
const DIAGONAL: [(i8, i8); 4] = steps(2, 2);
const PROMOTIONS: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// The board's pieces, square by square.
pub fn mailbox(board: &Board) -> Mailbox {
    let mut cells = [None; 64];
    for square in (0..64).map(Square::from_index) {
        if let (Some(color), Some(piece)) = (board.color_on(square), board.piece_on(square)) {
            cells[square.index()] = Some((color, piece));
        }
    }
    cells
}

/// The rank direction `color`'s pawns move in.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The squares of `by`'s pieces that attack `target`, found by walking out
/// from the target.
pub fn attackers(cells: &Mailbox, target: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    let holds = |square: Square, pieces: &[Piece]| matches!(cells[square.index()], Some((c, p)) if c == by && pieces.contains(&p));
    // A pawn of `by` attacks diagonally forward, so it stands one rank back.
    for file_delta in [-1, 1] {
        if let Some(from) = target.offset(file_delta, -forward(by))
            && holds(from, &[Piece::Pawn])
        {
            found.push(from);
        }
    }
    for (offsets, piece) in [(KNIGHT, Piece::Knight), (KING, Piece::King)] {
        for (df, dr) in offsets {
            if let Some(from) = target.offset(df, dr)
                && holds(from, &[piece])
            {
                found.push(from);
            }
        }
    }
    for (directions, slider) in [(ORTHOGONAL, Piece::Rook), (DIAGONAL, Piece::Bishop)] {
        for (df, dr) in directions {
            let mut square = target;
            while let Some(next) = square.offset(df, dr) {
                square = next;
                if cells[square.index()].is_some() {
                    if holds(square, &[slider, Piece::Queen]) {
                        found.push(square);
                    }
                    break;
                }
            }
        }
    }
    found
}

/// Whether `by` attacks `target`.
pub fn attacked(cells: &Mailbox, target: Square, by: Color) -> bool {
    !attackers(cells, target, by).is_empty()
}

/// The square of `color`'s king.
pub fn king_square(cells: &Mailbox, color: Color) -> Square {
    (0..64)
        .map(Square::from_index)
        .find(|s| cells[s.index()] == Some((color, Piece::King)))
        .expect("every board has a king")
}

/// A pseudo-legal move and the mailbox after it.
pub struct Candidate {
    pub mv: Move,
    pub after: Mailbox,
}

/// Every pseudo-legal move of the side to move: pieces move by their rules
/// onto empty or enemy squares, pawns push, capture, promote and take en
/// passant, and castling follows the rules of chess and Chess960 (empty
/// paths, king not in check and not crossing an attacked square). Whether
/// the own king is attacked afterwards is not checked here.
pub fn pseudo_legal(board: &Board) -> Vec<Candidate> {
    let cells = mailbox(board);
    let us = board.side_to_move();
    let mut out = Vec::new();
    let mut push = |from: Square, to: Square, promotion: Option<Piece>, after: Mailbox| {
        out.push(Candidate {
            mv: Move {
                from,
                to,
                promotion,
            },
            after,
        });
    };
    let simple = |from: Square, to: Square, becomes: Piece| {
        let mut after = cells;
        after[from.index()] = None;
        after[to.index()] = Some((us, becomes));
        after
    };
    for from in (0..64).map(Square::from_index) {
        let Some((color, piece)) = cells[from.index()] else {
            continue;
        };
        if color != us {
            continue;
        }
        let free_or_enemy = |to: Square| cells[to.index()].is_none_or(|(c, _)| c != us);
        match piece {
            Piece::Pawn => {
                let f = forward(us);
                let last = Rank::Eighth.relative_to(us);
                let mut pawn_move = |to: Square, after_for: &dyn Fn(Piece) -> Mailbox| {
                    if to.rank() == last {
                        for promotion in PROMOTIONS {
                            push(from, to, Some(promotion), after_for(promotion));
                        }
                    } else {
                        push(from, to, None, after_for(Piece::Pawn));
                    }
                };
                if let Some(one) = from.offset(0, f)
                    && cells[one.index()].is_none()
                {
                    pawn_move(one, &|p| simple(from, one, p));
                    if from.rank() == Rank::Second.relative_to(us)
                        && let Some(two) = one.offset(0, f)
                        && cells[two.index()].is_none()
                    {
                        pawn_move(two, &|p| simple(from, two, p));
                    }
                }
                for df in [-1, 1] {
                    let Some(to) = from.offset(df, f) else {
                        continue;
                    };
                    if matches!(cells[to.index()], Some((c, _)) if c != us) {
                        pawn_move(to, &|p| simple(from, to, p));
                    } else if board.en_passant() == Some(to) {
                        let captured = to.offset(0, -f).expect("behind the en passant square");
                        assert_eq!(cells[captured.index()], Some((!us, Piece::Pawn)), "{board}");
                        let mut after = simple(from, to, Piece::Pawn);
                        after[captured.index()] = None;
                        pawn_move(to, &|_| after);
                    }
                }
            }
            Piece::Knight | Piece::King => {
                let offsets = if piece == Piece::Knight { KNIGHT } else { KING };
                for (df, dr) in offsets {
                    if let Some(to) = from.offset(df, dr)
                        && free_or_enemy(to)
                    {
                        push(from, to, None, simple(from, to, piece));
                    }
                }
            }
            Piece::Bishop | Piece::Rook | Piece::Queen => {
                let directions: Vec<(i8, i8)> = match piece {
                    Piece::Bishop => DIAGONAL.to_vec(),
                    Piece::Rook => ORTHOGONAL.to_vec(),
                    _ => [ORTHOGONAL, DIAGONAL].concat(),
                };
                for (df, dr) in directions {
                    let mut to = from;
                    while let Some(next) = to.offset(df, dr) {
                        to = next;
                        if !free_or_enemy(to) {
                            break;
                        }
                        push(from, to, None, simple(from, to, piece));
                        if cells[to.index()].is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if let Some(candidate) = castling(board, &cells, side) {
            out.push(candidate);
        }
    }
    out
}

/// The squares from `a` to `b` along a rank, both included.
fn span(a: Square, b: Square) -> Vec<Square> {
    let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
    (low..=high).map(Square::from_index).collect()
}

/// Castling to `side`, if the rights, the empty squares and the attacks
/// allow it (the king's destination is judged after the move, like any
/// other move's).
fn castling(board: &Board, cells: &Mailbox, side: CastlingSide) -> Option<Candidate> {
    let us = board.side_to_move();
    let rook_file = board.castling_rights().rook(us, side)?;
    let back = Rank::First.relative_to(us);
    let king = king_square(cells, us);
    assert_eq!(king.rank(), back, "{board}: castling right without king");
    let rook = Square::new(rook_file, back);
    assert_eq!(
        cells[rook.index()],
        Some((us, Piece::Rook)),
        "{board}: right without rook"
    );
    let (king_file, rook_to_file) = match side {
        CastlingSide::KingSide => (File::G, File::F),
        CastlingSide::QueenSide => (File::C, File::D),
    };
    let king_to = Square::new(king_file, back);
    let rook_to = Square::new(rook_to_file, back);
    let path_clear = span(king, king_to)
        .into_iter()
        .chain(span(rook, rook_to))
        .all(|s| s == king || s == rook || cells[s.index()].is_none());
    if !path_clear || attacked(cells, king, !us) {
        return None;
    }
    let crossed = span(king, king_to)
        .into_iter()
        .filter(|&s| s != king && s != king_to);
    if crossed.into_iter().any(|s| attacked(cells, s, !us)) {
        return None;
    }
    let mut after = *cells;
    after[king.index()] = None;
    after[rook.index()] = None;
    after[king_to.index()] = Some((us, Piece::King));
    after[rook_to.index()] = Some((us, Piece::Rook));
    let to = if board.is_chess960() { rook } else { king_to };
    Some(Candidate {
        mv: Move::new(king, to),
        after,
    })
}

/// The legal moves: the pseudo-legal ones after which the mover's own king
/// is not attacked.
pub fn legal(board: &Board) -> Vec<Candidate> {
    let us = board.side_to_move();
    pseudo_legal(board)
        .into_iter()
        .filter(|c| !attacked(&c.after, king_square(&c.after, us), !us))
        .collect()
}

/// The enemy pieces attacking the side to move's king.
pub fn checkers(board: &Board) -> Bitboard {
    let cells = mailbox(board);
    let us = board.side_to_move();
    attackers(&cells, king_square(&cells, us), !us)
        .into_iter()
        .fold(Bitboard::EMPTY, |set, s| set | s.bitboard())
}

/// The side to move's pieces that stand alone between their king and an
/// enemy slider that moves along that line.
pub fn pinned(board: &Board) -> Bitboard {
    let cells = mailbox(board);
    let us = board.side_to_move();
    let king = king_square(&cells, us);
    let mut pinned = Bitboard::EMPTY;
    for (directions, slider) in [(ORTHOGONAL, Piece::Rook), (DIAGONAL, Piece::Bishop)] {
        for (df, dr) in directions {
            let mut square = king;
            let mut own = None;
            while let Some(next) = square.offset(df, dr) {
                square = next;
                match (cells[square.index()], own) {
                    (None, _) => {}
                    (Some((c, _)), None) if c == us => own = Some(square),
                    (Some((c, p)), Some(blocker))
                        if c != us && (p == slider || p == Piece::Queen) =>
                    {
                        pinned |= Square::bitboard(blocker);
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
    pinned
}
