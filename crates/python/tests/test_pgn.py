"""bitmoves.pgn against python-chess's chess.pgn on a generated corpus:
headers, mainline moves and final FEN, standard and Chess960, a damaged
game in the middle, compressed inputs, file objects, read_positions square
by square, and wrong arguments."""

import gzip
import io
import random
import shutil
import subprocess

import chess
import chess.pgn
import numpy as np
import pytest

import bitmoves
import bitmoves.pgn
from conftest import random_pgn

DAMAGED = 7  # the number (from 1) of the game with an illegal move


def random_game(seed):
    """A seeded random python-chess game, standard or Chess960."""
    rng = random.Random(seed)
    if seed % 3 == 0:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        game = chess.pgn.Game()
        game.setup(board)
        game.headers["Variant"] = "Chess960"
    else:
        board = chess.Board()
        game = chess.pgn.Game()
    game.headers["Event"] = f"Game {seed}"
    game.headers["White"] = f"W{seed}"
    game.headers["Annotator"] = "bitmoves tests"

    def comment(node, _ply):
        if rng.random() < 0.05:
            node.comment = "a comment"

    return random_pgn(game, board, rng, rng.randrange(1, 160), comment)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    games = [random_game(seed) for seed in range(24)]
    # An illegal move in the middle of game DAMAGED: python-chess and
    # bitmoves both report it and go on with the next game.
    roster = '[Event "damaged"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
    games[DAMAGED - 1] = roster + '[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 *'
    text = "\n\n".join(games) + "\n"
    path = tmp_path_factory.mktemp("pgn") / "corpus.pgn"
    path.write_text(text)
    return path


def oracle(path):
    """python-chess's reading: (headers, mainline UCI, final FEN, errors)."""
    out = []
    with open(path) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            moves = [mv.uci() for mv in game.mainline_moves()]
            out.append((dict(game.headers), moves, game.end().board().fen(), len(game.errors)))
    return out


def ours(games):
    return [
        (dict(g.headers), [mv.uci() for mv in g.mainline_moves()], g.end_board().fen(), len(g.errors))
        for g in games
    ]


def test_read_games_matches_python_chess(corpus):
    expected = oracle(corpus)
    got = ours(bitmoves.pgn.read_games(corpus))
    assert len(got) == len(expected) == 24
    for number, (mine, theirs) in enumerate(zip(got, expected), start=1):
        assert list(mine[0].items()) == list(theirs[0].items()), number
        assert mine[1:] == theirs[1:], number


def test_headers_in_file_order(corpus):
    first = next(iter(bitmoves.pgn.read_games(str(corpus))))
    lines = corpus.read_text().splitlines()
    tags = [line[1:].split(" ")[0] for line in lines[: lines.index("")]]
    assert list(first.headers) == tags


def test_damaged_game_is_reported_and_reading_goes_on(corpus):
    games = list(bitmoves.pgn.read_games(corpus))
    damaged = games[DAMAGED - 1]
    assert [type(e) for e in damaged.errors] == [bitmoves.IllegalMoveError]
    error = damaged.errors[0]
    assert isinstance(error, ValueError)
    assert error.game == DAMAGED and "Ke3" in str(error) and f"game {DAMAGED}" in str(error)
    assert error.line == corpus.read_text().splitlines().index("1. e4 e5 2. Ke3 Nc6 *") + 1
    assert [mv.uci() for mv in damaged.mainline_moves()] == ["e2e4", "e7e5"]
    assert all(not g.errors for i, g in enumerate(games) if i != DAMAGED - 1)
    assert games[DAMAGED].number == DAMAGED + 1


def test_boards_and_chess960(corpus):
    games = list(bitmoves.pgn.read_games(corpus))
    chess960 = [g for g in games if g.headers.get("Variant") == "Chess960"]
    assert chess960 and all(g.board().chess960 and g.end_board().chess960 for g in chess960)
    for game in games:
        end = game.end_board()
        assert end.move_stack == game.mainline_moves()
        start = game.board()
        assert start.move_stack == []
        for mv in game.mainline_moves():
            start.push(mv)
        assert start == end


