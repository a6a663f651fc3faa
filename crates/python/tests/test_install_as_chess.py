"""`bitmoves.install_as_chess()`: code that imports `chess` gets bitmoves,
and python-chess's other modules work on bitmoves' boards.

The same script runs twice, each in a new process: once on bitmoves (after
`install_as_chess()`), once on python-chess itself; what it prints must be
the same. It uses python-chess's `chess.polyglot.zobrist_hash`,
`chess.svg.board` and `chess.pgn.Game.from_board` on boards of a few games.
"""

import json
import subprocess
import sys

SCRIPT = r"""
import json, sys
if sys.argv[1] == "bitmoves":
    import bitmoves
    bitmoves.install_as_chess()
import chess, chess.engine, chess.gaviota, chess.pgn, chess.polyglot, chess.svg, chess.syzygy, chess.variant

out = {"board_module": chess.Board.__module__}
games = [["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], ["d4", "d5", "c4", "dxc4", "e4", "b5", "a4", "c6", "axb5", "cxb5"],
         ["f3", "e5", "g4", "Qh4#"]]
for number, sans in enumerate(games):
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    out[f"zobrist {number}"] = chess.polyglot.zobrist_hash(board)
    out[f"svg {number}"] = chess.svg.board(board, lastmove=board.peek(), size=240)
    game = chess.pgn.Game.from_board(board)
    game.headers["Date"] = "2026.11.27"
    out[f"pgn {number}"] = str(game)
json.dump(out, sys.stdout)
"""


def run(which):
    done = subprocess.run([sys.executable, "-c", SCRIPT, which], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_python_chess_modules_work_on_bitmoves_boards():
    ours, theirs = run("bitmoves"), run("python-chess")
    assert ours.pop("board_module") == "bitmoves"
    assert theirs.pop("board_module") == "chess"
    assert ours == theirs


def test_import_chess_after_install_is_bitmoves():
    code = (
        "import bitmoves; module = bitmoves.install_as_chess(); import chess; "
        "assert chess is module and chess.Board is bitmoves.Board and chess.Move is bitmoves.Move; "
        "assert bitmoves.install_as_chess() is chess; "
        "import bitmoves.pgn; assert bitmoves.pgn.read_games is not None"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_install_after_python_chess_is_refused():
    code = (
        "import chess, bitmoves\n"
        "try:\n    bitmoves.install_as_chess()\nexcept RuntimeError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "before bitmoves.install_as_chess()" in done.stdout
