"""python-chess's numbers for the oracle tests: reads one FEN per line on
stdin and prints `DTM WDL` per line (`error` where python-chess raises),
probing the tables in the directory given as the first argument with its
pure-Python prober (`PythonTablebase`)."""

import sys

import chess
import chess.gaviota


def main() -> None:
    with chess.gaviota.open_tablebase(sys.argv[1], LibraryLoader=None) as tables:
        out = []
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            try:
                board = chess.Board(fen)
                out.append(f"{tables.probe_dtm(board)} {tables.probe_wdl(board)}")
            except KeyError:
                out.append("error")
        sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
