//! The request reader's laws, shared by the server's tests and the
//! `lab_request` fuzz target (which includes this file and `request.rs`
//! with `#[path]`, as sibling modules).

use super::request::{MAX_HEAD_BYTES, RequestError, parse};
use std::path::{Component, Path};

/// Checks every law of [`parse`] on `bytes`, and on the first `cut` of
/// them (clamped to their length):
///
/// - it reads no byte past [`MAX_HEAD_BYTES`]: the answer is the one for
///   the first [`MAX_HEAD_BYTES`] bytes, and it is never `Incomplete` to
///   that many, so the server never holds more;
/// - its answers are final: a prefix's answer is `Incomplete` or this
///   answer, and bytes added after a final answer do not change it;
/// - every path it returns, joined under a root, stays under that root
///   and names no hidden file.
pub fn assert_laws(bytes: &[u8], cut: usize) {
    let answer = parse(bytes);
    let limited = &bytes[..bytes.len().min(MAX_HEAD_BYTES)];
    assert_eq!(parse(limited), answer, "read past the limit: {bytes:?}");
    if bytes.len() >= MAX_HEAD_BYTES {
        assert_ne!(answer, Err(RequestError::Incomplete), "{bytes:?}");
    }
    let prefix = parse(&bytes[..cut.min(bytes.len())]);
    if prefix != Err(RequestError::Incomplete) {
        assert_eq!(prefix, answer, "cut at {cut}: {bytes:?}");
    }
    if answer != Err(RequestError::Incomplete) {
        for more in [&b"\r\n\r\n"[..], b"\xff", b"GET / HTTP/1.1\n\n"] {
            let longer = [bytes, more].concat();
            assert_eq!(parse(&longer), answer, "{bytes:?} then {more:?}");
        }
    }
    if let Ok(request) = answer {
        let root = Path::new("/srv/site");
        let joined = root.join(request.path.as_str());
        let inside: Vec<_> = joined
            .strip_prefix(root)
            .unwrap_or_else(|_| panic!("{joined:?} left the root"))
            .components()
            .collect();
        assert_eq!(
            inside.len(),
            request.path.as_str().split('/').count(),
            "{joined:?}"
        );
        for part in inside {
            let Component::Normal(name) = part else {
                panic!("{joined:?} has {part:?}");
            };
            let name = name.to_str().unwrap_or_else(|| panic!("{joined:?}"));
            assert!(!name.starts_with('.'), "{joined:?} names a hidden file");
            assert!(!name.contains(['\\', ':']), "{joined:?}");
        }
    }
}
