"""`Outcome` and `Termination` as python-chess's: a plain dataclass that keeps
any value (a resignation built by hand) and a real `enum.Enum`; and
`chess.__version__` after `install_as_chess()` is python-chess's."""

import copy
import enum
import pickle
import subprocess
import sys

import chess
import pytest

import bitmoves

END_FENS = [
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",  # checkmate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "8/8/4k3/8/8/4K3/8/8 w - - 0 1",  # insufficient material
    "8/8/4k3/8/8/4K3/4P3/8 w - - 150 90",  # seventy-five moves
    "8/8/4k3/8/8/4K3/4P3/8 w - - 100 90",  # fifty moves, claimed
]


def test_termination_is_an_enum_with_python_chess_members():
    assert issubclass(bitmoves.Termination, enum.Enum)
    assert [(t.name, t.value) for t in bitmoves.Termination] == [(t.name, t.value) for t in chess.Termination]
    for theirs in chess.Termination:
        ours = bitmoves.Termination(theirs.value)
        assert isinstance(ours, enum.Enum) and ours is bitmoves.Termination[theirs.name]
        assert repr(ours) == repr(theirs) and str(ours) == str(theirs)
        assert pickle.loads(pickle.dumps(ours)) is ours and copy.deepcopy(ours) is ours
    with pytest.raises(ValueError):
        bitmoves.Termination(11)
    with pytest.raises(KeyError):
        bitmoves.Termination["RESIGNATION"]


@pytest.mark.parametrize(
    "termination, winner",
    [("resignation", True), ("time forfeit", False), (None, None), (3, "white"), (chess.Termination.CHECKMATE, 1)],
)
def test_outcome_keeps_any_value_as_python_chess(termination, winner):
    ours, theirs = bitmoves.Outcome(termination, winner), chess.Outcome(termination, winner)
    assert (ours.termination, ours.winner) == (theirs.termination, theirs.winner)
    assert repr(ours) == repr(theirs) and ours.result() == theirs.result()
    assert ours == bitmoves.Outcome(termination, winner) and ours != bitmoves.Outcome(termination, not winner)
    ours.winner = None
    assert ours.result() == "1/2-1/2"
    with pytest.raises(TypeError):
        hash(ours)
    with pytest.raises(TypeError):
        hash(theirs)


@pytest.mark.parametrize("fen", END_FENS)
def test_board_outcome_is_python_chess_dataclass(fen):
    for claim_draw in (False, True):
        ours = bitmoves.Board(fen).outcome(claim_draw=claim_draw)
        theirs = chess.Board(fen).outcome(claim_draw=claim_draw)
        assert repr(ours) == repr(theirs)
        if theirs is not None:
            assert isinstance(ours, bitmoves.Outcome) and isinstance(ours.termination, enum.Enum)
            assert ours == bitmoves.Outcome(bitmoves.Termination[theirs.termination.name], theirs.winner)
            assert pickle.loads(pickle.dumps(ours)) == ours


def run_installed(code):
    done = subprocess.run(
        [sys.executable, "-c", "import bitmoves; bitmoves.install_as_chess()\n" + code],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_installed_chess_has_python_chess_version_and_types():
    code = (
        "import chess, enum, bitmoves\n"
        "print(chess.__version__, bitmoves.__version__)\n"
        "print(isinstance(chess.Termination.CHECKMATE, enum.Enum), chess.Outcome('resignation', chess.WHITE).result())\n"
    )
    versions, types = run_installed(code).splitlines()
    assert versions.split() == [chess.__version__, bitmoves.__version__]
    assert chess.__version__ == "1.11.2" != bitmoves.__version__
    assert types == "True 1-0"
