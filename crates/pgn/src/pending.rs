//! [`PendingGame`]: a game found in the input and not read yet, as
//! [`Reader::next_game`](crate::Reader::next_game) and
//! [`read_parallel`](crate::read_parallel) hand it out. Reading it reads
//! straight from the input's buffer when the buffer holds it whole, else
//! from the splitter's cut.

use crate::error::{ErrorKind, PgnError, Place};
use crate::grammar::count_lines;
use crate::parse;
use crate::raw::RawGame;
use crate::tally::Tally;
use crate::{Flow, Visitor};
use std::io;

/// What a [`PendingGame`] reads from: the reader, with its input's type
/// out of sight (so that one kind of work serves every input).
pub(crate) trait Source {
    /// The input's buffer as last filled, and the log for the answers of
    /// a first, abandoned reading.
    fn parts(&mut self) -> (io::Result<&[u8]>, &mut Vec<Flow>);
    /// Counts `bytes` of the buffer as read, holding `games` games and
    /// `lines` line ends.
    fn advance(&mut self, bytes: usize, games: u64, lines: u64);
    /// Cuts the next game with the splitter; the answers logged.
    fn cut(&mut self) -> (Option<Result<&mut RawGame, PgnError>>, &[Flow]);
}

/// A game of the input, found but not read yet: read it with
/// [`PendingGame::read`] (or [`Game::from_pending`](crate::Game::from_pending)).
/// Dropped unread, the game is skipped: the reader's next game is the one
/// after it.
pub struct PendingGame<'a> {
    kind: Kind<'a>,
}

enum Kind<'a> {
    /// The game starts `first` bytes into the source's buffer.
    Live {
        source: &'a mut dyn Source,
        first: usize,
        place: Place,
    },
    /// The game as the splitter cut it.
    Raw(&'a mut RawGame),
    /// The input failed where this game would be.
    Failed(PgnError),
    /// Taken by [`PendingGame::read`] (or by dropping it).
    Taken,
}

/// Skips every game: what a [`PendingGame`] dropped unread is read with.
struct SkipGame;

impl Visitor for SkipGame {
    fn begin_game(&mut self, _number: u64) -> crate::Flow {
        crate::Flow::Skip
    }
}

impl Drop for PendingGame<'_> {
    fn drop(&mut self) {
        // A live game still starts at the reader's position: skip it, or
        // the next `next_game` would find it again. (A cut game has been
        // taken from the input already; a failure has nothing to skip.)
        if matches!(self.kind, Kind::Live { .. }) {
            let kind = std::mem::replace(&mut self.kind, Kind::Taken);
            let _ = PendingGame { kind }.read(&mut SkipGame);
        }
    }
}

impl std::fmt::Debug for PendingGame<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingGame")
            .field("number", &self.number())
            .finish_non_exhaustive()
    }
}

impl<'a> PendingGame<'a> {
    pub(crate) fn live(source: &'a mut dyn Source, first: usize, place: Place) -> Self {
        Self {
            kind: Kind::Live {
                source,
                first,
                place,
            },
        }
    }

    pub(crate) fn raw(raw: &'a mut RawGame) -> Self {
        Self {
            kind: Kind::Raw(raw),
        }
    }

    pub(crate) fn failed(error: PgnError) -> Self {
        Self {
            kind: Kind::Failed(error),
        }
    }

    /// The input's failure, when this is no game but the input failing.
    pub(crate) fn failure(mut self) -> Result<Self, PgnError> {
        match std::mem::replace(&mut self.kind, Kind::Taken) {
            Kind::Failed(error) => Err(error),
            kind => Ok(Self { kind }),
        }
    }

    /// The game's number in the input, from 1.
    pub fn number(&self) -> u64 {
        match &self.kind {
            Kind::Live { place, .. } => place.number,
            Kind::Raw(raw) => raw.number,
            Kind::Failed(error) => error.game,
            Kind::Taken => 0,
        }
    }

    /// Reads the game into `visitor` (see [`Reader::read_game`](crate::Reader::read_game)).
    pub fn read<V: Visitor + ?Sized>(mut self, visitor: &mut V) -> Result<(), PgnError> {
        let (source, first, place) = match std::mem::replace(&mut self.kind, Kind::Taken) {
            Kind::Live {
                source,
                first,
                place,
            } => (source, first, place),
            Kind::Raw(raw) => return raw.read(visitor),
            Kind::Failed(error) => return Err(error),
            Kind::Taken => unreachable!("a pending game is read once"),
        };
        let (text, answers) = source.parts();
        let text = text.map_err(|error| {
            PgnError::at_line_start(place.number, place.line, ErrorKind::Io(error))
        })?;
        answers.clear();
        let mut tally = Tally::record(visitor, answers);
        let (calls, lines) = match parse::read_game(&text[first..], false, place, &mut tally) {
            Ok((end, lines)) => {
                let lines = count_lines(&text[..first]) + lines;
                source.advance(first + end, 1, lines);
                return Ok(());
            }
            // Failed, skipped, or past the buffer: the splitter cuts the
            // game, which is read again from its start.
            Err(_) => (tally.calls(), count_lines(&text[..first])),
        };
        source.advance(first, 0, lines);
        match source.cut() {
            (None, _) => unreachable!("a game was found in the buffer"),
            (Some(Err(error)), _) => Err(error),
            (Some(Ok(raw)), _) if calls == 0 => raw.read(visitor),
            (Some(Ok(raw)), answers) => raw.read(&mut Tally::replay(visitor, calls, answers)),
        }
    }
}
