//! Links the wasm module with a 64 KiB stack instead of the default
//! 1 MiB. The stack comes first in memory, so the module's data then
//! starts below 1 MiB, where each data segment's address is a byte
//! shorter: 2 KB off the module's 1,000,000-byte budget (docs/lab.md).
//! The module needs far less stack: its deepest call, perft(6), recurses
//! six boards and move lists deep.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo::rustc-link-arg-cdylib=-zstack-size=65536");
    }
}
