//! Root probing against the DTZ of each child: every legal move's DTZ
//! from the root is what probing the position after it gives, the ranks
//! follow Stockfish's `root_probe` formula, the moves come best first
//! (equal ranks by DTZ, then by UCI text), and the moves that keep the
//! result are those of the best rank. The root's own WDL agrees with its
//! best move's.

mod common;

use bitmoves::Board;
use bitmoves_syzygy::{MAX_DTZ, RootOptions, Tablebase, Wdl};

/// Root positions checked per table.
const PER_TABLE: usize = 12;

/// The DTZ from the root of playing into `child`, from the child's own
/// probes.
fn child_dtz(tables: &Tablebase, child: &Board, history: &[u64]) -> i32 {
    let mv_zeroes = child.halfmove_clock() == 0;
    let dtz = if mv_zeroes {
        match -tables.probe_wdl(child).expect("wdl").value() {
            2 => 1,
            1 => 101,
            0 => 0,
            -1 => -101,
            _ => -1,
        }
    } else if history.iter().filter(|&&k| k == child.key()).count() >= 2
        || (child.halfmove_clock() >= 100 && child.has_legal_moves())
    {
        0
    } else {
        let dtz = -tables.probe_dtz(child).expect("dtz").0;
        dtz + dtz.signum()
    };
    let mated = child.is_check() && !child.has_legal_moves();
    if dtz == 2 && mated { 1 } else { dtz }
}

fn rank(dtz: i32, clock: i32, repeated: bool) -> i32 {
    if dtz > 0 {
        if dtz + clock <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ / 2 - (dtz + clock)
        }
    } else if dtz < 0 {
        if -dtz * 2 + clock < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ / 2 + (-dtz + clock)
        }
    } else {
        0
    }
}

#[test]
fn root_moves_rank_by_the_dtz_of_each_child() {
    let Some(dir) = common::tables_dir("root probing") else {
        return;
    };
    let tables = Tablebase::open([&dir]).expect("tables");
    let names = common::table_names(&dir);
    let mut next = common::xorshift(0x0200_7ab1e);
    let mut roots = 0;
    let mut moves_checked = 0;
    for name in &names {
        let pieces = common::letters(name);
        let mut made = 0;
        while made < PER_TABLE {
            let white = next().is_multiple_of(2);
            let Some(fen) = common::random_position(&pieces, white, &mut next) else {
                continue;
            };
            // Half of them with a halfmove clock that the 50-move rule feels.
            let clock = if made % 2 == 0 {
                0
            } else {
                (next() % 100) as u16
            };
            let fen = fen.replace(" 0 1", &format!(" {clock} 60"));
            let board: Board = fen.parse().expect("legal");
            if !board.has_legal_moves() {
                continue;
            }
            made += 1;
            roots += 1;
            let ranked = tables
                .probe_root(&board, &RootOptions::default())
                .expect("root probe");
            assert_eq!(ranked.len(), board.legal_moves().len(), "{fen}");
            let best = ranked[0].rank;
            for (i, m) in ranked.iter().enumerate() {
                let mut child = board;
                child.play_unchecked(m.mv);
                let dtz = child_dtz(&tables, &child, &[]);
                assert_eq!(m.dtz, dtz, "{fen} {}", m.mv);
                assert_eq!(m.rank, rank(dtz, i32::from(clock), false), "{fen} {}", m.mv);
                assert_eq!(m.keeps_result, m.rank == best, "{fen} {}", m.mv);
                if i > 0 {
                    // Best first; equal ranks by DTZ (the shortest win,
                    // the longest loss), then by UCI text.
                    let before = &ranked[i - 1];
                    let key = |m: &bitmoves_syzygy::RootMove| {
                        (std::cmp::Reverse(m.rank), m.dtz, m.mv.to_string())
                    };
                    assert!(key(before) < key(m), "{fen}: {} before {}", before.mv, m.mv);
                }
                moves_checked += 1;
            }
            if clock == 0 {
                // Without a clock, the best move keeps the root's result.
                let wdl = tables.probe_wdl(&board).expect("wdl");
                let best_dtz = ranked[0].dtz;
                match wdl {
                    Wdl::Win => assert!(best_dtz > 0 && best_dtz <= 100, "{fen}: {best_dtz}"),
                    Wdl::Draw => assert_eq!(best_dtz, 0, "{fen}"),
                    Wdl::Loss => assert!(ranked.iter().all(|m| m.dtz < 0), "{fen}"),
                    _ => {}
                }
            }
        }
    }
    eprintln!("{roots} roots, {moves_checked} moves ranked as their children's DTZ says");
}

