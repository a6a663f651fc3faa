//! Bad and hostile input: errors that name the place and let the reader
//! go on, deep nesting, huge lines and tags, binary junk, damaged
//! compressed streams. None may panic, hang or grow memory without bound.

use bitmoves_pgn::{ErrorKind, Game, PgnError, Reader, Visitor, decompress};
use std::io::{BufRead, Read, Write};
use write_law::assert_writes_back;

#[path = "common/write_law.rs"]
mod write_law;

#[path = "common/mutate.rs"]
mod mutate;

#[path = "common/thread_law.rs"]
mod thread_law;

/// Reads every game of `text` whole: what each gave.
fn read_all(text: &[u8]) -> Vec<Result<Game, PgnError>> {
    let mut reader = Reader::new(text);
    std::iter::from_fn(|| Game::read(&mut reader)).collect()
}

/// Reads every game with the default visitor (variations skipped).
fn replay_all(text: &[u8]) -> Vec<Result<(), PgnError>> {
    struct Nothing;
    impl Visitor for Nothing {}
    let mut reader = Reader::new(text);
    std::iter::from_fn(|| reader.read_game(&mut Nothing)).collect()
}

#[test]
fn an_illegal_move_names_game_line_column_move_and_position_and_the_reader_goes_on() {
    let pgn = "1. e4 e5 *\n\n[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nf6 3. Ke3 *\n\n1. d4 *\n";
    let games = read_all(pgn.as_bytes());
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let error = games[1].as_ref().expect_err("Ke3 is illegal");
    assert_eq!((error.game, error.line, error.column), (2, 6, 15));
    let ErrorKind::IllegalMove { san, fen, .. } = &error.kind else {
        panic!("{error}");
    };
    assert_eq!(san, "Ke3");
    assert_eq!(
        fen,
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    assert_eq!(
        error.to_string(),
        "game 2 (line 6, column 15): illegal move \"Ke3\" (no legal king move to e3) in \
         rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
}

#[test]
fn an_ambiguous_move_and_junk_are_errors() {
    let games = read_all(b"1. a4 a5 2. h4 h5 3. Ra3 Ra6 4. Rh3 *\n\n1. e4 hello *\n\n1. e4 } *\n");
    assert!(
        matches!(&games[0].as_ref().unwrap_err().kind, ErrorKind::IllegalMove { san, .. } if san == "Rh3")
    );
    assert!(
        matches!(&games[1].as_ref().unwrap_err().kind, ErrorKind::Unexpected { text } if text == "hello")
    );
    assert!(matches!(
        &games[2].as_ref().unwrap_err().kind,
        ErrorKind::Unexpected { .. }
    ));
}

#[test]
fn other_variants_are_skipped_with_a_note_and_chess960_is_read() {
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 N@f6 *\n\n\
               [Variant \"Chess960\"]\n[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\"]\n\n1. a3 a6 2. O-O *\n";
    let games = read_all(pgn.as_bytes());
    let note = games[0].as_ref().expect_err("skipped");
    assert!(note.is_note(), "{note}");
    let game = games[1].as_ref().expect("Chess960");
    assert_eq!(
        game.mainline()
            .map(|mv| mv.expect("a move").to_string())
            .collect::<Vec<_>>(),
        ["a2a3", "a7a6", "e1h1"]
    );
}

#[test]
fn a_bad_fen_tag_is_an_error_and_the_next_game_is_read() {
    let games = read_all(b"[FEN \"not a fen\"]\n\n1. e4 *\n\n1. e4 *\n");
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        ErrorKind::BadFen { .. }
    ));
    assert!(games[1].is_ok());
}

#[test]
fn a_hundred_thousand_nested_variations_neither_crash_nor_recurse() {
    let mut pgn = b"1. e4 ".to_vec();
    pgn.extend(std::iter::repeat_n(b"(1. d4 ".as_slice(), 100_000).flatten());
    pgn.extend(std::iter::repeat_n(b')', 100_000));
    pgn.extend(b" e5 *\n");
    // Skipped (the default): only counted, and read.
    assert!(replay_all(&pgn)[0].is_ok());
    // Entered: an error past the limit.
    let games = read_all(&pgn);
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        ErrorKind::TooDeep
    ));
    // Unclosed, and opened without a move.
    assert!(replay_all(&vec![b'('; 100_000])[0].is_err());
    let mut unclosed = b"1. e4 ".to_vec();
    unclosed.extend(vec![b'('; 100_000]);
    assert!(replay_all(&unclosed)[0].is_ok());
}

