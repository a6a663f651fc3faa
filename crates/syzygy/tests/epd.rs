//! python-chess's `endgame.epd`: every position's WDL, DTZ and table WDL
//! (`probe_wdl_table`), as python-chess computed them, from the shipped
//! tables.

mod common;

use bitmoves::Board;
use bitmoves_syzygy::Tablebase;

/// The number after `name ` in an EPD operation list.
fn operation(ops: &str, name: &str) -> Option<i32> {
    ops.split(';').map(str::trim).find_map(|op| {
        op.strip_prefix(name)?
            .strip_prefix(' ')?
            .trim()
            .parse()
            .ok()
    })
}

#[test]
fn endgame_epd_matches_python_chess() {
    let Some(data) = common::data_dir("endgame.epd") else {
        return;
    };
    let tables = Tablebase::open([data.join("syzygy/regular")]).expect("the tables' directory");
    let text = std::fs::read_to_string(data.join("endgame.epd")).expect("endgame.epd");
    let mut wrong = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = format!(
            "{} {} {} {} 0 1",
            fields[0], fields[1], fields[2], fields[3]
        );
        let ops = fields[4];
        let board: Board = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let wdl = tables.probe_wdl(&board).map(|w| i32::from(w.value()));
        let dtz = tables.probe_dtz(&board).map(|d| d.0);
        let table = tables.probe_wdl_table(&board).map(|w| i32::from(w.value()));
        let expected = (
            operation(ops, "wdl"),
            operation(ops, "dtz"),
            operation(ops, "wdl_table"),
        );
        let ours = (
            wdl.as_ref().ok().copied(),
            dtz.as_ref().ok().copied(),
            table.as_ref().ok().copied(),
        );
        if ours != expected {
            wrong.push(format!(
                "{fen}: ours {wdl:?} {dtz:?} {table:?}, python-chess {expected:?}"
            ));
        }
        count += 1;
    }
    assert!(count >= 100, "endgame.epd has {count} positions");
    assert!(
        wrong.is_empty(),
        "{} of {count} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    eprintln!("endgame.epd: {count} positions agree");
}
