//! Run-time CPU dispatch: which compiled variant of perft's recursion this
//! CPU should run, all made from one table ([`variants!`]).
//!
//! A build for generic x86-64 (what `cargo install` or a dependency without
//! `RUSTFLAGS` gets) may not use POPCNT, BMI2's PEXT, or the other
//! instructions newer CPUs have. Perft is compiled once per row of the
//! table, each with its row's CPU features; [`backend`] picks one when a
//! program first asks: the last row the CPU can run.
//!
//! PEXT is never picked on AMD's Zen 1 and Zen 2 (family 17h), which run it
//! in slow microcode. wasm32 has one variant, `obstruction` (sliders by
//! obstruction difference, without magic's 840 KB of tables); elsewhere it
//! is the worst, never picked unless forced. The environment variable
//! `BITMOVES_SLIDERS` forces a variant by its name ([`Backend::name`]):
//! `obstruction` in any build, `magic` magic sliders in any build but
//! wasm32's, `pext` PEXT without the fills, `pext+avx2` and `pext+avx512`
//! the fills, each where the CPU has it (and otherwise the best variant
//! below it); `auto` or unset decides as above. Any other value is an
//! error ([`UnknownSliderVariant`]) that programs report (perft itself,
//! which cannot fail, then decides as for `auto`).

#[cfg(target_arch = "x86_64")]
use super::fills::{Avx2Fills, Avx512Fills};
#[cfg(not(target_arch = "wasm32"))]
use crate::attacks::Magic;
use crate::attacks::{Obstruction, Proof};
#[cfg(target_arch = "x86_64")]
use crate::attacks::{Pext, PextWith};
use crate::board::Snippet;
use core::fmt;

/// The variants of perft's recursion, worst first: the one table that
/// the [`Backend`] enum, its names and their parsing, the detection order,
/// the choice of builds without `std`, and perft's dispatch
/// (`dispatched!` in `perft/mod.rs`) are made from. `variants!(m!(args))`
/// calls `m! { (args) rows }`.
///
/// A row: `[cfg]`, the targets it exists on; the [`Backend`] variant and
/// the type of its slider back-end (a proof of the CPU features it needs:
/// `Pext` of BMI2, `PextWith<F>` of BMI2 and the fills `F`'s); its name;
/// the CPU features its recursion is compiled with (each detected before
/// it is chosen); and for a variant with fills, `else V`: the variant that
/// runs below positions where the fills do not pay, with the row's PEXT
/// lookups.
///
/// Adding a variant: write its slider type in `attacks/` (and its fills,
/// with `SetwiseFills` and `Proof`, in `perft/fills/`), and add its row
/// here.
macro_rules! variants {
    ($then:ident!($($args:tt)*)) => {
        $then! { ($($args)*)
            [all()] Obstruction(Obstruction) "obstruction" [];
            [not(target_arch = "wasm32")] Magic(Magic) "magic" [];
            [target_arch = "x86_64"] MagicPopcnt(Magic) "magic+popcnt"
                ["popcnt", "lzcnt", "bmi1"];
            [target_arch = "x86_64"] Pext(Pext) "pext"
                ["popcnt", "lzcnt", "bmi1", "bmi2"];
            [target_arch = "x86_64"] PextAvx2(PextWith<Avx2Fills>) "pext+avx2"
                ["popcnt", "lzcnt", "bmi1", "bmi2", "avx2"] else Pext;
            [target_arch = "x86_64"] PextAvx512(PextWith<Avx512Fills>) "pext+avx512"
                ["popcnt", "lzcnt", "bmi1", "bmi2", "avx512f", "avx512vpopcntdq"] else Pext;
        }
    };
}
pub(crate) use variants;

