//! [`read_parallel`]: the input cut into chunks of whole games on one
//! thread (see `chunk.rs`), the chunks read on N, results handed back in
//! file order; on one thread, read straight from the input.

use crate::chunk::{self, Sizes, Work};
use crate::{MAX_GAME_BYTES, PendingGame, PgnError, Reader};
use std::io::BufRead;
use std::sync::mpsc::{SyncSender, channel, sync_channel};

/// The size of a chunk, in bytes (it ends at the first game end past it).
const CHUNK: usize = 1 << 18;
/// Chunks queued per worker, each way.
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
    let sizes = Sizes {
        chunk: CHUNK,
        limit: MAX_GAME_BYTES / 2,
    };
    read_in_chunks(reader, threads, sizes, work, sink)
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
    sink: S,
) -> Result<(), PgnError>
where
    R: BufRead + Send,
    T: Send,
    W: Fn(PendingGame<'_>) -> T + Sync,
    S: FnMut(T),
{
    read_in_chunks(reader, threads, Sizes { chunk, limit }, work, sink)
}

fn read_in_chunks<R, T, W, S>(
    reader: &mut Reader<R>,
    threads: usize,
    sizes: Sizes,
    work: W,
    mut sink: S,
) -> Result<(), PgnError>
where
    R: BufRead + Send,
    T: Send,
    W: Fn(PendingGame<'_>) -> T + Sync,
    S: FnMut(T),
{
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
    std::thread::scope(|scope| {
        let (give_back, spare) = channel::<Vec<u8>>();
        let mut inputs: Vec<SyncSender<Work>> = Vec::new();
        let mut outputs = Vec::new();
        for _ in 0..threads {
            let (input, chunks) = sync_channel::<Work>(QUEUE);
            let (output, results) = sync_channel::<Vec<T>>(QUEUE);
            let (work, give_back) = (&work, give_back.clone());
            scope.spawn(move || {
                for chunk in chunks {
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
                    if output.send(done).is_err() {
                        return;
                    }
                }
            });
            inputs.push(input);
            outputs.push(results);
        }
        let cutter = scope.spawn(move || {
            let mut turn = 0;
            let mut deal = |chunk: Work| {
                let sent = inputs[turn].send(chunk).is_ok();
                turn = (turn + 1) % inputs.len();
                sent
            };
            chunk::cut(reader, sizes, &spare, &mut deal)
        });
        'chunks: for worker in (0..threads).cycle() {
            match outputs[worker].recv() {
                Ok(results) => results.into_iter().for_each(&mut sink),
                Err(_) => break 'chunks,
            }
        }
        drop(outputs);
        cutter.join().unwrap_or(Ok(()))
    })
}
