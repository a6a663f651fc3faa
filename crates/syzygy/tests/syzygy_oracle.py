"""python-chess's numbers for the oracle tests: reads one FEN per line on
stdin and prints `WDL DTZ` per line (`error` where python-chess raises),
probing the tables in the directory given as the first argument, with the
board of the variant named by the second (python-chess's `uci_variant`,
standard chess without one)."""

import sys

import chess
import chess.syzygy
import chess.variant


def main() -> None:
    board_type = chess.variant.find_variant(sys.argv[2]) if len(sys.argv) > 2 else chess.Board
    with chess.syzygy.open_tablebase(sys.argv[1], VariantBoard=board_type) as tables:
        out = []
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            try:
                board = board_type(fen)
                out.append(f"{tables.probe_wdl(board)} {tables.probe_dtz(board)}")
            except (KeyError, ValueError):
                out.append("error")
        sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
