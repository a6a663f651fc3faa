"""python-chess as the oracle of `bitmoves pgn --pgn` and `--parquet` on
games of the variants (crates/cli/tests/variants_out.rs).

    variants_out_oracle.py games OUT.pgn
        writes random games of every variant: the `Variant` tag under its
        names, 960 starts, mid-game FEN starts, nested variations,
        comments, NAGs and null moves.
    variants_out_oracle.py check PGN WRITTEN GAMES_DIR POSITIONS_DIR
        reads PGN with python-chess and compares: `--pgn`'s text (WRITTEN)
        with python-chess's export of each game (tokens, so that line
        breaks and the space inside parentheses do not count), and the
        rows of the two datasets with python-chess's moves, SAN and FENs.
        Prints the number of games checked; exits 1 at the first mismatch.
"""

import io
import random
import re
import sys

import chess
import chess.pgn
import chess.variant

LICHESS = {"crazyhouse": "Crazyhouse", "antichess": "Antichess", "atomic": "Atomic",
           "horde": "Horde", "kingofthehill": "King of the Hill",
           "racingkings": "Racing Kings", "3check": "Three-check"}


def grow(rng, node, depth):
    """Adds a random line below `node`, with variations below `depth` 2."""
    for ply in range(rng.randrange(1, 40 if depth == 0 else 6)):
        board = node.board()
        moves = list(board.legal_moves)
        if not moves:
            return
        if ply > 0 and depth < 2 and rng.random() < 0.15:
            side = node.add_variation(rng.choice(moves))
            side.comment = "a variation" if rng.random() < 0.5 else ""
            grow(rng, side, depth + 1)
        if rng.random() < 0.03 and not board.is_check():
            node = node.add_main_variation(chess.Move.null())
            continue
        node = node.add_main_variation(rng.choice(moves))
        if rng.random() < 0.1:
            node.comment = "note %d [%%clk 0:00:%02d]" % (ply, ply % 60)
        if rng.random() < 0.05:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14]))


def games(path):
    rng = random.Random(5657)
    texts = []
    for cls in chess.variant.VARIANTS:
        if cls is chess.Board:
            continue
        for index in range(6):
            if index == 5 and cls.uci_variant in ("crazyhouse", "atomic", "3check", "kingofthehill"):
                board = cls.from_chess960_pos(rng.randrange(960))
            else:
                board = cls()
            for _ in range(rng.randrange(1, 10) if index % 3 == 0 else 0):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            game = chess.pgn.Game()
            game.setup(board.copy(stack=False))
            names = list(cls.aliases) + [cls.uci_variant]
            if cls.uci_variant in LICHESS:
                names += [LICHESS[cls.uci_variant]] * 3
            name = rng.choice(names)
            game.headers["Variant"] = rng.choice([name, name.upper(), name.lower()])
            grow(rng, game, 0)
            game.headers["Result"] = game.end().board().result()
            texts.append(str(game))
    with open(path, "w") as out:
        out.write("\n\n".join(texts) + "\n")


def tokens(text):
    """The tokens of a game's text: a comment is one, its spaces folded,
    and comments in a row are one (python-chess joins a move's comments;
    bitmoves writes each, as it does in standard games)."""
    out = []
    for token in re.findall(r"\{[^}]*\}|[()]|[^\s(){}]+", text):
        if token.startswith("{"):
            body = " ".join(token[1:-1].split())
            if out and out[-1].startswith("{"):
                out[-1] = out[-1][:-1] + " " + body + "}"
                continue
            token = "{" + body + "}"
        out.append(token)
    return out


def fail(what, ours, theirs):
    print("mismatch: %s\n ours:   %r\n theirs: %r" % (what, ours, theirs))
    sys.exit(1)


def check(pgn, written, games_dir, positions_dir):
    import pyarrow.parquet as pq
    with open(pgn, encoding="utf-8") as f:
        theirs = []
        while (game := chess.pgn.read_game(f)) is not None:
            assert not game.errors, game.errors
            theirs.append(game)
    with open(written, encoding="utf-8") as f:
        ours = re.split(r"\n\n(?=\[Event )", f.read().strip())
    if len(ours) != len(theirs):
        fail("games written", len(ours), len(theirs))
    for number, (text, game) in enumerate(zip(ours, theirs), 1):
        if tokens(text) != tokens(str(game)):
            fail("game %d's text" % number, text, str(game))
    rows = sorted(pq.read_table(games_dir).to_pylist(), key=lambda r: r["game"])
    positions = sorted(pq.read_table(positions_dir).to_pylist(),
                       key=lambda r: (r["game"], r["ply"]))
    by_game = {}
    for row in positions:
        by_game.setdefault(row["game"], []).append(row)
    if len(rows) != len(theirs):
        fail("rows", len(rows), len(theirs))
    for row, game in zip(rows, theirs):
        number = row["game"]
        board = game.board()
        variant = type(board).uci_variant
        start = board.fen()
        plain = type(board)(chess960=board.chess960).fen()
        uci, san, fens = [], [], []
        for move in game.mainline_moves():
            fens.append(board.fen())
            uci.append(move.uci())
            san.append(board.san(move))
            board.push(move)
        want = {"uci_variant": variant, "FEN": None if start == plain else start,
                "uci": uci, "san": san, "final_fen": board.fen(), "error": None,
                "plies": len(uci)}
        got = {key: row[key] for key in want}
        if got != want:
            fail("game %d's row" % number, got, want)
        want = [(ply, fen, variant, move) for ply, (fen, move)
                in enumerate(zip(fens + [board.fen()], uci + [None]))]
        got = [(r["ply"], r["fen"], r["uci_variant"], r["uci"]) for r in by_game.get(number, [])]
        if got != want:
            fail("game %d's positions" % number, got, want)
    print(len(theirs))


if __name__ == "__main__":
    if sys.argv[1] == "games":
        games(sys.argv[2])
    else:
        check(*sys.argv[2:6])
