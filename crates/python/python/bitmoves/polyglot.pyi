"""Type stubs for bitmoves.polyglot (crates/python/src/modules/polyglot/
and polyglot.py)."""

import os
import random as _random
from typing import Any, Callable, Container, Iterator, List, NamedTuple, Optional, Union

from ._bitmoves import BaseBoard, Board, Move

POLYGLOT_RANDOM_ARRAY: List[int]
"""The 781 Polyglot keys: 768 for the pieces, 4 castling rights, 8 en
passant files, 1 for white to move."""

class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move

class ZobristHasher:
    """Zobrist hashing with a table laid out as ``POLYGLOT_RANDOM_ARRAY``."""

    array: List[int]
    def __init__(self, array: List[int]) -> None: ...
    def hash_board(self, board: BaseBoard) -> int: ...
    def hash_castling(self, board: Board) -> int: ...
    def hash_ep_square(self, board: Board) -> int: ...
    def hash_turn(self, board: Board) -> int: ...
    def __call__(self, board: Board) -> int: ...

def zobrist_hash(board: Board, *, _hasher: Optional[Callable[[Board], int]] = None) -> int:
    """The Polyglot Zobrist key of the position."""

class MemoryMappedReader:
    """A Polyglot opening book mapped into memory. A closed reader raises
    ``ValueError``."""

    def __init__(self, filename: Union[str, bytes, os.PathLike]) -> None: ...
    def __enter__(self) -> "MemoryMappedReader": ...
    def __exit__(self, *args: object) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Entry: ...
    def __iter__(self) -> Iterator[Entry]: ...
    def __reversed__(self) -> Iterator[Entry]: ...
    def __contains__(self, entry: Entry) -> bool: ...
    def bisect_key_left(self, key: int) -> int: ...
    def find_all(
        self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()
    ) -> Iterator[Entry]: ...
    def find(
        self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()
    ) -> Entry: ...
    def get(
        self,
        board: Union[Board, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]: ...
    def choice(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry: ...
    def weighted_choice(
        self,
        board: Union[Board, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry: ...
    def close(self) -> None: ...

def open_reader(path: Union[str, bytes, os.PathLike]) -> MemoryMappedReader:
    """Opens the book at ``path``."""
