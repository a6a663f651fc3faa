//! The law of the one-pass reader: reading games straight from the
//! input's buffer (whatever its size, so that games straddle refills
//! anywhere) calls the visitor exactly as cutting each game with the
//! splitter and reading it whole does; errors name the same game, line
//! and column. Checked with a visitor that skips some games, some
//! movetexts and some variations, on hostile text and its mutations.

use bitmoves::variant::uci;
use bitmoves::{Board, Move};
use bitmoves_pgn::{Flow, RawGame, Reader, VariantPosition, Visitor};
use std::io::BufReader;

#[path = "common/mutate.rs"]
mod mutate;

/// Logs every call; skips games, movetexts and variations by a rule of
/// what it saw, so that its answers follow from the calls alone.
#[derive(Default)]
struct Log {
    lines: Vec<String>,
    game: u64,
    variations: u64,
}

impl Visitor for Log {
    fn begin_game(&mut self, number: u64) -> Flow {
        self.lines.push(format!("game {number}"));
        self.game = number;
        if number % 7 == 3 {
            Flow::Skip
        } else {
            Flow::Continue
        }
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.lines.push(format!("tag {name}={value}"));
    }
    fn begin_moves(&mut self, start: &Board) -> Flow {
        self.lines.push(format!("moves {start}"));
        if self.game % 5 == 4 {
            Flow::Skip
        } else {
            Flow::Continue
        }
    }
    fn play(&mut self, board: &Board, mv: Move, san: &str) {
        self.lines
            .push(format!("play {mv} {san} {:x}", board.key()));
    }
    fn null_move(&mut self, board: &Board) {
        self.lines.push(format!("null {board}"));
    }
    fn nag(&mut self, nag: u8) {
        self.lines.push(format!("nag {nag}"));
    }
    fn comment(&mut self, text: &str) {
        self.lines.push(format!("comment {text}"));
    }
    fn begin_variation(&mut self) -> Flow {
        self.variations += 1;
        self.lines.push("(".to_owned());
        if self.variations.is_multiple_of(2) {
            Flow::Skip
        } else {
            Flow::Continue
        }
    }
    fn end_variation(&mut self) {
        self.lines.push(")".to_owned());
    }
    fn result(&mut self, result: &str) {
        self.lines.push(format!("result {result}"));
    }
    fn end_game(&mut self, board: &Board) {
        self.lines.push(format!("end {board}"));
    }
    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        self.lines
            .push(format!("variant {} {}", start.kind(), start.fen()));
        if self.game % 5 == 4 {
            Flow::Skip
        } else {
            Flow::Continue
        }
    }
    fn play_variant(&mut self, position: &VariantPosition, mv: Move, san: &str) {
        self.lines
            .push(format!("play {} {san} {}", uci(mv), position.fen()));
    }
    fn end_variant_game(&mut self, position: &VariantPosition) {
        self.lines.push(format!("end {}", position.fen()));
    }
}

/// The calls and results of reading every game of `text` with the
/// splitter: each game cut, then read whole.
fn by_the_splitter(text: &[u8]) -> Vec<String> {
    let mut log = Log::default();
    let mut reader = Reader::new(text);
    let mut raw = RawGame::default();
    while let Some(next) = reader.next_raw(&mut raw) {
        let result = next.and_then(|()| raw.read(&mut log));
        log.lines.push(format!("=> {result:?}"));
    }
    log.lines
}

/// The same, read in one pass through a buffer of `capacity` bytes.
fn in_one_pass(text: &[u8], capacity: usize) -> Vec<String> {
    let mut log = Log::default();
    let mut reader = Reader::new(BufReader::with_capacity(capacity, text));
    while let Some(result) = reader.read_game(&mut log) {
        log.lines.push(format!("=> {result:?}"));
    }
    log.lines
}

