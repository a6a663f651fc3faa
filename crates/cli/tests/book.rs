//! `bitmoves book FILE POSITION`: books written by the test, read by the
//! binary; its lines, its note for a position the book lacks, and its
//! one-line errors.

mod common;

use common::{TempFile, assert_input_error, one_line, run, stdout};

/// The starting position's Polyglot key.
const START_KEY: u64 = 0x463b_9618_1691_fc9c;
/// The key after 1. e4.
const E4_KEY: u64 = 0x823c_9b50_fd11_4196;
/// The key of the named position `castling` (kings and rooks, all rights).
const CASTLING_KEY: u64 = 0xfda2_39cc_692a_6053;

/// Polyglot's move bits for a UCI move: to-file, to-rank, from-file,
/// from-rank, promotion, three bits each from the lowest.
fn bits(uci: &str) -> u16 {
    let b = uci.as_bytes();
    let file = |c: u8| u16::from(c - b'a');
    let rank = |c: u8| u16::from(c - b'1');
    let promotion = b.get(4).map_or(0, |&p| match p {
        b'n' => 1,
        b'b' => 2,
        b'r' => 3,
        _ => 4,
    });
    file(b[2]) | rank(b[3]) << 3 | file(b[0]) << 6 | rank(b[1]) << 9 | promotion << 12
}

/// A book of `(key, uci, weight)` entries, written in the order given.
fn book(entries: &[(u64, &str, u16)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for &(key, uci, weight) in entries {
        bytes.extend(key.to_be_bytes());
        bytes.extend(bits(uci).to_be_bytes());
        bytes.extend(weight.to_be_bytes());
        bytes.extend(0u32.to_be_bytes());
    }
    bytes
}

/// A small sorted book: the start, after 1. e4, and the `castling` position.
fn opening_book(name: &str) -> TempFile {
    let mut entries = vec![
        (START_KEY, "g1f3", 5),
        (START_KEY, "e2e4", 10),
        (START_KEY, "e2e5", 50), // not legal: never printed
        (START_KEY, "d2d4", 10),
        (START_KEY, "c2c4", 20),
        (E4_KEY, "c7c5", 7),
        (E4_KEY, "e7e5", 9),
        (CASTLING_KEY, "e1a1", 1),
        (CASTLING_KEY, "e1h1", 2),
    ];
    entries.sort_by_key(|&(key, _, _)| key);
    TempFile::new(name, &book(&entries))
}

/// `bitmoves book FILE ARGS…`, which must succeed: its stdout.
fn looked_up(file: &TempFile, args: &[&str]) -> String {
    stdout(&[&["book", file.path()], args].concat())
}

#[test]
fn moves_print_highest_weight_first_with_ties_in_book_order() {
    let file = opening_book("order");
    assert_eq!(
        looked_up(&file, &["startpos"]),
        "c2c4 20\ne2e4 10\nd2d4 10\ng1f3 5\n"
    );
}

#[test]
fn moves_played_first_lead_to_the_position_looked_up() {
    let file = opening_book("moves");
    assert_eq!(
        looked_up(&file, &["startpos", "--moves", "e2e4"]),
        "e7e5 9\nc7c5 7\n"
    );
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(looked_up(&file, &[fen]), "e7e5 9\nc7c5 7\n");
}

#[test]
fn castling_is_printed_in_the_boards_convention() {
    let file = opening_book("castling");
    assert_eq!(looked_up(&file, &["castling"]), "e1g1 2\ne1c1 1\n");
    assert_eq!(
        looked_up(&file, &["castling", "--chess960"]),
        "e1h1 2\ne1a1 1\n"
    );
}

#[test]
fn a_position_not_in_the_book_prints_nothing_and_succeeds() {
    let file = opening_book("missing-position");
    let out = run(&["book", file.path(), "kiwipete"]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    one_line(&out.stderr, "note: no book moves for this position (key ");

    let empty = TempFile::new("empty", &[]);
    let out = run(&["book", empty.path(), "startpos"]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "note: no book moves for this position (the book has no entries)\n"
    );
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    assert_input_error(
        &["book", "/nonexistent/bitmoves/book.bin", "startpos"],
        "book file \"/nonexistent/bitmoves/book.bin\": cannot read the book: ",
    );
    let directory = std::env::temp_dir();
    assert_input_error(
        &["book", directory.to_str().unwrap(), "startpos"],
        "cannot read the book",
    );
}

#[test]
fn a_truncated_or_unsorted_book_is_an_error() {
    let bytes = book(&[(START_KEY, "e2e4", 1)]);
    let truncated = TempFile::new("truncated", &bytes[..10]);
    assert_input_error(
        &["book", truncated.path(), "startpos"],
        "the book is 10 bytes, not a whole number of 16-byte entries",
    );
    let unsorted = TempFile::new(
        "unsorted",
        &book(&[
            (u64::MAX, "e2e4", 1),
            (START_KEY, "e2e4", 1),
            (0, "e2e4", 1),
        ]),
    );
    assert_input_error(
        &["book", unsorted.path(), "startpos"],
        "the book is not sorted by key",
    );
}

#[test]
fn a_bad_position_or_move_is_an_error() {
    let file = opening_book("bad-position");
    assert_input_error(&["book", file.path(), "nowhere"], "unknown position name");
    assert_input_error(
        &["book", file.path(), "8/8/8 w - - 0 1"],
        "expected 8 ranks",
    );
    assert_input_error(
        &["book", file.path(), "startpos", "--moves", "e2e5"],
        "--moves entry 1 \"e2e5\"",
    );
}

#[test]
fn missing_arguments_are_a_usage_error() {
    let out = run(&["book", "only-a-file.bin"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    one_line(&out.stderr, "error: ");
}

/// Issue 22, defect 5: a FIFO made `book` hang (its open waits for a
/// writer), and `/dev/zero` and `/dev/urandom` read as empty books with
/// exit 0. Anything but a regular file is one error line, at once.
#[cfg(unix)]
#[test]
fn books_that_are_not_regular_files_are_refused_at_once() {
    let dir = common::scratch("book-fifo");
    let fifo = dir.join("book.bin");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["book", fifo.to_str().expect("UTF-8"), "startpos"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("a status") {
            break Some(status);
        }
        if start.elapsed().as_secs() >= 10 {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let _ = std::fs::remove_dir_all(&dir);
    let status = status.expect("book on a FIFO returns at once");
    assert!(!status.success());
    for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
        let refused = run(&["book", device, "startpos"]);
        assert!(!refused.success, "{device}");
        assert!(
            refused.stderr.starts_with("error: ") && refused.stderr.contains("not a regular file"),
            "{device}: {}",
            refused.stderr
        );
    }
}