/// Makes [`Backend`] and its methods from the rows of [`variants!`].
macro_rules! backend_enum {
    (() $([$cfg:meta] $variant:ident($sliders:ty) $name:literal [$($feature:tt),*]
        $(else $plain:ident)?;)*) => {
        /// The variant of perft's recursion to run, with the proof of the
        /// CPU features its slider back-end needs. A `Backend` is made only
        /// where the CPU has every feature its row names (by `detect`, or
        /// by a build that enables them all), which is what makes calling
        /// its recursion sound.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        // Without `std` nothing is detected, so some variants are never
        // made.
        #[cfg_attr(not(feature = "std"), allow(dead_code))]
        pub(crate) enum Backend {
            $(
                #[doc = concat!("`", $name, "`: compiled with [", $($feature, " ",)* "].")]
                #[cfg($cfg)]
                $variant($sliders),
            )*
        }

        /// Every variant's name, worst first.
        const NAMES: &[&str] = &[$($name),*];

        /// Every variant's slider type, as written in the table.
        const SLIDERS: &[&str] = &[$(stringify!($sliders)),*];

        impl Backend {
            /// Its name: `obstruction`, `magic`, `magic+popcnt`, `pext`,
            /// `pext+avx2` or `pext+avx512`.
            pub(crate) fn name(self) -> &'static str {
                match self {
                    $(#[cfg($cfg)] Self::$variant(_) => $name,)*
                }
            }

            /// Its place in the table, worst first.
            #[cfg(test)]
            fn rank(self) -> usize {
                let name = self.name();
                NAMES.iter().position(|&n| n == name).unwrap_or(0)
            }

            /// The variant without fills that a variant with them runs
            /// where they have nothing to do (full perft), and itself for
            /// the others.
            pub(crate) fn without_fills(self) -> Self {
                match self {
                    $(#[cfg($cfg)] Self::$variant(_sliders) => {
                        $(return Self::$plain(_sliders.pext);)?
                        #[allow(unreachable_code)]
                        self
                    })*
                }
            }

            /// The best variant whose rank is at most `ceiling` that this
            /// CPU runs; those with PEXT not on a CPU whose PEXT is slow,
            /// unless `forced`.
            #[cfg(all(target_arch = "x86_64", feature = "std"))]
            fn detect(ceiling: usize, forced: bool) -> Self {
                use std::is_x86_feature_detected as has;
                let slow_pext = !forced && slow_pext();
                let mut chosen = Self::Magic(Magic);
                let mut rank = 0;
                $(
                    #[cfg($cfg)]
                    {
                        let features: &[&str] = &[$($feature),*];
                        if rank <= ceiling
                            && true $(&& has!($feature))*
                            && !(slow_pext && features.contains(&"bmi2"))
                        {
                            // SAFETY: the CPU has every feature of the row.
                            chosen = Self::$variant(unsafe { <$sliders as Proof>::assume() });
                        }
                    }
                    rank += 1;
                )*
                let _ = rank;
                chosen
            }

            /// The best variant a build without `std` runs: the last row
            /// whose features the build enables, with no questions asked
            /// of the CPU.
            #[cfg(not(all(target_arch = "x86_64", feature = "std")))]
            fn of_the_build() -> Self {
                #[allow(unused_mut, unused_assignments)]
                let mut chosen = Self::Obstruction(Obstruction);
                $(
                    #[cfg(all($cfg $(, target_feature = $feature)*))]
                    {
                        // SAFETY: the build enables every feature of the row,
                        // so every CPU that runs it has them.
                        chosen = Self::$variant(unsafe { <$sliders as Proof>::assume() });
                    }
                )*
                chosen
            }
        }
    };
}
variants!(backend_enum!());

/// The variant this CPU runs, decided once.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub(crate) fn backend() -> Backend {
    use std::sync::OnceLock;
    static BACKEND: OnceLock<Backend> = OnceLock::new();
    *BACKEND.get_or_init(|| detect(&wanted().unwrap_or(Wanted::Auto)))
}

/// The variant a build without `std` runs: the one its target features
/// allow, with no questions asked of the CPU.
#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
pub(crate) fn backend() -> Backend {
    Backend::of_the_build()
}

