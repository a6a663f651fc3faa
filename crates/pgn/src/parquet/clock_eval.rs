//! The `[%clk h:mm:ss]` and `[%eval 0.17]` / `[%eval #-3]` annotations in
//! a move's comment, read as python-chess reads them (`GameNode.clock()`,
//! `GameNode.eval()`): the first valid one in the comment counts, and a
//! value too large for its column is none, never the next one's.

/// The seconds of the first valid `[%clk h:mm:ss(.f)]` in `comment`:
/// hours, minutes and seconds are digits (any count), the seconds may
/// have a fraction. `None` when there is none, or when python-chess
/// fails on the first (hours or minutes of more than 4,300 digits, or
/// beyond a float's range); otherwise python-chess's float,
/// `float(h * 3600 + m * 60) + float(s)`, even for a huge `h`.
///
/// ```
/// use bitmoves_pgn::parquet::clock;
/// assert_eq!(clock("[%clk 1:02:03.5]"), Some(3723.5));
/// assert_eq!(clock("[%clk 0:00:07] [%clk 0:00:09]"), Some(7.0));
/// assert_eq!(clock("[%clk 0:07]"), None);
/// assert_eq!(clock("[%clk 10000000000000000000:00:00]"), Some(3.6e22));
/// ```
pub fn clock(comment: &str) -> Option<f64> {
    let (hours, minutes, seconds) = annotations(comment, "[%clk").find_map(read_clock)?;
    clock_seconds(hours, minutes, seconds)
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
/// `,depth`. `None` when there is none, or when the first one's mate
/// count does not fit an `i32` (python-chess reads it as a mate; no
/// later annotation counts).
///
/// ```
/// use bitmoves_pgn::parquet::{eval, Eval};
/// assert_eq!(eval("[%eval 0.17]"), Some(Eval::Cp(17)));
/// assert_eq!(eval("[%eval -.5,22]"), Some(Eval::Cp(-50)));
/// assert_eq!(eval("[%eval #-3]"), Some(Eval::Mate(-3)));
/// assert_eq!(eval("[%eval 0.123] [%eval 2]"), Some(Eval::Cp(200)));
/// assert_eq!(eval("[%eval #99999999999] [%eval 3.14]"), None);
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    annotations(comment, "[%eval").find_map(read_eval)?
}

