//! Fuzzes the deep-perft file readers, `UnitFile::read` and
//! `ResultsReader`, and the merge of what they accept: none may panic, and
//! none may give a wrong sum.
//!
//! The first byte picks a cut point in the rest, to check that a file cut
//! short never reads as a different file: a cut unit file either fails or
//! is the same file (only blank lines cut), and the good results read
//! from a cut results file are a prefix of the whole file's.

#![no_main]

use bitmoves::Board;
use bitmoves_perft::split::{Merge, ResultLine, ResultsReader, SplitOptions, UnitFile};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

/// A small unit file to merge results against: 20 units, perft(3) = 8902.
static UNITS: LazyLock<UnitFile> = LazyLock::new(|| {
    UnitFile::split(&Board::default(), 3, 1, SplitOptions::default())
        .expect("the start position splits")
        .0
});

fuzz_target!(|data: &[u8]| {
    let Some((&cut, data)) = data.split_first() else {
        return;
    };
    let cut = data.len() * usize::from(cut) / 255;

    // Unit files: a file that reads writes back as one that reads the same.
    let whole = UnitFile::read(data);
    if let Ok(units) = &whole {
        let mut written = Vec::new();
        units.write(&mut written).expect("writing to memory");
        assert_eq!(UnitFile::read(&written[..]).as_ref().ok(), Some(units));
        if let Ok(part) = UnitFile::read(&data[..cut]) {
            assert_eq!(&part, units, "a cut unit file read as other units");
        }
    }

    // Results: good lines print back as themselves; cutting only drops
    // lines (a cut line has no line end, and is never good).
    let read = good_results(data);
    for (_, line) in &read {
        assert_eq!(line.to_string().parse().ok(), Some(*line));
    }
    assert!(
        read.starts_with(&good_results(&data[..cut])),
        "a cut line read as another"
    );

    // The merge: an accepted set of results sums exactly what it says.
    let units = &*UNITS;
    // Without memory for the merge's table there is nothing to check.
    let Ok(mut merge) = Merge::new(units) else {
        return;
    };
    let mut counts = vec![None; units.units().len()];
    for (_, line) in &read {
        if merge.add(line).is_ok() {
            let previous = counts[line.index].replace(line.count);
            assert!(previous.is_none_or(|count| count == line.count));
        }
    }
    if let Ok(total) = merge.total() {
        let expected = units
            .units()
            .iter()
            .zip(&counts)
            .map(|(unit, count)| count.expect("every unit counted") * u128::from(unit.multiplicity))
            .sum::<u128>();
        assert_eq!(total, expected);
    }
});

/// The good lines of a results file in memory, with their numbers.
fn good_results(data: &[u8]) -> Vec<(usize, ResultLine)> {
    let mut reader = ResultsReader::new(data);
    let mut lines = Vec::new();
    while let Some((number, read)) = reader.next_line().expect("reading memory") {
        if let Ok(line) = read {
            lines.push((number, line));
        }
    }
    lines
}
