//! [`Skim`]: follows the grammar's state (see `grammar.rs`) over whole
//! lines of text without copying or reading any game, counting games and
//! lines, to find the places between games where the input can be cut
//! into chunks that read alone as they read in the stream.
//!
//! It looks at 16 bytes at a time for the few bytes that matter (line
//! ends and `{`, `}`, `;`), and at the first bytes of each line.

use crate::grammar::{self, LineKind, Phase};

/// A line start where the splitter is between games (or where a `[`
/// line starts the next game): a reader started there, told the numbers,
/// reads what follows as the stream's reader does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Boundary {
    /// Its offset in the text skimmed.
    pub at: usize,
    /// The games that ended before it.
    pub games: u64,
    /// The number of the line it starts, from 1.
    pub line: u64,
}

/// The state that a line changes.
#[derive(Debug, Clone, Copy)]
struct State {
    phase: Phase,
    in_comment: bool,
    /// The games ended so far.
    games: u64,
}

/// A line skimmed in part, its text not all there yet: where it goes on.
#[derive(Debug, Clone, Copy)]
struct Partial {
    /// Where the line starts.
    line_at: usize,
    /// The first byte not looked at yet.
    pos: usize,
    /// Whether its comments are followed.
    scan: bool,
    /// Whether it starts the next game.
    starts: bool,
    /// The games ended before it.
    games: u64,
}

/// The splitter's state, followed line by line.
#[derive(Debug)]
pub(crate) struct Skim {
    state: State,
    /// The number of the next line.
    line: u64,
    /// The last boundary passed.
    last: Boundary,
    /// The line skimmed in part when the text ran out in it: skimming
    /// goes on from there, not from the line's start, so that a long line
    /// that comes in many pieces is looked at once (linear, not
    /// quadratic).
    partial: Option<Partial>,
    /// A line start, and how far its bytes are known to be whitespace,
    /// when the text ran out before telling whether the line is blank:
    /// looked at from there when more text comes (linear on a long line
    /// of spaces too).
    spaces: Option<(usize, usize)>,
}

impl Skim {
    /// A skim at a boundary (offset 0): `games` ended before it, on line
    /// `line`.
    pub(crate) fn new(games: u64, line: u64) -> Self {
        Self {
            state: State {
                phase: Phase::Between,
                in_comment: false,
                games,
            },
            line,
            last: Boundary { at: 0, games, line },
            partial: None,
            spaces: None,
        }
    }

    /// The games ended before the next line, and its number.
    pub(crate) fn counts(&self) -> (u64, u64) {
        let games = self
            .partial
            .map_or(self.state.games, |partial| partial.games);
        (games, self.line)
    }

    /// The last boundary passed.
    pub(crate) fn last(&self) -> Boundary {
        self.last
    }

    /// Moves the offsets back by `by` bytes (the text before them was
    /// handed on).
    pub(crate) fn shift(&mut self, by: usize) {
        self.last.at -= by;
        if let Some(partial) = &mut self.partial {
            partial.line_at -= by;
            partial.pos -= by;
        }
        if let Some((line_at, pos)) = &mut self.spaces {
            *line_at -= by;
            *pos -= by;
        }
    }

