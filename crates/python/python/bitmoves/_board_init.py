"""``Board.__init__`` and ``Board.__init_subclass__`` for subclasses,
installed on the native ``Board`` by the extension module while it loads
(``crates/python/src/board/capi_push.rs``, ``add_init``).

python-chess's subclasses (its variants) call
``super().__init__(fen, chess960=...)``, which sets the position as
python-chess's ``__init__`` does, through the subclass's own ``clear``,
``reset`` and ``set_fen``; a plain ``Board`` is set up by its constructor
already. ``_hooks.init_subclass`` later wraps the ``__init_subclass__``
set here.

Nothing here imports from ``bitmoves``: the package is still loading when
this runs.
"""


def install(Board, starting_fen, legal_view):
    """Sets ``Board.__init__``, ``Board.__init_subclass__`` and
    ``Board._legal_view`` (the view a subclass's ``legal_moves`` becomes
    when it overrides ``generate_legal_moves``; ``legal_view`` is the
    native function that makes it)."""

    def __init__(self, fen=starting_fen, *, chess960=False):
        if type(self) is not Board:
            self._init(None, chess960)
            if fen is None:
                self.clear()
            elif fen == type(self).starting_fen:
                self.reset()
            else:
                self.set_fen(fen)

    def __init_subclass__(cls, **kwargs):
        super(Board, cls).__init_subclass__(**kwargs)
        if cls.generate_legal_moves is not Board.generate_legal_moves:
            cls.legal_moves = property(legal_view, doc="The legal moves, by generate_legal_moves.")

    __init__.__qualname__ = "Board.__init__"
    __init_subclass__.__qualname__ = "Board.__init_subclass__"
    Board._legal_view = legal_view
    Board.__init_subclass__ = classmethod(__init_subclass__)
    Board.__init__ = __init__
