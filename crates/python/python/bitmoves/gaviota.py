"""Gaviota endgame tablebases, with python-chess's ``chess.gaviota`` API.

After ``bitmoves.install_as_chess()`` this module is ``chess.gaviota``.
``open_tablebase(directory)`` first tries the native library libgtb
(``NativeTablebase``), as python-chess does, and otherwise gives a
``PythonTablebase``: python-chess's name for its own prober, here running
in Rust (the ``bitmoves-gaviota`` crate: blocks decompressed on demand and
cached, the GIL released while probing). ``probe_dtm`` and ``probe_wdl``
give python-chess's numbers and errors: ``KeyError`` for a position the
tables cannot hold (castling rights, more than 5 pieces),
``MissingTableError`` (a ``KeyError``) for a table not added, ``OSError``
naming a damaged or unreadable file.
"""

import ctypes
import logging
import os

from ._bitmoves import gaviota as _gaviota
from ._gaviota_native import NativeTablebase, open_tablebase_native

LOGGER = logging.getLogger(__name__)

MissingTableError = _gaviota.MissingTableError


class PythonTablebase(_gaviota.Tablebase):
    """Gaviota tables (``*.gtb.cp4``, up to 5 pieces) probed by bitmoves'
    own code, under python-chess's name for its pure-Python prober."""

    def add_directory(self, directory):
        """Adds the ``*.gtb.cp4`` tables of a directory; they are opened
        when a probe first needs them. ``OSError`` if it is not a
        directory."""
        directory = os.path.abspath(directory)
        if not os.path.isdir(directory):
            raise IOError(f"not a directory: {directory!r}")
        self._add_directory(directory)


def open_tablebase(directory, *, libgtb=None, LibraryLoader=ctypes.cdll):
    """The tables of ``directory``: through libgtb (``NativeTablebase``)
    where ``LibraryLoader`` is given and the library loads, else a
    ``PythonTablebase``, as python-chess chooses."""
    try:
        if LibraryLoader:
            return open_tablebase_native(directory, libgtb=libgtb, LibraryLoader=LibraryLoader)
    except (OSError, RuntimeError) as err:
        LOGGER.info("Falling back to pure Python tablebase: %r", err)

    tables = PythonTablebase()
    tables.add_directory(directory)
    return tables


__all__ = [
    "MissingTableError",
    "NativeTablebase",
    "PythonTablebase",
    "open_tablebase",
    "open_tablebase_native",
]
