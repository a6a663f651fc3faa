//! The `[%clk h:mm:ss]` and `[%eval 0.17]` / `[%eval #-3]` annotations in
//! a move's comment, read as python-chess reads them (`GameNode.clock()`,
//! `GameNode.eval()`): the first valid one in the comment counts.

/// The seconds of the first valid `[%clk h:mm:ss(.f)]` in `comment`:
/// hours, minutes and seconds are digits (any count), the seconds may
/// have a fraction. `None` when there is none.
///
/// ```
/// use bitmoves_pgn::parquet::clock;
/// assert_eq!(clock("[%clk 1:02:03.5]"), Some(3723.5));
/// assert_eq!(clock("[%clk 0:00:07] [%clk 0:00:09]"), Some(7.0));
/// assert_eq!(clock("[%clk 0:07]"), None);
/// ```
pub fn clock(comment: &str) -> Option<f64> {
    annotations(comment, "[%clk").find_map(read_clock)
}

/// What the first valid `[%eval …]` in `comment` says, from White's point
/// of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// A score in centipawns (`[%eval 0.17]` is 17).
    Cp(i64),
    /// Mate in this many moves (`[%eval #-3]`: Black mates in 3).
    Mate(i32),
}

/// The first valid `[%eval …]` in `comment`: `#` and a signed mate count,
/// or pawns with at most ten digits before the point and one or two
/// after it (or none, and no point or a bare one), then an optional
/// `,depth`. `None` when there is none.
///
/// ```
/// use bitmoves_pgn::parquet::{eval, Eval};
/// assert_eq!(eval("[%eval 0.17]"), Some(Eval::Cp(17)));
/// assert_eq!(eval("[%eval -.5,22]"), Some(Eval::Cp(-50)));
/// assert_eq!(eval("[%eval #-3]"), Some(Eval::Mate(-3)));
/// assert_eq!(eval("[%eval 0.123] [%eval 2]"), Some(Eval::Cp(200)));
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    annotations(comment, "[%eval").find_map(read_eval)
}

/// What follows each `opening` in `comment`, when one whitespace
/// character follows it (as python-chess's `\s` reads it).
fn annotations<'a>(comment: &'a str, opening: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    memchr::memchr_iter(b'[', comment.as_bytes()).filter_map(move |at| {
        let rest = comment[at..].strip_prefix(opening)?;
        let space = rest.chars().next().filter(|&c| is_space(c))?;
        Some(&rest[space.len_utf8()..])
    })
}

/// Python's `\s` in a `str` pattern: Unicode whitespace, and the
/// information separators U+001C to U+001F.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The ASCII digits at the start of `text`, and the rest.
fn digits(text: &str) -> (&str, &str) {
    let end = text
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(text.len());
    text.split_at(end)
}

/// `h:mm:ss(.f)]` at the start of `text`, in seconds.
fn read_clock(text: &str) -> Option<f64> {
    let (hours, rest) = digits(text);
    let rest = rest.strip_prefix(':')?;
    let (minutes, rest) = digits(rest);
    let seconds_text = rest.strip_prefix(':')?;
    let (whole, rest) = digits(seconds_text);
    let rest = match rest.strip_prefix('.') {
        Some(rest) => digits(rest).1,
        None => rest,
    };
    if hours.is_empty() || minutes.is_empty() || whole.is_empty() || !rest.starts_with(']') {
        return None;
    }
    let hours: u64 = hours.parse().ok()?;
    let minutes: u64 = minutes.parse().ok()?;
    let seconds: f64 = seconds_text[..seconds_text.len() - rest.len()]
        .parse()
        .ok()?;
    // python-chess adds the whole minutes (an int) to the seconds (a
    // float): the same sum in f64.
    let minutes = hours
        .checked_mul(3600)?
        .checked_add(minutes.checked_mul(60)?)?;
    Some(minutes as f64 + seconds)
}

/// `#n` or pawns, then `(,depth)]`, at the start of `text`.
fn read_eval(text: &str) -> Option<Eval> {
    let (value, rest) = match text.strip_prefix('#') {
        Some(mate) => {
            let (sign, mate) = sign(mate);
            let (count, rest) = digits(mate);
            let count: i64 = count.parse().ok()?;
            (Eval::Mate(i32::try_from(sign * count).ok()?), rest)
        }
        None => read_pawns(text)?,
    };
    let rest = match rest.strip_prefix(',') {
        Some(depth) => {
            let (depth, rest) = digits(depth);
            if depth.is_empty() {
                return None;
            }
            rest
        }
        None => rest,
    };
    rest.starts_with(']').then_some(value)
}

/// A leading `+` or `-`, as a factor.
fn sign(text: &str) -> (i64, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    }
}

/// Pawns as `[+-]?(\d{0,10}\.\d{1,2}|\d{1,10}\.?)`, in centipawns.
fn read_pawns(text: &str) -> Option<(Eval, &str)> {
    let (sign, text) = sign(text);
    let (whole, rest) = digits(text);
    if whole.len() > 10 {
        return None;
    }
    let whole_value: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let (hundredths, rest) = match rest.strip_prefix('.') {
        Some(after) => {
            let (fraction, after) = digits(after);
            match fraction.len() {
                0 if !whole.is_empty() => (0, after),
                1 => (fraction.parse::<i64>().ok()? * 10, after),
                2 => (fraction.parse::<i64>().ok()?, after),
                _ => return None,
            }
        }
        None if !whole.is_empty() => (0, rest),
        None => return None,
    };
    Some((Eval::Cp(sign * (whole_value * 100 + hundredths)), rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_python_chess_reads_them() {
        for (comment, seconds) in [
            ("[%clk 0:03:00]", Some(180.0)),
            ("x [%clk 10:00:00.25] y", Some(36000.25)),
            ("[%clk 0:00:05.]", Some(5.0)),
            ("[%clk\t0:0:1]", Some(1.0)),
            ("[%clk  0:00:01]", None), // one whitespace only
            ("[%clk 0:00:01 ]", None),
            ("[%clk 0:00:.5]", None),
            ("[%clk x] [%clk 0:00:02]", Some(2.0)), // the first valid
            ("[%emt 0:00:02]", None),
            ("", None),
        ] {
            assert_eq!(clock(comment), seconds, "{comment:?}");
        }
    }

    #[test]
    fn evals_read_as_python_chess_reads_them() {
        assert_eq!(eval("[%eval 0.17]"), Some(Eval::Cp(17)));
        assert_eq!(eval("[%eval -0.29]"), Some(Eval::Cp(-29)));
        assert_eq!(eval("[%eval +3]"), Some(Eval::Cp(300)));
        assert_eq!(eval("[%eval 3.]"), Some(Eval::Cp(300)));
        assert_eq!(eval("[%eval .5]"), Some(Eval::Cp(50)));
        assert_eq!(eval("[%eval 1.2,30]"), Some(Eval::Cp(120)));
        assert_eq!(eval("[%eval #0]"), Some(Eval::Mate(0)));
        assert_eq!(eval("[%eval #+12,5]"), Some(Eval::Mate(12)));
        assert_eq!(
            eval("[%eval 9999999999.99]"),
            Some(Eval::Cp(999_999_999_999))
        );
        for bad in [
            "[%eval 12345678901]",
            "[%eval 0.123]",
            "[%eval .]",
            "[%eval #]",
            "[%eval 1,]",
            "[%eval1]",
            "[%eval 1 ]",
            "[%eval #1.5]",
        ] {
            assert_eq!(eval(bad), None, "{bad}");
        }
        assert_eq!(eval("[%eval x] [%eval -1.5]"), Some(Eval::Cp(-150)));
    }
}
