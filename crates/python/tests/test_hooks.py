"""A `Board` subclass's overrides are called where python-chess calls them.

For every hook bitmoves honours (`bitmoves._hooks.HOOKS`) and every public
method of `Board` and `BaseBoard` (called on a few positions), a subclass
of python-chess's `Board` and one of bitmoves' that override only that
hook (recording the call, then `super()`) must see it called by the same
methods. The sets are computed here from python-chess itself; the pairs
python-chess calls and bitmoves does not are `NOT_CALLED`, exactly (one
that starts to match fails the test, so that the list is kept true).
python-chess's own `chess.variant` boards (its variant.py, loaded from the
installed package: `chess.variant` itself is `bitmoves.variant`), run on
bitmoves' `Board` after `install_as_chess()` (in a subprocess, since it
replaces `chess`), must play and write FENs as on python-chess.
"""

import inspect
import json
import subprocess
import sys

import chess

import bitmoves
from bitmoves import _hooks

FENS = [
    None,  # the start, with moves pushed (below)
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  # Ra8#
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # castling both ways
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",  # en passant
]
OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def calls(package):
    """(method, arguments) for every public method of `Board` and
    `BaseBoard` worth calling on a board of `package` (a move argument is
    made from the board itself: its first legal move in UCI order)."""

    def first_move(board):
        return min(board.legal_moves, key=lambda m: m.uci()) if any(board.legal_moves) else package.Move.null()

    return [
        ("push_san", lambda b: (b.san(first_move(b)),)),
        ("push_uci", lambda b: (first_move(b).uci(),)),
        ("push_xboard", lambda b: (b.san(first_move(b)),)),
        ("parse_san", lambda b: (b.san(first_move(b)),)),
        ("parse_uci", lambda b: (first_move(b).uci(),)),
        ("parse_xboard", lambda b: (b.san(first_move(b)),)),
        ("san", lambda b: (first_move(b),)),
        ("lan", lambda b: (first_move(b),)),
        ("san_and_push", lambda b: (first_move(b),)),
        ("variation_san", lambda b: ([first_move(b)],)),
        ("gives_check", lambda b: (first_move(b),)),
        ("is_legal", lambda b: (first_move(b),)),
        ("is_pseudo_legal", lambda b: (first_move(b),)),
        ("is_capture", lambda b: (first_move(b),)),
        ("is_zeroing", lambda b: (first_move(b),)),
        ("is_irreversible", lambda b: (first_move(b),)),
        ("is_castling", lambda b: (first_move(b),)),
        ("is_en_passant", lambda b: (first_move(b),)),
        ("xboard", lambda b: (first_move(b),)),
        ("uci", lambda b: (first_move(b),)),
        ("push", lambda b: (first_move(b),)),
        ("fen", lambda b: ()),
        ("shredder_fen", lambda b: ()),
        ("epd", lambda b: ()),
        ("board_fen", lambda b: ()),
        ("__repr__", lambda b: ()),
        ("__str__", lambda b: ()),
        ("unicode", lambda b: ()),
        ("is_game_over", lambda b: ()),
        ("result", lambda b: ()),
        ("outcome", lambda b: ()),
        ("is_checkmate", lambda b: ()),
        ("is_stalemate", lambda b: ()),
        ("is_check", lambda b: ()),
        ("is_insufficient_material", lambda b: ()),
        ("is_variant_end", lambda b: ()),
        ("is_seventyfive_moves", lambda b: ()),
        ("is_fifty_moves", lambda b: ()),
        ("is_fivefold_repetition", lambda b: ()),
        ("is_repetition", lambda b: ()),
        ("can_claim_draw", lambda b: ()),
        ("can_claim_fifty_moves", lambda b: ()),
        ("can_claim_threefold_repetition", lambda b: ()),
        ("has_legal_en_passant", lambda b: ()),
        ("status", lambda b: ()),
        ("is_valid", lambda b: ()),
        ("piece_map", lambda b: ()),
        ("checkers", lambda b: ()),
        ("copy", lambda b: ()),
        ("mirror", lambda b: ()),
        ("root", lambda b: ()),
        ("ply", lambda b: ()),
        ("peek", lambda b: ()),
        ("pop", lambda b: ()),
        ("castling_xfen", lambda b: ()),
        ("castling_shredder_fen", lambda b: ()),
        ("has_castling_rights", lambda b: (True,)),
        ("piece_at", lambda b: (4,)),
        ("attacks", lambda b: (4,)),
        ("pin", lambda b: (True, 4)),
        ("find_move", lambda b: (first_move(b).from_square, first_move(b).to_square)),
        ("generate_legal_moves", lambda b: ()),
        ("generate_legal_captures", lambda b: ()),
        ("generate_castling_moves", lambda b: ()),
    ]


