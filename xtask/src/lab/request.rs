//! The lab server's request reader: the head of an HTTP/1.x request, as
//! bytes, to a [`Request`] or a [`RequestError`], reading no byte past
//! [`MAX_HEAD_BYTES`]. A pure function, std only, so that the `lab_request`
//! fuzz target includes this file as it is.

use std::fmt;

/// The most bytes a request head (request line, headers and the blank line
/// that ends them) may take; [`parse`] reads no byte past it.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;

/// What a request asks for: a file of the site, with or without its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// `GET` or `HEAD`.
    pub method: Method,
    /// The file it names, decoded and checked.
    pub path: SitePath,
}

/// The methods the server answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The file, head and body.
    Get,
    /// The file's head only.
    Head,
}

/// A request target's path, percent-decoded and checked: one or more
/// segments joined by `/`, none of them empty, `.`, `..` or hidden
/// (starting with `.`), none holding `\`, `:` or a control character. `/`
/// is `index.html`. Joined under any root, it stays under that root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitePath(String);

impl SitePath {
    /// The path relative to the site's root, segments joined by `/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a request head is not a [`Request`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestError {
    /// No blank line yet, in fewer than [`MAX_HEAD_BYTES`] bytes: the
    /// request may still come.
    Incomplete,
    /// [`MAX_HEAD_BYTES`] bytes and no blank line among them.
    TooLarge,
    /// The head is not UTF-8.
    NotUtf8,
    /// The request line is not `METHOD SP TARGET SP HTTP/x.y`.
    BadRequestLine,
    /// A header line is not `Name: value`, or holds a control character.
    BadHeader,
    /// An HTTP version other than 1.0 and 1.1.
    UnsupportedVersion,
    /// A method other than `GET` and `HEAD`.
    MethodNotAllowed,
    /// The target is not a path from `/` (`*`, `http://…`, `index.html`).
    NotOriginForm,
    /// A `%` not followed by two hex digits.
    BadEscape,
    /// The path, decoded, is not UTF-8, or has a segment that is empty,
    /// `.`, `..`, hidden, or holds `/`, `\`, `:` or a control character.
    PathOutsideSite,
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Incomplete => "the request head has not ended yet",
            Self::TooLarge => "the request head is longer than 8 KiB",
            Self::NotUtf8 => "the request head is not UTF-8",
            Self::BadRequestLine => "the request line is not `METHOD TARGET HTTP/1.1`",
            Self::BadHeader => "a header line is not `Name: value`",
            Self::UnsupportedVersion => "only HTTP/1.0 and HTTP/1.1 are served",
            Self::MethodNotAllowed => "only GET and HEAD are served",
            Self::NotOriginForm => "the request target does not start with `/`",
            Self::BadEscape => "a `%` in the path is not followed by two hex digits",
            Self::PathOutsideSite => "the path names no file of the site",
        })
    }
}

impl std::error::Error for RequestError {}

/// Reads a request head from the first bytes a client sent. Looks only at
/// `bytes[..MAX_HEAD_BYTES]`, and only up to the first blank line in
/// them, so bytes after a complete head (or past the limit) never change
/// the answer. Never says [`RequestError::Incomplete`] to
/// [`MAX_HEAD_BYTES`] bytes or more.
pub fn parse(bytes: &[u8]) -> Result<Request, RequestError> {
    let window = &bytes[..bytes.len().min(MAX_HEAD_BYTES)];
    let Some(end) = head_end(window) else {
        // Invalid UTF-8 is final at once; a sequence cut by the end is not.
        if std::str::from_utf8(window).is_err_and(|err| err.error_len().is_some()) {
            return Err(RequestError::NotUtf8);
        }
        return Err(if window.len() == MAX_HEAD_BYTES {
            RequestError::TooLarge
        } else {
            RequestError::Incomplete
        });
    };
    let head = std::str::from_utf8(&window[..end]).map_err(|_| RequestError::NotUtf8)?;
    let mut lines = head
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line));
    let request_line = lines.next().unwrap_or("");
    for line in lines.filter(|line| !line.is_empty()) {
        check_header(line)?;
    }
    let mut words = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(RequestError::BadRequestLine);
    };
    if !is_token(method) || target.is_empty() || target.chars().any(is_forbidden_char) {
        return Err(RequestError::BadRequestLine);
    }
    match version {
        "HTTP/1.1" | "HTTP/1.0" => {}
        _ if version.starts_with("HTTP/") => return Err(RequestError::UnsupportedVersion),
        _ => return Err(RequestError::BadRequestLine),
    }
    let method = match method {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        _ => return Err(RequestError::MethodNotAllowed),
    };
    let path = site_path(target)?;
    Ok(Request { method, path })
}

/// Where the head ends in `bytes`: just after its first blank line (`\n\n`
/// or `\n\r\n`).
fn head_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().enumerate().find_map(|(at, &byte)| {
        if byte != b'\n' {
            return None;
        }
        match bytes.get(at + 1..) {
            Some([b'\n', ..]) => Some(at + 2),
            Some([b'\r', b'\n', ..]) => Some(at + 3),
            _ => None,
        }
    })
}

/// A header line is a token, a colon, and a value without control
/// characters (but tab).
fn check_header(line: &str) -> Result<(), RequestError> {
    let (name, value) = line.split_once(':').ok_or(RequestError::BadHeader)?;
    if !is_token(name) || value.chars().any(|c| c != '\t' && is_forbidden_char(c)) {
        return Err(RequestError::BadHeader);
    }
    Ok(())
}

