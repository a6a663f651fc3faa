//! The one-bitboard functions of the module (`lsb`, `msb`, `popcount`,
//! the flips and the shifts) as C-API `METH_O` functions
//! (`crate::capi::function`): an int of 64 bits is computed with no PyO3
//! glue, by the same Rust functions; anything else (a `SquareSet`, a
//! negative or big int, not an int) goes to the PyO3 function of the same
//! name (`values/bitboards.rs`), which converts or refuses it.

use pyo3::prelude::*;

use super::bitboards::{
    flip_anti_diagonal, flip_diagonal, flip_horizontal, flip_vertical, lsb, msb, popcount,
    shift_2_down, shift_2_left, shift_2_right, shift_2_up, shift_down, shift_down_left,
    shift_down_right, shift_left, shift_right, shift_up, shift_up_left, shift_up_right,
};
use super::convert::Bits;
use crate::capi::function::{BitboardFunction, IntValue, add_bitboard_function};

macro_rules! bitboard_functions {
    ($($name:ident, $ty:ident;)*) => {
        $(
            /// The module function of that name, for the C API.
            struct $ty;

            impl BitboardFunction for $ty {
                const NAME: &'static str = stringify!($name);

                fn compute(bits: u64) -> IntValue {
                    $name(Bits(bits)).into()
                }
            }
        )*

        /// Puts the fast functions on the module in place of the PyO3
        /// ones (already added by `bitboards::register`), which are kept
        /// for the rest.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(add_bitboard_function::<$ty>(m)?;)*
            Ok(())
        }
    };
}

bitboard_functions! {
    lsb, Lsb;
    msb, Msb;
    popcount, Popcount;
    flip_vertical, FlipVertical;
    flip_horizontal, FlipHorizontal;
    flip_diagonal, FlipDiagonal;
    flip_anti_diagonal, FlipAntiDiagonal;
    shift_down, ShiftDown;
    shift_2_down, Shift2Down;
    shift_up, ShiftUp;
    shift_2_up, Shift2Up;
    shift_right, ShiftRight;
    shift_2_right, Shift2Right;
    shift_left, ShiftLeft;
    shift_2_left, Shift2Left;
    shift_up_left, ShiftUpLeft;
    shift_up_right, ShiftUpRight;
    shift_down_left, ShiftDownLeft;
    shift_down_right, ShiftDownRight;
}
