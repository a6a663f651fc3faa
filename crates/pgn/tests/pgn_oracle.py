"""The python-chess side of tests/oracle.rs.

    pgn_oracle.py corpus OUT.pgn EXPECTED.tsv GAMES SEED
        writes a random PGN corpus with every feature the reader claims
        (tags with escapes, games without tags, SetUp/FEN, Chess960 in X-FEN
        and Shredder-FEN, comments over several lines holding lichess
        [%clk]/[%eval] and lines starting with `[`, `;` comments, `%` escape
        lines, NAGs and !? marks, nested variations, move numbers in every
        style, 0-0, e8Q, long algebraic, missing check marks), then reads it
        back with chess.pgn and writes what python-chess read.
    pgn_oracle.py expect IN.pgn EXPECTED.tsv
        writes what python-chess reads from IN.pgn.

EXPECTED.tsv has one line per game: `ok<TAB>UCI moves<TAB>final FEN`, or
`error` when python-chess reported errors for the game. Chess960 games
give king-takes-rook castling; FENs are X-FEN (`Board.fen()`), as bitmoves
writes them.
"""

import random
import sys

import chess
import chess.pgn

NAMES = ['Carlsen, Magnus', 'O"Neil \\ Jr', 'Nakamura', 'Ding Liren', '?', 'Ñandú']


def san_variant(rng, board, move):
    """The move as people write it: SAN, or an odd but accepted spelling."""
    san = board.san(move)
    r = rng.random()
    piece = board.piece_type_at(move.from_square)
    castling = board.is_castling(move)
    if castling:
        return san.replace("O", "0") if r < 0.3 else san
    if r < 0.15:
        return san.rstrip("+#")
    if r < 0.25 and move.promotion:
        return san.replace("=", "")
    if r < 0.35:
        uci = move.uci()
        letter = "" if piece == chess.PAWN else chess.piece_symbol(piece).upper()
        sep = rng.choice(["", "-"]) if not board.is_capture(move) else rng.choice(["", "x"])
        promo = ""
        if move.promotion:
            promo = rng.choice(["", "="]) + chess.piece_symbol(move.promotion).upper()
        return letter + uci[:2] + sep + uci[2:4] + promo
    return san


def comment(rng):
    kind = rng.random()
    if kind < 0.3:
        return "{ [%%clk 0:%02d:%02d] }" % (rng.randrange(60), rng.randrange(60))
    if kind < 0.5:
        return "{ [%%eval %.2f] [%%clk 0:01:00] }" % (rng.uniform(-5, 5))
    if kind < 0.7:
        return "{a comment\n[over several lines] ; with ( and ) and $5\n\n% and a blank line}"
    return "{ plain }"


def movetext(rng, board, plies, depth):
    """Tokens for `plies` random legal moves from `board` (not changed)."""
    board = board.copy()
    tokens = []
    number_needed = True
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if board.turn == chess.WHITE:
            tokens.append(rng.choice(["%d." % board.fullmove_number] * 4 + ["%d. " % board.fullmove_number, ""]))
        elif number_needed:
            tokens.append(rng.choice(["%d..." % board.fullmove_number, "%d. ..." % board.fullmove_number]))
        number_needed = False
        san = san_variant(rng, board, move)
        if rng.random() < 0.05:
            san += rng.choice(["!", "?", "!?", "?!", "!!", "??"])
        if tokens and tokens[-1].endswith(".") and rng.random() < 0.3:
            tokens[-1] += san
        else:
            tokens.append(san)
        r = rng.random()
        if r < 0.05:
            tokens.append("$%d" % rng.randrange(256))
        elif r < 0.12:
            tokens.append(comment(rng))
            number_needed = True
        elif r < 0.14:
            tokens.append("; a rest-of-line comment { not a brace\n")
        if depth < 3 and rng.random() < 0.06:
            alt = board.copy()
            alt_tokens = movetext(rng, alt, rng.randrange(1, 6), depth + 1)
            tokens.append("(" + " ".join(alt_tokens) + ")")
            number_needed = True
        board.push(move)
    return tokens


def wrap(rng, tokens):
    lines, line = [], ""
    for token in tokens:
        if line and (len(line) + len(token) > rng.choice([40, 79, 200]) or line.endswith("\n")):
            lines.append(line.rstrip("\n"))
            line = ""
            if rng.random() < 0.05:
                lines.append("% an escape line { with a brace")
        line = (line + " " + token) if line else token
    lines.append(line.rstrip("\n"))
    return "\n".join(lines)


def random_position(rng, most):
    """A position after 1 to `most` - 1 random legal moves from the start,
    stopping at mate, as a new board with no move stack."""
    board = chess.Board()
    for _ in range(rng.randrange(1, most)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return chess.Board(board.fen())


def game(rng, index):
    tags = []
    kind = rng.random()
    if kind < 0.6:
        board = chess.Board()
    elif kind < 0.8:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        tags.append(("Variant", rng.choice(["Chess960", "chess960", "Fischerandom"])))
        fen = board.shredder_fen() if rng.random() < 0.5 else board.fen()
        tags += [("SetUp", "1"), ("FEN", fen)]
    else:
        board = random_position(rng, 40)
        tags += [("SetUp", "1"), ("FEN", board.fen())]
    tokens = movetext(rng, board, rng.randrange(0, 120), 0)
    result = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    roster = [("Event", "Game %d \\\"quoted\\\"" % index), ("Site", "https://lichess.org/x"),
              ("Date", "2024.01.01"), ("Round", "-"),
              ("White", rng.choice(NAMES).replace("\\", "\\\\").replace('"', '\\"')),
              ("Black", "?"), ("Result", result)]
    if rng.random() < 0.1 and not tags:
        head = ""
    else:
        extra = [("WhiteElo", str(rng.randrange(800, 2900)))]
        head = "".join('[%s "%s"]\n' % tv for tv in roster + tags + extra) + "\n"
    if rng.random() < 0.05:
        head = "% an escape line before the game\n" + head
    return head + wrap(rng, tokens + [result]) + "\n"


def expect(path, out):
    with open(path, encoding="utf-8-sig", newline=None) as pgn, open(out, "w") as exp:
        while True:
            g = chess.pgn.read_game(pgn)
            if g is None:
                break
            if g.errors:
                exp.write("error\n")
                continue
            board = g.board()
            ucis = []
            for move in g.mainline_moves():
                ucis.append(board.uci(move))
                board.push(move)
            fen = board.fen()
            exp.write("ok\t%s\t%s\n" % (" ".join(ucis), fen))


def main():
    if sys.argv[1] == "corpus":
        out, expected, games, seed = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        rng = random.Random(seed)
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            f.write("\ufeff")
            f.write("\n\n".join(game(rng, i) for i in range(games)))
        expect(out, expected)
    else:
        expect(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main()
