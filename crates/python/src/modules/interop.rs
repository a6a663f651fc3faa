//! `Board.from_python_chess` and `Board.to_python_chess`: boards carried
//! across through the root FEN and the move stack, so that repetitions and
//! `pop()` work on the other side too.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use crate::board::PyBoard;

#[pymethods]
impl PyBoard {
    /// A bitmoves board from a `chess.Board`: its starting FEN (the root),
    /// its Chess960 flag, then its move stack replayed.
    #[classmethod]
    fn from_python_chess(cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<Py<Self>> {
        let py = cls.py();
        let root = board.call_method0("root")?;
        let fen: String = root.call_method0("fen")?.extract()?;
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let mut ours = PyBoard::from_fen(py, &fen, chess960)?;
        for mv in board.getattr("move_stack")?.try_iter()? {
            let uci: String = mv?.call_method0("uci")?.extract()?;
            let mv = ours.parse_uci_move(&uci)?;
            ours.push_checked(py, mv)?;
        }
        ours.object(py)
    }

    /// A `chess.Board` of this board (python-chess must be installed): the
    /// starting FEN, then the move stack pushed.
    fn to_python_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = py.import("chess")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", self.chess960)?;
        let root = PyBoard::fen_of(&self.root_state(), false, "fen", true)?;
        let board = chess.getattr("Board")?.call((root,), Some(&kwargs))?;
        for (_, mv) in &self.stack {
            board.call_method1("push_uci", (mv.uci_text(),))?;
        }
        Ok(board)
    }
}
