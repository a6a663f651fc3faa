//! A temporary file that removes itself, shared by the core's and the
//! CLI's integration tests (the CLI's includes this file with `#[path]`).

use std::path::PathBuf;

/// A file in the temporary directory, holding `bytes`, removed when
/// dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    /// Writes `bytes` to a file named for this process and `name`.
    pub fn new(name: &str, bytes: &[u8]) -> Self {
        let path =
            std::env::temp_dir().join(format!("bitmoves-test-{}-{name}.bin", std::process::id()));
        std::fs::write(&path, bytes).expect("the temporary directory is writable");
        Self(path)
    }

    /// The path, as an argument.
    #[allow(dead_code)] // the core's tests use `.0`
    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