#[test]
fn repetitions_and_the_clock_change_the_ranking() {
    let Some(dir) = common::tables_dir("root probing") else {
        return;
    };
    let tables = Tablebase::open([&dir]).expect("tables");
    // KQvK, White to move wins.
    let board: Board = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1".parse().unwrap();
    let fresh = tables.probe_root(&board, &RootOptions::default()).unwrap();
    assert_eq!(fresh[0].rank, MAX_DTZ);
    assert!(fresh.iter().filter(|m| m.keeps_result).all(|m| m.dtz > 0));

    // The same with 95 plies on the clock: no win fits, the faster the better.
    let late: Board = "8/8/8/8/8/4k3/8/1QK5 w - - 95 80".parse().unwrap();
    let ranked = tables.probe_root(&late, &RootOptions::default()).unwrap();
    assert!(ranked[0].rank < MAX_DTZ / 2 && ranked[0].rank > 0);
    let fastest = ranked
        .iter()
        .filter(|m| m.dtz > 0)
        .map(|m| m.dtz)
        .min()
        .unwrap();
    assert_eq!(ranked[0].dtz, fastest);

    // A move into a position that occurred twice is a draw.
    let queen_move = fresh.iter().find(|m| m.dtz > 0).unwrap().mv;
    let mut child = board;
    child.play_unchecked(queen_move);
    let history = vec![child.key(), board.key(), child.key()];
    let options = RootOptions {
        history,
        ..RootOptions::default()
    };
    let ranked = tables.probe_root(&board, &options).unwrap();
    let repeated = ranked.iter().find(|m| m.mv == queen_move).unwrap();
    assert_eq!((repeated.dtz, repeated.rank), (0, 0));
    // And with a repetition behind it, a win no longer ranks as certain.
    assert!(ranked[0].rank < MAX_DTZ && ranked[0].rank > 0);

    // rank_dtz: the fastest win first.
    let options = RootOptions {
        rank_dtz: true,
        ..RootOptions::default()
    };
    let ranked = tables.probe_root(&board, &options).unwrap();
    assert_eq!(ranked[0].rank, MAX_DTZ - ranked[0].dtz);
    assert_eq!(
        ranked[0].dtz,
        fresh
            .iter()
            .filter(|m| m.dtz > 0)
            .map(|m| m.dtz)
            .min()
            .unwrap()
    );
}

#[test]
fn wdl_ranking_when_dtz_tables_are_missing() {
    let Some(dir) = common::tables_dir("root probing") else {
        return;
    };
    let mut tables = Tablebase::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rtbw") {
            tables.add_file(&path);
        }
    }
    let board: Board = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1".parse().unwrap();
    assert!(tables.probe_root(&board, &RootOptions::default()).is_err());
    let ranked = tables
        .probe_root_wdl(&board, &RootOptions::default())
        .unwrap();
    assert_eq!(ranked[0].rank, MAX_DTZ);
    for pair in ranked.windows(2) {
        let key = |m: &bitmoves_syzygy::RootMove| (std::cmp::Reverse(m.rank), m.mv.to_string());
        assert!(
            key(&pair[0]) < key(&pair[1]),
            "{} before {}",
            pair[0].mv,
            pair[1].mv
        );
    }
    for m in &ranked {
        let mut child = board;
        child.play_unchecked(m.mv);
        let wdl = -tables.probe_wdl(&child).unwrap().value();
        assert_eq!(m.rank > 0, wdl > 0, "{}", m.mv);
        assert_eq!(m.keeps_result, m.rank == MAX_DTZ);
    }
}
