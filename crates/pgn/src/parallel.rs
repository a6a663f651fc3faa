//! [`read_parallel`]: games cut on one thread, read on N, results handed
//! back in file order; on one thread, read straight from the input.

use crate::{PendingGame, PgnError, RawGame, Reader};
use std::io::BufRead;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// A batch holds games until it passes this many bytes.
const BATCH_BYTES: usize = 1 << 20;
/// … or this many games.
const BATCH_GAMES: usize = 2048;
/// Batches queued per worker, each way.
const QUEUE: usize = 2;

/// Cuts the games of `reader` on one thread, runs `work` on each game on
/// `threads` threads, and hands the results to `sink` in file order.
/// Memory stays bounded: a few batches of about a megabyte per thread.
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
    std::thread::scope(|scope| {
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        for _ in 0..threads {
            let (input, games): (SyncSender<Vec<RawGame>>, Receiver<Vec<RawGame>>) =
                sync_channel(QUEUE);
            let (output, results) = sync_channel::<Vec<T>>(QUEUE);
            let work = &work;
            scope.spawn(move || {
                for mut batch in games {
                    let done: Vec<T> = batch
                        .iter_mut()
                        .map(|raw| work(PendingGame::raw(raw)))
                        .collect();
                    if output.send(done).is_err() {
                        return;
                    }
                }
            });
            inputs.push(input);
            outputs.push(results);
        }
        let cutter = scope.spawn(move || cut(reader, inputs));
        'batches: for worker in (0..threads).cycle() {
            match outputs[worker].recv() {
                Ok(results) => results.into_iter().for_each(&mut sink),
                Err(_) => break 'batches,
            }
        }
        drop(outputs);
        cutter.join().unwrap_or(Ok(()))
    })
}

/// Cuts batches of games and deals them to the workers in turn.
fn cut<R: BufRead>(
    reader: &mut Reader<R>,
    inputs: Vec<SyncSender<Vec<RawGame>>>,
) -> Result<(), PgnError> {
    for worker in (0..inputs.len()).cycle() {
        let mut batch = Vec::new();
        let mut bytes = 0;
        let mut failure = None;
        while bytes < BATCH_BYTES && batch.len() < BATCH_GAMES {
            let mut raw = RawGame::default();
            match reader.next_raw(&mut raw) {
                Some(Ok(())) => {
                    bytes += raw.text.len();
                    batch.push(raw);
                }
                Some(Err(error)) => {
                    failure = Some(error);
                    break;
                }
                None => break,
            }
        }
        let last = batch.len() < BATCH_GAMES && bytes < BATCH_BYTES;
        if !batch.is_empty() && inputs[worker].send(batch).is_err() {
            return Ok(());
        }
        if let Some(error) = failure {
            return Err(error);
        }
        if last {
            return Ok(());
        }
    }
    Ok(())
}
