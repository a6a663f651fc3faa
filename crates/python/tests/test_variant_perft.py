"""python-chess's variant perft suites (examples/perft/*.perft in its PyPI
sdist: atomic, giveaway, crazyhouse, horde, racingkings, 3check) exact
through Python: ``board.perft(depth)`` of each listed position set with
``set_epd`` on a Chess960 board (as the suite's own perft.py reads it) on the
``bitmoves.variant`` board, at every listed depth whose count is at most
``MAX_NODES`` (CI-sized). The sdist is GPL: fetched at test time, as
test_python_chess_suite.py fetches it, never committed.
"""

import tarfile

import pytest

import bitmoves.variant
from test_python_chess_suite import CACHE, VERSION, python_chess_test_py

SUITES = {
    "atomic": bitmoves.variant.AtomicBoard,
    "giveaway": bitmoves.variant.GiveawayBoard,
    "crazyhouse": bitmoves.variant.CrazyhouseBoard,
    "horde": bitmoves.variant.HordeBoard,
    "racingkings": bitmoves.variant.RacingKingsBoard,
    "3check": bitmoves.variant.ThreeCheckBoard,
}
MAX_NODES = 200_000


def read_suite(name):
    """The (id, epd, [(depth, nodes)]) cases of one .perft file."""
    python_chess_test_py()
    with tarfile.open(CACHE / f"chess-{VERSION}.tar.gz") as sdist:
        text = sdist.extractfile(f"chess-{VERSION}/examples/perft/{name}.perft").read().decode()
    cases = []
    for line in text.splitlines():
        key, _, value = line.strip().partition(" ")
        if key == "id":
            cases.append([value, None, []])
        elif key == "epd":
            cases[-1][1] = value
        elif key == "perft":
            depth, nodes = value.split()
            cases[-1][2].append((int(depth), int(nodes)))
    return cases


@pytest.mark.parametrize("name", sorted(SUITES))
def test_variant_perft_suite(name):
    cases = read_suite(name)
    assert cases, name
    checked = 0
    for case_id, epd, counts in cases:
        board = SUITES[name](chess960=True)
        board.set_epd(epd)
        for depth, nodes in counts:
            if nodes > MAX_NODES:
                break
            assert board.perft(depth) == nodes, (case_id, epd, depth)
            checked += 1
    assert checked >= len(cases)
