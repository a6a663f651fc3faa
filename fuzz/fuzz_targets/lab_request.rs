//! Fuzzes the lab server's request reader, `xtask/src/lab/request.rs`,
//! against its laws (`xtask/src/lab/laws.rs`, which the server's tests
//! also check): it never panics, reads no byte past its limit, never
//! changes a final answer for more bytes, and every path it returns stays
//! under the root.
//!
//! The first byte picks a cut point in the rest, to check that a prefix
//! of the request gets either `Incomplete` or the whole request's answer.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../xtask/src/lab/request.rs"]
mod request;

#[path = "../../xtask/src/lab/laws.rs"]
mod laws;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, data)) = data.split_first() else {
        return;
    };
    let cut = data.len() * usize::from(cut) / 255;
    laws::assert_laws(data, cut);
});