/// What follows each `opening` in `comment`, when one whitespace
/// character follows it (as python-chess's `\s` reads it).
fn annotations<'a>(comment: &'a str, opening: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    // Comments are short: a plain scan for `[` costs less than setting
    // up a vector search, and the whitespace after the opening is
    // nearly always ASCII, tested first.
    let bytes = comment.as_bytes();
    (0..bytes.len())
        .filter(move |&at| bytes[at] == b'[')
        .filter_map(move |at| {
            let rest = comment[at..].strip_prefix(opening)?;
            let space = match *rest.as_bytes().first()? {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1f => 1,
                byte if byte.is_ascii() => return None,
                _ => rest.chars().next().filter(|&c| is_space(c))?.len_utf8(),
            };
            Some(&rest[space..])
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

/// `h:mm:ss(.f)]` at the start of `text`: the hours, the minutes and
/// the seconds as written.
fn read_clock(text: &str) -> Option<(&str, &str, &str)> {
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
    Some((
        hours,
        minutes,
        &seconds_text[..seconds_text.len() - rest.len()],
    ))
}

/// The most digits Python's `int()` reads from a string (3.11's
/// `sys.int_info.default_max_str_digits`): beyond it, `ValueError`.
const PYTHON_MAX_DIGITS: usize = 4300;

/// python-chess's clock: `int(h) * 3600 + int(m) * 60 + float(s)`, the
/// whole minutes (an exact int) rounded to a float once, then the
/// seconds added; `None` where Python fails (`ValueError`,
/// `OverflowError`).
fn clock_seconds(hours: &str, minutes: &str, seconds: &str) -> Option<f64> {
    if let Some(clock) = short_clock(hours, minutes, seconds) {
        return Some(clock);
    }
    if hours.len() > PYTHON_MAX_DIGITS || minutes.len() > PYTHON_MAX_DIGITS {
        return None;
    }
    let seconds: f64 = seconds.parse().ok()?;
    let small = |digits: &str| (digits.len() <= 30).then(|| digits.parse::<u128>().ok())?;
    let whole = match (small(hours), small(minutes)) {
        // At most 10^30 * 3600 + 10^30 * 60: no overflow, and `as`
        // rounds to the nearest float, as Python's int to float does.
        (Some(hours), Some(minutes)) => (hours * 3600 + minutes * 60) as f64,
        _ => whole_minutes(hours, minutes).parse::<f64>().ok()?,
    };
    whole.is_finite().then_some(whole + seconds)
}

/// Powers of ten up to 10^15, each an exact float.
const POWERS_OF_TEN: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// [`clock_seconds`] for the clocks files hold (hours and minutes of at
/// most 9 digits, seconds of at most 15 digits in all), without parsing
/// a float: the whole minutes, below 2^53, are an exact float, and the
/// seconds are one exact integer divided by an exact power of ten, one
/// correctly rounded division, which is what parsing the decimal gives
/// (Clinger's fast path). `None` for longer fields.
#[inline]
fn short_clock(hours: &str, minutes: &str, seconds: &str) -> Option<f64> {
    let point = seconds.bytes().position(|b| b == b'.');
    let (whole, fraction) = match point {
        Some(at) => (&seconds[..at], &seconds[at + 1..]),
        None => (seconds, ""),
    };
    if hours.len() > 9 || minutes.len() > 9 || whole.len() + fraction.len() > 15 {
        return None;
    }
    let number = |digits: &str| {
        digits
            .bytes()
            .fold(0u64, |n, digit| n * 10 + u64::from(digit - b'0'))
    };
    let whole_minutes = number(hours) * 3600 + number(minutes) * 60;
    let scaled = number(whole) * 10u64.pow(fraction.len() as u32) + number(fraction);
    Some(whole_minutes as f64 + scaled as f64 / POWERS_OF_TEN[fraction.len()])
}

/// `60 * (60 * hours + minutes)` in decimal, for numbers of any length.
fn whole_minutes(hours: &str, minutes: &str) -> String {
    // Little-endian decimal digits.
    let mut sum: Vec<u32> = hours.bytes().rev().map(|b| u32::from(b - b'0')).collect();
    let times = |sum: &mut Vec<u32>, factor: u32| {
        let mut carry = 0;
        for digit in sum.iter_mut() {
            let value = *digit * factor + carry;
            *digit = value % 10;
            carry = value / 10;
        }
        while carry > 0 {
            sum.push(carry % 10);
            carry /= 10;
        }
    };
    times(&mut sum, 60);
    let mut carry = 0;
    let mut added = minutes.bytes().rev().map(|b| u32::from(b - b'0'));
    let mut at = 0;
    loop {
        let next = added.next();
        if next.is_none() && carry == 0 {
            break;
        }
        if at == sum.len() {
            sum.push(0);
        }
        let value = sum[at] + next.unwrap_or(0) + carry;
        sum[at] = value % 10;
        carry = value / 10;
        at += 1;
    }
    times(&mut sum, 60);
    sum.iter()
        .rev()
        .map(|&digit| char::from(b'0' + digit as u8))
        .collect()
}

/// `#n` or pawns, then `(,depth)]`, at the start of `text`: `None` when
/// it is not one; `Some(None)` when it is, with a mate count past an
/// `i32`.
fn read_eval(text: &str) -> Option<Option<Eval>> {
    let (value, rest) = match text.strip_prefix('#') {
        Some(mate) => {
            let (sign, mate) = sign(mate);
            let (count, rest) = digits(mate);
            if count.is_empty() {
                return None;
            }
            let count = number(count).and_then(|count| i32::try_from(sign * count).ok());
            (count.map(Eval::Mate), rest)
        }
        None => {
            let (value, rest) = read_pawns(text)?;
            (Some(value), rest)
        }
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

/// ASCII digits (none: 0) as a number, `None` past an `i64`, as
/// `i64::from_str` reads them, without its checks.
fn number(digits: &str) -> Option<i64> {
    digits.bytes().try_fold(0i64, |n, digit| {
        n.checked_mul(10)?.checked_add(i64::from(digit - b'0'))
    })
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
    // At most ten digits: no overflow.
    let whole_value = number(whole)?;
    let (hundredths, rest) = match rest.strip_prefix('.') {
        Some(after) => {
            let (fraction, after) = digits(after);
            match fraction.len() {
                0 if !whole.is_empty() => (0, after),
                1 => (number(fraction)? * 10, after),
                2 => (number(fraction)?, after),
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
            // python-chess's int arithmetic, then one rounding to float
            // (values from python-chess 1.11.2).
            ("[%clk 99999999999999999999:59:59.5]", Some(3.6e23)),
            (
                "[%clk 12345678901234567890123456789012345:00:00] [%clk 0:00:01]",
                Some(4.444444404444445e37),
            ),
            (
                "[%clk 0:99999999999999999999999999999999999999:00]",
                Some(6e39),
            ),
            ("[%clk 0:00:1e5]", None),
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
        // The first valid annotation counts even when its value does not
        // fit the column: none, never the next one's.
        assert_eq!(eval("[%eval #99999999999] [%eval 3.14]"), None);
        assert_eq!(eval("[%eval #2147483648] [%eval #1]"), None);
        assert_eq!(eval("[%eval #-2147483648]"), Some(Eval::Mate(i32::MIN)));
        assert_eq!(
            eval(&format!("[%eval #{}] [%eval 1]", "9".repeat(40))),
            None
        );
    }

    /// The law of the short path: for hours and minutes of 1 to 9
    /// digits and seconds of 1 to 15 digits with or without a fraction
    /// (and a bare point), [`short_clock`] gives the float that the
    /// general path gives (the minutes as an integer rounded once, the
    /// seconds parsed as a float), bit for bit.
    #[test]
    fn the_short_path_is_the_general_one() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut digits = |count: usize| -> String {
            (0..count)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    char::from(b'0' + (state % 10) as u8)
                })
                .collect()
        };
        for round in 0..200_000 {
            let hours = digits(1 + round % 9);
            let minutes = digits(1 + round / 9 % 9);
            let whole_len = 1 + round / 81 % 15;
            let seconds = match round / 1215 % 3 {
                0 => digits(whole_len),
                1 => format!("{}.", digits(whole_len)),
                _ => {
                    let fraction = 1 + round / 3645 % (16 - whole_len);
                    format!(
                        "{}.{}",
                        digits(whole_len),
                        digits(fraction.min(15 - whole_len).max(1))
                    )
                }
            };
            let (whole, fraction) = seconds.split_once('.').unwrap_or((&seconds, ""));
            if whole.len() + fraction.len() > 15 {
                continue;
            }
            let general = {
                let whole = (hours.parse::<u128>().unwrap() * 3600
                    + minutes.parse::<u128>().unwrap() * 60) as f64;
                whole + seconds.parse::<f64>().unwrap()
            };
            let short = short_clock(&hours, &minutes, &seconds).expect("short fields");
            assert_eq!(
                short.to_bits(),
                general.to_bits(),
                "{hours}:{minutes}:{seconds}"
            );
        }
        assert_eq!(short_clock("0", "0", "1234567890123456"), None);
        assert_eq!(short_clock("1234567890", "0", "0"), None);
        assert_eq!(clock("[%clk 0:00:00.1]"), Some(0.1));
        assert_eq!(clock("[%clk 0:00:59.999999999999]"), Some(59.999999999999));
    }

    /// The ASCII test of the whitespace after an opening is
    /// [`is_space`], for every ASCII byte.
    #[test]
    fn one_whitespace_character_follows_the_opening() {
        for byte in 0..128u8 {
            let c = char::from(byte);
            let found = clock(&format!("[%clk{c}0:00:01]")).is_some();
            assert_eq!(found, is_space(c), "{byte:#x}");
            let found = eval(&format!("[%eval{c}1.5]")).is_some();
            assert_eq!(found, is_space(c), "{byte:#x}");
        }
        assert_eq!(clock("[%clk\u{2003}0:00:01]"), Some(1.0));
        assert_eq!(clock("[%clk\u{85}0:00:02]"), Some(2.0));
        assert_eq!(eval("[%eval\u{a0}#-3]"), Some(Eval::Mate(-3)));
        assert_eq!(clock("é[%clk\u{e9}0:00:01] [%clk 0:00:03]"), Some(3.0));
    }

    #[test]
    fn huge_clocks_are_python_chess_s_float_or_none() {
        let huge = "9".repeat(400);
        assert_eq!(clock(&format!("[%clk {huge}:00:00] [%clk 0:00:01]")), None);
        let over = "1".repeat(PYTHON_MAX_DIGITS + 1);
        assert_eq!(clock(&format!("[%clk {over}:00:00] [%clk 0:00:01]")), None);
        assert_eq!(clock(&format!("[%clk 0:00:{huge}]")), Some(f64::INFINITY));
        assert_eq!(whole_minutes("12", "34"), "45240");
        assert_eq!(whole_minutes("0", "0"), "0");
    }
}
