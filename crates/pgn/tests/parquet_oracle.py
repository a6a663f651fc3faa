"""The python-chess and pyarrow side of tests/parquet_oracle.rs.

    parquet_oracle.py corpus OUT.pgn GAMES SEED
        writes games with lichess comments ([%clk] with fractions, [%eval]
        in pawns and mates, with depths, [%emt], [%csl]/[%cal] arrows and
        text around them, several comments on a move, comments after
        variations), odd headers (`?` and missing Elo, missing tags,
        duplicate tags, UTCDate/UTCTime, rating differences, every
        TimeControl form), Chess960 and SetUp games, null moves and a few
        damaged games.
    parquet_oracle.py check DATASET_DIR [--positions] [--duckdb] PGN...
        reads the dataset with pyarrow and compares every column, row by
        row, with what python-chess reads from the PGN files; with
        `--duckdb`, does the same with the rows as DuckDB reads them, and
        runs docs/parquet.md's DuckDB query to compare its totals; prints the
        differences and exits 1 if there are any.
"""

import datetime
import random
import re
import sys

import chess
import chess.pgn
import pyarrow.parquet as pq

sys.dont_write_bytecode = True  # importing pgn_oracle leaves no __pycache__ beside it
from pgn_oracle import random_position  # noqa: E402

NAMED = ["Event", "Site", "Date", "UTCDate", "UTCTime", "Round", "White", "Black", "Result",
         "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "WhiteTitle", "BlackTitle",
         "ECO", "Opening", "TimeControl", "Termination", "Variant"]


# --- the corpus ---------------------------------------------------------

def clock_text(rng):
    h, m, s = rng.randrange(3), rng.randrange(60), rng.randrange(60)
    frac = rng.choice(["", "", ".5", ".25", "."])
    return "[%%clk %d:%02d:%02d%s]" % (h, m, s, frac)


def eval_text(rng):
    r = rng.random()
    depth = rng.choice(["", "", ",22"])
    if r < 0.2:
        return "[%%eval #%s%d%s]" % (rng.choice(["", "-", "+"]), rng.randrange(0, 12), depth)
    if r < 0.3:
        return "[%%eval %d%s]" % (rng.randrange(-9, 10), depth)
    if r < 0.35:
        return "[%eval 0.123]"  # not valid: python-chess ignores it
    return "[%%eval %.2f%s]" % (rng.uniform(-9, 9), depth)


def comment(rng):
    parts = []
    for _ in range(rng.randrange(1, 4)):
        r = rng.random()
        if r < 0.35:
            parts.append(clock_text(rng))
        elif r < 0.65:
            parts.append(eval_text(rng))
        elif r < 0.75:
            parts.append("[%%emt 0:00:%02d]" % rng.randrange(60))
        elif r < 0.85:
            parts.append("[%csl Ga4,Rb5][%cal Ge2e4,Yd7d5]")
        else:
            parts.append(rng.choice(["Good move.", "a (note) with $3", "[%clk bad]", "x[%clk 0:00:01]y"]))
    return "{ " + " ".join(parts) + " }"


def movetext(rng, board, plies, depth, end=None):
    board = board.copy()
    tokens = []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        if board.turn == chess.WHITE or not tokens:
            tokens.append("%d%s" % (board.fullmove_number, "." if board.turn == chess.WHITE else "..."))
        if depth == 0 and rng.random() < 0.01 and not board.is_check():
            tokens.append("--")
            board.push(chess.Move.null())
            continue
        move = rng.choice(moves)
        tokens.append(board.san(move))
        for _ in range(rng.choice([0, 1, 1, 1, 2])):
            tokens.append(comment(rng))
        if depth < 2 and rng.random() < 0.08:
            tokens.append("(" + " ".join(movetext(rng, board, rng.randrange(1, 4), depth + 1)) + ")")
            if rng.random() < 0.5:
                tokens.append(comment(rng))
        board.push(move)
    if end is not None:
        end.append(board)
    return tokens


def headers(rng, index):
    tags = []
    if rng.random() < 0.9:
        tags.append(("Event", "Rated Blitz game"))
    if rng.random() < 0.8:
        tags.append(("Site", "https://lichess.org/g%d" % index))
    tags.append(("Date", rng.choice(["2024.02.29", "2023.02.29", "2023.??.??", "????.??.??", "1999.12.31"])))
    if rng.random() < 0.7:
        tags += [("UTCDate", "2024.01.%02d" % rng.randrange(1, 32)),
                 ("UTCTime", rng.choice(["00:00:00", "23:59:59", "12:34:56", "25:00:00", "?"]))]
    tags += [("Round", rng.choice(["-", "1", "2.3"])), ("White", "W%d" % index), ("Black", "B")]
    for colour in ["White", "Black"]:
        r = rng.random()
        if r < 0.7:
            tags.append((colour + "Elo", str(rng.randrange(600, 3000))))
        elif r < 0.85:
            tags.append((colour + "Elo", "?"))
        if rng.random() < 0.5:
            tags.append((colour + "RatingDiff", rng.choice(["+5", "-12", "0", "?"])))
        if rng.random() < 0.1:
            tags.append((colour + "Title", rng.choice(["GM", "BOT", "WFM"])))
    tags.append(("TimeControl", rng.choice(["180+2", "60+0", "300", "-", "?", "40/7200:3600", "15+"])))
    if rng.random() < 0.7:
        tags += [("ECO", "C20"), ("Opening", "King's Pawn Game"),
                 ("Termination", rng.choice(["Normal", "Time forfeit"]))]
    if rng.random() < 0.2:
        tags.append(("Annotator", "first"))
        tags.append(("WhiteElo", "2001"))
        tags.append(("Annotator", "second"))
    if rng.random() < 0.1:
        tags.append(("LichessURL", "https://lichess.org/x"))
    return tags


