//! Run-time CPU dispatch: which compiled variant of the hot loops (perft)
//! this CPU should run.
//!
//! A build for generic x86-64 (what `cargo install` or a dependency without
//! `RUSTFLAGS` gets) may not use POPCNT, BMI2's PEXT, or the other
//! instructions newer CPUs have. Perft is compiled five times: for the
//! build's own target, with POPCNT (and LZCNT/BMI1) for magic sliders,
//! with BMI2 as well for PEXT sliders, with AVX2 as well for PEXT sliders
//! and leaf counting by AVX2 fills, and with AVX-512F and AVX-512
//! VPOPCNTDQ instead for counting by AVX-512 fills; [`backend`] picks one
//! when a program first asks: the last the CPU can run.
//!
//! PEXT is never picked on AMD's Zen 1 and Zen 2 (family 17h), which run it
//! in slow microcode. The environment variable `BITMOVES_SLIDERS` forces a
//! variant by its name ([`Backend::name`]): `magic` magic sliders in any
//! build, `pext` PEXT without the fills, `pext+avx2` and `pext+avx512`
//! the fills, each where the CPU has it (and otherwise the best variant
//! below it); `auto` or unset decides as above.

#[cfg(all(target_arch = "x86_64", feature = "std"))]
use crate::attacks::{Avx2Fills, Fills};
#[cfg(target_arch = "x86_64")]
use crate::attacks::{Pext, PextAvx2, PextFills};

/// The variant of the hot loops to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// Without `std` nothing is detected, so some variants are never chosen.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum Backend {
    /// Magic sliders, compiled for the build's target only.
    Magic,
    /// Magic sliders, compiled with POPCNT, LZCNT and BMI1.
    #[cfg(target_arch = "x86_64")]
    MagicPopcnt,
    /// PEXT sliders, compiled with BMI2 as well.
    #[cfg(target_arch = "x86_64")]
    Pext(Pext),
    /// PEXT sliders and AVX2 fills, compiled with AVX2 as well.
    #[cfg(target_arch = "x86_64")]
    PextAvx2(PextAvx2),
    /// PEXT sliders and AVX-512 fills, compiled with AVX-512F and
    /// AVX-512 VPOPCNTDQ as well.
    #[cfg(target_arch = "x86_64")]
    PextFills(PextFills),
}

impl Backend {
    /// A short name: `magic`, `magic+popcnt`, `pext`, `pext+avx2` or
    /// `pext+avx512`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Magic => "magic",
            #[cfg(target_arch = "x86_64")]
            Self::MagicPopcnt => "magic+popcnt",
            #[cfg(target_arch = "x86_64")]
            Self::Pext(_) => "pext",
            #[cfg(target_arch = "x86_64")]
            Self::PextAvx2(_) => "pext+avx2",
            #[cfg(target_arch = "x86_64")]
            Self::PextFills(_) => "pext+avx512",
        }
    }
}

/// The variant this CPU runs, decided once.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub(crate) fn backend() -> Backend {
    use std::sync::OnceLock;
    static BACKEND: OnceLock<Backend> = OnceLock::new();
    *BACKEND.get_or_init(|| {
        let wanted = std::env::var("BITMOVES_SLIDERS").unwrap_or_default();
        detect(wanted.trim())
    })
}

/// The variant a build without `std` runs: the one its target features
/// allow, with no questions asked of the CPU.
#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
pub(crate) fn backend() -> Backend {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        target_feature = "avx512f",
        target_feature = "avx512vpopcntdq"
    ))]
    return Backend::PextFills(PextFills::STATIC);
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        target_feature = "avx2",
        not(all(target_feature = "avx512f", target_feature = "avx512vpopcntdq"))
    ))]
    return Backend::PextAvx2(PextAvx2::STATIC);
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        not(target_feature = "avx2"),
        not(all(target_feature = "avx512f", target_feature = "avx512vpopcntdq"))
    ))]
    return Backend::Pext(Pext::STATIC);
    #[allow(unreachable_code)]
    Backend::Magic
}

