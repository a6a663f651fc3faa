"""Type stubs for bitmoves.pgn (crates/python/src/modules/pgn/)."""

import os
from typing import IO, Any, Dict, Iterator, List, Union

import numpy as np
import numpy.typing as npt

from ._bitmoves import Board, Move

class PgnError(ValueError):
    """A game that could not be read (bad FEN tag, unexpected text,
    unbalanced variation, unsupported variant, …)."""

    game: int
    line: int
    column: int

class Game:
    """One game: headers, mainline, start and end boards, errors."""

    number: int
    """The game's number in the file, from 1."""
    errors: List[ValueError]
    """Why the game could not be read whole; each has ``game``, ``line``
    and ``column``. ``IllegalMoveError``, ``AmbiguousMoveError`` or
    ``InvalidMoveError`` for a move, else ``PgnError``."""
    @property
    def headers(self) -> Dict[str, str]:
        """The tag pairs in file order."""
    @property
    def result(self) -> str:
        """The result token, else the ``Result`` header, else ``"*"``."""
    def board(self) -> Board:
        """The starting position, as python-chess's ``Game.board()``."""
    def mainline_moves(self) -> List[Move]:
        """The mainline's moves (up to an error, if there is one)."""
    def end_board(self) -> Board:
        """The position after the mainline, the mainline on its move stack."""

class GameReader(Iterator[Game]):
    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Game: ...

class PositionReader(Iterator[Dict[str, npt.NDArray[np.generic]]]):
    errors: List[ValueError]
    """The games left out so far because they could not be read."""
    def __iter__(self) -> "PositionReader": ...
    def __next__(self) -> Dict[str, npt.NDArray[np.generic]]: ...

def read_games(
    path_or_file: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", IO[bytes], IO[str]],
) -> GameReader:
    """The games of a PGN file (plain, zstd or gzip), one at a time."""

def read_positions(
    path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"],
    *,
    batch: int = 4096,
    threads: int = 1,
    encoding: str = "planes",
    side_to_move_view: bool = False,
) -> PositionReader:
    """NumPy batches of every mainline's positions, read on ``threads``."""

def read_arrow(
    path_or_file: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", IO[bytes], IO[str]],
    *,
    positions: bool = False,
    threads: int = 1,
) -> Any:
    """The rows of ``bitmoves pgn --parquet`` (one per game, or per
    position) as a ``pyarrow.RecordBatchReader``, read on ``threads``
    while consumed. Needs pyarrow (``ImportError`` without it)."""

def to_parquet(
    src: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", IO[bytes], IO[str]],
    dst: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"],
    *,
    positions: bool = False,
    threads: int = 1,
    force: bool = False,
) -> Dict[str, Any]:
    """Writes the Parquet dataset folder ``dst`` as ``bitmoves pgn
    --parquet`` does; returns ``games``, ``rows``, ``errors``, ``parts``."""
