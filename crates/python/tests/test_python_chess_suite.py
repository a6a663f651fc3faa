"""python-chess's own tests, unmodified, on bitmoves, test by test beside
python-chess's own run.

The test.py of python-chess's PyPI sdist (GPL, so fetched here at test
time into target/ and never committed) is run twice on the same machine:
on python-chess itself, and after ``bitmoves.install_as_chess()``. Every
test of the classes in ``CLASSES`` (the whole file) must end on bitmoves
as it ends on python-chess: a pass, or a skip for the same reason (a
program or table missing here), apart from the tests named in
``EXPECTED_DIFFERENCES`` with the reason for each. A listed test that
ends alike fails this test too, so that the list only shrinks.
"""

import json
import os
import pathlib
import subprocess
import sys
import tarfile

import pytest

VERSION = "1.11.2"
CLASSES = [
    "SquareTestCase",
    "MoveTestCase",
    "PieceTestCase",
    "BoardTestCase",
    "LegalMoveGeneratorTestCase",
    "BaseBoardTestCase",
    "SquareSetTestCase",
    "PolyglotTestCase",
    "SyzygyTestCase",
    "EngineTestCase",
    "SvgTestCase",
    "PgnTestCase",
    "SuicideTestCase",
    "AtomicTestCase",
    "RacingKingsTestCase",
    "HordeTestCase",
    "ThreeCheckTestCase",
    "CrazyhouseTestCase",
    "GiveawayTestCase",
    "GaviotaTestCase",
    "NativeGaviotaTestCase",
]

# Test id -> why it ends otherwise on bitmoves than on python-chess.
EXPECTED_DIFFERENCES = {}

ROOT = pathlib.Path(__file__).resolve().parents[3]
CACHE = ROOT / "target" / "python-chess-sdist"


def python_chess_test_py():
    """test.py of python-chess's sdist and its data/ (books, tables, PGN
    files, which its tests open relative to the sdist's directory),
    downloaded from PyPI once."""
    test_py = CACHE / f"chess-{VERSION}" / "test.py"
    if not test_py.exists() or not (test_py.parent / "data").is_dir():
        CACHE.mkdir(parents=True, exist_ok=True)
        sdist_path = CACHE / f"chess-{VERSION}.tar.gz"
        if not sdist_path.exists():
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                 f"chess=={VERSION}", "-d", str(CACHE)],
                check=True,
            )
        with tarfile.open(sdist_path) as sdist:
            prefix = f"chess-{VERSION}/"
            members = [
                member for member in sdist.getmembers()
                if member.name == prefix + "test.py"
                or (member.name.startswith(prefix + "data/") and (member.isfile() or member.isdir()))
            ]
            sdist.extractall(CACHE, members=members)
    return test_py


def run_classes(flavour, classes=CLASSES, env=None):
    """Each test's outcome (``pass``, ``fail``, ``error``, ``skip: REASON``)
    and failure texts, from test.py run on ``flavour`` ("bitmoves" or
    "python-chess") in a process of its own."""
    test_py = python_chess_test_py()
    runner = pathlib.Path(__file__).with_name("python_chess_suite.py")
    done = subprocess.run(
        [sys.executable, str(runner), str(test_py), flavour, *classes],
        capture_output=True, text=True, timeout=600, cwd=test_py.parent,
        # Debian installs Stockfish, which the engine tests drive, in /usr/games.
        env={**os.environ, "PYTHONPATH": "", "PATH": os.environ.get("PATH", "") + os.pathsep + "/usr/games",
             **(env or {})},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def ours():
    return run_classes("bitmoves")


@pytest.fixture(scope="module")
def theirs():
    return run_classes("python-chess")


def test_every_test_ends_as_on_python_chess(ours, theirs):
    """Each test passes, or skips for the same reason, on bitmoves as on
    python-chess, but the listed ones."""
    differing = {
        test: f"python-chess: {outcome}; bitmoves: {ours['outcomes'].get(test)}\n"
        + ours["details"].get(test, "")
        for test, outcome in theirs["outcomes"].items()
        if ours["outcomes"].get(test) != outcome and test not in EXPECTED_DIFFERENCES
    }
    assert not differing, "\n\n".join(f"{test}: {text}" for test, text in sorted(differing.items()))


def test_expected_differences_still_differ(ours, theirs):
    """The list of expected differences holds only tests that end
    otherwise on bitmoves, and that pass on python-chess."""
    alike = [test for test in EXPECTED_DIFFERENCES if ours["outcomes"].get(test) == theirs["outcomes"].get(test)]
    assert not alike, f"these end alike now: remove them from EXPECTED_DIFFERENCES: {alike}"
    unknown = [test for test in EXPECTED_DIFFERENCES if test not in theirs["outcomes"]]
    assert not unknown, f"no such tests: {unknown}"


def test_the_whole_file_ran(ours, theirs):
    """Both runs ran the same tests, all of the file (the file is the one
    expected): 113 of the seven board classes, 12 Polyglot, 21 Syzygy, 36
    engine, 3 SVG, 49 PGN, 45 of the seven variant classes, 7 Gaviota and
    3 native Gaviota."""
    assert set(ours["outcomes"]) == set(theirs["outcomes"])
    assert len(theirs["outcomes"]) == 113 + 12 + 21 + 36 + 3 + 49 + 45 + 7 + 3
