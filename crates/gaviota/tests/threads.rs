//! One `Tablebase` probed from several threads at once, with a cache of
//! two blocks so that blocks are evicted and decompressed again while
//! other threads read them: every thread's answers equal one thread's
//! with the default cache.

mod common;

use bitmoves::Board;
use bitmoves_gaviota::Tablebase;

#[test]
fn threads_sharing_a_small_cache_agree_with_one_thread() {
    let Some(dir) = common::tables_dir("gaviota threads") else {
        return;
    };
    let mut next = common::xorshift(0x7e4d_5eed);
    let mut boards = Vec::new();
    for table in common::TABLES {
        for mirror in [false, true] {
            let fens = common::positions(table, mirror, Some((150, &mut next)));
            boards.extend(fens.iter().map(|fen| fen.parse::<Board>().expect("legal")));
        }
    }
    let reference = Tablebase::open([&dir]).expect("the tables");
    let expected: Vec<_> = boards
        .iter()
        .map(|b| reference.probe_dtm(b).expect("a table"))
        .collect();
    let mut shared = Tablebase::with_cache(2);
    shared.add_directory(&dir).expect("the tables");
    std::thread::scope(|scope| {
        for offset in 0..4 {
            let (shared, boards, expected) = (&shared, &boards, &expected);
            scope.spawn(move || {
                // Each thread walks the positions from its own start.
                for i in 0..boards.len() {
                    let at = (i + offset * boards.len() / 4) % boards.len();
                    assert_eq!(
                        shared.probe_dtm(&boards[at]).expect("a table"),
                        expected[at]
                    );
                }
            });
        }
    });
}
