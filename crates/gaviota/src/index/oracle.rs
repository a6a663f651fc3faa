//! The index schemes against python-chess's pure-Python prober, which
//! computes the same indices independently: every material's table, on
//! random placements (pawns on ranks 2–7, kings apart), and the list of
//! materials itself. Skipped without `python3` and the `chess` package,
//! unless `BITMOVES_REQUIRE_ORACLE=1`.

use crate::material::Material;
use bitmoves::Piece;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// Random placements per material.
const PER_TABLE: usize = 400;

fn python(args: &[&str], input: String) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gaviota_index.py");
    let child = Command::new("python3")
        .arg(&script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let available = Command::new("python3")
        .args(["-c", "import chess.gaviota"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !available {
        let required = std::env::var("BITMOVES_REQUIRE_ORACLE").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "BITMOVES_REQUIRE_ORACLE=1 but python-chess is missing"
        );
        eprintln!("gaviota index oracle skipped: python-chess is not installed");
        return None;
    }
    let mut child = child.ok()?;
    let mut stdin = child.stdin.take()?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().ok()?;
    writer.join().expect("writer").expect("input written");
    assert!(out.status.success(), "{script:?} failed");
    Some(String::from_utf8(out.stdout).expect("UTF-8"))
}

fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

fn joined(squares: &[u8]) -> String {
    squares
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn the_materials_are_python_chess_s() {
    let Some(names) = python(&["--names"], String::new()) else {
        return;
    };
    let mut ours: Vec<String> = Material::all().iter().map(Material::name).collect();
    ours.sort();
    assert_eq!(names.lines().collect::<Vec<_>>(), ours);
}

#[test]
fn every_scheme_indexes_as_python_chess_does() {
    let mut next = xorshift(0x1dea_5eed);
    let mut lines = Vec::new();
    let mut ours = Vec::new();
    for material in Material::all() {
        let scheme = material.scheme().expect("a table");
        let kinds: Vec<(bool, Piece)> = material
            .white
            .iter()
            .map(|p| (true, p))
            .chain(material.black.iter().map(|p| (false, p)))
            .collect();
        let mut placed = 0;
        while placed < PER_TABLE {
            let mut used = 0u64;
            let mut squares = Vec::new();
            for &(_, piece) in &kinds {
                let square = loop {
                    let s = (next() % 64) as u8;
                    let pawn_ok = piece != Piece::Pawn || (8..56).contains(&s);
                    if used & (1 << s) == 0 && pawn_ok {
                        break s;
                    }
                };
                used |= 1 << square;
                squares.push(square);
            }
            let (wn, _) = (material.white.iter().count(), ());
            let (white, black) = squares.split_at(wn);
            let (wk, bk) = (white[0], black[0]);
            if (wk & 7).abs_diff(bk & 7) <= 1 && (wk >> 3).abs_diff(bk >> 3) <= 1 {
                continue;
            }
            // Squares of one kind in increasing order, as a board lists them.
            let sort = |side: &[u8], kinds: &[(bool, Piece)]| {
                let mut pairs: Vec<(Piece, u8)> = kinds
                    .iter()
                    .map(|k| k.1)
                    .zip(side.iter().copied())
                    .collect();
                pairs.sort_by_key(|&(p, s)| (std::cmp::Reverse(p), s));
                pairs.into_iter().map(|(_, s)| s).collect::<Vec<u8>>()
            };
            let white = sort(white, &kinds[..wn]);
            let black = sort(black, &kinds[wn..]);
            lines.push(format!(
                "{} {} {}",
                material.name(),
                joined(&white),
                joined(&black)
            ));
            ours.push(scheme.index(&white, &black));
            placed += 1;
        }
    }
    let Some(theirs) = python(&[], lines.join("\n") + "\n") else {
        return;
    };
    let mut wrong = Vec::new();
    for ((line, ours), theirs) in lines.iter().zip(&ours).zip(theirs.lines()) {
        let theirs: i128 = theirs.parse().expect("an index");
        let size = Material::from_name(line.split(' ').next().expect("name"))
            .and_then(|m| m.scheme())
            .map_or(0, |s| s.size());
        let expected = (0..i128::from(size))
            .contains(&theirs)
            .then_some(theirs as u64);
        if *ours != expected {
            wrong.push(format!("{line}: python-chess {theirs}, ours {ours:?}"));
        }
    }
    assert_eq!(theirs.lines().count(), lines.len());
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
}