/// HTTP's `token`: one or more visible ASCII characters but delimiters.
fn is_token(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Control characters (tab among them) and DEL.
fn is_forbidden_char(c: char) -> bool {
    c.is_control()
}

/// The site path a request target names: the part before `?` or `#`,
/// from `/`, percent-decoded segment by segment.
fn site_path(target: &str) -> Result<SitePath, RequestError> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let relative = path.strip_prefix('/').ok_or(RequestError::NotOriginForm)?;
    if relative.is_empty() {
        return Ok(SitePath("index.html".to_owned()));
    }
    let mut joined = String::with_capacity(relative.len());
    for raw in relative.split('/') {
        let segment =
            String::from_utf8(percent_decode(raw)?).map_err(|_| RequestError::PathOutsideSite)?;
        let safe = !segment.is_empty()
            && !segment.starts_with('.')
            && !segment
                .chars()
                .any(|c| matches!(c, '/' | '\\' | ':') || c.is_control());
        if !safe {
            return Err(RequestError::PathOutsideSite);
        }
        if !joined.is_empty() {
            joined.push('/');
        }
        joined.push_str(&segment);
    }
    Ok(SitePath(joined))
}

/// `raw` with every `%XX` replaced by the byte it stands for.
fn percent_decode(raw: &str) -> Result<Vec<u8>, RequestError> {
    let mut bytes = raw.bytes();
    let mut decoded = Vec::with_capacity(raw.len());
    while let Some(byte) = bytes.next() {
        if byte != b'%' {
            decoded.push(byte);
            continue;
        }
        let digit = |b: Option<u8>| {
            b.and_then(|b| char::from(b).to_digit(16))
                .ok_or(RequestError::BadEscape)
        };
        let (high, low) = (digit(bytes.next())?, digit(bytes.next())?);
        decoded.push(u8::try_from(high * 16 + low).map_err(|_| RequestError::BadEscape)?);
    }
    Ok(decoded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of(target: &str) -> Result<String, RequestError> {
        let head = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        parse(head.as_bytes()).map(|request| request.path.as_str().to_owned())
    }

    #[test]
    fn a_browser_request_reads() {
        let head = b"GET /lab.js?v=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\
                     User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: */*\r\n\r\n";
        let request = parse(head).expect("a browser's request");
        assert_eq!(request.method, Method::Get);
        assert_eq!(request.path.as_str(), "lab.js");
        let head = parse(b"HEAD / HTTP/1.0\n\n").expect("bare line feeds");
        assert_eq!(head.method, Method::Head);
        assert_eq!(head.path.as_str(), "index.html");
    }

    #[test]
    fn paths_that_would_leave_the_root_name_nothing() {
        assert_eq!(path_of("/"), Ok("index.html".into()));
        assert_eq!(path_of("/a/b.js"), Ok("a/b.js".into()));
        assert_eq!(path_of("/index%2ehtml"), Ok("index.html".into()));
        for target in [
            "/..",
            "/../secret",
            "/a/../../secret",
            "/./index.html",
            "//etc/passwd",
            "/a//b",
            "/a/",
            "/%2e%2e/secret",
            "/%2E%2E%2Fsecret",
            "/a%2f..%2f..%2fsecret",
            "/..%5csecret",
            "/C:/Windows/win.ini",
            "/.fingerprint/x",
            "/.cargo-lock",
            "/%00index.html",
            "/%ff",
        ] {
            assert_eq!(
                path_of(target),
                Err(RequestError::PathOutsideSite),
                "{target}"
            );
        }
        assert_eq!(path_of("etc/passwd"), Err(RequestError::NotOriginForm));
        assert_eq!(path_of("*"), Err(RequestError::NotOriginForm));
        assert_eq!(
            path_of("http://127.0.0.1/index.html"),
            Err(RequestError::NotOriginForm)
        );
        assert_eq!(path_of("/%zz"), Err(RequestError::BadEscape));
        assert_eq!(path_of("/%4"), Err(RequestError::BadEscape));
    }

    #[test]
    fn bad_heads_get_typed_errors() {
        let cases: [(&[u8], RequestError); 10] = [
            (b"GET / HTTP/1.1\r\n", RequestError::Incomplete),
            (b"", RequestError::Incomplete),
            (b"GET /\xff HTTP/1.1\r\n\r\n", RequestError::NotUtf8),
            (b"GET /\xc3\x28", RequestError::NotUtf8),
            (b"GET  / HTTP/1.1\r\n\r\n", RequestError::BadRequestLine),
            (b"\r\n\r\n", RequestError::BadRequestLine),
            (
                b"GET / HTTP/1.1\r\nno colon\r\n\r\n",
                RequestError::BadHeader,
            ),
            (b"GET / HTTP/2.0\r\n\r\n", RequestError::UnsupportedVersion),
            (b"POST / HTTP/1.1\r\n\r\n", RequestError::MethodNotAllowed),
            (
                b"GET / HTTP/1.1\r\nA: b\x00c\r\n\r\n",
                RequestError::BadHeader,
            ),
        ];
        for (head, error) in cases {
            assert_eq!(parse(head), Err(error), "{}", head.escape_ascii());
        }
        // A UTF-8 sequence cut by the end of what came so far may still end well.
        assert_eq!(parse(b"GET /\xc3"), Err(RequestError::Incomplete));
    }

    #[test]
    fn a_head_without_end_is_too_large_at_the_limit() {
        let line = vec![b'a'; MAX_HEAD_BYTES - 1];
        assert_eq!(parse(&line), Err(RequestError::Incomplete));
        let line = vec![b'a'; MAX_HEAD_BYTES];
        assert_eq!(parse(&line), Err(RequestError::TooLarge));
        let mut head = b"GET / HTTP/1.1\r\nX: ".to_vec();
        head.resize(48 << 20, b'x');
        assert_eq!(parse(&head), Err(RequestError::TooLarge));
    }
}
