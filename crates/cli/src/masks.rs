//! `bitmoves mask`: the named masks of the classic shift write-ups, drawn
//! as diagrams.

use crate::error::CliError;
use bitmoves::{Bitboard, File, Rank};
use clap::Args;
use std::io::Write;

/// Arguments of `bitmoves mask`.
#[derive(Args, Debug)]
pub struct MaskArgs {
    /// The mask to draw (a-file, rank-3, not-ab-file, …); leave it out to
    /// list the names
    pub name: Option<String>,
}

/// Every square off the given files: the mask that clears the bits a
/// shift wrapped round the board edge onto them.
const fn not_files(files: &[File]) -> Bitboard {
    Bitboard(!Bitboard::files(files).0)
}

/// The named masks, in the order `bitmoves mask` lists them.
pub static MASKS: phf::OrderedMap<&'static str, Bitboard> = phf::phf_ordered_map! {
    "a-file" => File::A.bitboard(),
    "b-file" => File::B.bitboard(),
    "c-file" => File::C.bitboard(),
    "d-file" => File::D.bitboard(),
    "e-file" => File::E.bitboard(),
    "f-file" => File::F.bitboard(),
    "g-file" => File::G.bitboard(),
    "h-file" => File::H.bitboard(),
    "rank-1" => Rank::First.bitboard(),
    "rank-2" => Rank::Second.bitboard(),
    "rank-3" => Rank::Third.bitboard(),
    "rank-4" => Rank::Fourth.bitboard(),
    "rank-5" => Rank::Fifth.bitboard(),
    "rank-6" => Rank::Sixth.bitboard(),
    "rank-7" => Rank::Seventh.bitboard(),
    "rank-8" => Rank::Eighth.bitboard(),
    // Shifting east (+1, +9, -7) must not wrap h-file bits onto the a-file.
    "not-a-file" => not_files(&[File::A]),
    // Knight jumps two files east.
    "not-ab-file" => not_files(&[File::A, File::B]),
    // Shifting west (-1, +7, -9) must not wrap a-file bits onto the h-file.
    "not-h-file" => not_files(&[File::H]),
    // Knight jumps two files west.
    "not-gh-file" => not_files(&[File::G, File::H]),
    "light-squares" => Bitboard::LIGHT_SQUARES,
    "dark-squares" => Bitboard::DARK_SQUARES,
    "center" => Bitboard::CENTER,
    "edges" => Bitboard::EDGES,
    "back-ranks" => Bitboard::ranks(&[Rank::First, Rank::Eighth]),
};

/// Draws the named mask, or lists the names when none is given.
pub fn run(args: &MaskArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(name) = &args.name else {
        for name in MASKS.keys() {
            writeln!(out, "{name}")?;
        }
        return Ok(());
    };
    let mask = MASKS
        .get(name.as_str())
        .or_else(|| MASKS.get(name.to_ascii_lowercase().as_str()))
        .ok_or_else(|| {
            CliError::input(format!(
                "unknown mask \"{name}\": run `bitmoves mask` to list the names"
            ))
        })?;
    write!(out, "{mask}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_squares_their_names_say() {
        assert_eq!(MASKS["a-file"].len(), 8);
        assert_eq!(MASKS["not-a-file"], !MASKS["a-file"]);
        assert_eq!(MASKS["not-ab-file"], !(MASKS["a-file"] | MASKS["b-file"]));
        assert_eq!(MASKS["not-gh-file"], !(MASKS["g-file"] | MASKS["h-file"]));
        assert_eq!(
            MASKS["light-squares"] | MASKS["dark-squares"],
            Bitboard::FULL
        );
        let rim = MASKS["a-file"] | MASKS["h-file"] | MASKS["rank-1"] | MASKS["rank-8"];
        assert_eq!(MASKS["edges"], rim);
        assert_eq!(MASKS["back-ranks"], MASKS["rank-1"] | MASKS["rank-8"]);
        assert_eq!(MASKS.len(), 25);
    }
}
