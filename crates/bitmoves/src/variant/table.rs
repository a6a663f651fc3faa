//! The table of chess variants: each one's name, python-chess's names
//! (aliases included), Lichess's name, start position and rules type,
//! declared once; [`VariantKind`], its parsing and [`dispatch!`] are made
//! from it.

use core::fmt;

/// Declares the variant table: the enum, its names and the dispatch macro.
macro_rules! variants {
    ($(
        $(#[$meta:meta])*
        $kind:ident => $rules:ident {
            name: $name:literal,
            uci: $uci:literal,
            lichess: $lichess:expr,
            aliases: [$($alias:literal),+ $(,)?],
            start: $start:literal $(,)?
        }
    ),+ $(,)?) => {
        crate::enums::simple_enum! {
            /// A chess variant the core plays, from the table in
            /// `variant/table.rs`.
            ///
            /// ```
            /// use bitmoves::variant::VariantKind;
            /// let kind: VariantKind = "KOTH".parse()?;
            /// assert_eq!(kind, VariantKind::KingOfTheHill);
            /// assert_eq!(kind.lichess_name(), Some("kingOfTheHill"));
            /// assert!("Bughouse".parse::<VariantKind>().is_err());
            /// # Ok::<(), bitmoves::variant::UnknownVariantError>(())
            /// ```
            pub enum VariantKind {
                $($(#[$meta])* $kind),+
            }
        }

        impl VariantKind {
            /// Our name (lower case, one word).
            pub const fn name(self) -> &'static str {
                match self { $(Self::$kind => $name),+ }
            }

            /// python-chess's `uci_variant`.
            pub const fn uci_name(self) -> &'static str {
                match self { $(Self::$kind => $uci),+ }
            }

            /// Lichess's name (its API's `variant.key`), where Lichess has
            /// the variant.
            pub const fn lichess_name(self) -> Option<&'static str> {
                match self { $(Self::$kind => $lichess),+ }
            }

            /// python-chess's `aliases`, the names `find_variant` accepts.
            pub const fn aliases(self) -> &'static [&'static str] {
                match self { $(Self::$kind => &[$($alias),+]),+ }
            }

            /// The start position's FEN.
            pub const fn start_fen(self) -> &'static str {
                match self { $(Self::$kind => $start),+ }
            }
        }

        /// Runs `$body` with `$v` bound to the rules type of a
        /// [`VariantKind`], so that generic code monomorphises per variant.
        macro_rules! dispatch {
            ($kind_expr:expr, $v:ident => $body:expr) => {
                match $kind_expr {
                    $(crate::variant::VariantKind::$kind => {
                        type $v = crate::variant::$rules;
                        $body
                    })+
                }
            };
        }
        pub(crate) use dispatch;
    };
}

variants! {
    /// The standard rules, on any setup.
    Standard => Standard {
        name: "standard",
        uci: "chess",
        lichess: Some("standard"),
        aliases: ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill => KingOfTheHill {
        name: "kingofthehill",
        uci: "kingofthehill",
        lichess: Some("kingOfTheHill"),
        aliases: ["King of the Hill", "KOTH", "kingOfTheHill"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    /// Three-check: the third check wins.
    ThreeCheck => ThreeCheck {
        name: "threecheck",
        uci: "3check",
        lichess: Some("threeCheck"),
        aliases: ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    },
    /// Racing Kings: no checks; the first king on the eighth rank wins.
    RacingKings => RacingKings {
        name: "racingkings",
        uci: "racingkings",
        lichess: Some("racingKings"),
        aliases: ["Racing Kings", "Racing", "Race", "racingkings"],
        start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    },
    /// Horde: White's 36 pawns against Black's army; taking every white
    /// piece wins for Black.
    Horde => Horde {
        name: "horde",
        uci: "horde",
        lichess: Some("horde"),
        aliases: ["Horde", "Horde chess"],
        start: "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    },
    /// Antichess as python-chess's `SuicideBoard` plays it: a stalemated
    /// side wins with fewer pieces, loses with more, draws with as many.
    Suicide => Suicide {
        name: "suicide",
        uci: "suicide",
        lichess: None,
        aliases: ["Suicide", "Suicide chess"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    /// Antichess as python-chess's `GiveawayBoard` plays it: a stalemated
    /// side wins; castling rights in the start position.
    Giveaway => Giveaway {
        name: "giveaway",
        uci: "giveaway",
        lichess: None,
        aliases: ["Giveaway", "Giveaway chess", "Give away", "Give away chess"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    /// Antichess (Lichess's): Giveaway's rules, no castling rights at the
    /// start. Captures are compulsory; losing every piece wins.
    Antichess => Antichess {
        name: "antichess",
        uci: "antichess",
        lichess: Some("antichess"),
        aliases: ["Antichess", "Anti chess", "Anti"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    },
    /// Atomic: captures explode; exploding the enemy king wins.
    Atomic => Atomic {
        name: "atomic",
        uci: "atomic",
        lichess: Some("atomic"),
        aliases: ["Atomic", "Atom", "Atomic chess"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    /// Crazyhouse: captured pieces change sides and are dropped back.
    Crazyhouse => Crazyhouse {
        name: "crazyhouse",
        uci: "crazyhouse",
        lichess: Some("crazyhouse"),
        aliases: ["Crazyhouse", "Crazy House", "House", "ZH"],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    },
}

/// A variant name that is not in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownVariantError;

impl fmt::Display for UnknownVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown or unsupported variant")
    }
}

impl core::error::Error for UnknownVariantError {}

impl core::str::FromStr for VariantKind {
    type Err = UnknownVariantError;

    /// Any of our name, python-chess's `uci_variant` and aliases, or
    /// Lichess's name, in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| {
                [kind.name(), kind.uci_name()]
                    .iter()
                    .chain(kind.lichess_name().as_ref())
                    .chain(kind.aliases())
                    .any(|name| name.eq_ignore_ascii_case(text))
            })
            .ok_or(UnknownVariantError)
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