def game(rng, index):
    tags = headers(rng, index)
    kind = rng.random()
    board = chess.Board()
    if kind < 0.15:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        tags += [("Variant", "Chess960"), ("SetUp", "1"), ("FEN", board.fen())]
    elif kind < 0.25:
        board = random_position(rng, 30)
        tags += [("SetUp", "1"), ("FEN", board.fen())]
    elif kind < 0.3:
        tags.append(("Variant", "Standard"))
    result = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    if rng.random() < 0.9:
        tags.insert(8 if len(tags) > 8 else len(tags), ("Result", result))
    end = []
    tokens = movetext(rng, board, rng.randrange(0, 90), 0, end)
    if rng.random() < 0.03:
        # Damaged: a move that is not legal there.
        for san in ["Qh4", "Nf3", "Ke2", "Ra8", "Bb5", "e4", "Kb1"]:
            try:
                end[0].parse_san(san)
            except ValueError:
                tokens.append(san)
                break
    head = "".join('[%s "%s"]\n' % tv for tv in tags)
    return head + "\n" + " ".join(tokens + [result]) + "\n"


# --- what python-chess reads --------------------------------------------

def integer(value):
    if value is None or not re.fullmatch(r"[+-]?[0-9]+", value):
        return None
    n = int(value)
    return n if -2**31 <= n < 2**31 else None


def fields(pattern, value, make):
    """`make` of the numbers of `value` when it matches `pattern` whole,
    or None, also where `make` refuses them (a 30th of February)."""
    m = value and re.fullmatch(pattern, value)
    if not m:
        return None
    try:
        return make(*map(int, m.groups()))
    except ValueError:
        return None


def date(value):
    return fields(r"([0-9]{1,4})\.([0-9]{1,2})\.([0-9]{1,2})", value, datetime.date)


def time(value):
    return fields(r"([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})", value, datetime.time)


def time_control(value):
    m = value and re.fullmatch(r"([0-9]{1,9})(?:\+([0-9]{1,9}))?", value)
    if not m:
        return None, None
    return int(m.group(1)), int(m.group(2) or 0)


def fen(board):
    """The FEN as bitmoves writes it: X-FEN castling in every mode (a file
    letter only where KQkq would be ambiguous, as python-chess's fen()),
    the en-passant square when a pawn attacks it (X-FEN's rule); a
    variant's as python-chess's fen() writes it (pockets, check counts)."""
    if type(board) is not chess.Board:
        return board.fen()
    return board.fen(en_passant="xfen")


def expected_rows(path, name):
    """One dict per game of `path`, as the dataset should hold it (a
    variant's game by its rules, `uci_variant` its python-chess uci_variant)."""
    rows = []
    with open(path, encoding="utf-8-sig") as moves_in, open(path, encoding="utf-8-sig") as tags_in:
        number = 0
        while True:
            game = chess.pgn.read_game(moves_in)
            tags = chess.pgn.read_headers(tags_in)
            if game is None:
                assert tags is None
                break
            number += 1
            row = {"game": number, "file": name}
            for tag in NAMED:
                row[tag] = tags.get(tag)
            for tag in ["WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff"]:
                row[tag] = integer(row[tag])
            row["Date"], row["UTCDate"] = date(row["Date"]), date(row["UTCDate"])
            row["UTCTime"] = time(row["UTCTime"])
            row["base_seconds"], row["increment_seconds"] = time_control(row["TimeControl"])
            row["tags"] = [(k, v) for k, v in tags.items() if k not in NAMED and k != "FEN"]
            board = game.board()
            if type(board) is chess.Board:
                row["uci_variant"] = None
                standard = board.fen() == chess.STARTING_FEN and not board.chess960
            else:
                row["uci_variant"] = type(board).uci_variant
                standard = board.fen() == type(board)(chess960=board.chess960).fen()
            row["FEN"] = None if standard else fen(board)
            for column in ["uci", "san", "clock", "eval_cp", "eval_mate", "fens"]:
                row[column] = []
            for node in game.mainline():
                row["fens"].append(fen(board))
                row["uci"].append(board.uci(node.move))
                row["san"].append(board.san(node.move))
                row["clock"].append(node.clock())
                score = node.eval()
                score = score.white() if score is not None else None
                row["eval_mate"].append(score.mate() if score is not None and score.is_mate() else None)
                row["eval_cp"].append(score.score() if score is not None and not score.is_mate() else None)
                board.push(node.move)
            row["plies"] = len(row["uci"])
            row["final_fen"] = fen(board)
            row["error"] = bool(game.errors)
            row["result"] = game.headers.get("Result")
            rows.append(row)
    return rows


