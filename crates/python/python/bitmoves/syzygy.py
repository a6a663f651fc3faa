"""Syzygy endgame tablebases, with python-chess's ``chess.syzygy`` API.

After ``bitmoves.install_as_chess()`` this module is ``chess.syzygy``.
``open_tablebase(directory)`` gives a ``Tablebase`` whose ``probe_wdl`` and
``probe_dtz`` run in Rust (the ``bitmoves-syzygy`` crate, tables
memory-mapped, the GIL released while probing), with python-chess's numbers
and errors: ``KeyError`` for a position the tables cannot hold (castling
rights, more than 7 pieces), ``MissingTableError`` (a ``KeyError``) for a
table not added, ``OSError`` naming a damaged or unreadable file. The table
names (``tablenames``, ``normalize_tablename``, ``dependencies``, ...) are
the functions below. ``Tablebase(VariantBoard=AtomicBoard)`` (or
``SuicideBoard``, ``GiveawayBoard``, ``AntichessBoard``) reads that
variant's tables (``.atbw``, ``.stbw``, ``.gtbw``, ...) and probes its
boards as python-chess does, the variant's end first.
"""

from ._bitmoves import syzygy as _syzygy

Tablebase = _syzygy.Tablebase
MissingTableError = _syzygy.MissingTableError

#: The most pieces a Syzygy table holds.
TBPIECES = 7

# The pieces in the order of table names: the strongest first.
_ORDER = "KQRBNP"
_NAME_CHARS = frozenset(_ORDER)


def _sorted_side(side):
    return "".join(sorted(side, key=_ORDER.index))


def _strength(side):
    # Smaller is stronger: more pieces, then stronger pieces first.
    return (-len(side), [_ORDER.index(piece) for piece in side])


def normalize_tablename(name, *, mirror=False):
    """The table name of a material such as ``"KvKQ"``: each side's pieces
    in the order KQRBNP and the stronger side first (``"KQvK"``); the
    weaker first with ``mirror=True``."""
    white, black = name.split("v", 1)
    white, black = _sorted_side(white), _sorted_side(black)
    swap = _strength(black) < _strength(white)
    if swap != mirror:
        white, black = black, white
    return white + "v" + black


def is_tablename(name, *, one_king=True, piece_count=TBPIECES, normalized=True):
    """Whether ``name`` is a table's name: pieces of ``KQRBNP`` on both sides
    of a ``v``, at most ``piece_count`` of them (``None``: any number),
    normalized unless ``normalized=False``, and each side led by a king (not
    KvK) unless ``one_king=False``."""
    if piece_count is not None and len(name) > piece_count + 1:
        return False
    white, v, black = name.partition("v")
    if not v or not white or not black or not set(white + black) <= _NAME_CHARS:
        return False
    if normalized and normalize_tablename(name) != name:
        return False
    if one_king:
        return name != "KvK" and white.startswith("K") and black.startswith("K")
    return True


def _neighbours(name, *, one_king=True):
    """The materials one capture or promotion away, normalized."""
    white, black = name.split("v", 1)
    replacements = [piece for piece in _ORDER if piece != "P" and (piece != "K" or not one_king)]
    sides = (white, black)
    for index, side in enumerate(sides):
        other = sides[1 - index]

        def joined(new_side):
            return normalize_tablename(new_side + "v" + other if index == 0 else other + "v" + new_side)

        if "P" in side:
            for piece in replacements:
                yield joined(side.replace("P", piece, 1))
        if len(side) > 1:
            for piece in dict.fromkeys(side):
                if piece == "K" and one_king:
                    continue
                yield joined(side.replace(piece, "", 1))


def dependencies(target, *, one_king=True):
    """The tables a probe of ``target`` may also need: those one capture
    or promotion away (each once; never KvK)."""
    seen = {"KvK"} if one_king else set()
    for name in _neighbours(target, one_king=one_king):
        if name not in seen and len(name) > 2:
            seen.add(name)
            yield name


def all_dependencies(targets, *, one_king=True):
    """``targets`` (normalized) and every table reachable from them by
    captures and promotions, each once."""
    seen = {"KvK"} if one_king else set()
    todo = [normalize_tablename(target) for target in targets]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        yield name
        todo.extend(_neighbours(name, one_king=one_king))


def tablenames(*, one_king=True, piece_count=6):
    """Every table name with up to ``piece_count`` pieces (the materials
    reachable from all-pawn positions); with ``one_king=False`` the
    antichess names, where kings are ordinary pieces."""
    first = "K" if one_king else "P"
    pawns = piece_count - 2
    targets = [first + "P" * (pawns - black) + "v" + first + "P" * black for black in range(pawns // 2 + 1)]
    return all_dependencies(targets, one_king=one_king)


def calc_key(board, *, mirror=False):
    """The material of ``board`` as a table name, white first (black first
    with ``mirror=True``), not normalized: ``"KBNvK"``."""
    def side(color):
        return "".join(letter * bin(board.pieces_mask(piece_type, color)).count("1")
                       for piece_type, letter in zip((6, 5, 4, 3, 2, 1), _ORDER))
    white = not mirror
    return side(white) + "v" + side(not white)


def dtz_before_zeroing(wdl):
    """The DTZ just before a zeroing move of a position of WDL ``wdl``:
    1 for a win, 101 for a cursed win, their negatives, 0 for a draw."""
    if wdl == 0:
        return 0
    size = 1 if abs(wdl) == 2 else 101
    return size if wdl > 0 else -size


def open_tablebase(directory, *, load_wdl=True, load_dtz=True, max_fds=128, VariantBoard=None):
    """A ``Tablebase`` with the tables of ``directory`` (see
    ``Tablebase.add_directory``); more directories can be added."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables


class _TableFile:
    """One table file, mapped when first probed; the two kinds below name
    which tables of the file's name to load."""

    _kind = ""
    _loads: dict = {}

    def __init__(self, path, *, variant=None):
        self.path = path
        self._tables = Tablebase(VariantBoard=variant)
        if not self._tables.add_file(path, **self._loads):
            raise ValueError(f"not a {self._kind} table's file name: {path!r}")

    def close(self):
        """Unmaps the table."""
        self._tables.close()


class WdlTable(_TableFile):
    """One WDL table file, as python-chess's internal class: its stored
    value for a position (``probe_wdl_table``), nothing searched."""

    _kind, _loads = "WDL", {"load_dtz": False}

    def init_table_wdl(self):
        """Nothing to do: the table is mapped when first probed."""

    def probe_wdl_table(self, board):
        """The value the table stores for ``board``, -2 to 2."""
        return self._tables.probe_wdl_table(board)


class DtzTable(_TableFile):
    """One DTZ table file, as python-chess's internal class: its stored
    number for a position (``probe_dtz_table``)."""

    _kind, _loads = "DTZ", {"load_wdl": False}

    def init_table_dtz(self):
        """Nothing to do: the table is mapped when first probed."""

    def probe_dtz_table(self, board, wdl):
        """``(dtz, 1)`` as stored for ``board`` of WDL ``wdl``, or ``(0, -1)``
        when the table holds the other side to move."""
        return self._tables.probe_dtz_table(board, wdl)


__all__ = [
    "DtzTable",
    "MissingTableError",
    "TBPIECES",
    "Tablebase",
    "WdlTable",
    "all_dependencies",
    "calc_key",
    "dependencies",
    "dtz_before_zeroing",
    "is_tablename",
    "normalize_tablename",
    "open_tablebase",
    "tablenames",
]