/// Panics, naming `what` and the first difference, unless `got` is
/// `expected`.
fn assert_same(got: &[String], expected: &[String], what: impl Fn() -> String) {
    if got != expected {
        let at = got.iter().zip(expected).take_while(|(a, b)| a == b).count();
        panic!(
            "{}: call or result {at} differs\n  got: {:?}\n  expected: {:?}",
            what(),
            got.get(at),
            expected.get(at)
        );
    }
}

/// The law on `text`, for buffers from 1 byte to larger than the text.
fn assert_one_pass_reads_as_cut(name: &str, text: &[u8]) {
    let expected = by_the_splitter(text);
    for capacity in [1, 2, 3, 5, 8, 13, 31, 64, 100, 257, 1000, 4096, 1 << 20] {
        let got = in_one_pass(text, capacity);
        assert_same(&got, &expected, || format!("{name}, buffer {capacity}"));
    }
    let mut log = Log::default();
    let mut reader = Reader::new(text);
    while let Some(result) = reader.read_game(&mut log) {
        log.lines.push(format!("=> {result:?}"));
    }
    assert_eq!(log.lines, expected, "{name}, in memory");
}

/// Games with every feature: tags with escapes, a FEN, comments over
/// lines (one holding a blank line and a `[` line), `;` and `%` lines,
/// NAGs, nested variations, null moves, Chess960, games without tags or
/// blank lines between them, errors, and blank lines of spaces.
const GAMES: &str = "[Event \"a \\\"b\\\" \\\\\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n\
    1. O-O {c} O-O-O $1 (1... Kd7 {d\n\n[e]} 2. Ra2 (2. Rab1)) 2. Kg2! ; x {\n% y {\nKb8 1-0\n\n\
    1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 *\n  \t\n\
    [Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n\
    1. g3 g6 2. Ng2 Ng7 3. f4 f5 4. Rf2 -- 5. Kf1 1/2-1/2\n\
    [Event \"no blank line before\"]\n1. d4 d5 2. Ke3 *\n\n%escaped\n; comment\n\n\
    [Event \"tags only\"]\n\n\n1. e4 (1. d4 (1. c4) d5) e5 $13 2. Qh5?! Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n\n\
    [Variant \"atomic\"]\n\n1. e4 *\n\n[FEN \"bad\"]\n\n1. e4 *\n\n1. e4 } e5 *\n\n1. e4 {open\n";

/// Variant games: read, skipped by the visitor (game 4 of 5), an unknown
/// name, illegal moves, a variation and a comment in one.
const VARIANT_GAMES: &str = "[Event \"a\"]\n\n1. e4 *\n\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 {drop}\n\
    Qa5 $1 (3... Qd8 (3... Qe6)) 4. Nc3 *\n[Variant \"Three-check\"]\n\
    [FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 1+2 0 1\"]\n\n1. Ra8+ Kd7 2. Ra7+ 1-0\n\n\
    [Variant \"Bughouse\"]\n\n1. e4 *\n\n[Variant \"King of the Hill\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd4 *\n\n\
    [Variant \"ZH\"]\n\n1. e4 d5 2. N@f3 *\n\n[Variant \"atomic\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n";

/// Games with what python-chess reads and the grammar's odd corners: `0000`,
/// `[%…]` command lines and other `[` lines in the moves, tag lines
/// without a blank line before them, byte order marks where files were
/// joined (before tags, blank lines and escape lines), DOS's end-of-file
/// byte, blank lines of Unicode spaces (and of a zero-width space, which
/// is none), `a8b`, `Nxc3` onto an empty square, a bare `$`, `$256`,
/// `e5*`, `e.p.`.
const ODD: &str = "1. e4 0000 2. e5 *\n\n[Event \"a\"]\n\n1. e4 e5\n[%evp 0,1,2]\n2. Nf3 [%clk 0:01] Nc6 *\n\
    [Event \"b\"]\n1. d4 *\n\u{feff}[Event \"c\"]\n\n1. c4 *\n\n\u{feff}\n\u{feff}% x\n\u{feff}[Event \"d\"]\n\n\
    1. e4 e5\n[ Event \"x\"]\n2. Nf3 *\n\u{a0}\u{a0}\n[FEN \"1n5k/P7/8/8/8/8/8/7K w - - 0 1\"]\n\n1. a8b Kg7 *\n\
    \u{3000}\n1. e4 e5 2. Nf3 Nc6 3. Nxc3 $ e.p. *\x1a\n\x1a\n1. e4 $256 *\n\u{200b}\n1. e4 e5*\n\n\
    1. e4 a6 2. e5 d5 3. exd6e.p. h5 (3... h6 [%x]\n[%y 1]\n) *\n\x1c\n\u{85}\n1. e4\n[%evp 1\n*\n\x1a";