def zstd_compress(data):
    """zstd through its CLI (.ci/run installs it)."""
    if shutil.which("zstd") is None:
        pytest.skip("no zstd command")
    return subprocess.run(["zstd", "-q", "-c"], input=data, capture_output=True, check=True).stdout


@pytest.mark.parametrize("compress", [gzip.compress, zstd_compress], ids=["gzip", "zstd"])
def test_compressed_by_content(corpus, tmp_path, compress):
    data = corpus.read_bytes()
    packed = compress(data)
    path = tmp_path / "corpus.bin"  # no telling extension: read by content
    path.write_bytes(packed)
    assert ours(bitmoves.pgn.read_games(path)) == ours(bitmoves.pgn.read_games(corpus))
    with open(path, "rb") as handle:
        assert ours(bitmoves.pgn.read_games(handle)) == ours(bitmoves.pgn.read_games(corpus))


def test_file_objects(corpus):
    expected = ours(bitmoves.pgn.read_games(corpus))
    with open(corpus, "rb") as handle:
        assert ours(bitmoves.pgn.read_games(handle)) == expected
    with open(corpus, encoding="utf-8") as handle:
        assert ours(bitmoves.pgn.read_games(handle)) == expected
    assert ours(bitmoves.pgn.read_games(io.StringIO(corpus.read_text()))) == expected
    assert ours(bitmoves.pgn.read_games(io.BytesIO(corpus.read_bytes()))) == expected


def test_damaged_compressed_stream_is_an_oserror(corpus, tmp_path):
    packed = gzip.compress(corpus.read_bytes())
    path = tmp_path / "cut.pgn.gz"
    path.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(OSError):
        list(bitmoves.pgn.read_games(path))


def test_wrong_arguments():
    for bad in [None, 3, 2.5, [], object()]:
        with pytest.raises(TypeError):
            bitmoves.pgn.read_games(bad)
    with pytest.raises(OSError):
        bitmoves.pgn.read_games("/nonexistent/file.pgn")

    class Weird:
        def read(self, n):
            return 42

    with pytest.raises(TypeError):
        list(bitmoves.pgn.read_games(Weird()))
    with pytest.raises(TypeError):
        bitmoves.pgn.read_positions(io.BytesIO(b""))
    for kwargs in [dict(batch=0), dict(threads=0), dict(threads=1000), dict(encoding="fen")]:
        with pytest.raises(ValueError):
            bitmoves.pgn.read_positions("/dev/null", **kwargs)
    with pytest.raises(ValueError):
        bitmoves.pgn.read_positions("/dev/null", batch=-1)
    with pytest.raises(TypeError):
        bitmoves.pgn.read_positions("/dev/null", batch="many")


def test_empty_and_junk_inputs():
    assert list(bitmoves.pgn.read_games(io.BytesIO(b""))) == []
    games = list(bitmoves.pgn.read_games(io.BytesIO(b"\x00\xff junk ((( ]]] 1. e4 *\n")))
    assert all(isinstance(e, ValueError) for g in games for e in g.errors)


