//! Rook, bishop and queen: the ray loop, the Kogge-Stone fill, and the
//! table lookups, each drawn step by step.

use super::lookups::{magic, pext};
use super::{Scene, Section, Slider, Step, section, title, union_and_lookup};
use crate::methods::leapers::compass_text;
use bitmoves::{Bitboard, Direction, attacks};
use bitmoves_shift::sliders::{occluded_fill, rays};
use bitmoves_shift::{compass, offset};

/// The rook on the subject square, four ways.
pub fn rook(scene: &Scene) -> Vec<Section> {
    slider(scene, Slider::Rook)
}

/// The bishop on the subject square, four ways.
pub fn bishop(scene: &Scene) -> Vec<Section> {
    slider(scene, Slider::Bishop)
}

/// The queen: the rook's and the bishop's magic lookups, and their union.
pub fn queen(scene: &Scene) -> Vec<Section> {
    let rook = Slider::Rook.lookup(scene);
    let bishop = Slider::Bishop.lookup(scene);
    let lookup = attacks::queen(scene.subject, scene.occupied());
    let steps = vec![
        Step::board("rook", "rook lookup", rook),
        Step::board("bishop", "bishop lookup", bishop),
        Step::board("union", "rook | bishop", rook | bishop),
        Step::board(
            "lookup",
            format!("lookup: attacks::queen({})", scene.subject),
            lookup,
        ),
        Step::verdict("equal", "union = lookup", rook | bishop, lookup),
    ];
    let mut sections = vec![section(
        "queen",
        "Queen: rook and bishop together",
        "A queen attacks what a rook and a bishop on its square attack.",
        steps,
    )];
    sections.extend(slider(scene, Slider::Rook));
    sections.extend(slider(scene, Slider::Bishop));
    sections
}

fn slider(scene: &Scene, slider: Slider) -> Vec<Section> {
    vec![
        ray_loop(scene, slider),
        kogge_stone(scene, slider),
        magic(scene, slider),
        pext(scene, slider),
    ]
}

/// The ray loop's section: id, heading, text.
const RAY_LOOP: [&str; 3] = [
    "rays",
    "the ray loop",
    "The loop of the write-ups: \
    from the piece, step square by square in each direction; include the first occupied square, then stop.",
];

/// The Kogge-Stone fill's section: id, heading, text.
const KOGGE_STONE: [&str; 3] = [
    "kogge-stone",
    "Kogge-Stone fill",
    "The occluded fill \
    shifts the generator (the piece) and the propagator (the empty squares) by 1, 2 and 4 steps, so three \
    rounds cover a ray of seven; the attacks are the fill moved one step further.",
];

/// One square at a time along each ray, stopping after the first blocker.
fn ray_loop(scene: &Scene, slider: Slider) -> Section {
    let (square, occupied) = (scene.subject, scene.occupied());
    let steps = vec![Step::board("occupied", "occupied", occupied)];
    let ray = |direction, steps: &mut Vec<Step>| {
        let ray = offset::ray(direction, square, occupied);
        let (id, _) = compass_text(direction);
        let what = format!("{}: step until the edge or a blocker", name_of(direction));
        steps.push(Step::board(id, what, ray));
        ray
    };
    rays_section(scene, slider, (steps, ray, "the rays"), RAY_LOOP)
}

/// A method that builds the attacks ray by ray, as a section: after
/// `steps`, `ray` draws and returns each direction's ray; their union (of
/// `what`) is checked against the slider's lookup. The section is
/// `{slider}-{id}`, titled `{Slider}: {heading}`, explained by `text`.
fn rays_section(
    scene: &Scene,
    slider: Slider,
    (mut steps, ray, what): (
        Vec<Step>,
        impl Fn(Direction, &mut Vec<Step>) -> Bitboard,
        &str,
    ),
    [id, heading, text]: [&str; 3],
) -> Section {
    let mut union = Bitboard::EMPTY;
    for direction in slider.directions() {
        union |= ray(direction, &mut steps);
    }
    let square = scene.subject;
    let lookup_name = format!("attacks::{}({square}, occupied)", slider.name());
    union_and_lookup(&mut steps, what, union, lookup_name, slider.lookup(scene));
    let name = slider.name();
    section(
        &format!("{name}-{id}"),
        &format!("{}: {heading}", title(name)),
        text,
        steps,
    )
}

/// Kogge-Stone occluded fills: each ray filled through the empty squares
/// in three doubling rounds, then moved one step further.
fn kogge_stone(scene: &Scene, slider: Slider) -> Section {
    let (square, occupied) = (scene.subject, scene.occupied());
    let empty = !occupied;
    let b = square.bitboard();
    let steps = vec![Step::board("empty", "empty = !occupied", empty)];
    let ray = |direction, steps: &mut Vec<Step>| {
        let (id, one_step) = compass_text(direction);
        let fill = occluded_fill(direction, b, empty);
        let ray = rays(direction, b, occupied);
        debug_assert_eq!(ray, compass::step(direction, fill));
        let name = name_of(direction);
        let filled = format!("{name} fill through the empty squares");
        steps.push(Step::board(&format!("{id}_fill"), filled, fill));
        let attacks = format!("{name} attacks: one more step, {one_step}");
        steps.push(Step::board(id, attacks, ray));
        ray
    };
    rays_section(scene, slider, (steps, ray, "the four"), KOGGE_STONE)
}

/// A direction's name as its `Debug` shows it (`NorthEast`), without
/// linking the derived `Debug` into the wasm module.
fn name_of(direction: Direction) -> &'static str {
    match direction {
        Direction::North => "North",
        Direction::NorthEast => "NorthEast",
        Direction::East => "East",
        Direction::SouthEast => "SouthEast",
        Direction::South => "South",
        Direction::SouthWest => "SouthWest",
        Direction::West => "West",
        Direction::NorthWest => "NorthWest",
    }
}
