"""Moves come in python-chess's order: every listing of moves (`legal_moves`,
`pseudo_legal_moves`, each `generate_*` method with and without masks, the
generators' `repr`) gives python-chess 1.11.2's moves in python-chess's
order, on random playouts from the standard and Chess960 starts, on the
perft suites' positions and games played from them, on hand-made positions
(check, double check, en passant as an evasion, promotions, castling both
ways, Chess960 castling with the king or rook already in place) and on
positions no game reaches (no king, several kings, pawns on a back rank).
The playouts, the suites, the hand-made positions and the seeded games run
with both versions of the move writer (`writer`): the one counting with the
CPU's `popcnt` instruction, which bitmoves uses where the CPU has it, and
the one for any x86-64.

The law: for every position both packages hold, each listing of bitmoves is
the list python-chess gives, element by element, so that code choosing a
move by its index (`rng.choice(list(board.legal_moves))`) plays the same
move on both; and a seeded game played that way is the same game.
"""

import os
import random
import re

import chess
import pytest

import bitmoves

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "bitmoves", "tests", "data")


@pytest.fixture(params=["popcnt", "any CPU"])
def writer(request):
    """Runs the test with the move writer's version named by the parameter
    (`_bitmoves._use_popcnt`); the `popcnt` one is skipped on a CPU
    without the instruction. The module's choice is restored after."""
    from bitmoves import _bitmoves

    wanted = request.param == "popcnt"
    if _bitmoves._use_popcnt(wanted) != wanted:
        _bitmoves._use_popcnt(True)
        pytest.skip("this CPU has no popcnt")
    yield request.param
    _bitmoves._use_popcnt(True)


def test_writer_versions():
    """The module loads with the `popcnt` writer where the CPU has it, and
    the version for any CPU can be asked for (the `writer` fixture)."""
    from bitmoves import _bitmoves

    has = _bitmoves._use_popcnt(True)
    try:
        assert _bitmoves._use_popcnt(False) is False
        assert uci(bitmoves.Board().legal_moves) == uci(chess.Board().legal_moves)
    finally:
        assert _bitmoves._use_popcnt(True) is has


def uci(moves):
    return [move.uci() for move in moves]


def masks(rng):
    """A few (from_mask, to_mask) pairs: random squares, ranks, files, and
    the pieces of one side."""
    pairs = []
    for _ in range(2):
        pairs.append((rng.getrandbits(64), rng.getrandbits(64)))
    pairs.append((chess.BB_RANKS[rng.randrange(8)], chess.BB_ALL))
    pairs.append((chess.BB_ALL, chess.BB_FILES[rng.randrange(8)] | chess.BB_RANK_1 | chess.BB_RANK_8))
    return pairs


def listings(board, pairs):
    """name -> the moves of one listing of `board`, as UCI, in order."""
    lists = {
        "list(legal_moves)": uci(board.legal_moves),
        "list(pseudo_legal_moves)": uci(board.pseudo_legal_moves),
        "generate_legal_moves()": uci(board.generate_legal_moves()),
        "generate_pseudo_legal_moves()": uci(board.generate_pseudo_legal_moves()),
        "generate_legal_captures()": uci(board.generate_legal_captures()),
        "generate_pseudo_legal_captures()": uci(board.generate_pseudo_legal_captures()),
        "generate_legal_ep()": uci(board.generate_legal_ep()),
        "generate_pseudo_legal_ep()": uci(board.generate_pseudo_legal_ep()),
        "generate_castling_moves()": uci(board.generate_castling_moves()),
    }
    for from_mask, to_mask in pairs:
        for name in ("generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures",
                     "generate_castling_moves"):
            lists[f"{name}({from_mask:#x}, {to_mask:#x})"] = uci(getattr(board, name)(from_mask, to_mask))
    return lists


def without_address(text):
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def check(ours, theirs, rng, where, reprs=False):
    """Every listing of `ours` equals python-chess's of `theirs`, in order;
    the legal moves' size, truth, count and membership agree with them."""
    pairs = masks(rng)
    expected = listings(theirs, pairs)
    got = listings(ours, pairs)
    for name, moves in expected.items():
        assert got[name] == moves, f"{name} at {where} ({theirs.fen()}):\n  bitmoves:     {got[name]}\n  python-chess: {moves}"
    legal = expected["list(legal_moves)"]
    assert len(ours.legal_moves) == ours.legal_moves.count() == len(legal), where
    assert bool(ours.legal_moves) == bool(legal), where
    assert all(bitmoves.Move.from_uci(move) in ours.legal_moves for move in legal), where
    if reprs:
        assert without_address(repr(ours.legal_moves)) == without_address(repr(theirs.legal_moves)), where
        assert without_address(repr(ours.pseudo_legal_moves)) == without_address(repr(theirs.pseudo_legal_moves)), where


