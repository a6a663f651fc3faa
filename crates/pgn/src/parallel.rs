//! [`read_parallel`]: the input cut into chunks of whole games on one
//! thread (see `chunk.rs`), the chunks read on N, results handed back in
//! file order; on one thread, read straight from the input.

use crate::chunk::{self, Sizes, Work};
use crate::{MAX_GAME_BYTES, PendingGame, PgnError, Reader};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::sync::{Mutex, PoisonError};

/// The size of a chunk, in bytes (it ends at the first game end past it).
const CHUNK: usize = 1 << 18;
/// Chunks queued per worker.
const QUEUE: usize = 2;

/// Cuts the input of `reader` into chunks of whole games on one thread,
/// runs `work` on each game on `threads` threads, and hands the results
/// to `sink` in file order. Memory stays bounded: a few chunks of about
/// a megabyte per thread. Games are numbered, and their errors placed,
/// as on one thread.
///
/// `work` reads the game (see [`PendingGame::read`]) with whatever
/// visitor it likes. The return value is the input error that stopped the reading,
/// if one did (every game before it has been handed to `sink`).
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
    if threads <= 1 {
        while let Some(game) = reader.next_game() {
            sink(work(game.failure()?));
        }
        return Ok(());
    }
    // A reader left inside a game reads on here up to a place between
    // games, where chunks can start.
    while reader.between_games().is_none() {
        match reader.next_game() {
            Some(game) => sink(work(game.failure()?)),
            None => return Ok(()),
        }
    }
    // Chunks go to whichever worker is free, numbered; the results come
    // back in any order and are put back in file order here. A chunk is
    // cut only with a token, which comes back when its results are handed
    // on: memory stays bounded.
    let in_flight = threads * (QUEUE + 1) + 1;
    let (give_back, spare) = channel::<Vec<u8>>();
    let (deal, chunks) = sync_channel::<(usize, Work)>(threads * QUEUE);
    let (tokens_back, tokens) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = tokens_back.send(());
    }
    let chunks = Mutex::new(Some(chunks));
    let (output, results) = channel::<(usize, Vec<T>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (work, chunks) = (&work, &chunks);
            let (output, give_back) = (output.clone(), give_back.clone());
            scope.spawn(move || {
                let _alarm = Alarm(&output);
                loop {
                    let next = chunks
                        .lock()
                        .map(|chunks| chunks.as_ref().map(Receiver::recv));
                    let Ok(Some(Ok((number, chunk)))) = next else {
                        return;
                    };
                    let done = match chunk {
                        Work::Text(chunk) => {
                            let done = chunk.read(work);
                            // The cutter may be gone: the buffer is then dropped.
                            let _ = give_back.send(chunk.text);
                            done
                        }
                        Work::Games(mut games) => games
                            .iter_mut()
                            .map(|raw| work(PendingGame::raw(raw)))
                            .collect(),
                    };
                    if output.send((number, done)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(output);
        let cutter = scope.spawn(move || {
            let mut number = 0;
            let mut deal = |chunk: Work| {
                number += 1;
                tokens.recv().is_ok() && deal.send((number - 1, chunk)).is_ok()
            };
            chunk::cut(reader, sizes, &spare, &mut deal)
        });
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (number, done) in results.iter() {
            if number == usize::MAX {
                // A worker panicked: the cutter is stopped (its tokens
                // gone; the other workers' results still received, so that
                // they take its last chunks), and the panic goes on when
                // the threads are joined.
                break;
            }
            waiting.insert(number, done);
            while let Some(done) = waiting.remove(&next) {
                done.into_iter().for_each(&mut sink);
                next += 1;
                // The cutter may be done.
                let _ = tokens_back.send(());
            }
        }
        drop(tokens_back);
        // No chunk is taken any more: the cutter stops if no worker is left.
        chunks.lock().unwrap_or_else(PoisonError::into_inner).take();
        cutter.join().unwrap_or(Ok(()))
    })
}

/// Tells the thread that puts results in order that a worker panicked
/// (with a result numbered `usize::MAX`), so that it stops waiting.
struct Alarm<'a, T>(&'a Sender<(usize, Vec<T>)>);

impl<T> Drop for Alarm<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.0.send((usize::MAX, Vec::new()));
        }
    }
}
