//! The slider lookups, step by step from the generated tables: magic
//! multiply-and-shift, and PEXT (done here in software, as the instruction
//! would, so it runs in any browser).

use super::{Scene, Section, Slider, Step, section, title};
use bitmoves::Bitboard;
use bitmoves_tables as tables;

/// The table parameters of one slider on one square.
struct Params {
    mask: u64,
    magic: u64,
    shift: u8,
    offset: u32,
    pext_offset: u32,
}

/// Each table for the rook (index 0) and the bishop (index 1).
static MASKS: [&[u64; 64]; 2] = [&tables::ROOK_MASKS, &tables::BISHOP_MASKS];
static MAGICS: [&[u64; 64]; 2] = [&tables::ROOK_MAGICS, &tables::BISHOP_MAGICS];
static SHIFTS: [&[u8; 64]; 2] = [&tables::ROOK_SHIFTS, &tables::BISHOP_SHIFTS];
static OFFSETS: [&[u32; 64]; 2] = [&tables::ROOK_OFFSETS, &tables::BISHOP_OFFSETS];
static PEXT_OFFSETS: [&[u32; 64]; 2] = [&tables::ROOK_PEXT_OFFSETS, &tables::BISHOP_PEXT_OFFSETS];

fn params(slider: Slider, square: usize) -> Params {
    let i = match slider {
        Slider::Rook => 0,
        Slider::Bishop => 1,
    };
    Params {
        mask: MASKS[i][square],
        magic: MAGICS[i][square],
        shift: SHIFTS[i][square],
        offset: OFFSETS[i][square],
        pext_offset: PEXT_OFFSETS[i][square],
    }
}

/// Fancy magic: mask → masked occupancy → × magic → >> shift → index →
/// the attack set at `offset + index` of the shared table.
pub fn magic(scene: &Scene, slider: Slider) -> Section {
    let (square, occupied) = (scene.subject, scene.occupied());
    let p = params(slider, square.index());
    let name = slider.name();
    let upper = name.to_ascii_uppercase();
    let masked = occupied.0 & p.mask;
    let product = masked.wrapping_mul(p.magic);
    let index = product >> p.shift;
    let entry = Bitboard(tables::SLIDER_ATTACKS[p.offset as usize + index as usize]);
    let steps = vec![
        Step::board("occupied", "occupied", occupied),
        Step::board(
            "mask",
            format!(
                "relevant-occupancy mask {upper}_MASKS[{square}]: the rays, less the edge squares"
            ),
            Bitboard(p.mask),
        ),
        Step::board(
            "masked",
            "masked occupancy = occupied & mask",
            Bitboard(masked),
        ),
        Step::number("magic", format!("magic {upper}_MAGICS[{square}]"), p.magic),
        Step::board(
            "product",
            "product = masked × magic (mod 2^64): the index gathers in the top bits",
            Bitboard(product),
        ),
        Step::number(
            "shift",
            format!(
                "shift {upper}_SHIFTS[{square}] = 64 - {} relevant bits",
                p.mask.count_ones()
            ),
            u64::from(p.shift),
        ),
        Step::number("index", "index = product >> shift", index),
        Step::number(
            "offset",
            format!("offset {upper}_OFFSETS[{square}]: where this square's block starts"),
            u64::from(p.offset),
        ),
        Step::board("attacks", "attacks = SLIDER_ATTACKS[offset + index]", entry),
        verdict(slider, scene, entry),
    ];
    section(
        &format!("{name}-magic"),
        &format!("{}: magic lookup", title(name)),
        "Only the squares inside the \
        mask can change the answer. Multiplying by the magic packs their bits, without collisions that matter, into \
        the top of the product; the shift brings them down as an index into this square's block of the table.",
        steps,
    )
}

/// PEXT: the masked occupancy's bits packed, in order, into a dense index.
///
/// The library's PEXT table (`PEXT_ATTACKS`, 210 KiB) is left out of the
/// wasm module to keep it under 1,000,000 bytes, so the last step deposits the index
/// back under the mask (what PDEP does) and shows the attack set that the
/// table holds for it: the lookup for that occupancy.
pub fn pext(scene: &Scene, slider: Slider) -> Section {
    let (square, occupied) = (scene.subject, scene.occupied());
    let p = params(slider, square.index());
    let name = slider.name();
    let upper = name.to_ascii_uppercase();
    let index = parallel_extract(occupied.0, p.mask);
    let restored = Bitboard(parallel_deposit(index, p.mask));
    let entry = slider.lookup_with(square, restored);
    let steps = vec![
        Step::board(
            "mask",
            format!("mask {upper}_MASKS[{square}]"),
            Bitboard(p.mask),
        ),
        Step::board(
            "masked",
            "masked occupancy = occupied & mask",
            Bitboard(occupied.0 & p.mask),
        ),
        Step::number(
            "index",
            format!(
                "index = pext(occupied, mask): the {} mask bits, packed",
                p.mask.count_ones()
            ),
            index,
        ),
        Step::number(
            "offset",
            format!("offset {upper}_PEXT_OFFSETS[{square}]: where this square's block starts"),
            u64::from(p.pext_offset),
        ),
        Step::board(
            "deposit",
            "pdep(index, mask): the index holds the masked occupancy whole",
            restored,
        ),
        Step::board(
            "attacks",
            "attacks = PEXT table[offset + index], the set for that occupancy",
            entry,
        ),
        verdict(slider, scene, entry),
    ];
    section(
        &format!("{name}-pext"),
        &format!("{}: PEXT index", title(name)),
        "BMI2's PEXT takes the bits of the \
        occupancy under the mask and packs them side by side: the index needs no magic and no shift. The page computes \
        it bit by bit, as the instruction does.",
        steps,
    )
}

/// The verdict on a table entry: equal to the library's lookup or not.
fn verdict(slider: Slider, scene: &Scene, entry: Bitboard) -> Step {
    let label = format!("= attacks::{}({}, occupied)", slider.name(), scene.subject);
    Step::verdict("equal", label, entry, slider.lookup(scene))
}

/// PEXT in software: the bits of `value` under `mask`, packed from bit 0.
pub fn parallel_extract(value: u64, mask: u64) -> u64 {
    Bitboard(mask)
        .iter()
        .enumerate()
        .filter(|(_, square)| Bitboard(value).contains(*square))
        .fold(0, |index, (bit, _)| index | 1 << bit)
}

/// PDEP in software: the low bits of `value` spread over the bits of `mask`.
pub fn parallel_deposit(value: u64, mask: u64) -> u64 {
    Bitboard(mask)
        .iter()
        .enumerate()
        .filter(|(bit, _)| value >> bit & 1 != 0)
        .fold(0, |set, (_, square)| set | square.bitboard().0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extract_then_deposit_gives_back_the_masked_bits() {
        let (value, mask) = (0x0123_4567_89ab_cdef, 0x00ff_0000_f0f0_0101);
        let index = parallel_extract(value, mask);
        assert!(index < 1 << mask.count_ones());
        assert_eq!(parallel_deposit(index, mask), value & mask);
    }
}
