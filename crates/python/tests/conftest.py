"""Shared helpers for the bitmoves test suite: python-chess is the oracle."""

import random

import chess
import pytest

import bitmoves


def sorted_moves(board):
    """The legal moves of a bitmoves or python-chess board, sorted by UCI."""
    return sorted(board.legal_moves, key=lambda mv: mv.uci())


def start_boards(rng, chess960):
    """A (bitmoves, python-chess) pair of boards at the standard start, or
    at a Chess960 start drawn by `rng`."""
    if chess960:
        number = rng.randrange(960)
        return bitmoves.Board.from_chess960_pos(number), chess.Board.from_chess960_pos(number)
    return bitmoves.Board(), chess.Board()


def playout(seed, chess960=False, plies=300):
    """Yields (bitmoves board, python-chess board) pairs along one seeded
    random game, both boards advanced by the same move each step."""
    rng = random.Random(seed)
    ours, theirs = start_boards(rng, chess960)
    for _ in range(plies):
        yield ours, theirs
        moves = sorted_moves(theirs)
        if not moves or theirs.is_game_over():
            return
        mv = moves[rng.randrange(len(moves))]
        ours.push(bitmoves.Move.from_uci(mv.uci()))
        theirs.push(mv)


def random_pgn(game, board, rng, plies, annotate=None):
    """The PGN text of python-chess's `game` played on from `board` (its
    start) by up to `plies` random legal moves, drawn by `rng` as
    `playout` draws them; `annotate(node, ply)` is called on each new node
    before its move is pushed, and the Result tag is the final board's."""
    node = game
    for ply in range(plies):
        moves = sorted_moves(board)
        if not moves:
            break
        mv = moves[rng.randrange(len(moves))]
        node = node.add_variation(mv)
        if annotate is not None:
            annotate(node, ply)
        board.push(mv)
    game.headers["Result"] = board.result()
    return str(game)


@pytest.fixture(params=[False, True], ids=["standard", "chess960"])
def chess960(request):
    return request.param


def run_python(code, timeout):
    """Runs `code` in a new Python process and returns its stdout; fails
    the test on a non-zero exit or when it has not finished in `timeout`
    seconds (a hang detector, not a speed limit)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def interrupted(setup, call, delay=0.5, timeout=60, meanwhile=None):
    """Runs `setup`, then `call` (which would run for ever) in a new Python
    process, sends it SIGINT `delay` seconds after `call` starts (after
    running `meanwhile()` here, when given), and checks that `call` raised
    KeyboardInterrupt. A process still running `timeout` seconds after the
    signal fails the test (a hang detector, not a speed limit)."""
    import signal
    import subprocess
    import sys
    import textwrap
    import time

    script = "\n".join([
        setup,
        "import sys",
        "print('started', flush=True)",
        "try:",
        textwrap.indent(textwrap.dedent(call).strip(), "    "),
        "except KeyboardInterrupt:",
        "    print('KeyboardInterrupt', flush=True)",
        "    sys.exit(0)",
        "print('finished', flush=True)",
        "sys.exit(3)",
    ])
    # A shell that starts a job in the background without job control
    # (`cmd &` in a script, nohup) makes it ignore SIGINT, and Python keeps
    # an ignored SIGINT ignored: the child gets the default back, as a
    # process started from a terminal has it.
    def default_sigint():
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint) as process:
        try:
            assert process.stdout.readline().strip() == "started", process.stderr.read()
            if meanwhile is not None:
                meanwhile()
            time.sleep(delay)
            assert process.poll() is None, "the call ended before the signal"
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=timeout)
        finally:
            if process.poll() is None:
                process.kill()
    assert process.returncode == 0 and out.strip() == "KeyboardInterrupt", (process.returncode, out, err)
