//! Generator of the `bitmoves-tables` source: computes every attack, ray and slider
//! table, arranges the Polyglot Zobrist keys, and renders them as Rust. Std only, no
//! dependencies, deterministic output.
//!
//! `cargo xtask regenerate` writes [`generate`]'s files into `tables/src/`.

mod files;
mod geometry;
mod leapers;
mod magic;
mod pext;
mod rays;
mod render;
mod rng;
mod sliders;
mod zobrist;

pub use render::GENERATED_HEADER;

/// One generated file: its path relative to `tables/src/`, and its full text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to `tables/src/`, e.g. `"magic.rs"`.
    pub path: &'static str,
    /// The complete file text.
    pub contents: String,
}

/// Computes and renders every file of `tables/src/`, always in the same order and
/// byte for byte the same.
pub fn generate() -> Vec<GeneratedFile> {
    // The magic search is the slow part: run it beside the rest.
    let magic = std::thread::spawn(magic::build);
    let pext = pext::build();
    let mut out = vec![
        files::lib_rs(),
        files::leapers_rs(),
        files::rays_rs(),
        files::sliders_rs(),
        files::pext_rs(&pext),
        files::zobrist_rs(&zobrist::build()),
    ];
    let magic = magic.join().expect("magic search panicked");
    out.insert(4, files::magic_rs(&magic));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_stream() {
        // SplitMix64 seeded with 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
        let mut rng = rng::SplitMix64::new(0);
        assert_eq!(rng.next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn generate_is_deterministic() {
        assert_eq!(generate(), generate());
    }

    #[test]
    fn every_file_starts_with_the_generated_line() {
        let files = generate();
        let paths: Vec<&str> = files.iter().map(|f| f.path).collect();
        assert_eq!(
            paths,
            [
                "lib.rs",
                "leapers.rs",
                "rays.rs",
                "sliders.rs",
                "magic.rs",
                "pext.rs",
                "zobrist.rs",
            ]
        );
        for file in &files {
            let first = file.contents.lines().next();
            assert_eq!(first, Some(GENERATED_HEADER), "{}", file.path);
            let second = file.contents.lines().nth(1).unwrap_or_default();
            assert!(second.starts_with("//! "), "{}", file.path);
        }
    }

    #[test]
    fn knight_on_a1_is_rendered() {
        let files = generate();
        let leapers = files
            .iter()
            .find(|f| f.path == "leapers.rs")
            .map(|f| &f.contents);
        assert!(leapers.is_some_and(|text| {
            text.contains("pub static KNIGHT_ATTACKS: [u64; 64] = [\n0x20400,")
        }));
    }
}
