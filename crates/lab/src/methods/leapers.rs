//! Knight, king and pawns by shifting whole bitboards, next to the
//! library's lookups.

use super::{Scene, Section, Step, or_subject, section, union_and_lookup};
use bitmoves::{Bitboard, Color, Direction, Piece, attacks};
use bitmoves_shift::compass::{self, shift};
use bitmoves_shift::masks::{NOT_A_FILE, NOT_AB_FILE, NOT_GH_FILE, NOT_H_FILE};
use bitmoves_shift::{kings, pawns};

/// One knight jump as the write-ups name it: the shift, the mask it needs
/// and the library function that does both.
struct Jump {
    id: &'static str,
    name: &'static str,
    by: i8,
    mask_name: &'static str,
    mask: Bitboard,
    jump: fn(Bitboard) -> Bitboard,
}

/// The eight jumps, clockwise from north-north-east.
#[rustfmt::skip]
const JUMPS: [Jump; 8] = [
    Jump { id: "no_no_ea", name: "noNoEa", by: 17, mask_name: "notAFile", mask: NOT_A_FILE, jump: compass::no_no_ea },
    Jump { id: "no_ea_ea", name: "noEaEa", by: 10, mask_name: "notABFile", mask: NOT_AB_FILE, jump: compass::no_ea_ea },
    Jump { id: "so_ea_ea", name: "soEaEa", by: -6, mask_name: "notABFile", mask: NOT_AB_FILE, jump: compass::so_ea_ea },
    Jump { id: "so_so_ea", name: "soSoEa", by: -15, mask_name: "notAFile", mask: NOT_A_FILE, jump: compass::so_so_ea },
    Jump { id: "so_so_we", name: "soSoWe", by: -17, mask_name: "notHFile", mask: NOT_H_FILE, jump: compass::so_so_we },
    Jump { id: "so_we_we", name: "soWeWe", by: -10, mask_name: "notGHFile", mask: NOT_GH_FILE, jump: compass::so_we_we },
    Jump { id: "no_we_we", name: "noWeWe", by: 6, mask_name: "notGHFile", mask: NOT_GH_FILE, jump: compass::no_we_we },
    Jump { id: "no_no_we", name: "noNoWe", by: 15, mask_name: "notHFile", mask: NOT_H_FILE, jump: compass::no_no_we },
];

/// `b << 17` or `b >> 6`, as the write-ups write a shift.
fn shift_text(by: i8) -> String {
    // As u32: the module then needs no `Display` for i8.
    let op = if by >= 0 { "<<" } else { ">>" };
    format!("b {op} {}", u32::from(by.unsigned_abs()))
}

/// The knight on the subject square: the four file masks, each jump
/// before and after its mask, the union, and the lookup.
pub fn knight(scene: &Scene) -> Vec<Section> {
    let square = scene.subject;
    let b = square.bitboard();
    let mut steps = vec![Step::board(
        "start",
        format!("b: the knight on {square}"),
        b,
    )];
    for (id, name, mask) in [
        ("not_a_file", "notAFile", NOT_A_FILE),
        ("not_ab_file", "notABFile", NOT_AB_FILE),
        ("not_h_file", "notHFile", NOT_H_FILE),
        ("not_gh_file", "notGHFile", NOT_GH_FILE),
    ] {
        steps.push(Step::board(id, format!("mask {name}"), mask));
    }
    let mut union = Bitboard::EMPTY;
    for jump in &JUMPS {
        let shifted = shift(b, jump.by);
        let landed = (jump.jump)(b);
        debug_assert_eq!(landed, shifted & jump.mask);
        let raw_id = format!("{}_raw", jump.id);
        steps.push(Step::board(
            &raw_id,
            format!("{} before the mask: {}", jump.name, shift_text(jump.by)),
            shifted,
        ));
        let label = format!(
            "{} = ({}) & {}",
            jump.name,
            shift_text(jump.by),
            jump.mask_name
        );
        steps.push(Step::board(jump.id, label, landed));
        union |= landed;
    }
    let lookup = format!("attacks::knight({square})");
    union_and_lookup(
        &mut steps,
        "the eight jumps",
        union,
        lookup,
        attacks::knight(square),
    );
    vec![section(
        "knight",
        "Knight: eight masked shifts",
        "Each jump shifts the whole bitboard, then clears the files it would wrap onto: \
         an eastward jump may land on the a-file (or a- and b-files) only by wrapping round from the h-side.",
        steps,
    )]
}

