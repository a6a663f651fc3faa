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

use bitmoves::{Bitboard, Board, CastlingSide, Color, Piece};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::board::PyBoard;

/// Boards copied out of their Python objects at a time: a chunk's copies
/// (112 bytes each) stay in the CPU's cache while they are encoded, with
/// the GIL released.
const CHUNK: usize = 4096;

/// An encoder's output arrays, written a chunk of boards at a time.
trait Encoder: Send {
    /// Writes the rows `start..start + boards.len()` from `boards`.
    fn write(&mut self, start: usize, boards: &[Board]);
}

/// The boards of a list (or any iterable) of `bitmoves.Board`, held in a
/// tuple so that their number cannot change while the GIL is released;
/// `TypeError` for anything that is not an iterable.
fn board_tuple<'py>(boards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    match boards.downcast::<PyList>() {
        Ok(list) => Ok(list.to_tuple()),
        Err(_) => match boards.downcast::<PyTuple>() {
            Ok(tuple) => Ok(tuple.clone()),
            Err(_) => PyTuple::new(
                boards.py(),
                boards.try_iter()?.collect::<PyResult<Vec<_>>>()?,
            ),
        },
    }
}

/// Runs `encoder` over the boards of `boards` (from [`board_tuple`]), a
/// chunk at a time: the boards of a chunk are copied out of their Python
/// objects (which needs the GIL), then encoded with the GIL released.
/// `TypeError` for an item that is not a `bitmoves.Board`.
fn encode_chunks(boards: &Bound<'_, PyTuple>, encoder: &mut impl Encoder) -> PyResult<()> {
    let py = boards.py();
    let mut chunk = Vec::with_capacity(CHUNK.min(boards.len()));
    let mut start = 0;
    let board_type = py.get_type::<PyBoard>();
    for item in boards.iter() {
        // `Board` has no subclasses: the exact type is the whole check,
        // one compare instead of `downcast`'s subtype test per board.
        let board = if item.is_exact_instance(&board_type) {
            // SAFETY: the object's type is `PyBoard`'s, checked above.
            unsafe { item.downcast_unchecked::<PyBoard>() }
        } else {
            item.downcast::<PyBoard>()?
        };
        chunk.push(*board.try_borrow()?.board()?);
        if chunk.len() == CHUNK {
            py.allow_threads(|| encoder.write(start, &chunk));
            start += chunk.len();
            chunk.clear();
        }
    }
    if !chunk.is_empty() {
        py.allow_threads(|| encoder.write(start, &chunk));
    }
    Ok(())
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

/// A zeroed vector of `len` items for an output array: calloc'd memory,
/// which the kernel hands out zeroed on first touch (so only the non-zero
/// bytes are written), backed by huge pages where Linux agrees.
fn zeroed<T: Clone + Default>(len: usize) -> Vec<T> {
    let mut data = vec![T::default(); len];
    huge_pages(&mut data);
    data
}

/// Asks Linux to back a large output array with 2 MiB pages. The kernel
/// zeroes an output array's fresh memory on first touch, and on the
/// machine it was measured on (a VM, where a fault is dear) the 4 KiB page
/// faults were most of the time: 100,000 boards' planes (77 MB) zeroed
/// and encoded in 57 ms without this advice and 33 ms with it (the same
/// run, a busy machine; faulting in the 77 MB alone took 12 ms with it).
/// Only advice: where it is not followed, nothing changes but speed.
#[cfg(target_os = "linux")]
fn huge_pages<T>(memory: &mut [T]) {
    const HUGE: usize = 2 << 20;
    let start = memory.as_mut_ptr() as usize;
    // The 2 MiB-aligned middle of the allocation: madvise wants aligned
    // addresses, and huge pages cover aligned stretches only.
    let first = start.next_multiple_of(HUGE);
    let last = (start + core::mem::size_of_val(memory)) / HUGE * HUGE;
    if first < last {
        // SAFETY: MADV_HUGEPAGE only changes how the kernel backs pages of
        // this allocation, which we own; it reads and writes none of our
        // memory. Failure (THP off, an old kernel) is harmless and ignored.
        unsafe { libc::madvise(first as *mut _, last - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages<T>(_: &mut [T]) {}

/// The planes of boards, `uint8`, 768 bytes a board (see the module docs).
struct Planes {
    data: Vec<u8>,
    side_to_move_view: bool,
}

impl Planes {
    /// Zeroed planes for `n` boards.
    fn new(n: usize, side_to_move_view: bool) -> Self {
        Self {
            data: zeroed(n * 768),
            side_to_move_view,
        }
    }

    /// The `(N, 12, 8, 8)` array, without a copy.
    fn into_array(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        let n = self.data.len() / 768;
        Ok(PyArray1::from_vec(py, self.data)
            .reshape([n, 12, 8, 8])?
            .into_any())
    }
}

impl Encoder for Planes {
    fn write(&mut self, start: usize, boards: &[Board]) {
        let out = self.data[start * 768..].chunks_exact_mut(768);
        for (board, out) in boards.iter().zip(out) {
            // The array is zeroed: only the squares with a piece are set.
            let planes = planes(board, self.side_to_move_view);
            for (plane, bits) in out.chunks_exact_mut(64).zip(planes) {
                for square in Bitboard(bits) {
                    plane[square.index()] = 1;
                }
            }
        }
    }
}

/// The bitboards of boards, `uint64`, twelve a board.
struct Bitboards {
    data: Vec<u64>,
    side_to_move_view: bool,
}

impl Bitboards {
    /// Zeroed bitboards for `n` boards.
    fn new(n: usize, side_to_move_view: bool) -> Self {
        Self {
            data: zeroed(n * 12),
            side_to_move_view,
        }
    }

    /// The `(N, 12)` array, without a copy.
    fn into_array(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        let n = self.data.len() / 12;
        Ok(PyArray1::from_vec(py, self.data)
            .reshape([n, 12])?
            .into_any())
    }
}

impl Encoder for Bitboards {
    fn write(&mut self, start: usize, boards: &[Board]) {
        let out = self.data[start * 12..].chunks_exact_mut(12);
        for (board, out) in boards.iter().zip(out) {
            out.copy_from_slice(&planes(board, self.side_to_move_view));
        }
    }
}

/// An encoder made by `new` for the boards of a Python iterable and run
/// over them (see [`encode_chunks`]).
fn from_python<E: Encoder>(boards: &Bound<'_, PyAny>, new: impl FnOnce(usize) -> E) -> PyResult<E> {
    let boards = board_tuple(boards)?;
    let mut encoder = new(boards.len());
    encode_chunks(&boards, &mut encoder)?;
    Ok(encoder)
}

/// An encoder made by `new` for `boards` and run over them, with the GIL
/// released.
fn from_slice<E: Encoder>(
    py: Python<'_>,
    boards: &[Board],
    new: impl FnOnce(usize) -> E + Send,
) -> E {
    py.allow_threads(|| {
        let mut encoder = new(boards.len());
        encoder.write(0, boards);
        encoder
    })
}

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
    from_python(boards, |n| Planes::new(n, side_to_move_view))?.into_array(py)
}

/// The planes array of `boards` (see [`encode_planes`]), made with the GIL
/// released.
pub fn planes_array<'py>(
    py: Python<'py>,
    boards: &[Board],
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    from_slice(py, boards, |n| Planes::new(n, side_to_move_view)).into_array(py)
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
    from_python(boards, |n| Bitboards::new(n, side_to_move_view))?.into_array(py)
}

/// The bitboards array of `boards` (see [`encode_bitboards`]).
pub fn bitboards_array<'py>(
    py: Python<'py>,
    boards: &[Board],
    side_to_move_view: bool,
) -> PyResult<Bound<'py, PyAny>> {
    from_slice(py, boards, |n| Bitboards::new(n, side_to_move_view)).into_array(py)
}

/// The state arrays of boards (see [`encode_state`]), one row a board.
struct State {
    turn: Vec<bool>,
    castling: Vec<u8>,
    rights: Vec<u64>,
    ep: Vec<i8>,
    half: Vec<u16>,
    full: Vec<u16>,
}

impl State {
    /// Zeroed arrays for `n` boards.
    fn new(n: usize) -> Self {
        Self {
            turn: vec![false; n],
            castling: vec![0; n * 4],
            rights: vec![0; n],
            ep: vec![0; n],
            half: vec![0; n],
            full: vec![0; n],
        }
    }

    /// The arrays in a dict, by their names.
    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let n = self.turn.len();
        let dict = PyDict::new(py);
        dict.set_item("turn", PyArray1::from_vec(py, self.turn))?;
        dict.set_item(
            "castling",
            PyArray1::from_vec(py, self.castling).reshape([n, 4])?,
        )?;
        dict.set_item("castling_rights", PyArray1::from_vec(py, self.rights))?;
        dict.set_item("ep_square", PyArray1::from_vec(py, self.ep))?;
        dict.set_item("halfmove_clock", PyArray1::from_vec(py, self.half))?;
        dict.set_item("fullmove_number", PyArray1::from_vec(py, self.full))?;
        Ok(dict)
    }
}

impl Encoder for State {
    fn write(&mut self, start: usize, boards: &[Board]) {
        for (i, board) in (start..).zip(boards) {
            let rights = board.castling_rights();
            for (j, (color, side)) in [
                (Color::White, CastlingSide::KingSide),
                (Color::White, CastlingSide::QueenSide),
                (Color::Black, CastlingSide::KingSide),
                (Color::Black, CastlingSide::QueenSide),
            ]
            .into_iter()
            .enumerate()
            {
                self.castling[i * 4 + j] = u8::from(rights.rook(color, side).is_some());
            }
            self.turn[i] = board.side_to_move() == Color::White;
            self.rights[i] = rights.rook_squares().0;
            self.ep[i] = board.legal_en_passant().map_or(-1, |sq| sq.index() as i8);
            self.half[i] = board.halfmove_clock();
            self.full[i] = board.fullmove_number();
        }
    }
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
    from_python(boards, State::new)?.into_dict(py)
}

/// The state arrays of `boards` (see [`encode_state`]) as a dict.
pub fn state_dict<'py>(py: Python<'py>, boards: &[Board]) -> PyResult<Bound<'py, PyDict>> {
    from_slice(py, boards, State::new).into_dict(py)
}
