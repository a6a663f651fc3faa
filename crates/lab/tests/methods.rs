//! Every method of the lab agrees with the library: on every square, among
//! many occupancies, each verdict step the page would show reads "equal",
//! and the sets the page draws are the library's.

use bitmoves::{Bitboard, Square, attacks};
use bitmoves_lab::methods::{METHODS, Scene, Shown};
use bitmoves_lab::respond;

/// A deterministic stream of occupancies (an LCG), sparse and dense.
fn occupancies(count: usize) -> impl Iterator<Item = u64> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..count).map(move |i| {
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state
        };
        let (a, b) = (next(), next());
        if i % 2 == 0 { a & b } else { a & b & next() }
    })
}

/// The cells of a scene: a white piece on `subject`, blockers elsewhere.
fn cells(subject: Square, piece: char, blockers: u64) -> String {
    Square::ALL
        .into_iter()
        .map(|square| match square {
            s if s == subject => piece,
            s if Bitboard(blockers).contains(s) => 'x',
            _ => '.',
        })
        .collect()
}

#[test]
fn every_verdict_of_every_method_is_equal_on_every_square() {
    for method in METHODS {
        for subject in Square::ALL {
            for blockers in occupancies(12) {
                let scene = Scene::from_cells(subject, &cells(subject, 'N', blockers))
                    .expect("valid cells");
                for section in (method.build)(&scene) {
                    for step in &section.steps {
                        if let Shown::Verdict(equal) = step.shown {
                            assert!(
                                equal,
                                "{} {}/{} on {subject}, blockers {blockers:#x}",
                                method.id, section.id, step.id
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_slider_steps_show_the_library_attack_sets() {
    let value = |sections: &[bitmoves_lab::methods::Section], section: &str, step: &str| {
        let found = sections
            .iter()
            .find(|s| s.id == section)
            .and_then(|s| s.steps.iter().find(|t| t.id == step));
        found
            .map(|step| step.value)
            .unwrap_or_else(|| panic!("no step {section}/{step}"))
    };
    for subject in Square::ALL {
        for blockers in occupancies(8) {
            let blockers = blockers & !subject.bitboard().0;
            let occupied = Bitboard(blockers) | subject.bitboard();
            let scene =
                Scene::from_cells(subject, &cells(subject, 'R', blockers)).expect("valid cells");
            let rook = (bitmoves_lab::methods::find("rook").expect("rook").build)(&scene);
            let bishop = (bitmoves_lab::methods::find("bishop").expect("bishop").build)(&scene);
            for part in [
                "rays/union",
                "kogge-stone/union",
                "magic/attacks",
                "pext/attacks",
            ] {
                let (section, step) = part.split_once('/').expect("a slash");
                let expected = attacks::rook(subject, occupied).0;
                assert_eq!(
                    value(&rook, &format!("rook-{section}"), step),
                    expected,
                    "rook {part} {subject}"
                );
                let expected = attacks::bishop(subject, occupied).0;
                assert_eq!(
                    value(&bishop, &format!("bishop-{section}"), step),
                    expected,
                    "bishop {part} {subject}"
                );
            }
        }
    }
}

#[test]
fn bad_requests_get_an_error_naming_the_problem() {
    let cases = [
        (
            "steps knight z9 ................................................................",
            "bad square `z9`",
        ),
        (
            "steps castle d4 ................................................................",
            "unknown method `castle`",
        ),
        ("steps knight d4 ...", "expected 64 cells, got 3"),
        ("position 8/8/8/8/8/8/8/8 w - - 0 1", "bad FEN"),
        (
            "perft 9 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "perft depth must be 0 to 6",
        ),
        ("dance", "unknown request `dance`"),
    ];
    for (request, message) in cases {
        let answer = respond(request);
        assert!(
            answer.starts_with(r#"{"error":""#) && answer.contains(message),
            "{request}: {answer}"
        );
    }
}

#[test]
fn the_position_answer_lists_the_moves_in_uci_and_san() {
    let answer = respond("position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(answer.contains(r#"{"uci":"g1f3","san":"Nf3"}"#), "{answer}");
    assert_eq!(answer.matches(r#""uci""#).count(), 20);
    assert!(answer.contains(r#""checkers":"0x0000000000000000""#));
}
