//! Perft of Racing Kings, Horde and Crazyhouse on the mask generator
//! (`mask_gen.rs`): its moves made on a copied [`Setup`] by a make that
//! knows the moving piece, bulk-counted at the last ply or played to the
//! leaves. A node the generator does not take (two kings of the side to
//! move; pawns or castling in Racing Kings) is counted by the rules
//! engine from there.

use super::mask_gen::{Count, Each, FastMove, MoveKind, generate, takes};
use super::rules_perft::{perft_by_rules, perft_full_by_rules};
use super::{Position, Variant};
use crate::setup::Setup;
use crate::{Bitboard, Color, File, Piece, Rank, Square};

/// Perft of `s` by the rules of `V` (one of the three), bulk-counted at the
/// last ply if `BULK`, else every leaf made. On an x86-64 CPU with POPCNT,
/// LZCNT and BMI1 (asked once, with `std`) the recursion compiled with
/// them runs: a generic x86-64 build counts bits in software otherwise.
pub(crate) fn perft<V: Variant, const BULK: bool>(s: &Setup, chess960: bool, depth: u32) -> u64 {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
    {
        // SAFETY: the CPU has every feature `with_popcnt` is compiled with.
        return unsafe { with_popcnt::<V, BULK>(s, chess960, depth) };
    }
    plain::<V, BULK>(s, chess960, depth)
}

