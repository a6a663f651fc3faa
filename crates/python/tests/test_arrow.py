"""bitmoves.pgn.read_arrow and to_parquet: the rows against python-chess
(moves in UCI and SAN, final FEN, headers, clocks, a damaged game's
error), against the dataset that to_parquet and the CLI write, positions,
threads, file objects, stopping early, and pyarrow missing."""

import io
import os
import pathlib
import random
import subprocess

import chess
import chess.pgn
import pytest

import bitmoves.pgn
from conftest import random_pgn, run_python

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

DAMAGED = 5  # the number (from 1) of the game with an illegal move


def corpus(games=40):
    """Seeded random games with clock comments, one damaged."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game = chess.pgn.Game()
        game.headers["Event"] = f"Game {seed}"
        game.headers["WhiteElo"] = str(1500 + seed)
        game.headers["Annotator"] = "tests"

        def clock(node, ply, rng=rng):
            if ply % 3 == 0:
                node.comment = f"[%clk 0:0{ply % 10}:{rng.randrange(60):02d}]"

        text = random_pgn(game, chess.Board(), rng, rng.randrange(1, 120), clock)
        if seed + 1 == DAMAGED:
            text = text.replace("\n\n1. ", "\n\n1. Ke5 ", 1)
        out.append(text)
    return "\n\n".join(out) + "\n"


@pytest.fixture(scope="module")
def pgn_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("arrow") / "games.pgn"
    path.write_text(corpus())
    return path


def python_chess_rows(path):
    """What python-chess reads of each game."""
    rows = []
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            uci, san, clock = [], [], []
            for node in game.mainline():
                uci.append(node.move.uci())
                san.append(board.san(node.move))
                board.push(node.move)
                clock.append(node.clock())
            rows.append(dict(uci=uci, san=san, clock=clock, final_fen=board.fen(),
                             Event=game.headers.get("Event"), errors=game.errors))
    return rows


def test_game_rows_match_python_chess(pgn_file):
    reader = bitmoves.pgn.read_arrow(str(pgn_file))
    assert isinstance(reader, pa.RecordBatchReader)
    table = reader.read_all()
    expected = python_chess_rows(pgn_file)
    assert table.num_rows == len(expected)
    rows = table.to_pylist()
    for number, (row, want) in enumerate(zip(rows, expected), start=1):
        assert row["game"] == number
        assert row["Event"] == want["Event"]
        if number == DAMAGED:
            assert row["error"] and "Ke5" in row["error"]
            assert row["plies"] == 0
            continue
        assert row["error"] is None
        assert row["uci"] == want["uci"]
        assert row["san"] == want["san"]
        assert row["clock"] == want["clock"]
        assert row["final_fen"] == want["final_fen"]
        assert row["WhiteElo"] == 1500 + number - 1
        assert row["tags"] == [("Annotator", "tests")]


def test_the_rows_are_the_datasets(pgn_file, tmp_path):
    """read_arrow gives to_parquet's dataset, on 1 and 3 threads, games
    and positions, the schema and its metadata included."""
    for positions in (False, True):
        dst = tmp_path / f"set-{positions}"
        summary = bitmoves.pgn.to_parquet(pgn_file, dst, positions=positions)
        assert sorted(os.listdir(dst)) == ["_SUCCESS", "part-00000.parquet"]
        written = pq.read_table(dst / "part-00000.parquet")
        assert summary["rows"] == written.num_rows
        assert summary["games"] == 40
        assert summary["errors"] == 1
        for threads in (1, 3):
            table = bitmoves.pgn.read_arrow(pgn_file, positions=positions, threads=threads).read_all()
            # (Read back from Parquet, the map entries take the column's
            # name: the types are otherwise the same.)
            assert table.schema.metadata == written.schema.metadata
            assert table.equals(written)


def cli():
    """The CLI binary, built or named by BITMOVES_CLI; None when absent."""
    named = os.environ.get("BITMOVES_CLI")
    root = pathlib.Path(__file__).resolve().parents[3]
    for path in [named] if named else [root / "target/release/bitmoves", root / "target/debug/bitmoves"]:
        if path and os.access(path, os.X_OK):
            return str(path)
    return None


def test_the_rows_are_the_clis_dataset(pgn_file, tmp_path):
    binary = cli()
    if binary is None:
        pytest.skip("no bitmoves binary (cargo build -p bitmoves-cli, or set BITMOVES_CLI)")
    dst = tmp_path / "cli"
    done = subprocess.run([binary, "pgn", str(pgn_file), "--parquet", str(dst)],
                          capture_output=True, text=True)
    assert done.returncode == 1, done.stderr  # the damaged game
    written = pq.read_table(dst / "part-00000.parquet")
    assert bitmoves.pgn.read_arrow(pgn_file).read_all().equals(written)


def test_file_objects_and_early_stops(pgn_file):
    text = pgn_file.read_text()
    whole = bitmoves.pgn.read_arrow(pgn_file).read_all()
    assert bitmoves.pgn.read_arrow(io.BytesIO(text.encode())).read_all().equals(whole)
    assert bitmoves.pgn.read_arrow(io.StringIO(text)).read_all().equals(whole)
    # A reader dropped unread, or after one batch, stops its thread.
    for _ in range(20):
        reader = bitmoves.pgn.read_arrow(pgn_file, positions=True, threads=2)
        del reader
    reader = bitmoves.pgn.read_arrow(pgn_file, positions=True)
    assert next(iter(reader)).num_rows > 0
    del reader


def test_a_missing_file_and_bad_arguments(tmp_path, pgn_file):
    with pytest.raises(FileNotFoundError):
        bitmoves.pgn.read_arrow(tmp_path / "missing.pgn")
    with pytest.raises(ValueError, match="threads"):
        bitmoves.pgn.read_arrow(pgn_file, threads=0)
    with pytest.raises(TypeError):
        bitmoves.pgn.read_arrow(42)
    dst = tmp_path / "set"
    bitmoves.pgn.to_parquet(pgn_file, dst)
    with pytest.raises(FileExistsError, match="force"):
        bitmoves.pgn.to_parquet(pgn_file, dst)
    assert bitmoves.pgn.to_parquet(pgn_file, dst, force=True)["games"] == 40


def test_without_pyarrow_an_import_error_names_it(pgn_file):
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import bitmoves.pgn\n"
        "try:\n"
        f"    bitmoves.pgn.read_arrow({str(pgn_file)!r})\n"
        "except ImportError as e:\n"
        "    print('ImportError', e)\n"
    )
    out = run_python(code, timeout=60)
    assert "ImportError" in out and "pip install pyarrow" in out