    /// Skims the lines of `text` from the line start `at`: every complete
    /// one, and with `end` (nothing follows `text`) the rest. Stops at
    /// the first boundary at or past `want`, which it returns; else where
    /// it stopped (the start of a line not complete yet).
    pub(crate) fn lines(
        &mut self,
        text: &[u8],
        mut at: usize,
        want: usize,
        end: bool,
    ) -> Result<Boundary, usize> {
        // The state in locals (in registers) while the lines are read.
        let (mut state, mut line, mut last) = (self.state, self.line, self.last);
        // A line skimmed in part goes on where it stopped.
        let mut resume = self.partial.take().filter(|partial| partial.line_at == at);
        let mut known = self.spaces.take().filter(|&(line_at, _)| line_at == at);
        let outcome = 'run: {
            // The bytes that matter, a block at a time: `mask` holds those of
            // the block at `base` not looked at yet.
            let mut base = resume.map_or(at, |partial| partial.pos);
            let mut mask = stops(text, base);
            loop {
                // A line starts at `at`.
                if at >= text.len() {
                    // The text's end, between games, is a boundary too:
                    // when the input fails there, the games before it
                    // are whole (as the stream's reader reads them).
                    if state.phase == Phase::Between && resume.is_none() {
                        last = Boundary {
                            at,
                            games: state.games,
                            line,
                        };
                    }
                    break 'run Err(at);
                }
                let mut games_before = state.games;
                let (mut scan, starts) = match resume.take() {
                    Some(partial) => {
                        games_before = partial.games;
                        (partial.scan, partial.starts)
                    }
                    None => {
                        if state.phase == Phase::Between {
                            last = Boundary {
                                at,
                                games: state.games,
                                line,
                            };
                            if at >= want {
                                break 'run Ok(last);
                            }
                        }
                        let mut spaces = known.take().map_or(at, |(_, pos)| pos);
                        let kind = grammar::classify(
                            &mut state.phase,
                            state.in_comment,
                            text,
                            at,
                            end,
                            &mut spaces,
                        );
                        let Some(kind) = kind else {
                            self.spaces = Some((at, spaces));
                            break 'run Err(at);
                        };
                        // A `[` line that ends the game before it: counted
                        // once whole, as the splitter counts it.
                        match kind {
                            LineKind::Between => (false, false),
                            LineKind::Part { scan } => (scan, false),
                            LineKind::Ends => {
                                state.games += 1;
                                (false, false)
                            }
                            LineKind::Starts => (false, true),
                        }
                    }
                };
                // Its bytes that matter, up to its line end.
                let next = loop {
                    while mask == 0 {
                        base += BLOCK;
                        if base >= text.len() {
                            if end {
                                break 'run Err(text.len());
                            }
                            // Gone on from here when more text comes.
                            self.partial = Some(Partial {
                                line_at: at,
                                pos: text.len(),
                                scan,
                                starts,
                                games: games_before,
                            });
                            break 'run Err(at);
                        }
                        mask = stops(text, base);
                    }
                    let i = base + mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if i < at {
                        // The `\n` of a `\r\n` already passed.
                        continue;
                    }
                    match text[i] {
                        b'\n' => break i + 1,
                        b'\r' => match text.get(i + 1) {
                            Some(b'\n') => break i + 2,
                            Some(_) => break i + 1,
                            None if end => break i + 1,
                            None => {
                                self.partial = Some(Partial {
                                    line_at: at,
                                    pos: i,
                                    scan,
                                    starts,
                                    games: games_before,
                                });
                                break 'run Err(at);
                            }
                        },
                        b'}' => state.in_comment = false,
                        b'{' if scan && !state.in_comment => state.in_comment = true,
                        b';' if !state.in_comment => scan = false,
                        _ => {}
                    }
                };
                if starts {
                    state.games += 1;
                    let boundary = Boundary {
                        at,
                        games: state.games,
                        line,
                    };
                    last = boundary;
                    if at >= want {
                        // Skimmed again from its start, after the cut.
                        state.phase = Phase::Between;
                        break 'run Ok(boundary);
                    }
                }
                line += 1;
                at = next;
            }
        };
        (self.state, self.line, self.last) = (state, line, last);
        outcome
    }
}

/// The bytes looked at in one step.
const BLOCK: usize = 64;

/// The bytes that matter to the skim (line ends, `{`, `}`, `;`) among
/// the [`BLOCK`] bytes from `base` (fewer at the text's end), as bits.
#[inline(always)]
fn stops(text: &[u8], base: usize) -> u64 {
    #[cfg(test)]
    tests::BLOCKS.with(|blocks| blocks.set(blocks.get() + 1));
    match text.get(base..base + BLOCK) {
        Some(block) => stops_in_block(block.try_into().expect("a block")),
        None => stops_bytewise(text.get(base..).unwrap_or_default()),
    }
}

/// [`stops`] one byte at a time.
fn stops_bytewise(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| matches!(b, b'\n' | b'\r' | b'{' | b'}' | b';'))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// [`stops`] on a whole block, with SSE2's byte compares, 16 bytes at a
/// time.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn stops_in_block(block: &[u8; BLOCK]) -> u64 {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut mask = 0;
    for (k, part) in block.chunks_exact(16).enumerate() {
        // SAFETY: SSE2 is part of every x86_64 CPU (the target's
        // baseline); the load reads the 16 bytes of `part`, unaligned.
        let bits = unsafe {
            let bytes = _mm_loadu_si128(part.as_ptr().cast::<__m128i>());
            let is = |b: u8| _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b as i8));
            let ends = _mm_or_si128(is(b'\n'), is(b'\r'));
            let braces = _mm_or_si128(is(b'{'), is(b'}'));
            let any = _mm_or_si128(_mm_or_si128(ends, braces), is(b';'));
            _mm_movemask_epi8(any) as u16
        };
        mask |= u64::from(bits) << (16 * k);
    }
    mask
}

