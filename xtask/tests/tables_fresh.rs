//! Stale tables fail `cargo test`: `tables/src/` must be what the generator produces now.

#[test]
fn tables_are_fresh() {
    let stale = xtask::stale_files(&xtask::workspace_root());
    assert!(
        stale.is_empty(),
        "{}\n{}",
        stale.join("\n"),
        xtask::STALE_HINT
    );
}