def walk(ours, theirs, rng, plies, label, reprs_every=5):
    """Plays up to `plies` random moves, drawn from python-chess's list, on
    both boards, checking every position on the way."""
    for ply in range(plies + 1):
        check(ours, theirs, rng, f"{label}, ply {ply}", reprs=ply % reprs_every == 0)
        moves = list(theirs.legal_moves)
        if not moves or ply == plies:
            return
        move = rng.choice(moves)
        theirs.push(move)
        ours.push(bitmoves.Move.from_uci(move.uci()))


def test_first_move_of_the_start_position():
    """The example of the report: python-chess lists Nh3 first, then Nf3."""
    board = bitmoves.Board()
    assert uci(board.legal_moves)[:3] == ["g1h3", "g1f3", "b1c3"]
    assert uci(board.legal_moves) == uci(chess.Board().legal_moves)


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts(seed, writer):
    rng = random.Random(seed)
    walk(bitmoves.Board(), chess.Board(), rng, 160, f"playout {seed}")


@pytest.mark.parametrize("seed", range(12))
def test_chess960_playouts(seed, writer):
    rng = random.Random(500 + seed)
    number = rng.randrange(960)
    ours, theirs = bitmoves.Board.from_chess960_pos(number), chess.Board.from_chess960_pos(number)
    walk(ours, theirs, rng, 120, f"Chess960 {number}, seed {seed}")


def suite(name):
    with open(os.path.join(DATA, name)) as handle:
        return [line.split(";")[0].strip() for line in handle if line.strip()]


@pytest.mark.parametrize("name,chess960,step", [("standard.epd", False, 1), ("tricky.epd", False, 1),
                                                ("fischer.epd", True, 12)])
def test_perft_suites(name, chess960, step, writer):
    """Each suite position (every `step`th of the Chess960 suite), and a
    few random plies played from it."""
    fens = suite(name)[::step]
    assert fens
    for index, fen in enumerate(fens):
        rng = random.Random(index)
        walk(bitmoves.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960), rng, 6,
             f"{name} #{index}", reprs_every=3)


HAND_MADE = [
    # En passant captures the checking pawn (an evasion of its own).
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", False),
    ("8/8/8/8/k1pP4/8/8/4K3 b - d3 0 1", False),
    ("8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 w - c6 0 2", False),
    # Double check: the king's moves only.
    ("4k3/8/8/8/8/5n2/8/4K2r w - - 0 1", False),
    ("4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1", False),
    # Promotions, pushes and captures, both sides.
    ("r1n4k/1P1P4/8/8/8/8/1p1p4/R1N4K w - - 0 1", False),
    ("r1n4k/1P1P4/8/8/8/8/1p1p4/R1N4K b - - 0 1", False),
    # Promotion as an evasion: capturing the checker, blocking.
    ("1r2k3/P7/8/8/8/8/8/1K6 w - - 0 1", False),
    # Castling both sides, and with one side blocked or attacked.
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1", False),
    ("rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", False),
    # Chess960: king already on its castling square, rook beside it,
    # rooks on b and g files, king and rook swapping.
    ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", True),
    ("1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1", True),
    ("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", True),
    ("2r1kr2/8/8/8/8/8/8/2R1KR2 w FCfc - 0 1", True),
    ("4k3/8/8/8/8/8/8/2R1KR2 w FC - 0 1", True),
    ("5rkr/8/8/8/8/8/8/5RKR w FHfh - 0 1", True),
    ("4k3/8/8/8/8/8/8/5RKR w FH - 0 1", True),
    ("1kr5/8/8/8/8/8/8/1KR5 w Cc - 0 1", True),
    ("1k6/8/8/8/8/8/8/1KR5 w C - 0 1", True),
    ("krr5/8/8/8/8/8/8/KRR5 w Bb - 0 1", True),
    ("k7/8/8/8/8/8/8/KR6 w B - 0 1", True),
    ("k7/8/8/8/8/8/8/5KR1 w G - 0 1", True),
    ("6k1/8/8/8/8/8/8/2RK4 w C - 0 1", True),
    ("6k1/8/8/8/8/8/8/R2K3R w HA - 0 1", True),
    # The same Chess960 rights on a board that is not Chess960.
    ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", False),
    ("k7/8/8/8/8/8/8/5KR1 w G - 0 1", False),
    # A standard board's castling written as king to e1's g1 and c1.
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", False),
    # Check by a slider with a pinned piece beside.
    ("4k3/8/8/8/4q3/8/3B4/R3K2R w KQ - 0 1", False),
    # Pawn steps told apart by what stands behind them: doubled pawns
    # (two single steps, no double step), a pawn on its start rank beside
    # one a rank ahead, both sides.
    ("4k3/8/8/8/4P3/8/3PP3/4K3 w - - 0 1", False),
    ("4k3/3pp3/8/4p3/8/8/8/4K3 b - - 0 1", False),
    ("4k3/pp6/1p6/8/8/1P6/PP6/4K3 w - - 0 1", False),
    # A pinned pawn that attacks an enemy piece off its line (no capture),
    # and one that captures along it.
    ("4k3/8/8/8/1b6/4n3/3P4/4K3 w - - 0 1", False),
    ("4k3/8/8/8/8/2b1n3/3P4/4K3 w - - 0 1", False),
    # En passant by two pawns, and by one that also captures a piece.
    ("4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 2", False),
    ("4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 2", False),
    ("4k3/8/8/8/3pPp2/8/8/4K3 b - e3 0 2", False),
    # In check with pieces above and below the king, a promotion square
    # among the evasions.
    ("2r1k3/P7/7Q/8/R7/2K5/8/1N6 w - - 0 1", False),
    ("1r2k3/P7/7Q/8/R7/2K5/8/1N6 w - - 0 1", False),
]


