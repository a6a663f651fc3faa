//! Bytes as text: tables of bytes for one lookup each, and text as
//! `str` (invalid UTF-8 replaced).

use std::borrow::Cow;

/// A table of the bytes in `bytes`, for one lookup per byte.
pub(crate) const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// Text as `str`, replacing invalid UTF-8 (which allocates, rarely).
#[inline(always)]
pub(crate) fn utf8(bytes: &[u8]) -> Cow<'_, str> {
    // Tags and comments are short and nearly always ASCII: that test
    // inlined first, then the strict check, faster than the lossy one on
    // the valid text files hold.
    if bytes.is_ascii() {
        // SAFETY: ASCII is valid UTF-8.
        return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Borrowed)
}