/// `text` with LF line ends, with CRLF, with CR, and after a BOM, each
/// with its name.
fn line_ends(text: &str) -> [(&'static str, String); 4] {
    [
        ("LF", text.to_owned()),
        ("CRLF", text.replace('\n', "\r\n")),
        ("CR", text.replace('\n', "\r")),
        ("BOM", format!("\u{feff}{text}")),
    ]
}

/// `law` on the odd games in every line-end form, then on `rounds` random
/// mutations of them drawn from `seed`.
fn check_odd_games(law: fn(&str, &[u8]), seed: u64, rounds: usize) {
    for (name, text) in line_ends(ODD) {
        law(&format!("odd, {name}"), text.as_bytes());
    }
    check_mutations(law, "odd, ", ODD, rounds, &mut mutate::xorshift(seed));
}

/// `law` on `rounds` random mutations of `base` drawn from `next`, each
/// named `{name}mutation {round}`.
fn check_mutations(
    law: fn(&str, &[u8]),
    name: &str,
    base: &str,
    rounds: usize,
    next: &mut impl FnMut() -> u64,
) {
    for round in 0..rounds {
        let data = mutate::mutate(base.as_bytes(), 6, next);
        law(&format!("{name}mutation {round}"), &data);
    }
}

#[test]
fn odd_games_read_in_one_pass_as_the_splitter_cuts_them() {
    check_odd_games(assert_one_pass_reads_as_cut, 0x0dd5_eeed, 300);
}

#[test]
fn odd_games_read_in_chunks_as_one_thread() {
    check_odd_games(assert_chunks_read_as_one_thread, 0x05ee_d0dd, 100);
}

#[test]
fn games_read_in_one_pass_as_the_splitter_cuts_them() {
    for (name, text) in line_ends(GAMES) {
        assert_one_pass_reads_as_cut(name, text.as_bytes());
    }
    for (name, text) in line_ends(VARIANT_GAMES) {
        assert_one_pass_reads_as_cut(name, text.as_bytes());
    }
}

/// 20,000 bytes of PGN's characters at random.
fn junk(next: &mut impl FnMut() -> u64) -> Vec<u8> {
    (0..20_000)
        .map(|_| mutate::ALPHABET[(next() % mutate::ALPHABET.len() as u64) as usize])
        .collect()
}

/// The law on 600 random mutations of the games, and on PGN-like junk.
#[test]
fn mutated_games_and_junk_read_in_one_pass_as_cut() {
    let mut next = mutate::xorshift(0x9e37_79b9_7f4a_7c15);
    check_mutations(assert_one_pass_reads_as_cut, "", GAMES, 600, &mut next);
    check_mutations(
        assert_one_pass_reads_as_cut,
        "",
        VARIANT_GAMES,
        200,
        &mut next,
    );
    assert_one_pass_reads_as_cut("junk", &junk(&mut next));
}

/// A game's number, result and the calls it made to a [`Log`].
fn logged(game: bitmoves_pgn::PendingGame) -> String {
    let number = game.number();
    let mut log = Log::default();
    let result = game.read(&mut log);
    format!("{number}: {result:?} {:?}", log.lines)
}

/// `read_parallel` gives the same results, errors numbered alike, on one
/// thread (read straight from the input) as on several (cut, then read
/// on workers), for games with every feature and their mutations.
#[test]
fn one_thread_and_several_give_the_same_results() {
    let results = |text: &[u8], threads: usize| {
        let mut out = Vec::new();
        bitmoves_pgn::read_parallel(&mut Reader::new(text), threads, logged, |r| out.push(r))
            .expect("in memory");
        out
    };
    let mut text = GAMES.repeat(40).into_bytes();
    for round in 0..3 {
        let one = results(&text, 1);
        assert!(one.len() > 300, "{} games", one.len());
        assert!(one.iter().filter(|r| r.contains("Err(")).count() >= 40);
        assert_eq!(one, results(&text, 2), "round {round}");
        assert_eq!(one, results(&text, 3), "round {round}");
        // The games again with every tenth line end doubled.
        text = String::from_utf8_lossy(&text)
            .split('\n')
            .enumerate()
            .map(|(i, line)| {
                if i % 10 == 9 {
                    format!("{line}\n")
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
            .into_bytes();
    }
}

/// What `read_parallel_sized` gives on `threads` threads with chunks of
/// `chunk` bytes (the rest cut game by game past `limit` bytes without a
/// game's end), the input read through a buffer of `capacity` bytes:
/// each game's number, result and visitor calls, then the input error.
fn in_chunks(
    text: &[u8],
    threads: usize,
    chunk: usize,
    limit: usize,
    capacity: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    let work = logged;
    let mut reader = Reader::new(BufReader::with_capacity(capacity, text));
    let sizes = (chunk, limit);
    let outcome =
        bitmoves_pgn::read_parallel_sized(&mut reader, threads, sizes, work, |r| out.push(r));
    out.push(format!("{outcome:?}"));
    out
}

/// The law of the chunked reader on `text`: for chunks of every size
/// from 1 byte to more than the text, read through buffers of many
/// sizes, 2, 3 and 8 threads give the games, results, visitor calls, game
/// numbers and error places that one thread gives (which reads as the
/// splitter cuts, by the law above); so does cutting game by game past a
/// tiny `limit`.
fn assert_chunks_read_as_one_thread(name: &str, text: &[u8]) {
    let expected = in_chunks(text, 1, 0, 0, 1 << 20);
    let sizes = [
        (1, 1 << 30, 7),
        (2, 1 << 30, 1),
        (5, 1 << 30, 3),
        (13, 1 << 30, 64),
    ];
    let more = [
        (64, 1 << 30, 5),
        (257, 1 << 30, 1 << 20),
        (1000, 1 << 30, 31),
        (4096, 1 << 30, 100),
    ];
    let fallback = [
        (1000, 1, 13),
        (4096, 300, 4096),
        (1 << 20, 40, 1 << 20),
        (1 << 30, 1 << 30, 1 << 20),
    ];
    for (chunk, limit, capacity) in sizes.into_iter().chain(more).chain(fallback) {
        for threads in [2, 3, 8] {
            let got = in_chunks(text, threads, chunk, limit, capacity);
            let what = || {
                format!(
                    "{name}, {threads} threads, chunk {chunk}, limit {limit}, buffer {capacity}"
                )
            };
            assert_same(&got, &expected, what);
        }
    }
}

#[test]
fn chunks_of_any_size_read_as_one_thread() {
    for (name, text) in line_ends(GAMES) {
        assert_chunks_read_as_one_thread(name, text.as_bytes());
    }
    assert_chunks_read_as_one_thread("BOM only", "\u{feff}".as_bytes());
    let odd_blanks = GAMES.replace("\n\n", "\n\x0b\x0c\t \n");
    assert_chunks_read_as_one_thread("odd blanks", odd_blanks.as_bytes());
    assert_chunks_read_as_one_thread("empty", b"");
    assert_chunks_read_as_one_thread("many", GAMES.repeat(20).as_bytes());
    for (name, text) in line_ends(VARIANT_GAMES) {
        assert_chunks_read_as_one_thread(name, text.repeat(5).as_bytes());
    }
    let long = with_long_tags();
    assert_chunks_read_as_one_thread("long tags", long.as_bytes());
    assert_chunks_read_as_one_thread("long tags, CRLF", long.replace('\n', "\r\n").as_bytes());
}

/// Ten tags, as databases write them before each game.
const TAGS: &str = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n\
    [Date \"2024.01.01\"]\n[Round \"-\"]\n[White \"somebody\"]\n[Black \"someone else\"]\n\
    [Result \"1-0\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1600\"]\n[TimeControl \"180+0\"]\n";

/// The games with ten more tags before each game that has tags.
fn with_long_tags() -> String {
    format!("{TAGS}{GAMES}").replace("\n\n[", &format!("\n\n{TAGS}["))
}

/// The same law on 300 random mutations of the games (and 100 of them
/// with long tags), and on junk.
#[test]
fn mutated_games_and_junk_read_in_chunks_as_one_thread() {
    let law = assert_chunks_read_as_one_thread;
    let mut next = mutate::xorshift(0x2545_f491_4f6c_dd1d);
    check_mutations(law, "", GAMES, 300, &mut next);
    check_mutations(law, "long tags, ", &with_long_tags(), 100, &mut next);
    assert_chunks_read_as_one_thread("junk", &junk(&mut next));
}

/// Input that fails once `left` bytes were read.
struct Failing<'a> {
    text: &'a [u8],
    left: usize,
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::other("broken"));
        }
        let n = buf.len().min(self.left).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        (self.text, self.left) = (&self.text[n..], self.left - n);
        Ok(n)
    }
}

/// The games read before an input error and the error's game and line,
/// on `threads` threads with chunks of `chunk` bytes, the input read
/// through a buffer of `capacity` bytes. The error comes out of
/// `read_parallel`, never to `sink` as the result of the game it cut
/// short, on any number of threads.
fn until_broken(
    text: &[u8],
    left: usize,
    threads: usize,
    chunk: usize,
    capacity: usize,
) -> (Vec<String>, String) {
    let input = std::io::BufReader::with_capacity(capacity, Failing { text, left });
    let mut reader = Reader::new(input);
    let work = |game: bitmoves_pgn::PendingGame| {
        let number = game.number();
        let mut log = Log::default();
        match game.read(&mut log) {
            Err(e) if matches!(e.kind, bitmoves_pgn::ErrorKind::Io(_)) => Err((e.game, e.line)),
            result => Ok(format!("{number}: {result:?} {:?}", log.lines)),
        }
    };
    let mut games = Vec::new();
    let mut broken = None;
    let sink = |result: Result<String, (u64, u64)>| match result {
        Ok(game) if broken.is_none() => games.push(game),
        Ok(game) => panic!("{game} after the input failed"),
        Err(place) => panic!("the input error of {place:?} came to sink"),
    };
    let sizes = (chunk, 1 << 30);
    let outcome = bitmoves_pgn::read_parallel_sized(&mut reader, threads, sizes, work, sink);
    if let Err(e) = outcome {
        broken = Some((e.game, e.line));
    }
    (games, format!("{broken:?}"))
}

/// Small texts of every shape a failure can strike between or in: games
/// with and without tags, CRLF and LF, a lone `\r` as line end, blank
/// lines of spaces, a tag line with no blank line before it, `{…}`
/// comments over blank lines and `[` lines, `;` comments, escape lines,
/// a BOM, and a last game with no line end.
const FAILING: [&str; 8] = [
    "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
    "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n",
    "1. e4 e5 *\n\n1. d4 *\r\n\r\n1. c4 *\n \t\n",
    "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n[Site \"c\"]\r\n\r\n",
    "1. e4 {a\n\n[Event \"x\"]\n} e5 *\n\n1. d4 ; {\n\n% x\n1. c4 *\n\n",
    "\u{feff}[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *",
    "[Event \"a\"]\n\n\n1. e4 *\n\n\n%x\n[Event \"b\"]\n\n[Site \"c\"]\n\n1. d4",
    "*\n\n*\n\n\n*\n",
];

/// The law of a failing input: an input that fails at any byte gives,
/// on 1, 2 and 3 threads, every chunk size and every buffer size, the
/// same games before the failure and an input error with the same game
/// number and line. Checked at every byte of small texts (each twice
/// over, so that a failure strikes in a second game of each shape), and
/// at every 37th byte of the hostile games in CRLF.
#[test]
fn an_input_that_fails_reads_in_chunks_as_on_one_thread() {
    let crlf = GAMES.replace('\n', "\r\n").repeat(3);
    let mut cases: Vec<(String, usize)> = FAILING.iter().map(|text| (text.repeat(2), 1)).collect();
    cases.push((crlf, 37));
    let mut wrong = Vec::new();
    for (text, step) in &cases {
        for left in (0..text.len() + 2).step_by(*step) {
            let expected = until_broken(text.as_bytes(), left, 1, 0, 7);
            for (threads, chunk, capacity) in [
                (1, 0, 1),
                (2, 0, 7),
                (2, 1, 7),
                (3, 1, 1),
                (2, 2, 3),
                (3, 7, 7),
                (2, 30, 1),
                (3, 100, 7),
                (2, 1 << 20, 7),
            ] {
                let got = until_broken(text.as_bytes(), left, threads, chunk, capacity);
                if got != expected {
                    wrong.push(format!(
                        "{text:?} failing at {left}, chunk {chunk}, buffer {capacity}, \
                         {threads} threads:\n  got {got:?}\n  one thread {expected:?}"
                    ));
                }
            }
        }
    }
    let shown = wrong.iter().take(5).cloned().collect::<Vec<_>>().join("\n");
    assert!(wrong.is_empty(), "{} cases differ:\n{shown}", wrong.len());
}

/// A panic in `sink` (on the calling thread, while the other threads
/// wait for tokens or read on) comes out of `read_parallel`: no thread
/// waits for it forever.
#[test]
fn a_panic_in_sink_comes_out() {
    let text = GAMES.repeat(200);
    for (threads, chunk, at) in [(2, 100, 1), (3, 100, 50), (2, 1 << 20, 300), (4, 1000, 7)] {
        let outcome = std::panic::catch_unwind(|| {
            let mut reader = Reader::new(text.as_bytes());
            let work = |game: bitmoves_pgn::PendingGame| {
                let number = game.number();
                let _ = game.read(&mut Log::default());
                number
            };
            let sink = |number: u64| assert!(number != at, "game {at}");
            let sizes = (chunk, 1 << 30);
            bitmoves_pgn::read_parallel_sized(&mut reader, threads, sizes, work, sink)
        });
        assert!(outcome.is_err(), "{threads} threads, chunk {chunk}");
    }
}

/// A panic in `work`, on any thread, in one game or in all, comes
/// out of `read_parallel` (no thread waits for it forever).
#[test]
fn a_panic_in_work_comes_out() {
    let text = GAMES.repeat(200);
    for (threads, chunk, every) in [
        (2, 100, false),
        (3, 1 << 20, false),
        (2, 100, true),
        (3, 1000, true),
    ] {
        let outcome = std::panic::catch_unwind(|| {
            let mut reader = Reader::new(text.as_bytes());
            let work = |game: bitmoves_pgn::PendingGame| {
                assert!(game.number() != 50 && !every, "game 50");
                let _ = game.read(&mut Log::default());
            };
            let sizes = (chunk, 1 << 30);
            bitmoves_pgn::read_parallel_sized(&mut reader, threads, sizes, work, |()| {})
        });
        assert!(outcome.is_err(), "{threads} threads, chunk {chunk}");
    }
}
