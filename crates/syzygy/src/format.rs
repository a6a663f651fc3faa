//! [`Format`]: what a variant changes in the table files: their suffixes
//! and magic bytes, whether a side may have no king or several (antichess)
//! and whether kings may stand side by side (atomic, antichess), as
//! python-chess's variant boards (`tbw_suffix`, `connected_kings`, ...)
//! and the generator (syzygy1/tb) define them.

use bitmoves::variant::VariantKind;

/// The two kinds of table file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Win/draw/loss (`.rtbw` in standard chess).
    Wdl,
    /// Distance to zeroing (`.rtbz`).
    Dtz,
}

/// The table format of the variant a [`Tablebase`](crate::Tablebase) is
/// opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Format {
    /// The variant whose positions are probed.
    pub variant: VariantKind,
}

/// The suffixes and magic bytes of one family of files.
struct Files {
    wdl: &'static str,
    dtz: &'static str,
    wdl_magic: [u8; 4],
    dtz_magic: [u8; 4],
}

const REGULAR: Files = Files {
    wdl: ".rtbw",
    dtz: ".rtbz",
    wdl_magic: [0x71, 0xe8, 0x23, 0x5d],
    dtz_magic: [0xd7, 0x66, 0x0c, 0xa5],
};
const ATOMIC: Files = Files {
    wdl: ".atbw",
    dtz: ".atbz",
    wdl_magic: [0x55, 0x8d, 0xa4, 0x49],
    dtz_magic: [0x91, 0xa9, 0x5e, 0xeb],
};
const SUICIDE: Files = Files {
    wdl: ".stbw",
    dtz: ".stbz",
    wdl_magic: [0x7b, 0xf6, 0x93, 0x15],
    dtz_magic: [0xe4, 0xcf, 0xe7, 0x23],
};
const GIVEAWAY: Files = Files {
    wdl: ".gtbw",
    dtz: ".gtbz",
    wdl_magic: [0xbc, 0x55, 0xbc, 0x21],
    dtz_magic: [0xd6, 0xf5, 0x1b, 0x50],
};

impl Files {
    fn suffix(&self, kind: Kind) -> &'static str {
        match kind {
            Kind::Wdl => self.wdl,
            Kind::Dtz => self.dtz,
        }
    }

    fn magic(&self, kind: Kind) -> [u8; 4] {
        match kind {
            Kind::Wdl => self.wdl_magic,
            Kind::Dtz => self.dtz_magic,
        }
    }
}

impl Format {
    /// The variant's own files, and the other antichess family's, which
    /// serve for pawnless materials (Suicide and Giveaway differ only in
    /// stalemates, which need pawns); `None` for a variant without tables.
    fn files(self) -> Option<(&'static Files, Option<&'static Files>)> {
        match self.variant {
            VariantKind::Standard => Some((&REGULAR, None)),
            VariantKind::Atomic => Some((&ATOMIC, None)),
            VariantKind::Suicide => Some((&SUICIDE, Some(&GIVEAWAY))),
            VariantKind::Giveaway | VariantKind::Antichess => Some((&GIVEAWAY, Some(&SUICIDE))),
            _ => None,
        }
    }

    /// The file suffix of the variant's own tables of `kind`, with its dot
    /// (`.rtbw`); `.?tbw` for a variant without tables, which never names
    /// a file that is added.
    pub fn suffix(self, kind: Kind) -> &'static str {
        match (self.files(), kind) {
            (Some((own, _)), kind) => own.suffix(kind),
            (None, Kind::Wdl) => ".?tbw",
            (None, Kind::Dtz) => ".?tbz",
        }
    }

    /// The kind and pawnlessness a file name's suffix gives: `Some((kind,
    /// false))` for the variant's own suffix, `Some((kind, true))` for the
    /// other family's, which only a pawnless table may have.
    pub fn kind_of_suffix(self, suffix: &str) -> Option<(Kind, bool)> {
        let (own, other) = self.files()?;
        for kind in [Kind::Wdl, Kind::Dtz] {
            if suffix == own.suffix(kind) {
                return Some((kind, false));
            }
            if other.is_some_and(|other| suffix == other.suffix(kind)) {
                return Some((kind, true));
            }
        }
        None
    }

    /// Whether `magic` starts a valid file of `kind`: the variant's own,
    /// or for a pawnless table the other antichess family's (as the
    /// generator's prober accepts them).
    pub fn accepts_magic(self, kind: Kind, magic: &[u8], has_pawns: bool) -> bool {
        let Some((own, other)) = self.files() else {
            return false;
        };
        magic == own.magic(kind)
            || (!has_pawns && other.is_some_and(|other| magic == other.magic(kind)))
    }

    /// Whether each side has exactly one king (not in antichess, where the
    /// king is an ordinary piece).
    pub fn one_king(self) -> bool {
        !self.captures_compulsory()
    }

    /// Whether the tables hold kings side by side (atomic, antichess).
    pub fn connected_kings(self) -> bool {
        matches!(
            self.variant,
            VariantKind::Atomic
                | VariantKind::Suicide
                | VariantKind::Giveaway
                | VariantKind::Antichess
        )
    }

    /// Whether captures are compulsory (the antichess family).
    pub fn captures_compulsory(self) -> bool {
        matches!(
            self.variant,
            VariantKind::Suicide | VariantKind::Giveaway | VariantKind::Antichess
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suicide_and_giveaway_share_their_pawnless_tables() {
        let suicide = Format {
            variant: VariantKind::Suicide,
        };
        assert_eq!(suicide.kind_of_suffix(".stbw"), Some((Kind::Wdl, false)));
        assert_eq!(suicide.kind_of_suffix(".gtbz"), Some((Kind::Dtz, true)));
        assert_eq!(suicide.kind_of_suffix(".rtbw"), None);
        assert!(suicide.accepts_magic(Kind::Wdl, &GIVEAWAY.wdl_magic, false));
        assert!(!suicide.accepts_magic(Kind::Wdl, &GIVEAWAY.wdl_magic, true));
        assert!(!suicide.accepts_magic(Kind::Dtz, &SUICIDE.wdl_magic, false));
        let horde = Format {
            variant: VariantKind::Horde,
        };
        assert_eq!(horde.kind_of_suffix(".rtbw"), None);
        let standard = Format {
            variant: VariantKind::Standard,
        };
        assert!(standard.one_king() && !standard.connected_kings());
    }
}
