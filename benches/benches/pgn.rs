//! Validated PGN replay, side by side: bitmoves-pgn against pgn-reader 0.29
//! on shakmaty 0.30 doing what pgn-reader's own `validate` example does
//! (every mainline SAN parsed and played, variations skipped, `FEN` tags
//! honoured), single thread, on the same bytes in memory, interleaved in
//! one run. Also bitmoves-pgn on 2 threads, and on the same games in odd
//! spellings (long algebraic, `0-0`, no check marks). Prints MB/s medians
//! and ratios.
//!
//! `cargo bench -p bitmoves-benches --bench pgn` (after `--`: `--rounds N`,
//! `--mb N` for the corpus size, `--quick`, `--cpu` to time the
//! single-thread rows by the thread's CPU time, for a shared machine). `--write PATH --mb N` writes
//! the clean corpus to PATH instead (for the CLI's RSS measurements) and
//! exits.

use bitmoves::{Board, Color, Move};
use bitmoves_benches::{XorShift, median, thread_cpu_seconds};
use pgn_reader::{RawTag, SanPlus};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;
use std::ops::ControlFlow;
use std::time::Instant;

/// How a move is spelled in the corpus.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spelling {
    /// SAN as databases write it: `Nf3`, `O-O`, `exd8=Q+`.
    Clean,
    /// Long algebraic for a third of the moves, `0-0`, no check marks.
    Odd,
}

/// A lichess-like game of random legal moves: seven tags and a few more,
/// move numbers, SAN, a clock comment every tenth move.
fn game(rng: &mut XorShift, index: usize, spelling: Spelling, out: &mut String) {
    let result = ["1-0", "0-1", "1/2-1/2"][(rng.next_u64() % 3) as usize];
    let _ = write!(
        out,
        "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/{index:08}\"]\n[Date \"2024.01.01\"]\n\
         [Round \"-\"]\n[White \"player{}\"]\n[Black \"player{}\"]\n[Result \"{result}\"]\n\
         [WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[TimeControl \"180+0\"]\n[Termination \"Normal\"]\n\n",
        rng.next_u64() % 100_000,
        rng.next_u64() % 100_000,
        1000 + rng.next_u64() % 1500,
        1000 + rng.next_u64() % 1500,
    );
    let mut board = Board::default();
    let plies = 20 + rng.next_u64() % 140;
    let mut column = 0;
    for ply in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        let mut token = String::new();
        if board.side_to_move() == Color::White {
            let _ = write!(token, "{}. ", board.fullmove_number());
        }
        let san = board.san(mv).expect("legal");
        match spelling {
            Spelling::Clean => token.push_str(san.as_str()),
            Spelling::Odd => token.push_str(&odd(mv, san.as_str(), ply)),
        }
        if ply % 10 == 9 {
            let _ = write!(
                token,
                " {{ [%clk 0:0{}:{:02}] }}",
                rng.next_u64() % 3,
                rng.next_u64() % 60
            );
        }
        if column + token.len() > 79 {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        column += token.len();
        out.push_str(&token);
        board.play_unchecked(mv);
    }
    let _ = write!(out, " {result}\n\n");
}

/// An odd but accepted spelling of `mv`.
fn odd(mv: Move, san: &str, ply: u64) -> String {
    let bare = san.trim_end_matches(['+', '#']);
    if bare.starts_with('O') {
        return bare.replace('O', "0");
    }
    if ply.is_multiple_of(3) {
        let letter = bare.chars().next().filter(char::is_ascii_uppercase);
        let uci = mv.to_string();
        let promotion = uci.get(4..).map(str::to_uppercase).unwrap_or_default();
        return format!(
            "{}{}{}{promotion}",
            letter.map(String::from).unwrap_or_default(),
            &uci[..2],
            &uci[2..4]
        );
    }
    bare.to_owned()
}

/// About `mb` megabytes of games, or `games` games, whichever comes
/// first; the text and the number of games.
fn corpus(mb: usize, games: usize, spelling: Spelling) -> (Vec<u8>, usize) {
    let mut rng = XorShift::new(XorShift::SEED);
    let mut text = String::new();
    let mut index = 0;
    while text.len() < mb << 20 && index < games {
        game(&mut rng, index, spelling, &mut text);
        index += 1;
    }
    (text.into_bytes(), index)
}

/// bitmoves-pgn: counts the mainline plies, variations skipped.
struct Count(u64);

impl bitmoves_pgn::Visitor for Count {
    fn play(&mut self, _board: &Board, _mv: Move, _san: &str) {
        self.0 += 1;
    }
}