#[test]
fn a_5_mb_line_and_a_1_mb_tag_are_read() {
    let mut pgn = format!("[Event \"{}\"]\n\n", "x\\\"".repeat(350_000)).into_bytes();
    let cycles = 5_000_000 / 24;
    for _ in 0..cycles {
        pgn.extend(b"Nf3 Nf6 Ng1 Ng8 ");
    }
    pgn.extend(b"*\n");
    let games = read_all(&pgn);
    let game = games[0].as_ref().expect("read");
    assert_eq!(game.tag("Event").map(str::len), Some(700_000));
    assert_eq!(game.moves.moves.len(), 4 * cycles);
}

#[test]
fn a_game_past_the_size_limit_is_skipped_and_the_next_one_read() {
    let mut pgn = b"1. e4 {".to_vec();
    pgn.extend(vec![b'a'; bitmoves_pgn::MAX_GAME_BYTES + 10]);
    pgn.extend(b"} *\n\n1. d4 *\n");
    let games = replay_all(&pgn);
    assert_eq!(games.len(), 2);
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        ErrorKind::TooLong
    ));
    assert!(games[1].is_ok());
}

#[test]
fn binary_junk_never_panics() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut junk = Vec::with_capacity(1 << 20);
    while junk.len() < 1 << 20 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        junk.extend_from_slice(&state.to_le_bytes());
    }
    let _ = read_all(&junk);
    // Junk made of PGN's own characters.
    let alphabet = b"[]{}()\";%$!?.-+#=0123456789 \n\rabcdefghKQRBNOx*/";
    let pgnish: Vec<u8> = junk
        .iter()
        .map(|b| alphabet[usize::from(*b) % alphabet.len()])
        .collect();
    let _ = read_all(&pgnish);
    let _ = replay_all(&pgnish);
}

fn corpus() -> Vec<u8> {
    "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
        .repeat(2000)
        .into_bytes()
}

/// The games read from `input`, and the error that stopped it, if any.
fn count_games(input: impl BufRead) -> (usize, Option<PgnError>) {
    let mut reader = Reader::new(input);
    let mut games = 0;
    while let Some(game) = Game::read(&mut reader) {
        match game {
            Ok(_) => games += 1,
            Err(error) => return (games, Some(error)),
        }
    }
    (games, None)
}

/// Reads `input` through [`decompress`], as [`count_games`] does; no games
/// when it is refused at once.
fn read_compressed(input: &[u8]) -> (usize, Option<PgnError>) {
    decompress(input).map_or((0, None), count_games)
}

#[test]
fn zstd_and_gzip_are_read_by_their_magic_and_damage_is_an_error() {
    let text = corpus();
    let zstd = zstd::encode_all(text.as_slice(), 3).expect("zstd");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(&text).expect("gzip");
    let gzip = gzip.finish().expect("gzip");
    for (name, packed) in [("zstd", zstd), ("gzip", gzip)] {
        assert_eq!(read_compressed(&packed).0, 2000, "{name}");
        let truncated = &packed[..packed.len() / 2];
        let (games, error) = read_compressed(truncated);
        assert!(games < 2000, "{name}: truncated");
        assert!(
            matches!(error.map(|e| e.kind), Some(ErrorKind::Io(_))),
            "{name}: truncated is an error"
        );
        let mut corrupt = packed.clone();
        let middle = corrupt.len() / 2;
        for byte in &mut corrupt[middle..middle + 16] {
            *byte ^= 0x5a;
        }
        let (games, error) = read_compressed(&corrupt);
        assert!(
            games < 2000 && error.is_some(),
            "{name}: corrupt is an error"
        );
    }
    let mut plain = String::new();
    decompress(&b"1. e4"[..])
        .expect("plain")
        .read_to_string(&mut plain)
        .expect("read");
    assert_eq!(plain, "1. e4");
}