@pytest.mark.parametrize("fen,chess960", HAND_MADE)
def test_hand_made(fen, chess960, writer):
    rng = random.Random(fen)
    walk(bitmoves.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960), rng, 4, fen,
         reprs_every=1)


CORNER_SUBSETS = [0, chess.BB_A1 | chess.BB_H1, chess.BB_A8 | chess.BB_H8, chess.BB_CORNERS, chess.BB_H1]


def edit(rng, boards):
    """One random edit, made on both boards (as test_differential.py's)."""
    kind = rng.randrange(6)
    square = rng.randrange(64)
    piece_type, color = rng.randrange(1, 7), rng.random() < 0.5
    for board, m in boards:
        if kind <= 1:
            board.set_piece_at(square, m.Piece(piece_type, color))
        elif kind == 2:
            board.remove_piece_at(square)
        elif kind == 3:
            board.turn = not board.turn
        elif kind == 4:
            board.castling_rights = CORNER_SUBSETS[square % len(CORNER_SUBSETS)]
        else:
            board.ep_square = [None, 16 + square % 8, 40 + square % 8][square % 3]


@pytest.mark.parametrize("seed", range(30))
def test_edited_positions(seed):
    """Positions made by random edits (legal or not: no king, several
    kings, pawns on a back rank, the side not to move in check), and the
    games played on from them."""
    rng = random.Random(2000 + seed)
    theirs = chess.Board()
    for _ in range(rng.randrange(30)):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        theirs.push(rng.choice(moves))
    ours, theirs = bitmoves.Board(theirs.fen()), chess.Board(theirs.fen())
    for _ in range(1 + rng.randrange(6)):
        edit(rng, [(ours, bitmoves), (theirs, chess)])
    walk(ours, theirs, rng, 10, f"edited {seed}", reprs_every=2)


def test_loose_positions():
    """Positions python-chess holds that no game reaches."""
    for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8 w - - 0 1", "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
                "4k3/8/8/8/8/8/8/RK2K2R w - - 0 1", "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
                "k7/8/8/8/8/8/pppppppp/4K3 b - - 0 1"]:
        walk(bitmoves.Board(fen), chess.Board(fen), random.Random(fen), 4, fen, reprs_every=1)


def seeded_game(module, seed, chess960):
    """The moves of a game played by `rng.choice(list(board.legal_moves))`
    with `random.Random(seed)`, until the game is over."""
    rng = random.Random(seed)
    board = module.Board.from_chess960_pos(rng.randrange(960)) if chess960 else module.Board()
    played = []
    while not board.is_game_over(claim_draw=False) and len(played) < 500:
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        played.append(move.uci())
    return played, board.fen()


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("chess960", [False, True], ids=["standard", "chess960"])
def test_seeded_playout_is_python_chess_game(seed, chess960, writer):
    """The same `random.Random(seed)` choices play the same game."""
    assert seeded_game(bitmoves, seed, chess960) == seeded_game(chess, seed, chess960)


def test_iteration_while_pushing():
    """Listing the moves while pushing and popping each keeps the order."""
    ours, theirs = bitmoves.Board(), chess.Board()
    for board in (ours, theirs):
        board.push_san("e4")
    seen = []
    for move in ours.legal_moves:
        ours.push(move)
        seen.append((move.uci(), uci(ours.legal_moves)))
        ours.pop()
    expected = []
    for move in theirs.legal_moves:
        theirs.push(move)
        expected.append((move.uci(), uci(theirs.legal_moves)))
        theirs.pop()
    assert seen == expected