# --- the comparison -----------------------------------------------------

# The query docs/parquet.md shows.
DUCKDB_QUERY = """
SELECT count(*) AS games, sum(plies) AS plies, count(error) AS errors,
       sum(WhiteElo) AS white_elo
FROM read_parquet('{dir}/*.parquet')
"""


def check_duckdb(directory, expected):
    """The dataset read by DuckDB: totals equal python-chess's."""
    import duckdb

    got = duckdb.sql(DUCKDB_QUERY.format(dir=directory)).fetchall()[0]
    want = (len(expected), sum(row["plies"] for row in expected),
            sum(1 for row in expected if row["error"]),
            sum(row["WhiteElo"] for row in expected if row["WhiteElo"] is not None))
    return [] if tuple(got) == want else ["DuckDB: ours %s, python-chess %s" % (got, want)]


def positions_of(expected):
    """The position rows python-chess's games give."""
    want = []
    for row in expected:
        if row["error"]:
            continue
        for ply in range(row["plies"] + 1):
            last = ply == row["plies"]
            want.append({"game": row["game"], "file": row["file"], "ply": ply,
                         "fen": row["final_fen"] if last else row["fens"][ply],
                         "uci_variant": row["uci_variant"],
                         "uci": None if last else row["uci"][ply],
                         "clock": row["clock"][ply - 1] if ply else None,
                         "eval_cp": row["eval_cp"][ply - 1] if ply else None,
                         "eval_mate": row["eval_mate"][ply - 1] if ply else None,
                         "result": row["result"]})
    return want


def compare(reader, got, want, differences, counted):
    """Where `got`, the dataset as `reader` reads it, differs from `want`:
    the row counts (as `counted` words them), then each row's
    `differences`."""
    wrong = []
    if len(got) != len(want):
        wrong.append("%s: %s" % (reader, counted % (len(got), len(want))))
    for ours, theirs in zip(got, want):
        wrong += differences(reader, ours, theirs)
    return wrong


def position_differences(reader, ours, theirs):
    if ours == theirs:
        return []
    return ["%s: position differs:\n  ours:         %s\n  python-chess: %s" % (reader, ours, theirs)]


def game_differences(reader, ours, theirs):
    if (ours["error"] is not None) != theirs["error"]:
        return ["%s: game %s of %s: error ours %r, python-chess %r" % (reader, theirs["game"], theirs["file"], ours["error"], theirs["error"])]
    wrong = []
    for column, value in theirs.items():
        if column in ("error", "fens", "result"):
            continue
        mine = ours[column]
        if isinstance(mine, dict):  # DuckDB reads a map as a dict
            mine = list(mine.items())
        if mine != value:
            wrong.append("%s: game %s of %s, column %s:\n  ours:         %r\n  python-chess: %r" % (reader, theirs["game"], theirs["file"], column, mine, value))
    return wrong


def check(directory, positions, paths, duckdb=False):
    table = pq.read_table(directory)
    version = table.schema.metadata.get(b"bitmoves.schema_version")
    assert version == b"2", version
    got = table.to_pylist()
    several = len(paths) > 1
    expected = []
    for path in paths:
        expected += expected_rows(path, path if several else None)
    if positions:
        want, differences, counted = positions_of(expected), position_differences, "%d positions, python-chess %d"
    else:
        want, differences, counted = expected, game_differences, "%d rows, python-chess read %d games"
    wrong = compare("pyarrow", got, want, differences, counted)
    if duckdb:
        import duckdb as db

        relation = db.sql("SELECT * FROM read_parquet('%s/*.parquet')" % directory)
        rows = [dict(zip(relation.columns, row)) for row in relation.fetchall()]
        wrong += compare("DuckDB", rows, want, differences, counted)
        if not positions:
            wrong += check_duckdb(directory, expected)
    if wrong:
        print("%d differences; the first ones:" % len(wrong))
        print("\n".join(wrong[:20]))
        sys.exit(1)
    print("%d rows agree" % len(got))


def main():
    if sys.argv[1] == "corpus":
        out, games, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        rng = random.Random(seed)
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(game(rng, i) for i in range(games)))
    else:
        args = sys.argv[3:]
        flags = {"--positions", "--duckdb"}
        paths = [a for a in args if a not in flags]
        check(sys.argv[2], "--positions" in args, paths, "--duckdb" in args)


main()
