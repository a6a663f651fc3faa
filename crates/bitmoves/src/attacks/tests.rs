//! Every generated table against a slow, obviously correct reference:
//! leapers by their distance, sliders by offset walking with the board
//! edge checked by `Square::offset`.

use super::*;
use crate::{Color, Direction, Square};
use bitmoves_tables as tables;

/// The squares whose file and rank differences from `square` pass `step`.
fn leaper(square: Square, step: impl Fn(i8, i8) -> bool) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|to| {
            let file = to.file() as i8 - square.file() as i8;
            let rank = to.rank() as i8 - square.rank() as i8;
            step(file, rank)
        })
        .collect()
}

/// Walks from `square` in `direction` up to the edge, stopping at (and
/// including) the first square in `occupied`.
fn walk(square: Square, direction: Direction, occupied: Bitboard) -> Bitboard {
    let (df, dr) = direction.delta();
    let mut set = Bitboard::EMPTY;
    let mut at = square;
    while let Some(next) = at.offset(df, dr) {
        set.insert(next);
        if occupied.contains(next) {
            break;
        }
        at = next;
    }
    set
}

fn slider(square: Square, occupied: Bitboard, orthogonal: bool) -> Bitboard {
    Direction::ALL
        .into_iter()
        .filter(|d| d.is_orthogonal() == orthogonal)
        .fold(Bitboard::EMPTY, |set, d| set | walk(square, d, occupied))
}

/// Every subset of `mask`, by the carry-rippler trick.
fn subsets(mask: u64) -> impl Iterator<Item = Bitboard> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(Bitboard(current))
    })
}

/// Software PEXT: gathers the bits of `value` selected by `mask`.
fn soft_pext(value: u64, mask: u64) -> u64 {
    Bitboard(mask).iter().enumerate().fold(0, |out, (i, sq)| {
        out | (u64::from(Bitboard(value).contains(sq)) << i)
    })
}

/// Software PDEP: scatters the low bits of `value` onto the bits of `mask`.
fn soft_pdep(value: u64, mask: u64) -> u64 {
    Bitboard(mask).iter().enumerate().fold(0, |out, (i, sq)| {
        if value >> i & 1 == 1 {
            out | sq.bitboard().0
        } else {
            out
        }
    })
}

#[test]
fn knight_and_king_tables_hold_the_squares_at_their_distance_on_every_square() {
    for sq in Square::ALL {
        let knight_jump = |file: i8, rank: i8| file * file + rank * rank == 5;
        let king_step = |file: i8, rank: i8| file.abs().max(rank.abs()) == 1;
        assert_eq!(knight(sq), leaper(sq, knight_jump), "knight on {sq}");
        assert_eq!(king(sq), leaper(sq, king_step), "king on {sq}");
    }
}

#[test]
fn pawn_tables_attack_diagonally_forward_for_each_colour() {
    for sq in Square::ALL {
        assert_eq!(
            pawn(Color::White, sq),
            leaper(sq, |file, rank| file.abs() == 1 && rank == 1),
            "white pawn {sq}"
        );
        assert_eq!(
            pawn(Color::Black, sq),
            leaper(sq, |file, rank| file.abs() == 1 && rank == -1),
            "black pawn {sq}"
        );
    }
}

#[test]
fn rays_run_from_the_square_to_the_edge_in_every_direction() {
    for sq in Square::ALL {
        for d in Direction::ALL {
            assert_eq!(ray(d, sq), walk(sq, d, Bitboard::EMPTY), "{d:?} from {sq}");
        }
    }
}

#[test]
fn between_and_line_follow_the_shared_ray_for_every_pair() {
    for a in Square::ALL {
        for b in Square::ALL {
            let direction = Direction::ALL
                .into_iter()
                .find(|&d| walk(a, d, Bitboard::EMPTY).contains(b));
            let (expected_between, expected_line) = match direction {
                Some(d) if a != b => (
                    walk(a, d, b.bitboard()) - b.bitboard(),
                    walk(a, d, Bitboard::EMPTY)
                        | walk(a, d.opposite(), Bitboard::EMPTY)
                        | a.bitboard(),
                ),
                _ => (Bitboard::EMPTY, Bitboard::EMPTY),
            };
            assert_eq!(between(a, b), expected_between, "between {a} and {b}");
            assert_eq!(line(a, b), expected_line, "line through {a} and {b}");
        }
    }
}

#[test]
fn empty_board_rays_and_masks_match_the_reference() {
    for sq in Square::ALL {
        let rook_rays = slider(sq, Bitboard::EMPTY, true);
        let bishop_rays = slider(sq, Bitboard::EMPTY, false);
        assert_eq!(
            tables::ROOK_RAYS_ALL[sq.index()],
            rook_rays.0,
            "rook rays {sq}"
        );
        assert_eq!(
            tables::BISHOP_RAYS_ALL[sq.index()],
            bishop_rays.0,
            "bishop rays {sq}"
        );
        // The relevant occupancy drops the last square of each ray: a piece
        // there cannot shorten the ray.
        let ends = |orthogonal: bool| {
            Direction::ALL
                .into_iter()
                .filter(|d| d.is_orthogonal() == orthogonal)
                .flat_map(|d| {
                    let (df, dr) = d.delta();
                    walk(sq, d, Bitboard::EMPTY)
                        .iter()
                        .filter(move |s| s.offset(df, dr).is_none())
                })
                .collect::<Bitboard>()
        };
        assert_eq!(
            tables::ROOK_MASKS[sq.index()],
            (rook_rays - ends(true)).0,
            "rook mask {sq}"
        );
        assert_eq!(
            tables::BISHOP_MASKS[sq.index()],
            (bishop_rays - ends(false)).0,
            "bishop mask {sq}"
        );
    }
}

