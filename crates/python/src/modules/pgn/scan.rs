//! `scan_game`: where the next game of a text ends, and its tags, as
//! python-chess's `read_game` finds them with a visitor that skips the
//! moves (`read_headers`, `skip_game`): its rules for lines (leading
//! blank and `%`/`;` lines, one blank line between tags, a blank line
//! outside `{…}` ending the movetext) over a chunk of the handle's text.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The seven tag roster, kept apart in python-chess's `Headers`.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Python's `str.isspace()` for one character (`\s` of `re`).
fn is_space_char(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `str.isspace()`: not empty, all white space.
pub fn is_space(line: &str) -> bool {
    !line.is_empty() && line.chars().all(is_space_char)
}

/// Whether a movetext line that starts inside a brace comment or not
/// (`in_comment`) ends inside one, as python-chess follows the braces to
/// find where a game's movetext ends: a `;` outside a comment ends the
/// line.
pub fn in_comment_after(line: &str, mut in_comment: bool) -> bool {
    for b in line.bytes() {
        match b {
            b'{' => in_comment = true,
            b'}' => in_comment = false,
            b';' if !in_comment => break,
            _ => {}
        }
    }
    in_comment
}

/// The lines of a chunk, each with its `\n`, read one at a time; `None`
/// where the chunk ends before a whole line (more text is needed), `""`
/// at the end of the input.
struct Lines<'a> {
    text: &'a str,
    at: usize,
    eof: bool,
}

impl<'a> Lines<'a> {
    fn next(&mut self) -> Option<&'a str> {
        let rest = &self.text[self.at..];
        match rest.find('\n') {
            Some(end) => {
                self.at += end + 1;
                Some(&rest[..=end])
            }
            None if self.eof => {
                self.at = self.text.len();
                Some(rest)
            }
            None => None,
        }
    }
}

/// `^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$` on a line:
/// the tag's name and value.
fn tag(line: &str) -> Option<(&str, &str)> {
    let body = line.strip_prefix('[')?;
    let name_len = body
        .bytes()
        .enumerate()
        .take_while(|&(i, b)| b.is_ascii_alphanumeric() || (i > 0 && b"_+#=:-".contains(&b)))
        .count();
    if name_len == 0 {
        return None;
    }
    let (name, rest) = body.split_at(name_len);
    let value_start = rest.trim_start_matches(is_space_char);
    if value_start.len() == rest.len() {
        return None;
    }
    let value_start = value_start.strip_prefix('"')?;
    // The value runs to the last `"]` followed by white space only, and
    // holds no `\r`.
    let limit = value_start.find('\r').unwrap_or(value_start.len());
    let mut search = value_start;
    while let Some(close) = search.rfind("\"]") {
        if close <= limit && value_start[close + 2..].chars().all(is_space_char) {
            return Some((name, &value_start[..close]));
        }
        search = &value_start[..close];
    }
    None
}

/// What `scan_game` finds: `(found, chars, bytes, roster, others)`.
type Scanned<'py> = (
    bool,
    usize,
    usize,
    Option<Bound<'py, PyDict>>,
    Option<Bound<'py, PyDict>>,
);

/// The next game of `text` from its UTF-8 byte `at` on (a chunk of a
/// handle's text from where it stands; `eof` when the input ends with
/// it): `None` when the chunk ends before the game does, else `(found,
/// chars, bytes, roster, others)`: whether a game was found, the
/// characters and UTF-8 bytes python-chess would have read for it, and
/// (with `tags`) its tags as the two dicts of `Headers` (the seven tag
/// roster, the others). `ValueError` for an `at` that is not a character
/// boundary of `text`.
#[pyfunction]
#[pyo3(signature = (text, eof, tags, at = 0))]
pub fn scan_game<'py>(
    py: Python<'py>,
    text: &str,
    eof: bool,
    tags: bool,
    at: usize,
) -> PyResult<Option<Scanned<'py>>> {
    let text = text.get(at..).ok_or_else(|| {
        PyValueError::new_err("scan_game: at is not a character boundary of the text")
    })?;
    let mut lines = Lines { text, at: 0, eof };
    let (roster, others) = if tags {
        (Some(PyDict::new(py)), Some(PyDict::new(py)))
    } else {
        (None, None)
    };
    let Some(found) = scan(&mut lines, roster.as_ref(), others.as_ref())? else {
        return Ok(None);
    };
    let bytes = lines.at;
    let chars = if text.is_ascii() {
        bytes
    } else {
        text[..bytes].chars().count()
    };
    Ok(Some((found, chars, bytes, roster, others)))
}