/// Input that gives one byte per read, as a slow pipe may.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.0.len()).min(1);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The games read from `input` through [`decompress`], and the error
/// that stopped it, if any.
fn read_decompressed(input: impl Read + Send) -> (usize, Option<PgnError>) {
    count_games(decompress(input).expect("decompress"))
}

/// What `pzstd` writes: a skippable frame (magic `0x184D2A50`, its
/// length, 4 bytes of frame size), then zstd frames.
fn pzstd(text: &[u8]) -> Vec<u8> {
    let mut packed = vec![0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0];
    let half = text.len() / 2;
    let first = zstd::encode_all(&text[..half], 3).expect("zstd");
    packed.extend_from_slice(&u32::try_from(first.len()).expect("small").to_le_bytes());
    packed.extend_from_slice(&first);
    packed.extend_from_slice(&[0x5f, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4]);
    packed.extend_from_slice(&zstd::encode_all(&text[half..], 3).expect("zstd"));
    packed
}

/// A zstd stream that starts with a skippable frame (as `pzstd` writes
/// it), and compressed input that comes a byte at a time (fewer bytes in
/// the first read than the magic), are decompressed; a gzip file padded
/// with zero bytes after its last member (or between members) loses no
/// game and reads without error, as `gzip -d` and Python read it; other
/// bytes after a member are still an error.
#[test]
fn pzstd_output_trickled_input_and_zero_padded_gzip_are_read_whole() {
    let text = corpus();
    let gzip = |text: &[u8]| {
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(text).expect("gzip");
        gzip.finish().expect("gzip")
    };
    let zstd = zstd::encode_all(text.as_slice(), 3).expect("zstd");
    for (name, packed) in [
        ("pzstd", pzstd(&text)),
        ("zstd", zstd),
        ("gzip", gzip(&text)),
    ] {
        assert_eq!(read_decompressed(packed.as_slice()).0, 2000, "{name}");
        let (games, error) = read_decompressed(Trickle(&packed));
        assert!(error.is_none(), "{name}, trickled: {error:?}");
        assert_eq!(games, 2000, "{name}, trickled");
    }
    assert_eq!(
        read_decompressed(Trickle(
            b"1. e4 *
"
        ))
        .0,
        1
    );
    assert_eq!(read_decompressed(Trickle(b"")).0, 0);
    let half = text.len() / 2;
    let mut padded = gzip(&text[..half]);
    padded.extend_from_slice(&[0; 1000]);
    padded.extend_from_slice(&gzip(&text[half..]));
    padded.extend_from_slice(&[0; 5000]);
    let (games, error) = read_decompressed(padded.as_slice());
    assert!(error.is_none(), "zero padding: {error:?}");
    assert_eq!(games, 2000);
    let (games, error) = read_decompressed(Trickle(&padded));
    assert!(
        error.is_none() && games == 2000,
        "trickled zero padding: {error:?}"
    );
    let mut garbage = gzip(&text);
    garbage.extend_from_slice(b"\0\0junk");
    let (games, error) = read_decompressed(garbage.as_slice());
    assert!(games >= 1999, "{games}");
    assert!(
        matches!(error.map(|e| e.kind), Some(ErrorKind::Io(_))),
        "junk after a member is an error"
    );
}

/// What the fuzz target checks, on one input: no panic, the same games
/// with both APIs, and the writer's law on every game read whole. (It
/// also checks `thread_law`, here on every fifth mutation.)
fn fuzz_body(data: &[u8]) {
    let replayed = replay_all(data).len();
    let games = read_all(data);
    assert_eq!(games.len(), replayed);
    for game in games.into_iter().flatten() {
        assert_writes_back(&game);
    }
}

