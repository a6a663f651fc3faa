//! Many knights at once: set-wise attacks in both forms, the knight fill
//! and the fork squares.

use super::{Scene, Section, Step, or_subject, section};
use bitmoves::{Bitboard, Piece, attacks};
use bitmoves_shift::knights;

/// The knights of the subject's colour (the subject square when there are
/// none): their attacks by eight jumps and by the six-shift form, against
/// the union of one lookup per knight.
pub fn knights(scene: &Scene) -> Vec<Section> {
    let set = or_subject(scene.pieces(scene.color, Piece::Knight), scene);
    let eight = knights::set_attacks(set);
    let six = knights::set_attacks_parallel(set);
    let lookup = set
        .iter()
        .fold(Bitboard::EMPTY, |acc, sq| acc | attacks::knight(sq));
    let steps = vec![
        Step::board("knights", format!("the knights ({})", set.len()), set),
        Step::board(
            "eight_shifts",
            "form 1: union of the eight masked jumps of the whole set",
            eight,
        ),
        Step::board(
            "six_shifts",
            "form 2: one and two files each way, then two and one ranks (six shifts)",
            six,
        ),
        Step::board(
            "lookup",
            "lookup: union of attacks::knight per knight",
            lookup,
        ),
        Step::verdict("equal_eight", "form 1 = lookup", eight, lookup),
        Step::verdict("equal_six", "form 2 = lookup", six, lookup),
    ];
    vec![section(
        "knights",
        "Many knights at once",
        "The shifts never cared how many bits the set holds: one pass computes the attacks of every knight.",
        steps,
    )]
}

/// The knight fill from the subject's knights in one, two and three moves,
/// and the squares that fork two or more enemy pieces.
pub fn fill_and_forks(scene: &Scene) -> Vec<Section> {
    let set = or_subject(scene.pieces(scene.color, Piece::Knight), scene);
    let targets = scene.side(!scene.color);
    let forks = knights::fork_squares(targets);
    let mut fill_steps = vec![Step::board("start", "the knights", set)];
    for moves in 1..=3 {
        let id = format!("fill_{moves}");
        fill_steps.push(Step::board(
            &id,
            format!(
                "fill({moves}) = fill({}) | attacks(fill({}))",
                moves - 1,
                moves - 1
            ),
            knights::fill(set, moves),
        ));
    }
    let fork_steps = vec![
        Step::board("targets", "targets: the enemy pieces", targets),
        Step::board(
            "forks",
            "fork squares: in two or more jump images of the targets",
            forks,
        ),
        Step::board(
            "reachable",
            "forks one move away = forks & attacks(knights)",
            forks & knights::set_attacks(set),
        ),
    ];
    vec![
        section(
            "fill",
            "Knight fill",
            "Each round adds the attacks of everything reached so far: the squares a knight reaches in at most k moves.",
            fill_steps,
        ),
        section(
            "forks",
            "Fork squares",
            "A knight on s attacks t exactly when a knight on t attacks s, so the fork squares are those in two \
             or more of the eight jump images of the targets, counted with a two-bit saturating counter.",
            fork_steps,
        ),
    ]
}
