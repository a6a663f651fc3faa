//! The `simple_enum!` macro: enums that know their own values and indices.

/// Declares a fieldless `#[repr(u8)]` enum with `ALL`, `NUM`, `index()`,
/// `try_index()` and `from_index()`, so no caller needs an `as` cast.
macro_rules! simple_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        $vis enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every value, in index order.
            pub const ALL: [Self; Self::NUM] = [$(Self::$variant),+];
            /// How many values there are.
            pub const NUM: usize = [$(Self::$variant),+].len();

            /// This value's position in [`Self::ALL`].
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value at `index`, or `None` when `index` is out of range.
            #[inline(always)]
            pub const fn try_index(index: usize) -> Option<Self> {
                if index < Self::NUM { Some(Self::ALL[index]) } else { None }
            }

            /// The value at `index`.
            ///
            /// # Panics
            /// When `index >= Self::NUM`. Use [`Self::try_index`] for untrusted input.
            #[inline(always)]
            pub const fn from_index(index: usize) -> Self {
                Self::ALL[index]
            }
        }
    };
}

pub(crate) use simple_enum;
