//! [`read_parallel`]: the input cut into chunks of whole games (see
//! `chunk.rs`) by the N threads in turn, each reading the chunks it cut,
//! results handed back in file order by the calling thread (one of the
//! N); on one thread, read straight from the input.

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

/// [`read_parallel`] with chunks of `chunk` bytes, the rest of the input
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
    let sizes = Sizes { chunk, limit };
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
    let outcome = match reader.between_games() {
        Some(between) => {
            let cutter = Cutter::new(between, sizes);
            let pool = Pool::new(cutter, threads * 3 + 1);
            pool.run(threads, &work, &mut sink)
        }
        None => Ok(()),
    };
    reader.finish();
    outcome
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
    fn run<T, W, S>(self, threads: usize, work: &W, sink: &mut S) -> Result<(), PgnError>
    where
        R: Send,
        T: Send,
        W: Fn(PendingGame<'_>) -> T + Sync,
        S: FnMut(T),
    {
        let (output, results) = channel::<(usize, Vec<T>)>();
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let (pool, output) = (&self, output.clone());
                // A thread the system refuses (a process or memory limit)
                // leaves the work to those that started.
                let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let _alarm = Alarm(&output);
                    let mut spent = None;
                    while let Take::Work(number, chunk) = pool.take(spent.take(), true) {
                        let (done, buffer) = chunk.read(work);
                        spent = buffer;
                        if output.send((number, done)).is_err() {
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
                        let (done, buffer) = chunk.read(work);
                        spent = buffer;
                        order.put(number, done, sink, &self);
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
struct Order<T> {
    /// Results that came before those of the chunks before them.
    waiting: BTreeMap<usize, Vec<T>>,
    /// The number of the next chunk to hand on.
    next: usize,
}

impl<T> Order<T> {
    /// Takes the results of chunk `number` and hands on all that are in
    /// order now, each chunk's token given back to `pool`. False when a
    /// worker panicked (a result numbered `usize::MAX`).
    fn put<R: BufRead>(
        &mut self,
        number: usize,
        done: Vec<T>,
        sink: &mut impl FnMut(T),
        pool: &Pool<'_, R>,
    ) -> bool {
        if number == usize::MAX {
            return false;
        }
        self.waiting.insert(number, done);
        while let Some(done) = self.waiting.remove(&self.next) {
            done.into_iter().for_each(&mut *sink);
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

/// Tells the calling thread that a worker panicked (with a result
/// numbered `usize::MAX`), so that it stops waiting.
struct Alarm<'a, T>(&'a Sender<(usize, Vec<T>)>);

impl<T> Drop for Alarm<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.0.send((usize::MAX, Vec::new()));
        }
    }
}