/// Follows python-chess's lines for one game: `Ok(None)` when more text
/// is needed, else whether a game was found.
fn scan(
    lines: &mut Lines<'_>,
    roster: Option<&Bound<'_, PyDict>>,
    others: Option<&Bound<'_, PyDict>>,
) -> PyResult<Option<bool>> {
    macro_rules! next {
        () => {
            match lines.next() {
                Some(line) => line,
                None => return Ok(None),
            }
        };
    }
    let comment_line = |line: &str| line.starts_with('%') || line.starts_with(';');
    let mut line = next!().trim_start_matches('\u{feff}');
    while is_space(line) || comment_line(line) {
        line = next!();
    }
    let mut found = false;
    let mut blank = 0;
    while !line.is_empty() {
        if comment_line(line) {
            line = next!();
            continue;
        }
        if blank < 1 && is_space(line) {
            blank += 1;
            line = next!();
            continue;
        }
        found = true;
        if !line.starts_with('[') {
            break;
        }
        blank = 0;
        if let (Some(roster), Some(others)) = (roster, others)
            && let Some((name, value)) = tag(line)
        {
            let dict = if ROSTER.contains(&name) {
                roster
            } else {
                others
            };
            dict.set_item(name, value)?;
        }
        line = next!();
    }
    if !found {
        return Ok(Some(false));
    }
    // The movetext, skipped: to a blank line outside comments.
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment {
            if is_space(line) {
                break;
            }
            if line.starts_with('%') {
                line = next!();
                continue;
            }
        }
        in_comment = in_comment_after(line, in_comment);
        line = next!();
    }
    Ok(Some(true))
}

/// The tag section of the next game, read with `readline` as
/// python-chess's `read_game` reads it (leading blank and `%`/`;` lines
/// and a byte order mark dropped, one blank line allowed between tags,
/// malformed tag lines ignored): `(found, roster, others, line)`, whether
/// a game was found, its tags as the two dicts of `Headers` (the seven
/// tag roster, the others in file order), and the first line after them.
#[pyfunction]
pub fn read_tags<'py>(
    py: Python<'py>,
    readline: &Bound<'py, PyAny>,
) -> PyResult<(bool, Bound<'py, PyDict>, Bound<'py, PyDict>, String)> {
    let next = || -> PyResult<String> { readline.call0()?.extract() };
    let comment_line = |line: &str| line.starts_with('%') || line.starts_with(';');
    let (roster, others) = (PyDict::new(py), PyDict::new(py));
    let first = next()?;
    let mut line = first.trim_start_matches('\u{feff}').to_owned();
    while is_space(&line) || comment_line(&line) {
        line = next()?;
    }
    let mut found = false;
    let mut blank = 0;
    while !line.is_empty() {
        if comment_line(&line) {
            line = next()?;
            continue;
        }
        if blank < 1 && is_space(&line) {
            blank += 1;
            line = next()?;
            continue;
        }
        found = true;
        if !line.starts_with('[') {
            break;
        }
        blank = 0;
        if let Some((name, value)) = tag(&line) {
            let dict = if ROSTER.contains(&name) {
                &roster
            } else {
                &others
            };
            dict.set_item(name, value)?;
        }
        line = next()?;
    }
    Ok((found, roster, others, line))
}

#[cfg(test)]
mod tests {
    use super::tag;

    #[test]
    fn tags_read_as_python_chess_reads_them() {
        assert_eq!(tag("[Event \"A\"]\n"), Some(("Event", "A")));
        assert_eq!(
            tag("[BlackType: \"program\"]"),
            Some(("BlackType:", "program"))
        );
        assert_eq!(
            tag("[Opening \"a \"b\"] c\"]  \n"),
            Some(("Opening", "a \"b\"] c"))
        );
        assert_eq!(tag("[Event\"A\"]"), None);
        assert_eq!(tag("[_x \"A\"]"), None);
        assert_eq!(tag("[Event \"A\"] x"), None);
        assert_eq!(tag("[Event \"A\r\"]"), None);
    }
}