fn bitmoves_replay(data: &[u8], threads: usize) -> u64 {
    let mut reader = bitmoves_pgn::Reader::new(data);
    let mut plies = 0;
    let work = |game: bitmoves_pgn::PendingGame| {
        let mut count = Count(0);
        game.read(&mut count).expect("a legal game");
        count.0
    };
    bitmoves_pgn::read_parallel(&mut reader, threads, work, |n| plies += n)
        .expect("no input error");
    plies
}

/// pgn-reader's `validate` example, counting plies.
struct Validator {
    plies: u64,
}

impl pgn_reader::Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => {
                movetext.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {
        true
    }
}

fn pgn_reader_replay(data: &[u8]) -> u64 {
    let mut reader = pgn_reader::Reader::new(data);
    let mut validator = Validator { plies: 0 };
    while let Some(ok) = reader.read_game(&mut validator).expect("in memory") {
        assert!(ok, "pgn-reader refused a game");
    }
    validator.plies
}

/// How a run is timed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clock {
    /// Wall-clock time.
    Wall,
    /// The calling thread's time on a CPU (`--cpu`): on a shared machine
    /// it leaves out the time other processes held the core. Only for
    /// single-thread runs, which run on the calling thread.
    Cpu,
}

/// MB/s of one run of `f` over `bytes`, checking its ply count.
fn time(bytes: usize, plies: u64, clock: Clock, f: impl FnOnce() -> u64) -> f64 {
    let cpu = || thread_cpu_seconds().expect("--cpu needs /proc/thread-self/schedstat");
    let (start, cpu_start) = (Instant::now(), (clock == Clock::Cpu).then(cpu));
    let counted = black_box(f());
    let seconds = match cpu_start {
        Some(before) => cpu() - before,
        None => start.elapsed().as_secs_f64(),
    };
    assert_eq!(counted, plies, "every engine replays every ply");
    bytes as f64 / 1e6 / seconds
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| {
                v.parse::<usize>()
                    .unwrap_or_else(|_| panic!("{name} needs a number"))
            })
    };
    let quick = args.iter().any(|a| a == "--quick");
    let mb = value("--mb").unwrap_or(if quick { 1 } else { 32 });
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let path = args.get(i + 1).expect("--write needs a PATH");
        let (block, _) = corpus(mb.min(16), usize::MAX, Spelling::Clean);
        let mut file = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
        let mut written = 0;
        while written < mb << 20 {
            file.write_all(&block).expect("write");
            written += block.len();
        }
        println!("wrote {written} bytes to {path}");
        return;
    }
    let rounds = value("--rounds").unwrap_or(if quick { 1 } else { 7 });
    let (clean, games) = corpus(mb, usize::MAX, Spelling::Clean);
    let (odd, _) = corpus(usize::MAX >> 20, games, Spelling::Odd);
    let plies = pgn_reader_replay(&clean);
    assert_eq!(
        bitmoves_replay(&odd, 1),
        plies,
        "the odd corpus holds the same games"
    );
    println!(
        "corpus: {:.1} MB, {plies} plies; {rounds} rounds, interleaved",
        clean.len() as f64 / 1e6
    );
    let names = [
        "bitmoves-pgn, 1 thread",
        "pgn-reader 0.29 + shakmaty 0.30, 1 thread",
        "bitmoves-pgn, 2 threads",
        "bitmoves-pgn, 1 thread, odd spellings",
    ];
    let mut speeds: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let one = if args.iter().any(|a| a == "--cpu") {
        println!(
            "single-thread rows timed by the thread's CPU time (--cpu); 2 threads by the wall clock"
        );
        Clock::Cpu
    } else {
        Clock::Wall
    };
    for _ in 0..rounds {
        speeds[0].push(time(clean.len(), plies, one, || bitmoves_replay(&clean, 1)));
        speeds[1].push(time(clean.len(), plies, one, || pgn_reader_replay(&clean)));
        speeds[2].push(time(clean.len(), plies, Clock::Wall, || {
            bitmoves_replay(&clean, 2)
        }));
        speeds[3].push(time(odd.len(), plies, one, || bitmoves_replay(&odd, 1)));
    }
    let medians: Vec<f64> = speeds.into_iter().map(median).collect();
    println!("\n| replay | MB/s (median) | vs bitmoves-pgn, 1 thread |\n|---|---:|---:|");
    for (name, speed) in names.iter().zip(&medians) {
        println!("| {name} | {speed:.0} | {:.2}x |", speed / medians[0]);
    }
    println!(
        "\nbitmoves-pgn / pgn-reader, 1 thread: {:.2}x",
        medians[0] / medians[1]
    );
    println!(
        "bitmoves-pgn 2 threads / 1 thread: {:.2}x",
        medians[2] / medians[0]
    );
}