/// The fuzz target's checks on 5,000 random mutations (bytes replaced,
/// inserted or deleted) of games with every feature: Shredder-FEN, null
/// moves `--` and `0000`, `[%…]` and tag lines in the moves, byte order
/// marks where files were joined, DOS's end-of-file byte.
#[test]
fn mutated_games_keep_the_fuzz_targets_laws() {
    let base = "[Event \"a \\\"b\\\" \\\\\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n\
                1. O-O {c} O-O-O $1 (1... Kd7 {d\n[e]} 2. Ra2 (2. Rab1)) 2. Kg2! ; x\n% y\nKb8 1-0\n\n\
                1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 *\n\n\
                [Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n\
                1. g3 g6 2. Ng2 Ng7 3. f4 f5 4. Rf2 -- 5. Kf1 0000 6. Ke1 1/2-1/2\n\
                \u{feff}[Event \"j\"]\n\n1. e4 e5\n[%evp 0,1,2]\n2. Nf3 $ Nc6*\n\u{feff}[Event \"k\"]\n\
                1. d4\n\u{a0}\n1. c4 e5 2. Nxc3 *\n\x1a";
    let mut next = mutate::xorshift(0x1234_5678_9abc_def1);
    assert!(
        read_all(base.as_bytes()).iter().all(Result::is_ok),
        "the base games are legal"
    );
    fuzz_body(base.as_bytes());
    thread_law::assert_threads_agree(base.as_bytes());
    for round in 0..5000 {
        let data = mutate::mutate(base.as_bytes(), 4, &mut next);
        fuzz_body(&data);
        if round % 5 == 0 {
            thread_law::assert_threads_agree(&data);
        }
    }
}

/// Found by `cargo fuzz run pgn`: a game without a result token whose
/// `Result` tag holds text that is no result was written with that text
/// ending its movetext, which did not read back. The movetext now ends
/// with `*` (the tag keeps its value); a result token still wins.
#[test]
fn a_result_tag_that_is_no_result_does_not_end_the_written_movetext() {
    let text = b"[Result \"0-1[Event \\\"x\"]\n\n1. e4\n\n[Result \"junk\"]\n\n1. d4 1-0\n";
    let games: Vec<Game> = read_all(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_writes_back(game);
    }
    let first = games[0].to_string();
    assert!(first.contains("[Result \"0-1[Event \"x\"]"), "{first}");
    assert!(first.ends_with("1. e4 *\n"), "{first}");
    assert!(games[1].to_string().ends_with("1. d4 1-0\n"));
}

/// Move numbers in every spelling are skipped, the move written onto one
/// is read (`2.Nf3`, `2...Nc6`), and a number that runs on (`12.5.`) is
/// unexpected text, named where the bad part starts.
#[test]
fn move_numbers_are_skipped_and_one_that_runs_on_is_unexpected() {
    let games =
        read_all(b"1.e4 1...e5 2.Nf3 2... Nc6 3 Bb5 3.. a6 4.! Ba4 *\n\n1. e4 12.5. e5 *\n");
    assert_eq!(games.len(), 2);
    let game = games[0].as_ref().expect("legal");
    assert_eq!(game.mainline().count(), 7);
    let error = games[1].as_ref().expect_err("bad number");
    assert_eq!((error.game, error.line, error.column), (2, 3, 10));
    assert!(
        matches!(&error.kind, ErrorKind::Unexpected { text } if text == "5."),
        "{error}"
    );
}

/// A `%` escapes its line only in the line's first column: after a space
/// or a tab it is a word like any other, and unexpected (regression: the
/// movetext loop's fast path for spaces once left the line "fresh").
#[test]
fn a_percent_sign_escapes_only_in_the_first_column() {
    let results = replay_all(
        b"1. e4 e5\n%x\n2. Nf3 *\n\n1. e4 e5\n %x\n2. Nf3 *\n\n1. e4 e5\n\t%x\n2. Nf3 *\n",
    );
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok(), "{:?}", results[0]);
    for (result, game) in results[1..].iter().zip([2, 3]) {
        let error = result.as_ref().expect_err("a word");
        assert_eq!(
            (error.game, error.line, error.column),
            (game, 4 * game - 2, 2)
        );
        assert!(
            matches!(&error.kind, ErrorKind::Unexpected { text } if text == "%x"),
            "{error}"
        );
    }
}