/// Makes the recursion `$name`, compiled with the CPU features named.
macro_rules! recursion {
    ($name:ident $(, $feature:literal)*) => {
        /// The recursion of [`perft`], compiled with the features its
        /// attribute names (none: any CPU).
        $(#[target_feature(enable = $feature)])*
        fn $name<V: Variant, const BULK: bool>(s: &Setup, chess960: bool, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            if V::is_variant_end(s) {
                return 0;
            }
            if !takes::<V>(s) {
                let pos = Position::<V>::from_setup_trusted(*s, chess960);
                return if BULK {
                    perft_by_rules(&pos, depth)
                } else {
                    perft_full_by_rules(&pos, depth)
                };
            }
            if depth == 1 && BULK {
                let mut count = Count(0);
                generate::<V, _>(s, &mut count);
                return count.0;
            }
            let mut total = 0;
            generate::<V, _>(
                s,
                &mut Each(
                    #[inline(always)]
                    |mv| {
                        let mut child = *s;
                        make::<V>(&mut child, mv);
                        total += if depth == 1 {
                            // The leaf is made, as full perft promises, and kept.
                            core::hint::black_box(&child);
                            1
                        } else {
                            // SAFETY: this recursion runs only where the CPU
                            // has its features (see `perft`).
                            #[allow(unused_unsafe)]
                            unsafe {
                                $name::<V, BULK>(&child, chess960, depth - 1)
                            }
                        };
                    },
                ),
            );
            total
        }
    };
}

recursion!(plain);
#[cfg(all(target_arch = "x86_64", feature = "std"))]
recursion!(with_popcnt, "popcnt", "lzcnt", "bmi1");

/// Takes the piece (of any kind) off `square` from the kind boards.
#[inline(always)]
fn clear_kinds(s: &mut Setup, square: Bitboard) {
    for board in &mut s.pieces {
        *board -= square;
    }
}

/// Plays a move of the mask generator as `Position::play` plays it
/// (python-chess's `push` and the variant's `after_play`).
#[inline(always)]
pub(crate) fn make<V: Variant>(s: &mut Setup, mv: FastMove) {
    let us = s.turn;
    let them = !us;
    let (from_bb, to_bb) = (mv.from.bitboard(), mv.to.bitboard());
    s.ep_square = None;
    s.halfmove_clock = s.halfmove_clock.saturating_add(1);
    if us == Color::Black {
        s.fullmove_number = s.fullmove_number.saturating_add(1);
    }
    s.turn = them;
    match mv.kind {
        MoveKind::Drop => {
            s.pieces[mv.piece.index()] |= to_bb;
            s.colors[us.index()] |= to_bb;
            s.promoted -= to_bb;
            if V::POCKETS {
                s.pockets[us.index()].remove(mv.piece);
            }
        }
        MoveKind::Castle => {
            let back = us.back_rank();
            s.castling -= back.bitboard();
            let (king_to, rook_to) = if mv.to.file() < mv.from.file() {
                (File::C, File::D)
            } else {
                (File::G, File::F)
            };
            let (king_to, rook_to) = (
                Square::new(king_to, back).bitboard(),
                Square::new(rook_to, back).bitboard(),
            );
            let cleared = from_bb | to_bb | king_to | rook_to;
            clear_kinds(s, cleared);
            s.colors[us.index()] -= from_bb | to_bb;
            s.colors[them.index()] -= king_to | rook_to;
            s.promoted -= cleared;
            s.pieces[Piece::King.index()] |= king_to;
            s.pieces[Piece::Rook.index()] |= rook_to;
            s.colors[us.index()] |= king_to | rook_to;
        }
        MoveKind::Normal | MoveKind::EnPassant => make_normal::<V>(s, mv, us),
    }
}

/// The plain move, capture, promotion or en passant capture of `make`.
#[inline(always)]
fn make_normal<V: Variant>(s: &mut Setup, mv: FastMove, us: Color) {
    let them = !us;
    let (from_bb, to_bb) = (mv.from.bitboard(), mv.to.bitboard());
    let captures = s.side(them).intersects(to_bb);
    if mv.piece == Piece::Pawn || captures {
        s.halfmove_clock = 0;
    }
    let was_promoted = s.promoted.contains(mv.from);
    let captured_promoted = s.promoted.contains(mv.to);
    if !s.castling.is_empty() {
        s.castling -= from_bb | to_bb;
        if mv.piece == Piece::King && !was_promoted {
            s.castling -= us.back_rank().bitboard();
        } else if captures
            && (s.kind(Piece::King) - s.promoted).contains(mv.to)
            && mv.to.rank() == them.back_rank()
        {
            s.castling -= them.back_rank().bitboard();
        }
    }
    if captures {
        if V::POCKETS {
            let piece = s.piece_kind_on(mv.to).unwrap_or(Piece::Pawn);
            let pocketed = if captured_promoted {
                Piece::Pawn
            } else {
                piece
            };
            s.pockets[us.index()].add(pocketed);
        }
        clear_kinds(s, to_bb);
        s.colors[them.index()] -= to_bb;
    }
    s.pieces[mv.piece.index()] -= from_bb;
    s.colors[us.index()] -= from_bb;
    s.promoted -= from_bb | to_bb;
    let (piece, promoted) = match mv.promotion {
        Some(piece) => (piece, true),
        None => (mv.piece, was_promoted),
    };
    s.pieces[piece.index()] |= to_bb;
    s.colors[us.index()] |= to_bb;
    if promoted {
        s.promoted |= to_bb;
    }
    if mv.piece != Piece::Pawn {
        return;
    }
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    if mv.kind == MoveKind::EnPassant {
        // python-chess takes whatever stands behind the en passant square.
        if let Some(below) = mv.to.offset(0, -forward)
            && let Some((_, piece)) = s.remove(below)
            && V::POCKETS
        {
            s.pockets[us.index()].add(piece);
        }
    } else if mv.to.index().abs_diff(mv.from.index()) == 16
        && mv.from.rank() == Rank::Second.relative_to(us)
    {
        s.ep_square = mv.from.offset(0, forward);
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    //! Law: on random playouts of each variant from its start and from
    //! random loose setups, wherever the mask generator takes a position,
    //! its moves are the rules engine's legal moves (as a set), its count
    //! is their number, and its make gives `Position::play`'s setup.

    use super::super::mask_gen::{Count, Each, generate, takes};
    use super::super::{Crazyhouse, Horde, Position, RacingKings, Variant};
    use super::make;
    use crate::setup::Setup;
    use crate::{Color, Move, Piece, Rank, Square};
    use std::collections::BTreeSet;
    use std::vec::Vec;

    /// A small xorshift generator, seeded.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// The variant's start with random pieces put and taken, random side,
    /// castling rights, en passant square, pockets and promoted marks.
    fn loose_setup<V: Variant>(random: &mut Random) -> Setup {
        let mut setup = Position::<V>::start().setup;
        let density = 4 + random.below(10);
        for square in Square::ALL {
            if random.below(density) == 0 {
                let color = Color::ALL[random.below(2)];
                let piece = Piece::ALL[random.below(6)];
                setup.put(square, color, piece, random.below(8) == 0);
            } else if random.below(3) == 0 {
                setup.remove(square);
            }
        }
        setup.turn = Color::ALL[random.below(2)];
        for color in Color::ALL {
            for _ in 0..random.below(3) {
                let file = crate::File::ALL[random.below(8)];
                setup.castling.insert(Square::new(file, color.back_rank()));
            }
        }
        if random.below(3) == 0 {
            let rank = [Rank::Third, Rank::Sixth][random.below(2)];
            setup.ep_square = Some(Square::new(crate::File::ALL[random.below(8)], rank));
        }
        if V::POCKETS {
            for pocket in &mut setup.pockets {
                for piece in Piece::ALL {
                    for _ in 0..random.below(if piece == Piece::King { 2 } else { 3 }) {
                        pocket.add(piece);
                    }
                }
            }
        }
        setup
    }

    /// The differences between the mask generator and the engine on `pos`.
    fn differences<V: Variant>(pos: &Position<V>, chess960: bool) -> Vec<std::string::String> {
        let s = pos.setup();
        if !takes::<V>(s) || pos.is_variant_end() {
            return Vec::new();
        }
        let engine: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
        let mut fast = Vec::new();
        generate::<V, _>(s, &mut Each(|mv| fast.push(mv)));
        let mut count = Count(0);
        generate::<V, _>(s, &mut count);
        let ours: BTreeSet<Move> = fast.iter().map(|mv| mv.to_move(s, chess960)).collect();
        let mut failures = Vec::new();
        let fen = pos.fen_with(true, super::super::EnPassantMode::AsSet, true);
        if ours != engine || fast.len() != engine.len() || count.0 != engine.len() as u64 {
            failures.push(std::format!(
                "{:?} {fen}: moves {:?} against {:?} (count {})",
                V::KIND,
                ours.symmetric_difference(&engine).collect::<Vec<_>>(),
                (fast.len(), engine.len()),
                count.0
            ));
        }
        for mv in fast {
            let mut made = *s;
            make::<V>(&mut made, mv);
            let mut played = *pos;
            played.play(mv.to_move(s, chess960));
            if made != played.setup {
                failures.push(std::format!(
                    "{:?} {fen}: {mv:?} makes {made:?}, play gives {:?}",
                    V::KIND,
                    played.setup
                ));
            }
        }
        failures
    }

    fn playouts<V: Variant>(seed: u64) {
        let mut random = Random(seed);
        let mut failures = Vec::new();
        let mut taken = 0;
        for game in 0..300 {
            let chess960 = game % 2 == 1;
            let setup = if game % 3 == 0 {
                Position::<V>::start().setup
            } else {
                loose_setup::<V>(&mut random)
            };
            let mut pos = Position::<V>::from_setup(setup, chess960);
            for _ in 0..80 {
                taken += usize::from(takes::<V>(pos.setup()));
                failures.extend(differences(&pos, chess960));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[random.below(moves.len())]);
            }
        }
        assert!(taken > 1000, "{:?}: only {taken} positions taken", V::KIND);
        failures.truncate(10);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn racing_kings_masks_equal_the_engine() {
        playouts::<RacingKings>(0x5EED_0001);
    }

    #[test]
    fn horde_masks_equal_the_engine() {
        playouts::<Horde>(0x5EED_0002);
    }

    #[test]
    fn crazyhouse_masks_equal_the_engine() {
        playouts::<Crazyhouse>(0x5EED_0003);
    }

    /// The empty board is no setup for this generator's questions: nothing
    /// to move, no moves, no count.
    #[test]
    fn an_empty_board_has_no_moves() {
        let s = Setup::EMPTY;
        let mut count = Count(0);
        generate::<Horde, _>(&s, &mut count);
        assert_eq!(count.0, 0);
    }
}