/// Chooses the variant for this CPU; `wanted` is the value of
/// `BITMOVES_SLIDERS`.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn detect(wanted: &str) -> Backend {
    use std::is_x86_feature_detected as has;
    let popcnt = has!("popcnt") && has!("lzcnt") && has!("bmi1");
    if !popcnt {
        return Backend::Magic;
    }
    // How far up the list of variants the choice may go.
    let (forced, ceiling) = match wanted {
        "magic" | "magic+popcnt" => (true, 0),
        "pext" => (true, 1),
        "pext+avx2" => (true, 2),
        "pext+avx512" => (true, 3),
        _ => (false, 3),
    };
    let Some(pext) = Pext::detect().filter(|_| ceiling >= 1 && (forced || !slow_pext())) else {
        return Backend::MagicPopcnt;
    };
    if ceiling >= 3
        && let Some(fills) = Fills::detect()
    {
        return Backend::PextFills(PextFills { pext, fills });
    }
    if ceiling >= 2
        && let Some(fills) = Avx2Fills::detect()
    {
        return Backend::PextAvx2(PextAvx2 { pext, fills });
    }
    Backend::Pext(pext)
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

#[cfg(all(test, target_arch = "x86_64", feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn magic_can_always_be_forced() {
        assert!(!matches!(detect("magic"), Backend::Pext(_)));
    }

    #[test]
    fn pext_is_chosen_only_where_the_cpu_has_bmi2() {
        let has_bmi2 = std::is_x86_feature_detected!("bmi2");
        for wanted in ["", "auto", "pext", "magic"] {
            if let Backend::Pext(_) = detect(wanted) {
                assert!(has_bmi2);
                assert_ne!(wanted, "magic");
            }
        }
        if has_bmi2 && std::is_x86_feature_detected!("popcnt") {
            assert!(matches!(detect("pext"), Backend::Pext(_)));
        }
    }

    #[test]
    fn fills_are_chosen_only_where_the_cpu_has_avx512_and_not_when_pext_is_asked_for() {
        use std::is_x86_feature_detected as has;
        let has_all = has!("bmi2") && has!("avx512f") && has!("avx512vpopcntdq");
        for wanted in ["", "auto", "pext", "magic", "pext+avx2", "pext+avx512"] {
            if let Backend::PextFills(_) = detect(wanted) {
                assert!(has_all);
                assert!(["", "auto", "pext+avx512"].contains(&wanted));
            }
        }
        if has_all && has!("popcnt") && has!("lzcnt") && has!("bmi1") && !slow_pext() {
            assert!(matches!(detect("auto"), Backend::PextFills(_)));
        }
    }

    /// Each variant the CPU can run is chosen by its own name, and a
    /// name the CPU cannot run falls back to a variant below it.
    #[test]
    fn each_variant_is_forced_by_its_name() {
        use std::is_x86_feature_detected as has;
        if !(has!("popcnt") && has!("lzcnt") && has!("bmi1")) {
            return;
        }
        let rank = |backend: Backend| match backend {
            Backend::Magic | Backend::MagicPopcnt => 0,
            Backend::Pext(_) => 1,
            Backend::PextAvx2(_) => 2,
            Backend::PextFills(_) => 3,
        };
        let available = [
            true,
            has!("bmi2"),
            has!("bmi2") && has!("avx2"),
            has!("bmi2") && has!("avx512f") && has!("avx512vpopcntdq"),
        ];
        for (wanted, ceiling) in [
            ("magic", 0),
            ("pext", 1),
            ("pext+avx2", 2),
            ("pext+avx512", 3),
        ] {
            let chosen = detect(wanted);
            assert!(rank(chosen) <= ceiling, "{wanted}: {}", chosen.name());
            if available[ceiling] {
                assert_eq!(rank(chosen), ceiling, "{wanted}: {}", chosen.name());
            }
        }
    }
}
