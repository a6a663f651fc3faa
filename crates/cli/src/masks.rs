//! `bitmoves mask`: the named masks of the classic shift write-ups, drawn
//! as diagrams.

use crate::error::{CliError, shorten};
use bitmoves::{Bitboard, File};
use bitmoves_shift::masks;
use clap::Args;
use std::io::Write;

/// Arguments of `bitmoves mask`.
#[derive(Args, Debug)]
pub struct MaskArgs {
    /// The mask to draw (a-file, rank-3, not-ab-file, …); leave it out to
    /// list the names
    pub name: Option<String>,
}

/// The named masks, in the order `bitmoves mask` lists them. The masks of
/// the shift write-ups come from [`bitmoves_shift::masks`]; the files and
/// the colours of the squares from the core crate.
pub static MASKS: phf::OrderedMap<&'static str, Bitboard> = phf::phf_ordered_map! {
    "a-file" => File::A.bitboard(),
    "b-file" => File::B.bitboard(),
    "c-file" => File::C.bitboard(),
    "d-file" => File::D.bitboard(),
    "e-file" => File::E.bitboard(),
    "f-file" => File::F.bitboard(),
    "g-file" => File::G.bitboard(),
    "h-file" => File::H.bitboard(),
    "rank-1" => masks::RANK_1,
    "rank-2" => masks::RANK_2,
    "rank-3" => masks::RANK_3,
    "rank-4" => masks::RANK_4,
    "rank-5" => masks::RANK_5,
    "rank-6" => masks::RANK_6,
    "rank-7" => masks::RANK_7,
    "rank-8" => masks::RANK_8,
    // Shifting east (+1, +9, -7) must not wrap h-file bits onto the a-file.
    "not-a-file" => masks::NOT_A_FILE,
    // Knight jumps two files east.
    "not-ab-file" => masks::NOT_AB_FILE,
    // Shifting west (-1, +7, -9) must not wrap a-file bits onto the h-file.
    "not-h-file" => masks::NOT_H_FILE,
    // Knight jumps two files west.
    "not-gh-file" => masks::NOT_GH_FILE,
    "light-squares" => Bitboard::LIGHT_SQUARES,
    "dark-squares" => Bitboard::DARK_SQUARES,
    "center" => masks::CENTER,
    "edges" => masks::EDGES,
    "back-ranks" => Bitboard(masks::RANK_1.0 | masks::RANK_8.0),
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
                "unknown mask \"{}\": run `bitmoves mask` to list the names",
                shorten(name)
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

    #[test]
    fn write_up_masks_are_the_shift_crates() {
        assert_eq!(MASKS["center"], masks::CENTER);
        assert_eq!(MASKS["edges"], masks::EDGES);
        assert_eq!(MASKS["not-a-file"], masks::NOT_A_FILE);
        assert_eq!(MASKS["not-gh-file"], masks::NOT_GH_FILE);
        assert_eq!(MASKS["rank-3"], masks::RANK_3);
        assert_eq!(MASKS["light-squares"], Bitboard::LIGHT_SQUARES);
    }
}
