//! `bitmoves syzygy --variant NAME`: one position of atomic, Suicide,
//! Giveaway or Antichess probed in that variant's tables (`.atbw`/`.atbz`,
//! `.stbw`/`.stbz`, `.gtbw`/`.gtbz`): its WDL and DTZ.

use super::SyzygyArgs;
use crate::error::CliError;
use crate::variant::{load, with_variant};
use bitmoves::variant::{Variant, VariantKind};
use bitmoves_syzygy::Tablebase;
use std::io::Write;

/// The variants with Syzygy tables, and their files' suffixes.
pub fn suffixes(kind: VariantKind) -> Option<&'static str> {
    match kind {
        VariantKind::Atomic => Some(".atbw, .atbz"),
        VariantKind::Suicide => Some(".stbw, .stbz (and .gtbw, .gtbz without pawns)"),
        VariantKind::Giveaway | VariantKind::Antichess => {
            Some(".gtbw, .gtbz (and .stbw, .stbz without pawns)")
        }
        _ => None,
    }
}

/// Probes POSITION, read as a `kind` position, in `tables`: `WDL: n` and
/// `DTZ: n`.
pub fn run(
    args: &SyzygyArgs,
    kind: VariantKind,
    tables: &Tablebase,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let Some(position) = &args.position else {
        return Err(CliError::input(format!(
            "--epd is not available with --variant {kind}: give one POSITION"
        )));
    };
    with_variant!(kind, V => probe::<V>(position, args, tables, out))
}

fn probe<V: Variant>(
    position: &str,
    args: &SyzygyArgs,
    tables: &Tablebase,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let pos = load::<V>(position, &args.setup)?;
    let failed = |error: bitmoves_syzygy::SyzygyError| CliError::input(error.to_string());
    let wdl = tables.probe_variant_wdl(&pos).map_err(failed)?;
    let dtz = tables.probe_variant_dtz(&pos).map_err(failed)?;
    writeln!(out, "WDL: {wdl}")?;
    writeln!(out, "DTZ: {dtz}")?;
    Ok(())
}
