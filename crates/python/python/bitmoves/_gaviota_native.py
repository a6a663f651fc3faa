"""``NativeTablebase``: Gaviota tables probed by the C library libgtb
through ctypes, with the interface of ``PythonTablebase`` (python-chess's
``chess.gaviota.NativeTablebase``). The library keeps global state, so one
instance at a time."""

import ctypes
import ctypes.util
import logging
import os

from ._bitmoves import gaviota as _gaviota

LOGGER = logging.getLogger("bitmoves.gaviota")

# libgtb's codes: the end of a square or piece list, and the probe's info.
_NO_SQUARE = 64
_NO_PIECE = 0
_DRAW, _WHITE_MATES, _BLACK_MATES, _FORBIDDEN = 0, 1, 2, 3
# The compression scheme of .gtb.cp4 files.
_CP4 = 4
_MAX_PIECES = 5


def _squares(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class NativeTablebase:
    """Gaviota tables probed by libgtb (a ``ctypes.CDLL``)."""

    def __init__(self, libgtb):
        self.paths = []
        self.libgtb = libgtb
        uint_p = ctypes.POINTER(ctypes.c_uint)
        ubyte_p = ctypes.POINTER(ctypes.c_ubyte)
        libgtb.tb_restart.restype = ctypes.c_char_p
        libgtb.tbpaths_getmain.restype = ctypes.c_char_p
        libgtb.tb_probe_hard.argtypes = [ctypes.c_uint] * 3 + [uint_p, uint_p, ubyte_p, ubyte_p, uint_p, uint_p]
        libgtb.tb_probe_WDL_hard.argtypes = [ctypes.c_uint] * 3 + [uint_p, uint_p, ubyte_p, ubyte_p, uint_p]
        if libgtb.tb_is_initialized():
            raise RuntimeError("only one gaviota instance can be initialized at a time")
        libgtb.tbcache_restart(ctypes.c_size_t(1024 * 1024), ctypes.c_int(50))

    def add_directory(self, directory):
        """Adds a directory of tables (``OSError`` if it is none)."""
        if not os.path.isdir(directory):
            raise IOError(f"not a directory: {directory!r}")
        self.paths.append(directory)
        self._restart()

    def _restart(self):
        # A NULL-terminated array of paths, kept alive as long as libgtb
        # may read it.
        self._c_paths = (ctypes.c_char_p * (len(self.paths) + 1))(
            *[os.fsencode(path) for path in self.paths], None)
        message = self.libgtb.tb_restart(ctypes.c_int(1), ctypes.c_int(_CP4), self._c_paths)
        if message:
            LOGGER.debug(message.decode("utf-8", "replace"))
        LOGGER.debug("available: %d", self.libgtb.tb_availability())

    def probe_dtm(self, board):
        """Depth to mate in half-moves, as ``PythonTablebase.probe_dtm``."""
        return self._probe(board, wdl_only=False)

    def probe_wdl(self, board):
        """1, 0 or -1 for the side to move, as ``PythonTablebase.probe_wdl``."""
        return self._probe(board, wdl_only=True)

    def get_dtm(self, board, default=None):
        try:
            return self.probe_dtm(board)
        except KeyError:
            return default

    def get_wdl(self, board, default=None):
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def _probe(self, board, wdl_only):
        if board.is_insufficient_material():
            return 0
        if board.castling_rights:
            raise KeyError(f"gaviota tables do not contain positions with castling rights: {board.fen()}")
        pieces = bin(board.occupied).count("1")
        if pieces > _MAX_PIECES:
            raise KeyError(f"gaviota tables support up to 5 pieces, not {pieces}: {board.fen()}")

        def side(color):
            squares = (ctypes.c_uint * 17)()
            kinds = (ctypes.c_ubyte * 17)()
            found = list(_squares(board.occupied_co[color]))
            for index, square in enumerate(found):
                squares[index] = square
                kinds[index] = board.piece_type_at(square)
            squares[len(found)] = _NO_SQUARE
            kinds[len(found)] = _NO_PIECE
            return squares, kinds

        white_squares, white_kinds = side(True)
        black_squares, black_kinds = side(False)
        stm = ctypes.c_uint(0 if board.turn else 1)
        ep = ctypes.c_uint(board.ep_square if board.ep_square else _NO_SQUARE)
        info, plies = ctypes.c_uint(), ctypes.c_uint()
        args = (stm, ep, ctypes.c_uint(0), white_squares, black_squares, white_kinds, black_kinds,
                ctypes.byref(info))
        if wdl_only:
            found = self.libgtb.tb_probe_WDL_hard(*args)
            dtm = 1
        else:
            found = self.libgtb.tb_probe_hard(*args, ctypes.byref(plies))
            dtm = int(plies.value)

        if info.value == _FORBIDDEN:
            raise _gaviota.MissingTableError(f"gaviota table for {board.fen()} not available")
        if found and info.value == _DRAW:
            return 0
        if found and info.value == _WHITE_MATES:
            return dtm if board.turn else -dtm
        if found and info.value == _BLACK_MATES:
            return -dtm if board.turn else dtm
        raise KeyError(f"gaviota probe failed for {board.fen()}")

    def close(self):
        """Releases libgtb's tables and cache."""
        self.paths = []
        if self.libgtb.tb_is_initialized():
            self.libgtb.tbcache_done()
            self.libgtb.tb_done()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()


def open_tablebase_native(directory, *, libgtb=None, LibraryLoader=ctypes.cdll):
    """The tables of ``directory`` through libgtb (found by
    ``ctypes.util.find_library("gtb")`` unless named); ``OSError`` or
    ``RuntimeError`` when the library cannot be used."""
    libgtb = libgtb or ctypes.util.find_library("gtb") or "libgtb.so.1.0.1"
    tables = NativeTablebase(LibraryLoader.LoadLibrary(libgtb))
    tables.add_directory(directory)
    return tables
