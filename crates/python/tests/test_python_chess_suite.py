"""python-chess's own tests, unmodified, on bitmoves.

The test.py of python-chess's PyPI sdist (GPL, so fetched here at test
time into target/ and never committed) is run after
``bitmoves.install_as_chess()``: its board classes, listed in
``CLASSES``, must pass, apart from the tests named in ``EXPECTED_FAILURES``
with the reason each one fails. A listed test that passes fails this test
too, so that the list only shrinks.
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

# Test id -> why it fails on bitmoves today.
EXPECTED_FAILURES = {}

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


@pytest.fixture(scope="module")
def outcomes():
    test_py = python_chess_test_py()
    runner = pathlib.Path(__file__).with_name("python_chess_suite.py")
    done = subprocess.run(
        [sys.executable, str(runner), str(test_py), *CLASSES],
        capture_output=True, text=True, timeout=600, cwd=test_py.parent,
        # Debian installs Stockfish, which the engine tests drive, in /usr/games.
        env={**os.environ, "PYTHONPATH": "", "PATH": os.environ.get("PATH", "") + os.pathsep + "/usr/games"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout)


def test_python_chess_board_tests_pass(outcomes):
    """Every test of the board classes passes, but the listed ones."""
    failing = {
        test: outcomes["details"].get(test, "")
        for test, outcome in outcomes["outcomes"].items()
        if outcome != "pass" and test not in EXPECTED_FAILURES
    }
    assert not failing, "\n\n".join(f"{test}:\n{text}" for test, text in sorted(failing.items()))


def test_expected_failures_still_fail(outcomes):
    """The list of expected failures holds only tests that fail."""
    passing = [test for test in EXPECTED_FAILURES if outcomes["outcomes"].get(test) == "pass"]
    assert not passing, f"these pass now: remove them from EXPECTED_FAILURES: {passing}"
    unknown = [test for test in EXPECTED_FAILURES if test not in outcomes["outcomes"]]
    assert not unknown, f"no such tests: {unknown}"


def test_all_board_classes_ran(outcomes):
    """All tests of the classes ran (the file is the one expected): 113 of
    the seven board classes, 12 Polyglot, 21 Syzygy, 36 engine, 3 SVG, 49
    PGN, 45 of the seven variant classes, 7 Gaviota and 3 native Gaviota
    (test_gaviota.py checks that these skip where python-chess's own run
    skips, for the same reason)."""
    assert len(outcomes["outcomes"]) == 113 + 12 + 21 + 36 + 3 + 49 + 45 + 7 + 3
