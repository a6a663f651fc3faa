//! Batch encoding for machine learning: many boards into NumPy arrays in
//! one call, the work done with the GIL released and the array handed to
//! NumPy without a copy.
//!
//! Plane order, for `encode_planes` (`uint8`, `(N, 12, 8, 8)`) and
//! `encode_bitboards` (`uint64`, `(N, 12)`): white pawn, knight, bishop,
//! rook, queen, king, then black's six in the same order. Orientation:
//! `planes[n, p, rank, file]` with rank 0 = rank 1 and file 0 = the
//! a-file, so `planes[n, p].reshape(64)[square]` is the square index
//! (a1 = 0 … h8 = 63), as in python-chess; bit `square` of a bitboard is
//! that square. With `side_to_move_view=True`, a board with Black to move
//! is seen from Black's side: ranks mirrored (rank 8 becomes row 0) and
//! colours swapped, so planes 0-5 are always the side to move's pieces.

use bitmoves::{Board, CastlingSide, Color, Piece};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::board::PyBoard;

/// The core boards of a list (or any iterable) of `bitmoves.Board`;
/// `TypeError` for anything else.
fn boards_of(boards: &Bound<'_, PyAny>) -> PyResult<Vec<Board>> {
    let take = |item: &Bound<'_, PyAny>| -> PyResult<Board> {
        Ok(*item.downcast::<PyBoard>()?.try_borrow()?.board())
    };
    if let Ok(list) = boards.downcast::<PyList>() {
        let mut out = Vec::with_capacity(list.len());
        for item in list.iter() {
            out.push(take(&item)?);
        }
        return Ok(out);
    }
    boards.try_iter()?.map(|item| take(&item?)).collect()
}

/// The twelve bitboards in plane order, from White's side or the mover's.
fn planes(board: &Board, side_to_move_view: bool) -> [u64; 12] {
    let flip = side_to_move_view && board.side_to_move() == Color::Black;
    let (first, second) = if flip {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let mut out = [0u64; 12];
    for piece in Piece::ALL {
        let (a, b) = (
            board.colored_pieces(first, piece).0,
            board.colored_pieces(second, piece).0,
        );
        out[piece.index()] = if flip { a.swap_bytes() } else { a };
        out[6 + piece.index()] = if flip { b.swap_bytes() } else { b };
    }
    out
}

/// `ROW_BYTES[row]`: the eight bytes (0 or 1, the a-file first) of one
/// rank whose bitboard byte is `row`.
const ROW_BYTES: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut row = 0;
    while row < 256 {
        let mut file = 0;
        while file < 8 {
            if row >> file & 1 == 1 {
                table[row] |= 1 << (8 * file);
            }
            file += 1;
        }
        row += 1;
    }
    table
};

/// Asks Linux to back a large output array with 2 MiB pages. Every byte of
/// a planes array is written once into fresh memory, and on the machine it
/// was measured on the 4 KiB page faults were most of the time: 100,000
/// boards ran at 1.5 million positions a second without this advice (0.26×
/// `encode_bitboards` in the same run) and at 2.6-4.0 million with it
/// (0.31-0.39×). Only advice: where it is not followed, nothing changes but
/// speed.
#[cfg(target_os = "linux")]
fn huge_pages(memory: &mut [core::mem::MaybeUninit<u8>]) {
    unsafe extern "C" {
        fn madvise(
            addr: *mut core::ffi::c_void,
            len: usize,
            advice: core::ffi::c_int,
        ) -> core::ffi::c_int;
    }
    const MADV_HUGEPAGE: core::ffi::c_int = 14;
    const HUGE: usize = 2 << 20;
    let start = memory.as_mut_ptr() as usize;
    let end = start + memory.len();
    // The 2 MiB-aligned middle of the allocation: madvise wants aligned
    // addresses, and huge pages cover aligned stretches only.
    let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if first < last {
        // SAFETY: MADV_HUGEPAGE only changes how the kernel backs pages of
        // this allocation, which we own; it reads and writes none of our
        // memory. Failure (THP off, an old kernel) is harmless and ignored.
        unsafe { madvise(first as *mut _, last - first, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &mut [core::mem::MaybeUninit<u8>]) {}

/// Encodes boards as piece planes: a `uint8` array of shape `(N, 12, 8, 8)`,
/// 1 where the plane's piece stands (see the module docs for the order and
/// orientation).
#[pyfunction]
#[pyo3(signature = (boards, *, side_to_move_view=false))]
pub fn encode_planes<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let boards = boards_of(boards)?;
    planes_array(py, &boards, side_to_move_view)
}

/// The planes array of `boards` (see [`encode_planes`]), made with the GIL
/// released.
pub fn planes_array<'py>(
    py: Python<'py>,
    boards: &[Board],
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let n = boards.len();
    let data = py.allow_threads(|| {
        let mut data = Vec::with_capacity(n * 12 * 64);
        huge_pages(data.spare_capacity_mut());
        for board in boards {
            for bits in planes(board, side_to_move_view) {
                for row in bits.to_le_bytes() {
                    data.extend_from_slice(&ROW_BYTES[usize::from(row)].to_le_bytes());
                }
            }
        }
        data
    });
    Ok(PyArray1::from_vec(py, data)
        .reshape([n, 12, 8, 8])?
        .into_any())
}

/// Encodes boards as bitboards: a `uint64` array of shape `(N, 12)` in
/// plane order (bit `square` set where the piece stands).
#[pyfunction]
#[pyo3(signature = (boards, *, side_to_move_view=false))]
pub fn encode_bitboards<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let boards = boards_of(boards)?;
    bitboards_array(py, &boards, side_to_move_view)
}