/// [`stops`] on a whole block, elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn stops_in_block(block: &[u8; BLOCK]) -> u64 {
    stops_bytewise(block)
}

#[cfg(test)]
mod tests {
    use super::{BLOCK, Skim};
    use std::cell::Cell;

    thread_local! {
        /// The blocks looked at, on this thread.
        pub(super) static BLOCKS: Cell<u64> = const { Cell::new(0) };
    }

    /// The law of a long line: given in pieces of 64 KB (as the cutter
    /// takes the input), a game on one line of 2 MB full of `{…}`
    /// comments is skimmed with each block looked at about once, not
    /// again from the line's start with each piece (which made two
    /// threads quadratic on such lines); and it counts as one game.
    #[test]
    fn a_long_line_in_pieces_is_skimmed_once() {
        let mut text = b"[Event \"x\"]\n\n1. e4 ".to_vec();
        while text.len() < 2 << 20 {
            text.extend_from_slice(b"{c} e5 {[%clk 0:01:00]} Ke2 Ke7 Ke1 Ke8 ");
        }
        text.extend_from_slice(b"*\r\n\r\n");
        let mut skim = Skim::new(0, 1);
        let (mut at, mut len) = (0, 0);
        BLOCKS.with(|blocks| blocks.set(0));
        while len < text.len() {
            // A piece that ends between the `\r` and `\n` of the line end.
            len = (len + (1 << 16)).min(text.len() - 3).max(len + 1);
            let end = len == text.len();
            match skim.lines(&text[..len], at, usize::MAX, end) {
                Ok(boundary) => panic!("no boundary is wanted: {boundary:?}"),
                Err(next) => at = next,
            }
        }
        let blocks = BLOCKS.with(Cell::get);
        let once = (text.len() / BLOCK) as u64;
        assert!(blocks < 2 * once, "{blocks} blocks looked at for {once}");
        assert_eq!(skim.counts(), (1, 5));
    }

    /// The same law for a long line of spaces (and Unicode spaces), whose
    /// blankness is told only at its end: its bytes are looked at about
    /// once, between games and in the tags.
    #[test]
    fn a_long_line_of_spaces_in_pieces_is_looked_at_once() {
        for (before, space) in [("", " "), ("[Event \"x\"]\n", "\u{3000}")] {
            let mut text = before.as_bytes().to_vec();
            let start = text.len();
            while text.len() - start < 2 << 20 {
                text.extend_from_slice(space.as_bytes());
            }
            let spaces = (text.len() - start) as u64;
            text.extend_from_slice(b"\n\n1. e4 *\n");
            let mut skim = Skim::new(0, 1);
            let (mut at, mut len) = (0, 0);
            crate::grammar::tests::LOOKED.with(|looked| looked.set(0));
            while len < text.len() {
                // Pieces that cut the Unicode spaces in the middle.
                len = (len + (1 << 16) + 1).min(text.len());
                let end = len == text.len();
                match skim.lines(&text[..len], at, usize::MAX, end) {
                    Ok(boundary) => panic!("no boundary is wanted: {boundary:?}"),
                    Err(next) => at = next,
                }
            }
            let looked = crate::grammar::tests::LOOKED.with(Cell::get);
            assert!(looked < 2 * spaces, "{looked} bytes looked at for {spaces}");
            assert_eq!(skim.counts().0, u64::from(!before.is_empty()));
        }
    }

    /// The law of the block compare: it marks the bytes the bytewise
    /// search marks, on every byte value at every place of a block.
    #[test]
    fn block_stops_are_the_bytewise_ones() {
        for b in 0..=255u8 {
            for at in 0..super::BLOCK {
                let mut block = [b'a'; super::BLOCK];
                block[at] = b;
                block[(at * 7 + 3) % super::BLOCK] = b'{';
                assert_eq!(
                    super::stops_in_block(&block),
                    super::stops_bytewise(&block),
                    "{block:?}"
                );
            }
        }
    }
}
