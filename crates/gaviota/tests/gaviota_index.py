"""python-chess's index of placements, for the index schemes' unit test:
reads lines `NAME WHITE BLACK` (a table's stem such as `kqkr`, then each
side's squares, comma-separated, king first) and prints the index
python-chess's pure-Python prober computes for each (-1 for none)."""

import sys

import chess.gaviota


class Placement:
    def __init__(self, white, black):
        self.white_piece_squares = white
        self.black_piece_squares = black


def main() -> None:
    out = []
    for line in sys.stdin:
        if not line.strip():
            continue
        name, white, black = line.split()
        placement = Placement([int(s) for s in white.split(",")], [int(s) for s in black.split(",")])
        out.append(str(chess.gaviota.EGKEY[name].pctoi(placement)))
    if sys.argv[1:] == ["--names"]:
        out = sorted(chess.gaviota.EGKEY)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
