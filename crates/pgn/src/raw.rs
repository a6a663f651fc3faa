//! [`RawGame`]: a game's text as the splitter cut it, and reading it.

use crate::Visitor;
use crate::error::{ErrorKind, PgnError, Place, Stop, locate};
use crate::parse;

/// A game's text as the splitter cut it.
#[derive(Debug, Default, Clone)]
pub struct RawGame {
    /// The bytes of the game: its tags and movetext, with line ends.
    pub text: Vec<u8>,
    /// The game's number in the input, from 1.
    pub number: u64,
    /// The line of the input its text starts on, from 1.
    pub line: u64,
    /// Whether the game passed [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES); its text is then
    /// dropped and it cannot be read.
    pub too_long: bool,
}

impl RawGame {
    /// Reads this game's text into `visitor`.
    pub fn read<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Result<(), PgnError> {
        let place = Place {
            number: self.number,
            line: self.line,
        };
        if self.too_long {
            return Err(PgnError::at_line_start(
                place.number,
                place.line,
                ErrorKind::TooLong,
            ));
        }
        match parse::read_game(&self.text, true, place, visitor) {
            Ok(_) => Ok(()),
            Err(Stop::Failed(at, kind)) => Err(locate(&self.text, place, at, kind)),
            Err(Stop::Incomplete | Stop::Skipped) => {
                unreachable!("a whole game never stops short")
            }
        }
    }
}