def recorder(base, hook, seen):
    """A subclass of `base` whose `hook` notes its call in `seen`."""

    def wrapper(self, *args, **kwargs):
        seen.add(hook)
        result = getattr(super(cls, self), hook)(*args, **kwargs)
        if inspect.isgenerator(result):
            return iter(list(result))
        return result

    cls = type(f"Record_{hook}", (base,), {hook: wrapper})
    return cls


def hooks_called(package, hook, fen, method, arguments):
    """Whether `method` of a `package` board recording `hook` calls it."""
    seen = set()
    cls = recorder(package.Board, hook, seen)
    board = cls() if fen is None else cls(fen)
    if fen is None:
        for san in OPENING:
            board.push_san(san)
    args = arguments(board)
    seen.clear()
    try:
        result = getattr(board, method)(*args)
        if inspect.isgenerator(result):
            list(result)
    except (ValueError, IndexError, AssertionError):
        pass
    return hook in seen


# (method, hook) pairs python-chess calls and bitmoves does not (see
# docs/python-subclasses.md): none left.
NOT_CALLED = set()


def test_hooks_are_called_where_python_chess_calls_them():
    hooks = sorted(_hooks.HOOKS & set(dir(chess.Board)))
    assert hooks, "no hooks"
    theirs_calls = dict(calls(chess))
    missing, extra = set(), set()
    for method, arguments in calls(bitmoves):
        for hook in hooks:
            if hook == method:
                continue
            for fen in FENS:
                theirs = hooks_called(chess, hook, fen, method, theirs_calls[method])
                ours = hooks_called(bitmoves, hook, fen, method, arguments)
                if theirs and not ours:
                    missing.add((method, hook))
                elif ours and not theirs:
                    extra.add((method, hook, fen))
    assert not extra, f"bitmoves calls hooks python-chess does not: {sorted(extra, key=str)}"
    assert missing == NOT_CALLED, (
        f"newly missing: {sorted(missing - NOT_CALLED)}; now called: {sorted(NOT_CALLED - missing)}"
    )


def test_plain_board_and_hookless_subclass_keep_native_methods():
    class Plain(bitmoves.Board):
        def extra(self):
            return 1

    for name in ("push_san", "fen", "outcome", "is_game_over", "san", "push"):
        assert getattr(Plain, name) is getattr(bitmoves.Board, name), name
        assert not inspect.isfunction(getattr(bitmoves.Board, name)), name
    assert Plain._bitmoves_hooks == {} and bitmoves.Board._bitmoves_hooks == {}


def test_super_push_reaches_push_capture():
    """A subclass's own `push` calling `super().push` (as python-chess's
    `CrazyhouseBoard` does) still has its `_push_capture` called, by the
    native `push`; so do `push_san` and `push_uci` through it."""
    seen = {}
    for package in (chess, bitmoves):
        calls = []

        class House(package.Board):
            def push(self, move):
                calls.append(("push", move.uci()))
                super().push(move)

            def _push_capture(self, move, capture_square, piece_type, was_promoted):
                calls.append(("capture", move.uci(), capture_square, piece_type, was_promoted, self.turn))

        board = House("r3k3/1p6/8/8/8/8/8/1R2K3 w - - 0 1")
        board.push_san("Rxb7")
        board.push_uci("e8d8")
        board.push(board.parse_uci("b7b8"))
        seen[package] = calls
    assert seen[bitmoves] == seen[chess]
    assert ("capture", "b1b7", 49, 1, False, True) in seen[chess]
    assert seen[bitmoves][-1] == ("push", "b7b8")


