//! [`read_parallel`]: the input cut into chunks of whole games (see
//! `chunk.rs`) by the N threads in turn, each reading the chunks it cut,
//! results handed back in file order by the calling thread (one of the
//! N); on one thread, read straight from the input. [`read_chunked`]
//! does the same a chunk at a time, each thread with a state of its own
//! ([`ChunkWork`]), for results cheaper to hand on per chunk than per game.

use crate::chunk::{Cutter, Sizes, Work};
use crate::{MAX_GAME_BYTES, PendingGame, PgnError, Reader};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The size of a chunk, in bytes (it ends at the first game end past it).
const CHUNK: usize = 1 << 18;

/// Cuts the input of `reader` into chunks of whole games, runs `work` on
/// each game on `threads` threads (the calling thread one of them), and
/// hands the results to `sink`, on the calling thread, in file order.
/// Memory stays bounded: a few chunks of about 256 KB per thread. Games are numbered, and their errors placed,
/// as on one thread.
///
/// `work` reads the game (see [`PendingGame::read`]) with whatever
/// visitor it likes. The return value is the input error that stopped the
/// reading, if one did: every game before it has been handed to `sink`,
/// and the game it cut short has not (whatever the number of threads).
///
/// ```
/// use bitmoves_pgn::{PendingGame, Reader, Visitor};
/// let pgn = "1. e4 e5 *\n\n1. d4 *\n\n1. c4 c5 2. Nc3 *\n";
/// let mut plies = Vec::new();
/// bitmoves_pgn::read_parallel(&mut Reader::new(pgn.as_bytes()), 2, |game: PendingGame| {
///     struct Count(usize);
///     impl Visitor for Count {
///         fn play(&mut self, _: &bitmoves::Board, _: bitmoves::Move, _: &str) { self.0 += 1; }
///     }
///     let mut count = Count(0);
///     game.read(&mut count).map(|()| count.0)
/// }, |result| plies.push(result.expect("legal")))?;
/// assert_eq!(plies, [2, 1, 3]);
/// # Ok::<(), bitmoves_pgn::PgnError>(())
/// ```
pub fn read_parallel<R, T, W, S>(
    reader: &mut Reader<R>,
    threads: usize,
    work: W,
    sink: S,
) -> Result<(), PgnError>
where
    R: BufRead + Send,
    T: Send,
    W: Fn(PendingGame<'_>) -> T + Sync,
    S: FnMut(T),
{
    let sizes = (CHUNK, MAX_GAME_BYTES / 2);
    read_parallel_sized(reader, threads, sizes, work, sink)
}

/// Reads the next game of `reader` on the calling thread, runs `work` on
/// it and hands the result to `sink`; `Ok(false)` at the end of the input.
fn one_game<R: BufRead, T>(
    reader: &mut Reader<R>,
    work: &impl Fn(PendingGame<'_>) -> T,
    sink: &mut impl FnMut(T),
) -> Result<bool, PgnError> {
    let Some(game) = reader.next_game() else {
        return Ok(false);
    };
    let done = work(game.failure()?);
    if let Some(error) = reader.take_failure() {
        return Err(error);
    }
    sink(done);
    Ok(true)
}

/// [`read_parallel`] with chunks of `chunk` bytes (at least 1), the rest of the input
/// cut game by game once `limit` bytes pass without a game's end: for the
/// tests of the law that any sizes read alike.
#[doc(hidden)]
pub fn read_parallel_sized<R, T, W, S>(
    reader: &mut Reader<R>,
    threads: usize,
    (chunk, limit): (usize, usize),
    work: W,
    mut sink: S,
) -> Result<(), PgnError>
where
    R: BufRead + Send,
    T: Send,
    W: Fn(PendingGame<'_>) -> T + Sync,
    S: FnMut(T),
{
    // A chunk of 0 bytes would end at its own start, again and again.
    let sizes = Sizes {
        chunk: chunk.max(1),
        limit,
    };
    // An input error comes out here, never as a game's result, whether
    // it strikes between games or in one (whose result is then dropped):
    // as the threads' cutter hands it on.
    if threads <= 1 {
        while one_game(reader, &work, &mut sink)? {}
        return Ok(());
    }
    // A reader left inside a game reads on here up to a place between
    // games, where chunks can start.
    while reader.between_games().is_none() {
        if !one_game(reader, &work, &mut sink)? {
            return Ok(());
        }
    }
    let each = EachGame(work);
    on_threads(reader, threads, sizes, &each, &mut |done: Vec<T>| {
        done.into_iter().for_each(&mut sink)
    })
}

/// Reads the rest of `reader`'s input, which stands between games, on
/// `threads` threads (see [`Pool`]), in chunks cut to `sizes`.
fn on_threads<R: BufRead + Send, C: ChunkWork>(
    reader: &mut Reader<R>,
    threads: usize,
    sizes: Sizes,
    work: &C,
    sink: &mut impl FnMut(C::Out),
) -> Result<(), PgnError> {
    let outcome = match reader.between_games() {
        Some(between) => {
            let pool = Pool::new(Cutter::new(between, sizes), threads * 3 + 1);
            pool.run(threads, work, sink)
        }
        None => Ok(()),
    };
    reader.finish();
    outcome
}

/// Work done on chunks of games, each thread with a state of its own
/// (see [`read_chunked`]).
pub(crate) trait ChunkWork: Sync {
    /// What a thread keeps from game to game (made once per thread).
    type State;
    /// One game, read.
    type Game;
    /// What a chunk of games gives, handed on in file order.
    type Out: Send;
    /// A thread's state, before its first game.
    fn state(&self) -> Self::State;
    /// Reads `game`.
    fn read(&self, state: &mut Self::State, game: PendingGame<'_>) -> Self::Game;
    /// Adds a game read to the chunk being gathered (a game an input
    /// error cut short is read but not kept).
    fn keep(&self, state: &mut Self::State, game: Self::Game);
    /// What the games kept since the last call give.
    fn finish(&self, state: &mut Self::State) -> Self::Out;
}

/// [`read_parallel`]'s work: one result per game, handed on a chunk at a
/// time.
struct EachGame<W>(W);

impl<T: Send, W: Fn(PendingGame<'_>) -> T + Sync> ChunkWork for EachGame<W> {
    type State = Vec<T>;
    type Game = T;
    type Out = Vec<T>;
    fn state(&self) -> Vec<T> {
        Vec::new()
    }
    fn read(&self, _: &mut Vec<T>, game: PendingGame<'_>) -> T {
        (self.0)(game)
    }
    fn keep(&self, done: &mut Vec<T>, game: T) {
        done.push(game);
    }
    fn finish(&self, done: &mut Vec<T>) -> Vec<T> {
        std::mem::take(done)
    }
}

/// Reads a chunk's games with `work` and `state`: what they give, and the
/// chunk's text buffer for reuse.
fn read_chunk<C: ChunkWork>(
    work: &C,
    state: &mut C::State,
    chunk: Work,
) -> (C::Out, Option<Vec<u8>>) {
    let buffer = chunk.read(|game| {
        let game = work.read(state, game);
        work.keep(state, game);
    });
    (work.finish(state), buffer)
}

/// The games read on one thread before their results are handed on by
/// [`read_chunked`].
#[cfg(feature = "parquet")]
const CHUNK_GAMES: usize = 256;

/// [`read_parallel`] a chunk of games at a time: each thread reads the
/// games of the chunks it cuts with its own state, and hands on what
/// each chunk gives ([`ChunkWork::finish`]) to `sink`, on the calling
/// thread, in file order; on one thread, a chunk is [`CHUNK_GAMES`]
/// games. Input errors come out as from [`read_parallel`]: every game
/// before one is handed on, and the game it cut short is not.
#[cfg(feature = "parquet")]
pub(crate) fn read_chunked<R, C>(
    reader: &mut Reader<R>,
    threads: usize,
    work: &C,
    mut sink: impl FnMut(C::Out),
) -> Result<(), PgnError>
where
    R: BufRead + Send,
    C: ChunkWork,
{
    let mut state = work.state();
    let mut kept = 0;
    let outcome = loop {
        // On several threads, only up to a place between games.
        if threads > 1 && reader.between_games().is_some() {
            break Ok(true);
        }
        let Some(game) = reader.next_game() else {
            break Ok(false);
        };
        let game = match game.failure() {
            Ok(game) => work.read(&mut state, game),
            Err(error) => break Err(error),
        };
        if let Some(error) = reader.take_failure() {
            break Err(error);
        }
        work.keep(&mut state, game);
        kept += 1;
        if kept == CHUNK_GAMES {
            sink(work.finish(&mut state));
            kept = 0;
        }
    };
    if kept > 0 {
        sink(work.finish(&mut state));
    }
    // The rest, when there is one, on the threads.
    if !outcome? {
        return Ok(());
    }
    let sizes = Sizes {
        chunk: CHUNK,
        limit: MAX_GAME_BYTES / 2,
    };
    on_threads(reader, threads, sizes, work, &mut sink)
}

/// The work of [`read_parallel`] on several threads: each thread, the
/// calling one included, cuts the next chunk (taking turns), reads it,
/// and cuts again; the calling thread also hands the results on in file
/// order. A chunk is cut only with one of a few tokens, each given back
/// when the chunk's results are handed on: memory stays bounded.
struct Pool<'a, R> {
    deal: Mutex<Deal<'a, R>>,
    /// Signalled when a token comes back, or the dealing ends.
    freed: Condvar,
}

/// The dealing's state, shared by the threads.
struct Deal<'a, R> {
    cutter: Cutter<'a, R>,
    /// The number of the next chunk.
    number: usize,
    /// The chunks that may still be cut before results are handed on.
    tokens: usize,
    /// Whether the input is all dealt, or the work stopped.
    over: bool,
}

/// What a thread gets when it asks for work.
enum Take {
    /// The chunk with this number.
    Work(usize, Work),
    /// No token is left (asked without waiting).
    Wait,
    /// Nothing is left to deal.
    Over,
}

impl<'a, R: BufRead> Pool<'a, R> {
    fn new(cutter: Cutter<'a, R>, tokens: usize) -> Self {
        let deal = Deal {
            cutter,
            number: 0,
            tokens,
            over: false,
        };
        Self {
            deal: Mutex::new(deal),
            freed: Condvar::new(),
        }
    }

    /// The dealing's state, locked (a panic elsewhere does not stop it
    /// from being read).
    fn lock(&self) -> MutexGuard<'_, Deal<'a, R>> {
        self.deal.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next chunk, cut with a token; `spent` is the buffer of the
    /// last one, for reuse. Waits for a token when `wait`.
    fn take(&self, spent: Option<Vec<u8>>, wait: bool) -> Take {
        let mut deal = self.lock();
        if let Some(buffer) = spent {
            deal.cutter.give_back(buffer);
        }
        loop {
            if deal.over {
                return Take::Over;
            }
            if deal.tokens > 0 {
                break;
            }
            if !wait {
                return Take::Wait;
            }
            deal = self
                .freed
                .wait(deal)
                .unwrap_or_else(PoisonError::into_inner);
        }
        match deal.cutter.next() {
            Some(work) => {
                deal.tokens -= 1;
                deal.number += 1;
                Take::Work(deal.number - 1, work)
            }
            None => {
                deal.over = true;
                self.freed.notify_all();
                Take::Over
            }
        }
    }

    /// Gives back the token of a chunk whose results were handed on.
    fn free(&self) {
        self.lock().tokens += 1;
        self.freed.notify_one();
    }

    /// Ends the dealing: every thread stops once its chunk is read.
    fn stop(&self) {
        self.lock().over = true;
        self.freed.notify_all();
    }

    /// Runs `threads` threads, the calling one included, to the end of the
    /// input; returns the input error that stopped it, if one did.
    fn run<C: ChunkWork>(
        self,
        threads: usize,
        work: &C,
        sink: &mut impl FnMut(C::Out),
    ) -> Result<(), PgnError>
    where
        R: Send,
    {
        let (output, results) = channel::<(usize, Option<C::Out>)>();
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let (pool, output) = (&self, output.clone());
                // A thread the system refuses (a process or memory limit)
                // leaves the work to those that started.
                let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let _alarm = Alarm(&output);
                    let mut state = work.state();
                    let mut spent = None;
                    while let Take::Work(number, chunk) = pool.take(spent.take(), true) {
                        let (done, buffer) = read_chunk(work, &mut state, chunk);
                        spent = buffer;
                        if output.send((number, Some(done))).is_err() {
                            return;
                        }
                    }
                });
                if started.is_err() {
                    break;
                }
            }
            drop(output);
            // However this thread leaves (a panic in `work` or `sink`
            // included), the others stop.
            let _stop = Stop(&self);
            let mut order = Order {
                waiting: BTreeMap::new(),
                next: 0,
            };
            let mut state = work.state();
            let mut spent = None;
            loop {
                // The others' results so far, then this thread's chunk.
                for (number, done) in results.try_iter() {
                    if !order.put(number, done, sink, &self) {
                        return;
                    }
                }
                match self.take(spent.take(), false) {
                    Take::Work(number, chunk) => {
                        let (done, buffer) = read_chunk(work, &mut state, chunk);
                        spent = buffer;
                        order.put(number, Some(done), sink, &self);
                    }
                    // No token left: the oldest chunk is on another
                    // thread, whose results come.
                    Take::Wait => {
                        let Ok((number, done)) = results.recv() else {
                            return;
                        };
                        if !order.put(number, done, sink, &self) {
                            return;
                        }
                    }
                    Take::Over => break,
                }
            }
            for (number, done) in results.iter() {
                if !order.put(number, done, sink, &self) {
                    return;
                }
            }
        });
        self.lock().cutter.failure().map_or(Ok(()), Err)
    }
}

