//! The tokens of a movetext line as python-chess's `chess.pgn` cuts them:
//! its token regex (a move, `{` or `;` with the rest of the line, a NAG,
//! a parenthesis, a result, `!`/`?` marks; text between tokens ignored),
//! matched by hand with the regex's order of preference.

/// One token of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// Move text for `parse_san`: SAN, UCI, a drop, a null move, castling.
    Move(&'a str),
    /// `{` and the rest of the line after it.
    Comment(&'a str),
    /// `;`: the rest of the line is a comment.
    LineComment,
    /// `$n`, its digits.
    Nag(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    Result(&'a str),
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Mark(&'a str),
}

/// The tokens of `line`, left to right.
pub struct Tokens<'a> {
    line: &'a str,
    at: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of one line.
    pub fn new(line: &'a str) -> Self {
        Self { line, at: 0 }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.line.as_bytes();
        while self.at < bytes.len() {
            let start = self.at;
            if let Some((token, len)) = token_at(self.line, start) {
                self.at = start + len;
                return Some(token);
            }
            // Every token starts with an ASCII byte, so stepping one byte
            // never lands a match inside a UTF-8 sequence.
            self.at += 1;
        }
        None
    }
}

fn is_file(b: u8) -> bool {
    (b'a'..=b'h').contains(&b)
}

fn is_rank(b: u8) -> bool {
    (b'1'..=b'8').contains(&b)
}

/// The byte at `i`, 0 past the end (no token byte is 0).
fn at(bytes: &[u8], i: usize) -> u8 {
    bytes.get(i).copied().unwrap_or(0)
}

/// The token that starts at byte `i`, with its length.
fn token_at(line: &str, i: usize) -> Option<(Token<'_>, usize)> {
    let bytes = line.as_bytes();
    if let Some(len) = move_at(bytes, i) {
        return Some((Token::Move(&line[i..i + len]), len));
    }
    let rest = &line[i..];
    let token = match bytes[i] {
        b'{' => return Some((Token::Comment(rest), rest.len())),
        b';' => return Some((Token::LineComment, rest.len())),
        b'$' => {
            let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return None;
            }
            return Some((Token::Nag(&rest[1..=digits]), digits + 1));
        }
        b'(' => Token::Open,
        b')' => Token::Close,
        b'*' => Token::Result("*"),
        b'?' | b'!' => {
            let len = if matches!(at(bytes, i + 1), b'?' | b'!') {
                2
            } else {
                1
            };
            return Some((Token::Mark(&rest[..len]), len));
        }
        _ => {
            for result in ["1-0", "0-1", "1/2-1/2"] {
                if rest.starts_with(result) {
                    return Some((Token::Result(result), result.len()));
                }
            }
            return None;
        }
    };
    Some((token, 1))
}

/// The length of the move token at `i`: the regex's alternatives in
/// order, the first that matches.
fn move_at(bytes: &[u8], i: usize) -> Option<usize> {
    if let Some(len) = san_at(bytes, i) {
        return Some(len);
    }
    // `[PNBRQK]?@[a-h][1-8]`
    let drop_at = usize::from(b"PNBRQK".contains(&at(bytes, i)));
    if at(bytes, i + drop_at) == b'@'
        && is_file(at(bytes, i + drop_at + 1))
        && is_rank(at(bytes, i + drop_at + 2))
    {
        return Some(drop_at + 3);
    }
    let rest = &bytes[i..];
    for fixed in [
        &b"--"[..],
        b"Z0",
        b"0000",
        b"@@@@",
        b"O-O-O",
        b"O-O",
        b"0-0-0",
        b"0-0",
    ] {
        if rest.starts_with(fixed) {
            return Some(fixed.len());
        }
    }
    None
}

/// `[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?` at `i`,
/// backtracking as the regex does: each optional part tried present,
/// then absent.
fn san_at(bytes: &[u8], i: usize) -> Option<usize> {
    for &take_piece in options(b"NBKRQ".contains(&at(bytes, i))) {
        let a = i + usize::from(take_piece);
        for &take_file in options(is_file(at(bytes, a))) {
            let b = a + usize::from(take_file);
            for &take_rank in options(is_rank(at(bytes, b))) {
                let c = b + usize::from(take_rank);
                for &take_sep in options(matches!(at(bytes, c), b'-' | b'x')) {
                    let d = c + usize::from(take_sep);
                    if is_file(at(bytes, d)) && is_rank(at(bytes, d + 1)) {
                        let e = d + 2;
                        let promotion = b"nbrqkNBRQK";
                        let extra = if at(bytes, e) == b'=' && promotion.contains(&at(bytes, e + 1))
                        {
                            2
                        } else {
                            usize::from(promotion.contains(&at(bytes, e)))
                        };
                        return Some(e + extra - i);
                    }
                }
            }
        }
    }
    None
}

/// The choices for an optional part: present first (when it can be),
/// then absent.
fn options(can: bool) -> &'static [bool] {
    if can { &[true, false] } else { &[false] }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &str) -> Vec<Token<'_>> {
        Tokens::new(line).collect()
    }

    #[test]
    fn moves_numbers_and_marks() {
        use Token::*;
        assert_eq!(
            tokens("1. e4 e5?! 2.Nf3+ $14 (2. d4) 1-0"),
            [
                Move("e4"),
                Move("e5"),
                Mark("?!"),
                Move("Nf3"),
                Nag("14"),
                Open,
                Move("d4"),
                Close,
                Result("1-0")
            ]
        );
        assert_eq!(
            tokens("e7e8q b1=Q O-O-O 0-0 -- Z0"),
            [
                Move("e7e8q"),
                Move("b1=Q"),
                Move("O-O-O"),
                Move("0-0"),
                Move("--"),
                Move("Z0")
            ]
        );
        assert_eq!(
            tokens("0-1 1/2-1/2 * N@e4"),
            [Result("0-1"), Result("1/2-1/2"), Result("*"), Move("N@e4")]
        );
    }

    #[test]
    fn comments_take_the_rest_of_the_line() {
        use Token::*;
        assert_eq!(tokens("e4 { a } e5"), [Move("e4"), Comment("{ a } e5")]);
        assert_eq!(tokens("e4 ; e5"), [Move("e4"), LineComment]);
    }
}