/// What `BITMOVES_SLIDERS` asks for, read and checked: `Auto` where it
/// is unset. Always `Auto` without `std`.
pub(crate) fn wanted() -> Result<Wanted, UnknownSliderVariant> {
    #[cfg(feature = "std")]
    if let Ok(value) = std::env::var("BITMOVES_SLIDERS") {
        return value.parse();
    }
    Ok(Wanted::Auto)
}

/// A value of `BITMOVES_SLIDERS`: the best variant the CPU runs, or the
/// best up to a variant named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// Decide by the CPU (`auto`, or empty).
    Auto,
    /// The named variant's slider back-end, with the best features the
    /// CPU has among its rows, else the best variant below: the rank in
    /// the table of its last row.
    UpTo(usize),
}

impl core::str::FromStr for Wanted {
    type Err = UnknownSliderVariant;

    /// A variant's name, `auto`, or empty, around any white space.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let name = text.trim();
        if name.is_empty() || name == "auto" {
            return Ok(Self::Auto);
        }
        match NAMES.iter().position(|&n| n == name) {
            // The named slider back-end, with the best features the CPU
            // has among its rows (`magic`: `magic+popcnt` where it can).
            Some(rank) => Ok(Self::UpTo(
                SLIDERS
                    .iter()
                    .rposition(|&s| s == SLIDERS[rank])
                    .unwrap_or(rank),
            )),
            None => Err(UnknownSliderVariant {
                name: Snippet::new(name),
            }),
        }
    }
}

/// A value of `BITMOVES_SLIDERS` that names no variant of perft (see
/// [`perft::slider_variant`](crate::perft::slider_variant)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSliderVariant {
    /// The value, cut short where it is long.
    pub name: Snippet,
}

impl fmt::Display for UnknownSliderVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BITMOVES_SLIDERS={}: unknown slider variant; known: auto",
            self.name.as_str()
        )?;
        NAMES.iter().try_for_each(|name| write!(f, ", {name}"))
    }
}

impl core::error::Error for UnknownSliderVariant {}

/// Chooses the variant for this CPU, as `wanted` asks.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn detect(wanted: &Wanted) -> Backend {
    match *wanted {
        Wanted::Auto => Backend::detect(usize::MAX, false),
        Wanted::UpTo(ceiling) => Backend::detect(ceiling, true),
    }
}

/// Whether this CPU runs PEXT in slow microcode: AMD family 17h (Zen 1,
/// Zen+ and Zen 2).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn slow_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    // `__cpuid` is an unsafe function before Rust 1.89 and safe after.
    #[allow(unused_unsafe)]
    // SAFETY: CPUID exists on every x86-64 CPU, and leaves 0 and 1 always do.
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let base_family = (signature.eax >> 8) & 0xf;
    let family = if base_family == 0xf {
        base_family + ((signature.eax >> 20) & 0xff)
    } else {
        base_family
    };
    amd && family == 0x17
}

/// Every variant this CPU runs, each once, worst first: what the tests
/// compare.
#[cfg(all(test, target_arch = "x86_64", feature = "std"))]
pub(crate) fn every_variant_here() -> std::vec::Vec<Backend> {
    let mut all: std::vec::Vec<Backend> = (0..NAMES.len())
        .map(|rank| Backend::detect(rank, true))
        .collect();
    all.dedup();
    all
}

#[cfg(all(test, target_arch = "x86_64", feature = "std"))]
mod tests {
    use super::*;

    fn forced(name: &str) -> Backend {
        detect(&name.parse().unwrap())
    }

    #[test]
    fn obstruction_can_always_be_forced_and_is_never_chosen_here() {
        assert_eq!(forced("obstruction"), Backend::Obstruction(Obstruction));
        assert_ne!(detect(&Wanted::Auto), Backend::Obstruction(Obstruction));
    }

    #[test]
    fn magic_can_always_be_forced() {
        assert!(matches!(
            forced("magic"),
            Backend::Magic(_) | Backend::MagicPopcnt(_)
        ));
        // With the instructions the CPU has, as `magic+popcnt`.
        use std::is_x86_feature_detected as has;
        if has!("popcnt") && has!("lzcnt") && has!("bmi1") {
            assert!(matches!(forced("magic"), Backend::MagicPopcnt(_)));
        }
    }