/// Results put back in file order.
struct Order<U> {
    /// Results that came before those of the chunks before them.
    waiting: BTreeMap<usize, U>,
    /// The number of the next chunk to hand on.
    next: usize,
}

impl<U> Order<U> {
    /// Takes the results of chunk `number` and hands on all that are in
    /// order now, each chunk's token given back to `pool`. False when a
    /// worker panicked (no results, numbered `usize::MAX`).
    fn put<R: BufRead>(
        &mut self,
        number: usize,
        done: Option<U>,
        sink: &mut impl FnMut(U),
        pool: &Pool<'_, R>,
    ) -> bool {
        let Some(done) = done.filter(|_| number != usize::MAX) else {
            return false;
        };
        self.waiting.insert(number, done);
        while let Some(done) = self.waiting.remove(&self.next) {
            sink(done);
            self.next += 1;
            pool.free();
        }
        true
    }
}

/// Ends the dealing when dropped (see [`Pool::stop`]).
struct Stop<'p, 'a, R: BufRead>(&'p Pool<'a, R>);

impl<R: BufRead> Drop for Stop<'_, '_, R> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Tells the calling thread that a worker panicked (with no result,
/// numbered `usize::MAX`), so that it stops waiting.
struct Alarm<'a, U>(&'a Sender<(usize, Option<U>)>);

impl<U> Drop for Alarm<'_, U> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.0.send((usize::MAX, None));
        }
    }
}
