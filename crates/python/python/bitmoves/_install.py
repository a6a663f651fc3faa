"""``install_as_chess()``: bitmoves as the ``chess`` package of the process.

After it, ``import chess`` anywhere gives a module ``chess`` whose names are
bitmoves' own (``chess.Board is bitmoves.Board``). Its submodules are
bitmoves' where bitmoves has a python-chess-compatible one, and otherwise
python-chess's own source files (``chess.svg``, ``chess.engine``),
loaded from the installed
python-chess package as submodules of this ``chess``, so that they build on
bitmoves' boards. python-chess's ``chess/__init__.py`` is never run.
"""

import importlib.abc
import importlib.util
import importlib.machinery
import sys
import types

# The python-chess release whose API bitmoves implements: ``chess.__version__``
# after ``install_as_chess()``, so that code choosing an API by python-chess's
# version takes the right branch (bitmoves' own is ``bitmoves.__version__``).
PYTHON_CHESS_VERSION = "1.11.2"

# bitmoves' modules that stand in for python-chess's, by submodule name;
# python-chess's own are used for the others.
_OWN_SUBMODULES: dict = {
    "pgn": "bitmoves.pgn",
    "polyglot": "bitmoves.polyglot",
    "syzygy": "bitmoves.syzygy",
    "variant": "bitmoves.variant",
    "gaviota": "bitmoves.gaviota",
}


class _ChessSubmodules(importlib.abc.MetaPathFinder):
    """Finds ``chess.<name>``: bitmoves' module where it has one, else
    python-chess's source file loaded under that name."""

    def __init__(self, python_chess_dirs):
        self.python_chess_dirs = python_chess_dirs

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("chess.") or fullname.count(".") != 1:
            return None
        name = fullname.split(".", 1)[1]
        own = _OWN_SUBMODULES.get(name)
        if own is not None:
            return importlib.util.spec_from_loader(fullname, _Alias(own))
        if not self.python_chess_dirs:
            raise ImportError(
                f"{fullname} is python-chess's module and bitmoves has none: "
                "install python-chess (pip install chess) to use it on bitmoves boards",
                name=fullname,
            )
        return importlib.machinery.PathFinder.find_spec(fullname, self.python_chess_dirs)


class _Alias(importlib.abc.Loader):
    """Loads an already imported bitmoves module under a ``chess.`` name."""

    def __init__(self, module_name):
        self.module_name = module_name

    def create_module(self, spec):
        return importlib.import_module(self.module_name)

    def exec_module(self, module):
        pass


def _python_chess_dirs():
    """The directories of the installed python-chess package (not imported)."""
    spec = importlib.machinery.PathFinder.find_spec("chess")
    if spec is None or not spec.submodule_search_locations:
        return []
    return list(spec.submodule_search_locations)


def install_as_chess():
    """Makes ``import chess`` give bitmoves, in the whole process.

    The convention of ``pymysql.install_as_MySQLdb()``: call it once,
    before anything imports ``chess``; code written for python-chess then
    runs on bitmoves unchanged. ``chess.Board``, ``chess.Move``,
    ``chess.SquareSet`` and every other name of the package are bitmoves'
    own; python-chess's other modules (``chess.svg``, ``chess.engine``)
    are loaded from an installed python-chess and work on bitmoves'
    boards; ``chess.pgn``, ``chess.polyglot``, ``chess.syzygy``,
    ``chess.variant`` and ``chess.gaviota`` are ``bitmoves.pgn``,
    ``bitmoves.polyglot``, ``bitmoves.syzygy``, ``bitmoves.variant`` and
    ``bitmoves.gaviota``. ``chess.__version__``
    is the python-chess version whose API bitmoves implements
    (``"1.11.2"``). Returns the ``chess`` module. ``RuntimeError`` when python-chess itself was imported before:
    its boards would then be mixed with bitmoves'.

    >>> import bitmoves
    >>> chess = bitmoves.install_as_chess()
    >>> import chess as imported
    >>> imported.Board is bitmoves.Board
    True
    """
    import bitmoves

    current = sys.modules.get("chess")
    if current is not None:
        if getattr(current, "__bitmoves__", False):
            return current
        raise RuntimeError(
            "python-chess was imported before bitmoves.install_as_chess(): "
            "call it first, before anything imports chess"
        )
    chess = types.ModuleType("chess", bitmoves.__doc__)
    for name in dir(bitmoves):
        if not name.startswith("__") and not isinstance(getattr(bitmoves, name), types.ModuleType):
            setattr(chess, name, getattr(bitmoves, name))
    chess.__path__ = []
    chess.__bitmoves__ = True
    chess.__version__ = PYTHON_CHESS_VERSION
    sys.meta_path.insert(0, _ChessSubmodules(_python_chess_dirs()))
    sys.modules["chess"] = chess
    return chess
