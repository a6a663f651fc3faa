"""PGN through the ``bitmoves-pgn`` crate: ``read_games`` (python-chess's
``chess.pgn.read_game`` in a loop, validated natively), ``read_positions``
(NumPy batches of every mainline's positions, on several threads),
``read_arrow`` (the rows of ``bitmoves pgn --parquet`` as a
``pyarrow.RecordBatchReader``) and ``to_parquet`` (that Parquet dataset).

All stream: a file of any size is read in constant memory, plain or
compressed with zstd or gzip (recognised by content, not by name).
"""

from ._bitmoves import pgn as _pgn

Game = _pgn.Game
GameReader = _pgn.GameReader
PositionReader = _pgn.PositionReader
PgnError = _pgn.PgnError
read_games = _pgn.read_games
read_positions = _pgn.read_positions
# Built without the `arrow` feature, the module lacks them.
read_arrow = getattr(_pgn, "read_arrow", None)
to_parquet = getattr(_pgn, "to_parquet", None)

__all__ = [
    "Game",
    "GameReader",
    "PgnError",
    "PositionReader",
    "read_arrow",
    "read_games",
    "read_positions",
    "to_parquet",
]