/// For every square and every subset of its relevant occupancy, the magic
/// lookup, the PEXT table (read through software PEXT/PDEP) and the build's
/// active lookup all equal offset walking.
#[test]
fn sliders_equal_the_reference_for_every_occupancy_subset_magic_pext_and_active() {
    for sq in Square::ALL {
        let s = sq.index();
        for (orthogonal, mask, rays, pext_offset) in [
            (
                true,
                tables::ROOK_MASKS[s],
                tables::ROOK_RAYS_ALL[s],
                tables::ROOK_PEXT_OFFSETS[s],
            ),
            (
                false,
                tables::BISHOP_MASKS[s],
                tables::BISHOP_RAYS_ALL[s],
                tables::BISHOP_PEXT_OFFSETS[s],
            ),
        ] {
            for occupied in subsets(mask) {
                let expected = slider(sq, occupied, orthogonal);
                let (by_magic, active) = if orthogonal {
                    (magic::rook(sq, occupied), rook(sq, occupied))
                } else {
                    (magic::bishop(sq, occupied), bishop(sq, occupied))
                };
                let packed = tables::PEXT_ATTACKS
                    [pext_offset as usize + soft_pext(occupied.0, mask) as usize];
                let by_pext = Bitboard(soft_pdep(u64::from(packed), rays));
                let piece = if orthogonal { "rook" } else { "bishop" };
                assert_eq!(
                    by_magic, expected,
                    "magic {piece} on {sq} with {occupied:?}"
                );
                assert_eq!(by_pext, expected, "pext {piece} on {sq} with {occupied:?}");
                assert_eq!(
                    active, expected,
                    "{SLIDER_BACKEND} {piece} on {sq} with {occupied:?}"
                );
                // The PEXT instructions themselves, where the CPU has them.
                #[cfg(all(target_arch = "x86_64", feature = "std"))]
                if let Some(pext) = super::Pext::detect() {
                    use super::Sliders;
                    let by_cpu = if orthogonal {
                        pext.rook(sq, occupied)
                    } else {
                        pext.bishop(sq, occupied)
                    };
                    assert_eq!(by_cpu, expected, "hardware pext {piece} on {sq}");
                }
                // Pieces outside the mask never change the answer.
                let noisy = occupied | Bitboard(!mask & 0x8100_0000_0000_0081);
                let again = if orthogonal {
                    rook(sq, noisy)
                } else {
                    bishop(sq, noisy)
                };
                assert_eq!(
                    again,
                    expected - (Bitboard(!rays)),
                    "{piece} on {sq} ignores outside pieces"
                );
            }
        }
    }
}

#[test]
fn queen_is_rook_plus_bishop() {
    let occupied = Bitboard(0x0042_1008_2400_1800);
    for sq in Square::ALL {
        assert_eq!(
            queen(sq, occupied),
            slider(sq, occupied, true) | slider(sq, occupied, false)
        );
    }
}

/// Law: obstruction difference (wasm32's back-end, without large tables)
/// gives the magic back-end's rook, bishop and queen attacks on every
/// square, for every subset of the square's relevant occupancy, and for
/// 4,096 seeded pseudo-random whole boards of every density (edge squares,
/// the square itself occupied).
#[test]
fn obstruction_difference_equals_magic_on_every_square_and_occupancy() {
    use super::{Magic, Obstruction, Sliders};
    fn agree<S: Sliders + core::fmt::Debug>(sliders: S, sq: Square, occupied: Bitboard) {
        assert_eq!(
            sliders.rook(sq, occupied),
            Magic.rook(sq, occupied),
            "{sliders:?} rook on {sq} with {occupied:?}"
        );
        assert_eq!(
            sliders.bishop(sq, occupied),
            Magic.bishop(sq, occupied),
            "{sliders:?} bishop on {sq} with {occupied:?}"
        );
        assert_eq!(
            sliders.queen(sq, occupied),
            Magic.queen(sq, occupied),
            "{sliders:?} queen on {sq} with {occupied:?}"
        );
    }
    for sq in Square::ALL {
        let s = sq.index();
        for mask in [tables::ROOK_MASKS[s], tables::BISHOP_MASKS[s]] {
            for occupied in subsets(mask) {
                agree(Obstruction, sq, occupied);
            }
        }
    }
    // xorshift64*, seeded: boards from empty to full (AND-ing or OR-ing
    // draws together thins or thickens them).
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    for round in 0..4096 {
        let occupied = Bitboard(match round % 6 {
            0 => next() & next() & next(),
            1 => next() & next(),
            2 => next(),
            3 => next() | next(),
            4 => next() | next() | next(),
            _ => [0, u64::MAX, 0x8100_0000_0000_0081, 0xff00_0000_0000_00ff][round / 6 % 4],
        });
        for sq in Square::ALL {
            agree(Obstruction, sq, occupied);
        }
    }
}
