#!/usr/bin/env python3
"""Writes a PGN corpus of random legal games with python-chess, for the
PGN and Parquet benchmarks (generated at bench time, never committed).

Usage: scripts/pgn-corpus.py KIND MB OUT [SEED]

KIND is one of:
- `lichess`: as Lichess's database exports games: its seventeen tags,
  `{ [%clk h:mm:ss] }` after every move, and one game in five analysed
  (`{ [%eval 0.17] [%clk 0:02:58] }`, mates as `#-3`), `1...` after
  each White comment; no variations.
- `study`: as a Lichess study export: a few tags, text comments on one
  move in five, NAGs (`$1`, `$14`, …) on one in six, a variation on one
  mainline move in six (1 to 7 plies, with comments and NAGs, one of
  its moves in twelve starting a nested variation, three levels at
  most), an arrow comment (`[%cal Ge2e4]`) now and then: per game about
  15 variations, 29 comments and 19 NAGs, and 1.26 plies in variations
  for each mainline ply.

MB is the size to reach (megabytes, 10**6 bytes); SEED defaults to 1.
Each game is written by python-chess's exporter, so every move is legal
and every line is as python-chess writes PGN.
"""

import random
import sys

import chess
import chess.pgn

WORDS = "the knight is strong here and white keeps the initiative with a better pawn structure".split()


def text(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 12)))


def clock(seconds):
    seconds = max(seconds, 0)
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def lichess_game(rng, index):
    game = chess.pgn.Game()
    result = rng.choice(["1-0", "0-1", "1/2-1/2"])
    base = rng.choice([180, 300, 600])
    game.headers.update(
        Event="Rated Blitz game",
        Site=f"https://lichess.org/{index:08x}",
        Date="2024.01.01",
        Round="-",
        White=f"player{rng.randrange(100000)}",
        Black=f"player{rng.randrange(100000)}",
        Result=result,
        UTCDate="2024.01.01",
        UTCTime=f"{rng.randrange(24):02}:{rng.randrange(60):02}:{rng.randrange(60):02}",
        WhiteElo=str(rng.randrange(800, 2800)),
        BlackElo=str(rng.randrange(800, 2800)),
        WhiteRatingDiff=f"{rng.randrange(-9, 10):+}",
        BlackRatingDiff=f"{rng.randrange(-9, 10):+}",
        ECO=f"{rng.choice('ABCDE')}{rng.randrange(100):02}",
        Opening="Random Opening: Random Variation",
        TimeControl=f"{base}+{rng.choice([0, 0, 2, 5])}",
        Termination=rng.choice(["Normal", "Time forfeit"]),
    )
    analysed = rng.random() < 0.2
    clocks = [base, base]
    node, board = game, chess.Board()
    for ply in range(rng.randrange(20, 140)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        board.push(move)
        node = node.add_variation(move)
        clocks[ply % 2] -= rng.randrange(0, 5)
        annotation = f"[%clk {clock(clocks[ply % 2])}]"
        if analysed:
            if rng.random() < 0.05:
                evaluation = f"#{rng.choice([-1, 1]) * rng.randrange(1, 12)}"
            else:
                evaluation = f"{rng.gauss(0, 2):.2f}"
            annotation = f"[%eval {evaluation}] {annotation}"
        node.comment = annotation
    game.headers["Result"] = result
    return game


def study_line(rng, node, board, plies, depth):
    """Plays `plies` random moves from `node` (whose position is `board`),
    with comments, NAGs and variations."""
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        move = rng.choice(moves)
        main = node.add_variation(move)
        if depth < 3 and len(moves) > 1 and rng.random() < (0.18 if depth == 0 else 0.08):
            other = rng.choice([m for m in moves if m != move])
            branch, copy = node.add_variation(other), board.copy(stack=False)
            copy.push(other)
            study_line(rng, branch, copy, rng.randrange(1, 8), depth + 1)
        node = main
        board.push(move)
        if rng.random() < 0.2:
            node.comment = text(rng)
        if rng.random() < 0.05:
            node.comment = (node.comment + " " if node.comment else "") + "[%cal Ge2e4,Rd7d5]"
        if rng.random() < 0.16:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 18, 19, 32, 36, 40, 132, 146]))


def study_game(rng, index):
    game = chess.pgn.Game()
    game.headers.update(
        Event=f"Opening study: Chapter {index + 1}",
        Site=f"https://lichess.org/study/{index:08x}",
        Result="*",
        Annotator="https://lichess.org/@/author",
    )
    study_line(rng, game, chess.Board(), rng.randrange(30, 90), 0)
    return game


def main(argv):
    if len(argv) not in (3, 4) or argv[0] not in ("lichess", "study"):
        sys.exit(__doc__)
    kind, limit, path = argv[0], float(argv[1]) * 1e6, argv[2]
    rng = random.Random(int(argv[3]) if len(argv) == 4 else 1)
    make = lichess_game if kind == "lichess" else study_game
    written, index = 0, 0
    with open(path, "w", encoding="utf-8") as out:
        while written < limit:
            pgn = str(make(rng, index)) + "\n\n"
            out.write(pgn)
            written += len(pgn.encode())
            index += 1
    print(f"{path}: {index} games, {written} bytes", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
