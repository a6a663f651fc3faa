//! A small JSON writer: the page's answers are objects of strings, numbers,
//! booleans and arrays, so the wasm module needs no serialisation crate.

/// Builds one JSON value into a string. Callers open and close objects and
/// arrays; the writer puts the commas in.
#[derive(Debug, Default)]
pub struct Json {
    out: String,
    /// Whether the next item of the innermost object or array needs a comma.
    needs_comma: bool,
}

impl Json {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The JSON text written so far.
    pub fn finish(self) -> String {
        self.out
    }

    fn separate(&mut self) {
        if self.needs_comma {
            self.out.push(',');
        }
        self.needs_comma = true;
    }

    /// Opens an object as the next value.
    pub fn begin_object(&mut self) -> &mut Self {
        self.open('{')
    }

    /// Closes the innermost object.
    pub fn end_object(&mut self) -> &mut Self {
        self.close('}')
    }

    /// Opens an array as the next value.
    pub fn begin_array(&mut self) -> &mut Self {
        self.open('[')
    }

    /// Closes the innermost array.
    pub fn end_array(&mut self) -> &mut Self {
        self.close(']')
    }

    /// Opens an object or array (`bracket`) as the next value.
    fn open(&mut self, bracket: char) -> &mut Self {
        self.separate();
        self.out.push(bracket);
        self.needs_comma = false;
        self
    }

    /// Closes the innermost object or array (`bracket`).
    fn close(&mut self, bracket: char) -> &mut Self {
        self.out.push(bracket);
        self.needs_comma = true;
        self
    }

    /// Writes an object key; the next call writes its value.
    pub fn key(&mut self, key: &str) -> &mut Self {
        self.separate();
        self.quote(key);
        self.out.push(':');
        self.needs_comma = false;
        self
    }

    /// Writes a string value.
    pub fn string(&mut self, value: &str) -> &mut Self {
        self.separate();
        self.quote(value);
        self
    }

    /// Writes an integer value. Integers past 2^53 lose precision in
    /// JavaScript: bitboards go as hex strings instead.
    pub fn number(&mut self, value: impl Into<u64>) -> &mut Self {
        self.decimal(value.into())
    }

    /// [`Json::number`], compiled once rather than per integer type.
    fn decimal(&mut self, mut value: u64) -> &mut Self {
        self.separate();
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        self.out.extend(digits[at..].iter().map(|&d| char::from(d)));
        self
    }

    /// Writes `true` or `false`.
    pub fn boolean(&mut self, value: bool) -> &mut Self {
        self.separate();
        self.out.push_str(if value { "true" } else { "false" });
        self
    }

    /// A key and its string value.
    pub fn field(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key).string(value)
    }

    /// A key and a value's `Display` text, as a string. One function for
    /// every type, where `value.to_string()` would compile one per type
    /// into the wasm module.
    pub fn field_shown(&mut self, key: &str, value: &dyn std::fmt::Display) -> &mut Self {
        self.field(key, &format!("{value}"))
    }

    fn quote(&mut self, text: &str) {
        self.out.push('"');
        for c in text.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                c if u32::from(c) < 0x20 => {
                    self.out.push_str("\\u00");
                    self.out.push(hex_digit(u32::from(c) >> 4));
                    self.out.push(hex_digit(u32::from(c)));
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }
}

/// A bitboard's value as the page shows it: `0x` and 16 hex digits.
/// (Written by hand, as the integers are: `core::fmt` costs the wasm
/// module bytes.)
pub fn hex(value: u64) -> String {
    let mut text = String::from("0x");
    text.extend(
        (0..16)
            .rev()
            .map(|nibble| hex_digit((value >> (4 * nibble)) as u32)),
    );
    text
}

/// The lower-case hex digit of `value`'s low four bits.
fn hex_digit(value: u32) -> char {
    char::from(b"0123456789abcdef"[(value & 15) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_values_get_commas_between_items_only() {
        let mut json = Json::new();
        json.begin_object().field("a", "x\"y");
        json.key("list").begin_array().number(1u8).boolean(true);
        json.begin_object().end_object().end_array();
        json.end_object();
        assert_eq!(json.finish(), r#"{"a":"x\"y","list":[1,true,{}]}"#);
    }

    #[test]
    fn hex_is_sixteen_digits() {
        assert_eq!(hex(0x1422), "0x0000000000001422");
        assert_eq!(hex(u64::MAX - 0x10), "0xffffffffffffffef");
    }

    #[test]
    fn numbers_and_control_characters_are_written_by_hand() {
        let mut json = Json::new();
        json.begin_array()
            .number(0u8)
            .number(u64::MAX)
            .number(1_000u32);
        json.string("a\u{1f}b\tc").end_array();
        assert_eq!(
            json.finish(),
            r#"[0,18446744073709551615,1000,"a\u001fb\u0009c"]"#
        );
    }
}
