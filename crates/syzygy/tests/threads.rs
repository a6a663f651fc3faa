//! One `Tablebase` shared by threads: tables opened lazily by whichever
//! thread probes first, and every thread's answers equal one thread's.
//! Tables are opened only when probed: a bad file of a material nobody
//! probes costs nothing, and `max_pieces` counts what was added.

mod common;

use bitmoves::Board;
use bitmoves_syzygy::{SyzygyError, Tablebase};
use std::path::Path;

fn answers(tables: &Tablebase, boards: &[Board]) -> Vec<String> {
    boards
        .iter()
        .map(|b| {
            format!(
                "{:?} {:?}",
                tables.probe_wdl(b).ok(),
                tables.probe_dtz(b).ok()
            )
        })
        .collect()
}

#[test]
fn threads_probing_one_tablebase_agree_with_one_thread() {
    let Some(dir) = common::tables_dir("threads") else {
        return;
    };
    let names = common::table_names(&dir);
    let mut next = common::xorshift(0x7_4ead5);
    let mut boards = Vec::new();
    while boards.len() < 3000 {
        let name = &names[(next() % names.len() as u64) as usize];
        if let Some(fen) =
            common::random_position(&common::letters(name), next().is_multiple_of(2), &mut next)
        {
            boards.push(fen.parse::<Board>().expect("legal"));
        }
    }
    let expected = answers(&Tablebase::open([&dir]).expect("tables"), &boards);
    // A fresh tablebase: the threads race to open every table.
    let shared = Tablebase::open([&dir]).expect("tables");
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|i| {
                let (shared, boards) = (&shared, &boards);
                s.spawn(move || {
                    // Each thread starts at a different place.
                    let mut rotated = boards.to_vec();
                    rotated.rotate_left(i * boards.len() / 4);
                    let mut got = answers(shared, &rotated);
                    got.rotate_right(i * boards.len() / 4);
                    got
                })
            })
            .collect();
        for worker in workers {
            assert!(
                worker.join().expect("no panic") == expected,
                "a thread disagrees"
            );
        }
    });
}

#[test]
fn tables_are_opened_only_when_probed() {
    let Some(dir) = common::tables_dir("lazy opening") else {
        return;
    };
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("syzygy-lazy");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch");
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        std::fs::copy(dir.join(name), scratch.join(name)).expect("copy");
    }
    // A damaged 5-piece table: adding it reads nothing.
    std::fs::write(scratch.join("KRBvKQ.rtbw"), b"not a table").expect("write");
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(&scratch).expect("a directory"), 3);
    assert_eq!(tables.max_pieces(), 5);
    let board: Board = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1".parse().unwrap();
    assert_eq!(tables.probe_wdl(&board).unwrap().value(), 2);
    let five: Board = "8/8/8/8/8/1q2k3/8/RBK5 w - - 0 1".parse().unwrap();
    assert!(matches!(
        tables.probe_wdl(&five),
        Err(SyzygyError::BadSize { .. })
    ));
    // Files that are not tables are left out.
    std::fs::write(scratch.join("README.txt"), b"hello").expect("write");
    std::fs::write(scratch.join("KvKQ.rtbw"), b"").expect("write");
    assert_eq!(Tablebase::open([&scratch]).expect("open").max_pieces(), 5);
    assert_eq!(Tablebase::new().add_directory(&scratch).expect("dir"), 3);
    let error = Tablebase::new()
        .add_bytes("KvKQ.rtbw", Vec::new())
        .unwrap_err();
    assert!(matches!(error, SyzygyError::NotATableName(_)));
}
