"""The python-chess + pyarrow peer of `bitmoves pgn --parquet`: the same
game rows (the named tags as strings, the other tags, the mainline in UCI
and SAN, each move's clock and evaluation, the final FEN, the error)
read by `chess.pgn.read_game` and written by pyarrow as one zstd Parquet
file. It exists to be timed (benches/parquet-peers.sh).

    python crates/python/bench/parquet_peer.py GAMES.pgn OUT.parquet
"""

import sys

import chess
import chess.pgn
import pyarrow as pa
import pyarrow.parquet as pq

NAMED = [
    "Event", "Site", "Date", "UTCDate", "UTCTime", "Round", "White", "Black",
    "Result", "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff",
    "WhiteTitle", "BlackTitle", "ECO", "Opening", "TimeControl", "Termination",
    "Variant",
]


def rows(path):
    """Yields one dict per game."""
    with open(path, encoding="utf-8", errors="replace") as pgn:
        number = 0
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                return
            number += 1
            row = {"game": number}
            for name in NAMED:
                row[name] = game.headers.get(name)
            row["FEN"] = game.headers.get("FEN")
            row["tags"] = [(k, v) for k, v in game.headers.items()
                           if k not in NAMED and k != "FEN"]
            board = game.board()
            uci, san, clock, cp, mate = [], [], [], [], []
            for node in game.mainline():
                uci.append(node.move.uci())
                san.append(board.san(node.move))
                board.push(node.move)
                clock.append(node.clock())
                score = node.eval()
                cp.append(score.white().score() if score is not None else None)
                mate.append(score.white().mate() if score is not None else None)
            row.update(uci=uci, san=san, clock=clock, eval_cp=cp, eval_mate=mate,
                       plies=len(uci), final_fen=board.fen(),
                       error="; ".join(map(str, game.errors)) or None)
            yield row


def main():
    source, target = sys.argv[1:3]
    schema = pa.schema(
        [("game", pa.uint64())] + [(name, pa.string()) for name in NAMED + ["FEN"]]
        + [("tags", pa.map_(pa.string(), pa.string())),
           ("uci", pa.list_(pa.string())), ("san", pa.list_(pa.string())),
           ("clock", pa.list_(pa.float64())), ("eval_cp", pa.list_(pa.int64())),
           ("eval_mate", pa.list_(pa.int32())), ("plies", pa.uint32()),
           ("final_fen", pa.string()), ("error", pa.string())])
    with pq.ParquetWriter(target, schema, compression="zstd", compression_level=1) as out:
        batch = []
        for row in rows(source):
            batch.append(row)
            if len(batch) == 10_000:
                out.write_table(pa.Table.from_pylist(batch, schema))
                batch = []
        if batch:
            out.write_table(pa.Table.from_pylist(batch, schema))


if __name__ == "__main__":
    main()
