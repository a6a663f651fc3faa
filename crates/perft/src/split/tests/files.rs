//! The unit-file and results-file formats: round trips, damage, hostility.

use super::{KIWIPETE, text_of};
use crate::split::*;
use bitmoves::Board;
use std::{
    string::{String, ToString},
    vec::Vec,
};

#[test]
fn a_unit_file_reads_back_and_its_checksum_is_stable() {
    let (units, _) =
        UnitFile::split(&Board::default(), 7, 3, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let read = UnitFile::parse(&text).expect("reads back");
    assert_eq!(read, units);
    // The format in the module docs.
    assert!(text.starts_with(
        "# bitmoves units v1\n\
         # root: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         # depth: 7\n# ply: 3\n# units: 5362\n# paths: 8902\n"
    ));
    assert_eq!(units.checksum(), 0x8db5_6604_388f_dd65, "{text:.400}");
    // Blank lines and CRLF line ends are tolerated.
    let crlf = text.replace('\n', "\r\n") + "\n\n";
    assert_eq!(UnitFile::parse(&crlf).expect("CRLF"), units);
}

#[test]
fn damaged_unit_files_are_refused() {
    let (units, _) =
        UnitFile::split(&Board::default(), 5, 3, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let lines: Vec<&str> = text.lines().collect();
    let joined = |lines: &[&str]| lines.join("\n") + "\n";
    let refused = |text: &str| UnitFile::parse(text).expect_err("refused");

    // Truncated at a line end, and in the middle of a line.
    let cut = joined(&lines[..lines.len() - 1]);
    assert!(matches!(
        refused(&cut),
        UnitFileError::Truncated {
            expected: 5362,
            found: 5361
        }
    ));
    let mid = &text[..text.len() - 30];
    assert!(matches!(
        refused(mid),
        UnitFileError::Line { .. } | UnitFileError::Truncated { .. }
    ));
    assert!(matches!(
        refused(""),
        UnitFileError::Line {
            line: 1,
            problem: UnitFileProblem::NotAUnitFile
        }
    ));
    assert!(matches!(
        refused(&joined(&lines[..7])),
        UnitFileError::Truncated { .. }
    ));

    // Two different multiplicities swapped, their sum kept: only the
    // checksum sees it.
    let multiplicity = |line: &str| line.split(';').nth(2).unwrap_or_default().to_string();
    let (a, b) = (7..lines.len())
        .find_map(|a| {
            let b =
                (a + 1..lines.len()).find(|&b| multiplicity(lines[a]) != multiplicity(lines[b]))?;
            Some((a, b))
        })
        .expect("two units with different multiplicities");
    let mut edited: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
    let with = |line: &str, value: &str| {
        let mut fields: Vec<&str> = line.split(';').collect();
        fields[2] = value;
        fields.join(";")
    };
    edited[a] = with(lines[a], &multiplicity(lines[b]));
    edited[b] = with(lines[b], &multiplicity(lines[a]));
    let edited: Vec<&str> = edited.iter().map(String::as_str).collect();
    assert!(matches!(
        refused(&joined(&edited)),
        UnitFileError::Checksum { .. }
    ));

    // A unit moved, duplicated, renumbered, or given a wrong remaining depth.
    let mut swapped = lines.clone();
    swapped.swap(10, 11);
    assert!(matches!(
        refused(&joined(&swapped)),
        UnitFileError::Line { line: 11, .. }
    ));
    let mut duplicated = lines.clone();
    duplicated.insert(11, lines[10]);
    assert!(matches!(
        refused(&joined(&duplicated)),
        UnitFileError::Line { line: 12, .. }
    ));
    let wrong_depth = text.replacen(";2\n", ";4\n", 1);
    assert!(matches!(
        refused(&wrong_depth),
        UnitFileError::Line {
            problem: UnitFileProblem::Remaining {
                expected: 2,
                found: 4
            },
            ..
        }
    ));

    // A header edited: another root, depth or checksum.
    let kiwipete = text.replacen(&Board::default().to_string(), KIWIPETE, 1);
    assert!(matches!(refused(&kiwipete), UnitFileError::Checksum { .. }));
    let deeper = text.replacen("# depth: 5", "# depth: 6", 1);
    assert!(matches!(
        refused(&deeper),
        UnitFileError::Line { line: 8, .. }
    ));
    let too_deep = text.replacen("# depth: 5", "# depth: 17", 1);
    assert!(matches!(
        refused(&too_deep),
        UnitFileError::Line { line: 3, .. }
    ));
    let checksum_line = lines[6];
    let bad_checksum = text.replacen(checksum_line, "# checksum: fnv1a64 0000000000000000", 1);
    assert!(matches!(
        refused(&bad_checksum),
        UnitFileError::Checksum { expected: 0, .. }
    ));

    // A FEN spelled differently (an en passant square nobody can use).
    let fen = units.fen(&units.units()[0]);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[4] = "3";
    let clocks = text.replacen(&fen, &fields.join(" "), 1);
    assert!(matches!(
        refused(&clocks),
        UnitFileError::Line {
            problem: UnitFileProblem::NotCanonical,
            ..
        }
    ));
}

#[test]
fn hostile_unit_files_are_errors_not_panics() {
    let (units, _) =
        UnitFile::split(&Board::default(), 3, 1, SplitOptions::default()).expect("a split");
    let text = text_of(&units);
    let bytes = text.as_bytes();
    // Every prefix, and every single-byte change at a few places.
    for end in 0..bytes.len() {
        let _ = UnitFile::read(&bytes[..end]);
    }
    for at in (0..bytes.len()).step_by(7) {
        for byte in [b'0', b';', b'\n', b'#', 0xff, b' '] {
            let mut changed = bytes.to_vec();
            changed[at] = byte;
            if let Ok(read) = UnitFile::read(&changed[..]) {
                assert_eq!(read, units, "a changed file read as other units");
            }
        }
    }
    let long = std::format!("{FORMAT_LINE}\n# root: {}\n", "x".repeat(5000));
    assert!(matches!(
        UnitFile::parse(&long),
        Err(UnitFileError::Line {
            line: 2,
            problem: UnitFileProblem::TooLong
        })
    ));
}

#[test]
fn results_lines_read_back_and_cut_off_lines_are_left_out() {
    let line = ResultLine {
        index: 3,
        count: u128::MAX,
        checksum: 0x0123_4567_89ab_cdef,
    };
    let text = std::format!("{line}\n");
    assert_eq!(
        text,
        "3;340282366920938463463374607431768211455;0123456789abcdef\n"
    );
    let read = ResultLines::parse(text.as_bytes()).expect("a line");
    assert_eq!(read.lines, [(1, line)]);
    let partial = std::format!("{line}\n7;12");
    let read = ResultLines::parse(partial.as_bytes()).expect("a cut-off line");
    assert_eq!((read.lines.len(), read.complete_len), (1, text.len()));
    for bad in [
        "3;1\n",
        "3;1;0123456789abcdef;4\n",
        "03;1;0123456789abcdef\n",
        "3;-1;0123456789abcdef\n",
        "3;340282366920938463463374607431768211456;0123456789abcdef\n",
        "3;1;0123456789ABCDEF\n",
        "x;1;0123456789abcdef\n",
        "\u{ff}\n",
    ] {
        assert!(ResultLines::parse(bad.as_bytes()).is_err(), "{bad:?}");
    }
}