/// The king on the subject square: the eight compass steps and their union.
pub fn king(scene: &Scene) -> Vec<Section> {
    let square = scene.subject;
    let b = square.bitboard();
    let mut steps = vec![Step::board("start", format!("b: the king on {square}"), b)];
    let mut union = Bitboard::EMPTY;
    for direction in Direction::ALL {
        let (id, text) = compass_text(direction);
        let set = compass::step(direction, b);
        steps.push(Step::board(id, text, set));
        union |= set;
    }
    debug_assert_eq!(union, kings::set_attacks(b));
    let lookup = format!("attacks::king({square})");
    union_and_lookup(
        &mut steps,
        "the eight steps",
        union,
        lookup,
        attacks::king(square),
    );
    let moves = kings::moves(square, scene.side(scene.color));
    steps.push(Step::board("moves", "moves = attacks & !own", moves));
    vec![section(
        "king",
        "King: eight compass steps",
        "One step in each direction; steps with an eastward part clear the a-file, westward ones the h-file.",
        steps,
    )]
}

/// The id and the write-ups' formula of one compass step.
pub fn compass_text(direction: Direction) -> (&'static str, &'static str) {
    match direction {
        Direction::North => ("north", "nort = b << 8"),
        Direction::NorthEast => ("north_east", "noEa = (b << 9) & notAFile"),
        Direction::East => ("east", "east = (b << 1) & notAFile"),
        Direction::SouthEast => ("south_east", "soEa = (b >> 7) & notAFile"),
        Direction::South => ("south", "sout = b >> 8"),
        Direction::SouthWest => ("south_west", "soWe = (b >> 9) & notHFile"),
        Direction::West => ("west", "west = (b >> 1) & notHFile"),
        Direction::NorthWest => ("north_west", "noWe = (b >> 7) & notHFile"),
    }
}

/// Pushes and captures, set-wise, for the pawns of each colour on the
/// board (the subject square when a colour has none).
pub fn pawns(scene: &Scene) -> Vec<Section> {
    let empty = !scene.occupied();
    Color::ALL
        .into_iter()
        .map(|color| {
            let pawns = or_subject(scene.pieces(color, Piece::Pawn), scene);
            let enemies = scene.side(!color);
            let (name, up) = match color {
                Color::White => ("White", "north"),
                Color::Black => ("Black", "south"),
            };
            let single = pawns::single_pushes(color, pawns, empty);
            let lookup = pawns.iter().fold(Bitboard::EMPTY, |set, sq| set | attacks::pawn(color, sq));
            let attacked = pawns::attacks(color, pawns);
            let steps = vec![
                Step::board("pawns", format!("{name} pawns"), pawns),
                Step::board("empty", "empty = !occupied", empty),
                Step::board("single", format!("single pushes = {up}(pawns) & empty"), single),
                Step::board("third_rank", "the rank a double push passes", pawns::third_rank(color)),
                Step::board("double", format!("double pushes = {up}(single & that rank) & empty"), pawns::double_pushes(color, pawns, empty)),
                Step::board("east_attacks", "east attacks", pawns::east_attacks(color, pawns)),
                Step::board("west_attacks", "west attacks", pawns::west_attacks(color, pawns)),
                Step::board("attacks", "attacks = east | west", attacked),
                Step::board("lookup", "lookup: union of attacks::pawn per pawn", lookup),
                Step::verdict("equal", "attacks = lookup", attacked, lookup),
                Step::board("enemies", "enemies", enemies),
                Step::board("captures", "captures = attacks & enemies", pawns::captures(color, pawns, enemies)),
            ];
            let id = format!("pawns-{}", name.to_ascii_lowercase());
            section(&id, &format!("{name} pawns: pushes and captures"), "Every pawn of one colour at once: \
                a push is one shift of the whole set, masked by the empty squares; a capture is a diagonal step masked by the enemies.", steps)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::Square;

    #[test]
    fn every_jump_is_its_raw_shift_masked() {
        for square in Square::ALL {
            let b = square.bitboard();
            for jump in &JUMPS {
                assert_eq!(
                    (jump.jump)(b),
                    shift(b, jump.by) & jump.mask,
                    "{} {square}",
                    jump.name
                );
            }
        }
    }
}