/// The bitboards array of `boards` (see [`encode_bitboards`]).
pub fn bitboards_array<'py>(
    py: Python<'py>,
    boards: &[Board],
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let n = boards.len();
    let data: Vec<u64> = py.allow_threads(|| {
        boards
            .iter()
            .flat_map(|board| planes(board, side_to_move_view))
            .collect()
    });
    Ok(PyArray1::from_vec(py, data).reshape([n, 12])?.into_any())
}

/// The rest of each position, as a dict of arrays of length N:
/// `turn` (bool, `True` for White), `castling` (`uint8`, `(N, 4)`: white
/// king side, white queen side, black king side, black queen side),
/// `castling_rights` (`uint64` rook-square bitboards, as
/// `Board.castling_rights`), `ep_square` (`int8`, the square of a legal en
/// passant capture or -1), `halfmove_clock` and `fullmove_number`
/// (`uint16`).
#[pyfunction]
pub fn encode_state<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let boards = boards_of(boards)?;
    state_dict(py, &boards)
}

/// The state arrays of `boards` (see [`encode_state`]) as a dict.
pub fn state_dict<'py>(py: Python<'py>, boards: &[Board]) -> PyResult<Bound<'py, PyDict>> {
    let n = boards.len();
    let (turn, castling, rights, ep, half, full) = py.allow_threads(|| {
        let mut castling = Vec::with_capacity(n * 4);
        for board in boards {
            let rights = board.castling_rights();
            for color in Color::ALL {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    castling.push(u8::from(rights.rook(color, side).is_some()));
                }
            }
        }
        (
            boards
                .iter()
                .map(|b| b.side_to_move() == Color::White)
                .collect::<Vec<bool>>(),
            castling,
            boards
                .iter()
                .map(|b| b.castling_rights().rook_squares().0)
                .collect::<Vec<u64>>(),
            boards
                .iter()
                .map(|b| b.legal_en_passant().map_or(-1, |sq| sq.index() as i8))
                .collect::<Vec<i8>>(),
            boards
                .iter()
                .map(Board::halfmove_clock)
                .collect::<Vec<u16>>(),
            boards
                .iter()
                .map(Board::fullmove_number)
                .collect::<Vec<u16>>(),
        )
    });
    let dict = PyDict::new(py);
    dict.set_item("turn", PyArray1::from_vec(py, turn))?;
    dict.set_item(
        "castling",
        PyArray1::from_vec(py, castling).reshape([n, 4])?,
    )?;
    dict.set_item("castling_rights", PyArray1::from_vec(py, rights))?;
    dict.set_item("ep_square", PyArray1::from_vec(py, ep))?;
    dict.set_item("halfmove_clock", PyArray1::from_vec(py, half))?;
    dict.set_item("fullmove_number", PyArray1::from_vec(py, full))?;
    Ok(dict)
}
