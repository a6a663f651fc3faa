//! The oracle: a book written in Python with python-chess's keys, read by
//! python-chess and by bitmoves, must give the same moves.
//!
//! python-chess is an outside program: when it is missing the test says
//! so and passes, unless `BITMOVES_REQUIRE_ORACLE=1` is set, as CI sets it.

use super::{Random, TempFile, common};
use bitmoves::{Board, polyglot::Book};
use std::path::Path;

#[test]
fn python_chess_reads_the_same_moves_from_its_book() {
    if !common::python_chess_or_skip("polyglot oracle") {
        return;
    }
    // Suite positions (Chess960 ones in Chess960 mode), and positions a
    // few random plies on from them.
    let mut random = Random::new(0x626f_6f6b);
    let mut boards: Vec<Board> = Vec::new();
    for entry in common::all_entries() {
        let mut board = entry.board;
        if board.checkers().len() > 2 {
            continue; // python-chess refuses impossible checks
        }
        boards.push(board);
        for _ in 0..random.next() % 12 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play_unchecked(moves[(random.next() % moves.len() as u64) as usize]);
        }
        boards.push(board);
    }
    let input: String = boards
        .iter()
        .map(|b| format!("{b}\t{}\n", u8::from(b.is_chess960())))
        .collect();

    let file = TempFile::new("oracle", &[]);
    // The oracle harness writes the book with python-chess's keys and
    // reads it back with python-chess (see its --help).
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/oracle/check.py");
    let expected = common::python::run(
        &[
            script.to_str().expect("UTF-8"),
            "--book",
            file.0.to_str().expect("UTF-8"),
        ],
        input,
    );

    let mut book = Book::open(&file.0).unwrap();
    book.validate().unwrap();
    let mut actual = String::new();
    // Castles on standard and Chess960 boards, and promotions.
    let mut kinds = [0; 3];
    for (i, board) in boards.iter().enumerate() {
        for m in book.moves(board).unwrap() {
            actual.push_str(&format!("{i} {} {} {}\n", m.mv, m.weight, m.learn));
            if board.castling_side(m.mv).is_some() {
                kinds[usize::from(board.is_chess960())] += 1;
            }
            if m.mv.promotion.is_some() {
                kinds[2] += 1;
            }
        }
    }
    assert!(expected.lines().count() > boards.len(), "{expected}");
    for (line, (ours, theirs)) in actual.lines().zip(expected.lines()).enumerate() {
        assert_eq!(ours, theirs, "line {line}: the position is {}", {
            let index: usize = theirs.split(' ').next().unwrap().parse().unwrap();
            boards[index].to_string()
        });
    }
    assert_eq!(actual.lines().count(), expected.lines().count());
    eprintln!(
        "polyglot oracle: {} positions, {} book moves agree \
         ({} standard castles, {} Chess960 castles, {} promotions)",
        boards.len(),
        expected.lines().count(),
        kinds[0],
        kinds[1],
        kinds[2]
    );
    assert!(kinds.iter().all(|&count| count > 0), "{kinds:?}");
}
