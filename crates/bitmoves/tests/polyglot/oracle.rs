//! The oracle: a book written in Python with python-chess's keys, read by
//! python-chess and by bitmoves, must give the same moves.
//!
//! python-chess is an outside program: when it is missing the test says
//! so and passes, unless `BITMOVES_REQUIRE_ORACLE=1` is set, as CI sets it.

use super::{Random, TempFile, common};
use bitmoves::{Board, polyglot::Book};
use std::{
    io::Write,
    process::{Command, Stdio},
};

/// python-chess writes nothing, so its book is packed by hand in Python
/// (castling as king-takes-rook), keys from `chess.polyglot.zobrist_hash`;
/// python-chess then reads it back with `find_all` (weight 0 included) and
/// prints each position's moves as `index uci weight`, highest weight first
/// with ties in book order. The book has, per position, a random subset of
/// its legal moves with random weights (0 included), a move of another
/// position, and a random move that is usually illegal.
const ORACLE_SCRIPT: &str = r#"
import random, struct, sys
import chess, chess.polyglot
path = sys.argv[1]
rng = random.Random(20240614)
boards = []
for line in sys.stdin.read().splitlines():
    fen, c960 = line.split("\t")
    boards.append(chess.Board(fen, chess960=c960 == "1"))
def raw(board, move):
    to = move.to_square
    if board.is_castling(move) and not board.chess960:
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if board.is_kingside_castling(move) else 0, rank)
    promotion = (move.promotion - 1) if move.promotion else 0
    return to | move.from_square << 6 | promotion << 12
entries = []
for i, board in enumerate(boards):
    key = chess.polyglot.zobrist_hash(board)
    legal = list(board.legal_moves)
    for move in rng.sample(legal, min(len(legal), rng.randint(1, 8))):
        entries.append((key, raw(board, move), rng.choice([0, 1, 1, 2, 5, 100, 65535]), rng.getrandbits(32)))
    other = boards[(i + 1) % len(boards)]
    move = next(iter(other.legal_moves), None)
    if move is not None:
        entries.append((key, raw(other, move), 3, 0))
    entries.append((key, rng.getrandbits(15), 4, 0))
entries.sort(key=lambda entry: entry[0])
with open(path, "wb") as out:
    for entry in entries:
        out.write(struct.pack(">QHHI", *entry))
with chess.polyglot.open_reader(path) as reader:
    for i, board in enumerate(boards):
        found = sorted(reader.find_all(board, minimum_weight=0), key=lambda e: -e.weight)
        for entry in found:
            print(i, board.uci(entry.move), entry.weight, entry.learn)
"#;

#[test]
fn python_chess_reads_the_same_moves_from_its_book() {
    if !common::python_chess_or_skip("polyglot oracle") {
        return;
    }
    // Suite positions (Chess960 ones in Chess960 mode), and positions a
    // few random plies on from them.
    let mut random = Random(0x626f_6f6b);
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
    let mut child = Command::new("python3")
        .args(["-c", ORACLE_SCRIPT])
        .arg(&file.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    {
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
    }
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = String::from_utf8(output.stdout).unwrap();

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