    /// Law: every name parses to the last row of its slider back-end
    /// (`magic` and `magic+popcnt` to `magic+popcnt`'s, the others to
    /// their own), `auto` and empty to `Auto`, and anything else is an
    /// error that names the value and every known name.
    #[test]
    fn names_parse_and_unknown_ones_are_errors() {
        for (name, rank) in NAMES.iter().zip([0, 2, 2, 3, 4, 5]) {
            assert_eq!(name.parse(), Ok(Wanted::UpTo(rank)));
            assert_eq!(std::format!(" {name}\n").parse(), Ok(Wanted::UpTo(rank)));
        }
        assert_eq!("auto".parse(), Ok(Wanted::Auto));
        assert_eq!("".parse(), Ok(Wanted::Auto));
        for bad in ["foo", "PEXT", "pext+", "magic pext", "avx2", "pext+avx256"] {
            let error = bad.parse::<Wanted>().unwrap_err();
            assert_eq!(
                std::format!("{error}"),
                std::format!(
                    "BITMOVES_SLIDERS={bad}: unknown slider variant; known: auto, obstruction, \
                     magic, magic+popcnt, pext, pext+avx2, pext+avx512"
                )
            );
        }
    }

    #[test]
    fn pext_is_chosen_only_where_the_cpu_has_bmi2() {
        let has_bmi2 = std::is_x86_feature_detected!("bmi2");
        for wanted in ["", "auto", "pext", "magic"] {
            if let Backend::Pext(_) = forced(wanted) {
                assert!(has_bmi2);
                assert_ne!(wanted, "magic");
            }
        }
        if has_bmi2 && std::is_x86_feature_detected!("popcnt") {
            assert!(matches!(forced("pext"), Backend::Pext(_)));
        }
    }

    #[test]
    fn fills_are_chosen_only_where_the_cpu_has_avx512_and_not_when_pext_is_asked_for() {
        use std::is_x86_feature_detected as has;
        let has_all = has!("bmi2") && has!("avx512f") && has!("avx512vpopcntdq");
        for wanted in ["", "auto", "pext", "magic", "pext+avx2", "pext+avx512"] {
            if let Backend::PextAvx512(_) = forced(wanted) {
                assert!(has_all);
                assert!(["", "auto", "pext+avx512"].contains(&wanted));
            }
        }
        if has_all && has!("popcnt") && has!("lzcnt") && has!("bmi1") && !slow_pext() {
            assert!(matches!(forced("auto"), Backend::PextAvx512(_)));
        }
    }

    /// Each variant the CPU can run is chosen by its own name, and a
    /// name the CPU cannot run falls back to a variant below it; the
    /// proofs the table's features stand for are the types' own checks.
    #[test]
    fn each_variant_is_forced_by_its_name() {
        use std::is_x86_feature_detected as has;
        if !(has!("popcnt") && has!("lzcnt") && has!("bmi1")) {
            return;
        }
        let available = [
            true,
            true,
            true,
            has!("bmi2"),
            has!("bmi2") && has!("avx2"),
            has!("bmi2") && has!("avx512f") && has!("avx512vpopcntdq"),
        ];
        for wanted in NAMES {
            let Ok(Wanted::UpTo(ceiling)) = wanted.parse() else {
                panic!("{wanted}")
            };
            let chosen = forced(wanted);
            assert!(chosen.rank() <= ceiling, "{wanted}: {}", chosen.name());
            if available[ceiling] {
                assert_eq!(chosen.rank(), ceiling, "{wanted}: {}", chosen.name());
            }
        }
        assert_eq!(Pext::detect().is_some(), available[3]);
        assert_eq!(Avx2Fills::detect().is_some(), has!("avx2"));
        assert_eq!(
            Avx512Fills::detect().is_some(),
            has!("avx512f") && has!("avx512vpopcntdq")
        );
    }
}
