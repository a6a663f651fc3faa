//! A game's tags as the Parquet row holds them: the named columns (seven
//! tag roster and Lichess tags) and every other tag, with python-chess's
//! dictionary semantics for duplicates (the last value wins, in the place
//! of the first); and the typed readings of their values (dates, times,
//! ratings, time controls).

/// The tags with a column of their own, in column order.
pub const NAMED: [&str; 20] = [
    "Event",
    "Site",
    "Date",
    "UTCDate",
    "UTCTime",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "WhiteTitle",
    "BlackTitle",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "Variant",
];

/// The index of `name` in [`NAMED`]: one comparison (by length, then
/// the text), where a scan of the list cost one per entry for every tag.
fn named_index(name: &str) -> Option<usize> {
    Some(match name {
        "Event" => 0,
        "Site" => 1,
        "Date" => 2,
        "UTCDate" => 3,
        "UTCTime" => 4,
        "Round" => 5,
        "White" => 6,
        "Black" => 7,
        "Result" => 8,
        "WhiteElo" => 9,
        "BlackElo" => 10,
        "WhiteRatingDiff" => 11,
        "BlackRatingDiff" => 12,
        "WhiteTitle" => 13,
        "BlackTitle" => 14,
        "ECO" => 15,
        "Opening" => 16,
        "TimeControl" => 17,
        "Termination" => 18,
        "Variant" => 19,
        _ => return None,
    })
}

/// Where a tag's text lies in [`Tags`]' buffer.
type Span = (u32, u32);

/// A game's tags: the named ones by their index in [`NAMED`], the others
/// in file order, their text in one buffer (kept from game to game: a
/// row is reused, so reading tags allocates nothing once warm).
#[derive(Debug, Default, Clone)]
pub(crate) struct Tags {
    /// The names and values, one after another (a value replaced stays
    /// there, unused, until [`Tags::clear`]).
    text: String,
    /// The value of each tag of [`NAMED`], by index.
    named: [Option<Span>; NAMED.len()],
    /// The `FEN` tag.
    fen: Option<Span>,
    /// Every other tag, each name once: name and value.
    others: Vec<(Span, Span)>,
}

impl Tags {
    /// Forgets every tag, keeping the memory.
    pub fn clear(&mut self) {
        self.text.clear();
        self.named = [None; NAMED.len()];
        self.fen = None;
        self.others.clear();
    }

    /// Adds `text` to the buffer.
    fn push(&mut self, text: &str) -> Span {
        let start = self.text.len() as u32;
        self.text.push_str(text);
        (start, self.text.len() as u32)
    }

    /// The text of a span.
    fn at(&self, (start, end): Span) -> &str {
        self.text
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }

    /// Records a tag; a second tag of the same name replaces the first's
    /// value.
    pub fn insert(&mut self, name: &str, value: &str) {
        if let Some(index) = named_index(name) {
            self.named[index] = Some(self.push(value));
        } else if name == "FEN" {
            self.fen = Some(self.push(value));
        } else if let Some(at) = self.others.iter().position(|&(n, _)| self.at(n) == name) {
            self.others[at].1 = self.push(value);
        } else {
            let name = self.push(name);
            let value = self.push(value);
            self.others.push((name, value));
        }
    }

    /// The value of the named tag `name` (one of [`NAMED`]).
    pub fn get(&self, name: &str) -> Option<&str> {
        let index = named_index(name)?;
        self.named[index].map(|span| self.at(span))
    }

    /// The values of the tags of [`NAMED`], in its order.
    pub fn named(&self) -> impl Iterator<Item = Option<&str>> + '_ {
        self.named.iter().map(|span| span.map(|span| self.at(span)))
    }

    /// The `FEN` tag.
    pub fn fen(&self) -> Option<&str> {
        self.fen.map(|span| self.at(span))
    }

    /// Every other tag, in file order: name and value.
    pub fn others(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.others
            .iter()
            .map(|&(name, value)| (self.at(name), self.at(value)))
    }

    /// About how many bytes the values hold (with replaced ones).
    pub fn bytes(&self) -> usize {
        self.text.len()
    }
}

