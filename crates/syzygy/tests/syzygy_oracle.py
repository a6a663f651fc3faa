"""python-chess's numbers for the oracle tests: reads one FEN per line on
stdin and prints `WDL DTZ` per line (`error` where python-chess raises),
probing the tables in the directory given as the first argument."""

import sys

import chess
import chess.syzygy


def main() -> None:
    with chess.syzygy.open_tablebase(sys.argv[1]) as tables:
        out = []
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            try:
                board = chess.Board(fen)
                out.append(f"{tables.probe_wdl(board)} {tables.probe_dtz(board)}")
            except (KeyError, ValueError):
                out.append("error")
        sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