def python_chess_positions(path):
    """(board before the move, move, result) for every mainline move of the
    games python-chess reads without errors."""
    out = []
    with open(path) as handle:
        number = 0
        while (game := chess.pgn.read_game(handle)) is not None:
            number += 1
            if game.errors:
                continue
            board = game.board()
            result = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}.get(game.headers.get("Result"), 2)
            for mv in game.mainline_moves():
                out.append((board.copy(stack=False), mv, result, number))
                board.push(mv)
    return out


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("batch", [1, 100, 100000])
def test_read_positions_square_by_square(corpus, threads, batch):
    expected = python_chess_positions(corpus)
    reader = bitmoves.pgn.read_positions(corpus, batch=batch, threads=threads)
    batches = list(reader)
    assert all(len(b["planes"]) == batch for b in batches[:-1])
    assert sum(len(b["planes"]) for b in batches) == len(expected)
    assert [type(e) for e in reader.errors] == [bitmoves.IllegalMoveError]
    assert reader.errors[0].game == DAMAGED
    planes = np.concatenate([b["planes"] for b in batches])
    field = {k: np.concatenate([b[k] for b in batches]) for k in batches[0] if k != "planes"}
    step = 1 if batch == 100 else 7
    for i in range(0, len(expected), step):
        board, mv, result, number = expected[i]
        for square in chess.SQUARES:
            piece = board.piece_at(square)
            column = planes[i, :, square // 8, square % 8]
            if piece is None:
                assert column.sum() == 0
            else:
                plane = piece.piece_type - 1 + (0 if piece.color else 6)
                assert column.tolist() == [int(p == plane) for p in range(12)]
        assert field["move_from"][i] == mv.from_square and field["move_to"][i] == mv.to_square
        assert field["move_promotion"][i] == (mv.promotion or 0)
        assert field["result"][i] == result and field["game"][i] == number
        assert field["turn"][i] == board.turn
        assert field["halfmove_clock"][i] == board.halfmove_clock
        assert field["fullmove_number"][i] == board.fullmove_number
        assert field["castling_rights"][i] == board.castling_rights


def test_read_positions_bitboards_and_compressed(corpus, tmp_path):
    path = tmp_path / "corpus.pgn.zst"
    path.write_bytes(zstd_compress(corpus.read_bytes()))
    expected = python_chess_positions(corpus)
    batches = list(bitmoves.pgn.read_positions(path, batch=64, threads=2, encoding="bitboards"))
    bitboards = np.concatenate([b["bitboards"] for b in batches])
    assert len(bitboards) == len(expected)
    for i, (board, _, _, _) in enumerate(expected):
        for piece_type in chess.PIECE_TYPES:
            assert int(bitboards[i, piece_type - 1]) == int(board.pieces(piece_type, chess.WHITE))
            assert int(bitboards[i, piece_type + 5]) == int(board.pieces(piece_type, chess.BLACK))


def test_read_positions_can_stop_early(corpus):
    reader = bitmoves.pgn.read_positions(corpus, batch=1, threads=2)
    assert len(next(reader)["planes"]) == 1
    del reader  # the producer thread stops on its own


def test_other_errors_are_pgn_errors():
    text = (
        '[Variant "Atomic"]\n\n1. e4 *\n\n'
        '[FEN "not a position"]\n[SetUp "1"]\n\n1. e4 *\n\n'
        "1. e4 e5 2. Nf3 *\n"
    )
    variant, bad_fen, good = bitmoves.pgn.read_games(io.StringIO(text))
    for game, number in [(variant, 1), (bad_fen, 2)]:
        (error,) = game.errors
        assert type(error) is bitmoves.pgn.PgnError and isinstance(error, ValueError)
        assert error.game == number and f"game {number}" in str(error)
        assert game.mainline_moves() == []
    assert "Atomic" in str(variant.errors[0]) and variant.headers == {"Variant": "Atomic"}
    assert good.number == 3 and not good.errors and len(good.mainline_moves()) == 3


def test_null_moves_and_repr():
    (game,) = bitmoves.pgn.read_games(io.StringIO("1. e4 -- 2. d4 *"))
    assert [mv.uci() for mv in game.mainline_moves()] == ["e2e4", "0000", "d2d4"]
    assert repr(game) == "<Game #1 (3 plies, 0 errors)>"
    theirs = chess.pgn.read_game(io.StringIO("1. e4 -- 2. d4 *"))
    assert game.end_board().fen() == theirs.end().board().fen()