/// A PGN date `YYYY.MM.DD` as days since 1970-01-01; `None` when any part
/// is unknown (`??`) or the day does not exist.
///
/// ```
/// use bitmoves_pgn::parquet::date;
/// assert_eq!(date("1970.01.02"), Some(1));
/// assert_eq!(date("2024.02.29"), Some(19782));
/// assert_eq!(date("2023.02.29"), None);
/// assert_eq!(date("2023.??.??"), None);
/// ```
pub fn date(text: &str) -> Option<i32> {
    let mut parts = text.split('.');
    let year: i32 = number(parts.next()?, 4)?;
    let month: u32 = number(parts.next()?, 2)?;
    let day: u32 = number(parts.next()?, 2)?;
    if parts.next().is_some() || !(1..=12).contains(&month) {
        return None;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days_in_month).contains(&day) {
        return None;
    }
    Some(days_from_civil(year, month, day))
}

/// A `HH:MM:SS` time of day as seconds since midnight.
///
/// ```
/// use bitmoves_pgn::parquet::time;
/// assert_eq!(time("01:02:03"), Some(3723));
/// assert_eq!(time("24:00:00"), None);
/// ```
pub fn time(text: &str) -> Option<i32> {
    let mut parts = text.split(':');
    let hours: i32 = number(parts.next()?, 2)?;
    let minutes: i32 = number(parts.next()?, 2)?;
    let seconds: i32 = number(parts.next()?, 2)?;
    let valid = hours < 24 && minutes < 60 && seconds < 60;
    (parts.next().is_none() && valid).then_some(hours * 3600 + minutes * 60 + seconds)
}

/// A signed whole number (`1500`, `+7`, `-12`), for ratings and rating
/// differences; `None` for `?`, `-` or anything else.
///
/// ```
/// use bitmoves_pgn::parquet::integer;
/// assert_eq!(integer("+7"), Some(7));
/// assert_eq!(integer("?"), None);
/// ```
pub fn integer(text: &str) -> Option<i32> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A `TimeControl` of the form `base+increment` or `base` (seconds) as
/// its base and increment; `None` for `-`, `?` and other forms
/// (`40/7200:3600`).
///
/// ```
/// use bitmoves_pgn::parquet::time_control;
/// assert_eq!(time_control("300+3"), Some((300, 3)));
/// assert_eq!(time_control("60"), Some((60, 0)));
/// assert_eq!(time_control("-"), None);
/// ```
pub fn time_control(text: &str) -> Option<(i32, i32)> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    Some((number(base, 9)?, number(increment, 9)?))
}

/// ASCII digits only, at most `width` of them.
fn number<T: std::str::FromStr>(text: &str, width: usize) -> Option<T> {
    let ok = !text.is_empty() && text.len() <= width && text.bytes().all(|b| b.is_ascii_digit());
    if ok { text.parse().ok() } else { None }
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i32, month: u32, day: u32) -> i32 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month = month as i32;
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day as i32 - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_days_from_the_epoch() {
        assert_eq!(date("1970.01.01"), Some(0));
        assert_eq!(date("2000.03.01"), Some(11017));
        assert_eq!(date("1969.12.31"), Some(-1));
        assert_eq!(date("1900.02.29"), None);
        assert_eq!(date("2000.02.29"), Some(11016));
        assert_eq!(date("2023.13.01"), None);
        assert_eq!(date("????.??.??"), None);
        assert_eq!(date("2023.1.01"), Some(19358));
        assert_eq!(date("2023-01-01"), None);
    }

    #[test]
    fn every_named_tag_has_its_index() {
        for (index, name) in NAMED.iter().enumerate() {
            assert_eq!(named_index(name), Some(index), "{name}");
        }
        assert_eq!(named_index("FEN"), None);
        assert_eq!(named_index("event"), None);
    }

    #[test]
    fn duplicate_tags_keep_the_last_value_in_the_first_place() {
        let mut tags = Tags::default();
        tags.insert("Annotator", "a");
        tags.insert("WhiteElo", "1500");
        tags.insert("Foo", "1");
        tags.insert("Annotator", "b");
        tags.insert("WhiteElo", "1600");
        assert_eq!(tags.get("WhiteElo"), Some("1600"));
        assert_eq!(
            tags.others().collect::<Vec<_>>(),
            [("Annotator", "b"), ("Foo", "1")]
        );
        tags.clear();
        assert_eq!(tags.get("WhiteElo"), None);
        assert_eq!(tags.others().count(), 0);
    }

    #[test]
    fn typed_values_refuse_what_is_not_a_number() {
        assert_eq!(integer("1500"), Some(1500));
        assert_eq!(integer("-3"), Some(-3));
        assert_eq!(integer("15 00"), None);
        assert_eq!(integer(""), None);
        assert_eq!(integer("99999999999"), None);
        assert_eq!(time_control("40/7200:3600"), None);
        assert_eq!(time_control("180+"), None);
        assert_eq!(time("12:00"), None);
    }
}