def test_bot_counting_pushes_sees_every_push():
    for package in (chess, bitmoves):

        class Counting(package.Board):
            pushes = 0

            def push(self, move):
                self.pushes += 1
                super().push(move)

        board = Counting()
        board.push_san("e4")
        board.push_uci("e7e5")
        board.san_and_push(board.parse_san("Nf3"))
        board.push_xboard("Nc6")
        assert board.pushes == 4, package


def test_epd_and_board_fen_overrides_reach_fen_and_repr():
    for package in (chess, bitmoves):

        class Tagged(package.Board):
            def epd(self, **kwargs):
                return super().epd(**kwargs) + " +tag"

        board = Tagged()
        assert board.fen() == chess.STARTING_FEN.replace(" 0 1", " +tag 0 1"), package
        assert "+tag" in repr(board), package


def test_outcome_override_reaches_is_game_over_and_result():
    for package in (chess, bitmoves):

        class Resigned(package.Board):
            def outcome(self, *, claim_draw=False):
                return package.Outcome(package.Termination.VARIANT_LOSS, package.BLACK)

        board = Resigned()
        assert board.is_game_over() and board.result() == "0-1", package


def test_push_tells_push_capture_of_each_capture():
    captures = {}
    for package in (chess, bitmoves):
        seen = []

        class Pocket(package.Board):
            def _push_capture(self, move, capture_square, piece_type, was_promoted):
                seen.append((move.uci(), capture_square, piece_type, was_promoted))

        board = Pocket("4k3/8/8/3pP3/8/8/7r/R3K3 w Q d6 0 2")
        for uci in ["e5d6", "h2a2", "a1a2"]:
            board.push_uci(uci)
        captures[package] = seen
    assert captures[bitmoves] == captures[chess]


VARIANT_SCRIPT = r"""
import importlib.util, json, random, sys
if sys.argv[1] == "bitmoves":
    import bitmoves
    bitmoves.install_as_chess()
    # python-chess's own variant.py (chess.variant is bitmoves.variant),
    # its classes subclassing bitmoves' Board.
    spec = importlib.util.find_spec("chess.engine").origin.replace("engine.py", "variant.py")
    spec = importlib.util.spec_from_file_location("chess.python_chess_variant", spec)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import chess
    chess.variant = sys.modules["chess.variant"] = module
import chess, chess.variant
out = []
names = sys.argv[2].split(",")
for name, seed in [(name, seed) for name in names for seed in (1, 2, 3)]:
    rng = random.Random(seed)
    board = getattr(chess.variant, name)()
    trace = []
    for ply in range(60):
        moves = sorted((m for m in board.legal_moves if not m.drop), key=lambda m: m.uci())
        if not moves or board.is_game_over():
            break
        san = board.san(moves[rng.randrange(len(moves))])
        board.push_san(san)
        trace.append([san, board.fen(), board.is_check(), board.result()])
    while board.move_stack:
        board.pop()
        trace.append(board.fen())
    out.append([name, seed, trace])
if "CrazyhouseBoard" in names:
    house = chess.variant.CrazyhouseBoard("r3k3/1p6/8/8/8/8/8/1R2K3 w - - 0 1")
    house.push_san("Rxb7")
    house.push_san("Kf8")
    out.append(["house", house.fen(), str(house.pockets[chess.WHITE])])
three = chess.variant.ThreeCheckBoard()
for san in ["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7", "Bc4+", "Ke8", "Bf7+"]:
    three.push_san(san)
out.append(["three", three.remaining_checks, three.fen(), three.epd()])
print(json.dumps(out))
"""


def variants_on_both(names):
    def run(which):
        done = subprocess.run(
            [sys.executable, "-c", VARIANT_SCRIPT, which, ",".join(names)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run("chess"), run("bitmoves")


def test_python_chess_variants_play_as_on_python_chess():
    """ThreeCheckBoard (push and pop keep the check counts, epd writes
    them) and KingOfTheHillBoard (is_variant_* end the game) from
    python-chess's own `chess.variant`, on bitmoves' `Board`."""
    theirs, ours = variants_on_both(["ThreeCheckBoard", "KingOfTheHillBoard"])
    assert len(theirs) == len(ours)
    for a, b in zip(theirs, ours):
        assert a == b


def test_crazyhouse_pocket_fills_as_on_python_chess():
    """`CrazyhouseBoard.push` calls `super().push`, bitmoves' native
    `push`, which calls the subclass's `_push_capture`: the pocket fills
    (`push_san("Rxb7")`)."""
    theirs, ours = variants_on_both(["CrazyhouseBoard"])
    assert theirs == ours


def test_super_calls_reach_the_hooks_of_the_native_methods():
    """A subclass's own `push_san`, `push_uci`, `fen`, `is_game_over`,
    `result` and `is_legal` calling `super()` land in the native methods,
    which still call its `push`, `epd`, `outcome` and `is_variant_end`, as
    python-chess's do."""
    seen = {}
    for package in (chess, bitmoves):
        log = []

        class Wrapped(package.Board):
            def push(self, move):
                log.append(("push", move.uci()))
                super().push(move)

            def push_san(self, san):
                log.append(("push_san", san))
                return super().push_san(san)

            def push_uci(self, uci):
                log.append(("push_uci", uci))
                return super().push_uci(uci)

            def epd(self, **kwargs):
                return super().epd(**kwargs) + " +tag"

            def fen(self, **kwargs):
                return super().fen(**kwargs).upper()

            def outcome(self, *, claim_draw=False):
                return package.Outcome(package.Termination.VARIANT_WIN, package.WHITE)

            def is_game_over(self, *, claim_draw=False):
                return ("over", super().is_game_over(claim_draw=claim_draw))

            def result(self, *, claim_draw=False):
                return "result " + super().result(claim_draw=claim_draw)

            def is_variant_end(self):
                return len(self.move_stack) >= 3

            def is_legal(self, move):
                return ("legal", super().is_legal(move))

        board = Wrapped()
        board.push_san("e4")
        board.push_uci("e7e5")
        board.push_san("Nf3")
        seen[package] = (
            log,
            board.fen(),
            board.is_game_over(),
            board.result(),
            board.is_legal(package.Move.from_uci("b8c6")),
        )
    assert seen[bitmoves] == seen[chess]
    assert seen[chess][2] == ("over", True) and seen[chess][4] == ("legal", False)


def test_helpers_reach_the_hooks_as_python_chess():
    """The methods python-chess builds on its own helpers (`board_fen` on
    `piece_at`, the en passant test on `is_variant_end` and
    `is_into_check`, SAN's disambiguation on `generate_legal_moves`, the
    draw claims replaying through `push` and `pop`, castling on
    `is_variant_end`) give the answers python-chess gives a subclass that
    changes those hooks."""
    seen = {}
    for package in (chess, bitmoves):
        log = []

        class NoQueens(package.Board):
            """Queens are hidden from `piece_at`."""

            def piece_at(self, square):
                piece = super().piece_at(square)
                return None if piece and piece.piece_type == package.QUEEN else piece

        class Ended(package.Board):
            def is_variant_end(self):
                return True

        class NoEnPassant(package.Board):
            def is_into_check(self, move):
                return self.is_en_passant(move) or super().is_into_check(move)

        class OnlyKnightOnB1(package.Board):
            """The knight on f1 has no legal moves."""

            def generate_legal_moves(self, from_mask=package.BB_ALL, to_mask=package.BB_ALL):
                return super().generate_legal_moves(from_mask & ~package.BB_F1, to_mask)

        class Replaying(package.Board):
            def push(self, move):
                log.append(("push", move.uci()))
                super().push(move)

            def pop(self):
                move = super().pop()
                log.append(("pop", move.uci()))
                return move

        hidden = NoQueens()
        ended = Ended("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        passant = NoEnPassant("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
        knights = OnlyKnightOnB1("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
        replay = Replaying()
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
            replay.push_uci(uci)
        seen[package] = (
            hidden.fen(),
            hidden.board_fen(),
            sorted(hidden.piece_map()),
            hidden.unicode(),
            str(hidden),
            ended.fen(),
            [m.uci() for m in ended.generate_castling_moves()],
            ended.is_pseudo_legal(package.Move.from_uci("e1g1")),
            ended.is_pseudo_legal(package.Move.from_uci("e1f1")),
            passant.fen(),
            passant.has_legal_en_passant(),
            passant.is_irreversible(package.Move.from_uci("e1f1")),
            [m.uci() for m in passant.generate_legal_captures()],
            knights.san(package.Move.from_uci("b1d2")),
            knights.san_and_push(package.Move.from_uci("b1d2")),
            replay.can_claim_threefold_repetition(),
            replay.can_claim_draw(),
            log,
        )
    assert seen[bitmoves] == seen[chess]
    assert "Q" not in seen[chess][1] and seen[chess][13] == "Nd2" and seen[chess][15]


def test_super_san_lan_epd_and_generation_reach_the_hooks():
    """A subclass's own `san`, `lan`, `epd` and `generate_legal_moves`
    calling `super()` land in the native methods, which still call its
    `push`, `pop`, `is_check`, `generate_legal_moves` (the
    disambiguation), `piece_at` (the placement) and `is_variant_end`, as
    python-chess's do; `legal_moves` lists its `generate_legal_moves`."""
    seen = {}
    for package in (chess, bitmoves):
        log = []

        class Wrapped(package.Board):
            def push(self, move):
                log.append(("push", move.uci()))
                super().push(move)

            def pop(self):
                log.append("pop")
                return super().pop()

            def is_check(self):
                log.append("is_check")
                return super().is_check()

            def piece_at(self, square):
                piece = super().piece_at(square)
                return None if piece and piece.piece_type == package.QUEEN else piece

            def is_variant_end(self):
                log.append("is_variant_end")
                return len(self.move_stack) >= 3

            def generate_legal_moves(self, from_mask=package.BB_ALL, to_mask=package.BB_ALL):
                log.append("generate_legal_moves")
                return super().generate_legal_moves(from_mask & ~package.BB_F1, to_mask)

            def san(self, move):
                return "<" + super().san(move) + ">"

            def lan(self, move):
                return super().lan(move).lower()

            def epd(self, **kwargs):
                return super().epd(**kwargs) + " +tag"

        board = Wrapped("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
        knight = package.Move.from_uci("b1d2")
        answers = [board.san(knight), board.lan(knight), board.epd(), board.fen()]
        answers.append(sorted(m.uci() for m in board.legal_moves))
        for uci in ["b1d2", "e8d8", "d2b3"]:
            board.push_uci(uci)
        answers.append(list(board.generate_legal_moves()))
        answers.append(list(board.legal_moves))
        # The hooks called, and the pushes in order (python-chess asks
        # `is_variant_end` once more where its pseudo-legal generator
        # reaches castling: a count left out here).
        pushes = [entry for entry in log if isinstance(entry, tuple)]
        seen[package] = (answers, sorted(set(map(str, log))), pushes)
    assert seen[bitmoves] == seen[chess]
    assert seen[chess][0][0] == "<Nd2>" and seen[chess][0][-1] == []
