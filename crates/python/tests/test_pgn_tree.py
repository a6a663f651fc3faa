"""``bitmoves.pgn`` as python-chess's ``chess.pgn``, with python-chess as
the oracle: seeded games with comments, clocks, evals, NAGs, nested
variations, set-up positions, damaged moves and odd layout, written by
python-chess, read by both from one handle each; the trees (moves,
comments, NAGs, variations, headers, errors), the exported text and the
handle's position after each game must be the same."""

import io
import random

import chess
import chess.pgn
import pytest

import bitmoves
import bitmoves.pgn

GAMES = 2000
PER_FILE = 20


def random_comment(rng, board):
    """A comment with some of: text, [%clk], [%eval], [%emt], arrows."""
    parts = []
    if rng.random() < 0.5:
        parts.append(f"[%clk {rng.randrange(3)}:{rng.randrange(60):02d}:{rng.randrange(60):02d}]")
    if rng.random() < 0.4:
        if rng.random() < 0.2:
            parts.append(f"[%eval #{rng.choice([-3, -1, 1, 2, 5])}]")
        else:
            parts.append(f"[%eval {rng.uniform(-9, 9):.2f}{',' + str(rng.randrange(40)) if rng.random() < 0.3 else ''}]")
    if rng.random() < 0.2:
        parts.append(f"[%emt 0:00:{rng.randrange(60):02d}.{rng.randrange(10)}]")
    if rng.random() < 0.1:
        parts.append("[%cal Ge2e4,Rd7d5][%csl Yd4]")
    if rng.random() < 0.3:
        parts.append(rng.choice(["good move", "the only move!", "a\nmulti-line\ncomment", "why (not) Nf3?", "x"]))
    return " ".join(parts)


def add_line(rng, node, board, plies, depth):
    """Adds up to `plies` random moves after `node`, with comments, NAGs
    and (to `depth`) nested side variations."""
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        move = rng.choice(moves)
        if depth and node.parent is not None and rng.random() < 0.08:
            side = board.copy()
            side.pop()
            others = [m for m in side.legal_moves if m != node.move]
            if others:
                alt = rng.choice(others)
                branch = node.parent.add_variation(alt)
                if rng.random() < 0.3:
                    branch.starting_comment = random_comment(rng, side) or "start"
                side.push(alt)
                add_line(rng, branch, side, rng.randrange(1, 6), depth - 1)
        node = node.add_variation(move)
        board.push(move)
        if rng.random() < 0.5:
            node.comment = random_comment(rng, board)
        if rng.random() < 0.1:
            node.nags.update(rng.sample([1, 2, 3, 4, 5, 6, 10, 14, 146], rng.randrange(1, 3)))


def generated_game(seed):
    """The PGN text of game `seed` (python-chess's exporter), sometimes
    damaged or laid out oddly."""
    rng = random.Random(seed)
    game = chess.pgn.Game()
    game.headers["Event"] = f"Oracle {seed}"
    game.headers["WhiteElo"] = str(rng.randrange(1000, 2800))
    board = chess.Board()
    if rng.random() < 0.1:
        for _ in range(rng.randrange(1, 12)):
            moves = list(board.legal_moves)
            if moves:
                board.push(rng.choice(moves))
        board = chess.Board(board.fen())
        game.setup(board)
    if rng.random() < 0.2:
        game.comment = "game comment"
    add_line(rng, game, board, rng.randrange(0, 80), 2)
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    text = game.accept(chess.pgn.StringExporter(columns=rng.choice([None, 80, 40])))
    if rng.random() < 0.1:
        # An illegal or garbled move: python-chess records the error and
        # skips the rest of that variation.
        tokens = text.split(" ")
        where = rng.randrange(len(tokens))
        tokens[where] = rng.choice(["Qxh8", "Ke5", "Zz9", "Nb1", "e5e4"])
        text = " ".join(tokens)
    if rng.random() < 0.05:
        text = text.replace("\n\n", "\n\n% escape line\n; a comment line\n", 1)
    return text


def tree(node):
    """A node and what follows it as plain values."""
    return (
        node.move.uci() if node.move is not None else None,
        node.comment,
        node.starting_comment,
        sorted(node.nags),
        [tree(child) for child in node.variations],
    )


ILLEGAL = "a move illegal in its position"


def holds_illegal_move(node, board):
    """Whether a move after `node` (at `board`) is illegal where it stands:
    after an error inside a variation python-chess keeps playing on the
    variation's board, so its tree can hold such moves, and its exporter
    writes them where bitmoves' refuses (the difference docs/python-pgn.md lists)."""
    for child in node.variations:
        if not board.is_legal(child.move):
            return True
        board.push(child.move)
        found = holds_illegal_move(child, board)
        board.pop()
        if found:
            return True
    return False


def summary(game, export=True):
    """What must agree between python-chess and bitmoves for one game
    (without the exported text where python-chess's tree may hold moves
    its own board pushes unchecked but bitmoves' refuses: then both must
    say so, python-chess's tree by `holds_illegal_move`, bitmoves' export
    by `IllegalMoveError`)."""
    if game is None:
        return None
    found = {
        "headers": list(game.headers.items()),
        "tree": tree(game),
        "errors": [(type(error).__name__, str(error)) for error in game.errors],
    }
    if not export:
        return found
    try:
        if isinstance(game, chess.pgn.Game) and holds_illegal_move(game, game.board()):
            return {**found, "str": ILLEGAL}
        return {**found, **exported(game)}
    except bitmoves.IllegalMoveError:
        return {**found, "str": ILLEGAL}
    except ValueError as error:  # a FEN tag python-chess reads but cannot set up
        return {**found, "str": ("raised", type(error).__name__, str(error))}


def exported(game):
    """The game's text from `str` and from two exporters."""
    exporter = chess.pgn.StringExporter if isinstance(game, chess.pgn.Game) else bitmoves.pgn.StringExporter
    return {
        "str": str(game),
        "export": game.accept(exporter()),
        "no_variations": game.accept(exporter(variations=False, comments=False)),
    }


def read_all(module, text, export=True):
    """Every game of `text` read by `module.read_game` from one handle,
    with the handle's position after each; the exception's name and no
    more games where python-chess's `GameBuilder` raises (a variation
    stack emptied by a `)` after an error)."""
    handle = io.StringIO(text)
    games = []
    while True:
        try:
            game = module.read_game(handle)
        except Exception as error:  # where python-chess raises, so must bitmoves
            games.append(("raised", type(error).__name__))
            return games
        games.append((summary(game, export), handle.tell()))
        if game is None:
            return games


@pytest.fixture(autouse=True)
def quiet_logs(caplog):
    caplog.set_level(50, logger="chess.pgn")


@pytest.mark.parametrize("first", range(0, GAMES, PER_FILE))
def test_generated_games_read_as_python_chess_reads_them(first):
    """Trees, errors, exported text and handle positions agree."""
    text = "\n\n".join(generated_game(seed) for seed in range(first, first + PER_FILE)) + "\n"
    ours = read_all(bitmoves.pgn, text)
    theirs = read_all(chess.pgn, text)
    assert len(ours) == len(theirs)
    for number, (mine, expected) in enumerate(zip(ours, theirs)):
        assert mine == expected, f"game {first + number}"


@pytest.mark.parametrize("text", [
    "1. e4 (1. d4))) !? *",
    "((( 1. c4 *",
    "1. e4 Qa1 e5 2. Qxf8\n\n1. a3",
    "1. e4 e5 (1... Qh4 2. Ke2 ) ) 2. Nf3 Zz4 ) 3. d4",
    "{ a }{ b } 1. e4 { c } { d } ( { e } 1. d4 { f } ) $1 $2 e5 *",
    "1. e4 {unclosed\ncomment\n\n2. d4",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *",
    "[FEN \"bad\"]\n\n1. e4 *\n\n1. d4 *",
    "1. e4 e5 $99999999999999999999999 *",
    "1. e4 e5 1-0 2. Nf3 0-1 *",
    "1. e4 (e5) e5 (1... c5 (1... Nf6) 2. Nf3) *",
    "\ufeff[Event \"BOM\"]\n\n\n1. e4\n",
    "1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 Kc6 (4... Kc5 ( 4... Kd7 ) ) 5. Qxd8 Qxd1 *",
    "1. e4 -- 2. Qh5 -- 3. Qxf7+ -- (3... Kxf7) 4. Qxe8 Z0 *",
    "1. e4 e5 2. Ngf3 Nb8c6 3. Nf3xe5 Nc6xe5 4. d4 Pd6 5. dxe5 d5 6. e5d6 *",
    "[Variant \"Chess960\"]\n[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1\"]\n\n1. O-O O-O-O 2. Rfd1 (2. Rad1) Rd7 *",
])
def test_odd_games_read_as_python_chess_reads_them(text):
    """Stray parentheses, errors inside variations, comments in odd places,
    bad FEN tags, huge NAGs: the same trees and errors as python-chess,
    game by game, or the same exception raised."""
    ours = _outcome(bitmoves.pgn, text)
    theirs = _outcome(chess.pgn, text)
    assert ours == theirs


def _outcome(module, text):
    return read_all(module, text, export=False)


def test_read_headers_and_skip_game_leave_the_handle_where_python_chess_does():
    text = "\n\n".join(generated_game(seed) for seed in range(40)) + "\n"
    for name in ("read_headers", "skip_game"):
        mine, theirs = io.StringIO(text), io.StringIO(text)
        while True:
            ours = getattr(bitmoves.pgn, name)(mine)
            expected = getattr(chess.pgn, name)(theirs)
            if name == "read_headers":
                assert (None if ours is None else list(ours.items())) == (
                    None if expected is None else list(expected.items()))
            else:
                assert ours == expected
            assert mine.tell() == theirs.tell()
            if not expected:
                break


def test_the_fast_path_and_the_visitor_path_build_the_same_tree():
    """A GameBuilder subclass takes the token-by-token path: same trees."""
    class Builder(bitmoves.pgn.GameBuilder):
        pass

    text = "\n\n".join(generated_game(seed) for seed in range(60)) + "\n"
    fast, slow = io.StringIO(text), io.StringIO(text)
    while True:
        a = bitmoves.pgn.read_game(fast)
        b = bitmoves.pgn.read_game(slow, Visitor=Builder)
        assert summary(a) == summary(b)
        if a is None:
            break


def test_annotations_match_python_chess():
    """clock(), emt(), eval(), eval_depth() and arrows() of every node."""
    text = "\n\n".join(generated_game(seed) for seed in range(30)) + "\n"
    mine, theirs = io.StringIO(text), io.StringIO(text)
    while True:
        a, b = bitmoves.pgn.read_game(mine), chess.pgn.read_game(theirs)
        if b is None:
            assert a is None
            break
        for x, y in zip(a.mainline(), b.mainline()):
            assert x.clock() == y.clock()
            assert x.emt() == y.emt()
            assert x.eval_depth() == y.eval_depth()
            assert repr(x.eval()) == repr(y.eval())
            assert [(r.tail, r.head, r.color) for r in x.arrows()] == [(r.tail, r.head, r.color) for r in y.arrows()]
            assert x.ply() == y.ply() and x.turn() == y.turn() and x.san() == y.san()


def test_edits_match_python_chess():
    """set_clock, set_emt, set_eval, set_arrows, promote/demote/remove."""
    engine = pytest.importorskip("chess.engine")
    for seconds in (None, 0, 59.5, 3600.25, 12345):
        for comment in ("", "text", "[%clk 0:00:01] text", "text\n"):
            a, b = bitmoves.pgn.Game(), chess.pgn.Game()
            a.comment = b.comment = comment
            a.set_clock(seconds), b.set_clock(seconds)
            a.set_emt(seconds), b.set_emt(seconds)
            assert a.comment == b.comment
    for score in (None, engine.PovScore(engine.Cp(35), chess.WHITE), engine.PovScore(engine.Mate(-2), chess.BLACK)):
        a, b = bitmoves.pgn.Game(), chess.pgn.Game()
        a.comment = b.comment = "x [%eval 0.10] y"
        a.set_eval(score, 12), b.set_eval(score, 12)
        assert a.comment == b.comment
    a, b = bitmoves.pgn.Game(), chess.pgn.Game()
    a.comment = b.comment = "[%csl Ra1] note"
    a.set_arrows([(chess.E2, chess.E4), (chess.D4, chess.D4)])
    b.set_arrows([(chess.E2, chess.E4), (chess.D4, chess.D4)])
    assert a.comment == b.comment


def test_game_from_board_and_headers_match_python_chess():
    board = bitmoves.Board("3k4/8/4K3/8/8/8/8/2R5 b - - 0 1")
    board.push_san("Ke8")
    board.push_san("Rc8#")
    theirs = chess.Board("3k4/8/4K3/8/8/8/8/2R5 b - - 0 1")
    theirs.push_san("Ke8")
    theirs.push_san("Rc8#")
    assert str(bitmoves.pgn.Game.from_board(board)) == str(chess.pgn.Game.from_board(theirs))
    headers = bitmoves.pgn.Headers(Zeta="1", White="A", Alpha="2")
    assert list(headers) == ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Zeta", "Alpha"]
    assert repr(bitmoves.pgn.Headers({"A": "1", "Result": "1-0"})) == "Headers(Result='1-0', A='1')"
    with pytest.raises(ValueError):
        headers["bad tag"] = "x"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "latin-1"])
def test_files_read_as_python_chess_reads_them(tmp_path, newline, encoding):
    """Open files (text mode): non-ASCII tags and comments, a byte order
    mark, CRLF line ends; every reader leaves the file where python-chess
    leaves it, and tell()/seek() between games work."""
    text = "\n\n".join(generated_game(seed) for seed in range(12))
    text = text.replace('[Event "Oracle 3"]', '[Event "Café Zürich"]').replace("good move", "très bien")
    path = tmp_path / "games.pgn"
    path.write_text(text + "\n", encoding=encoding, newline=newline)
    for name in ("read_game", "read_headers", "skip_game"):
        with open(path, encoding=encoding) as mine, open(path, encoding=encoding) as theirs:
            offsets = []
            while True:
                offsets.append(mine.tell())
                ours = getattr(bitmoves.pgn, name)(mine)
                expected = getattr(chess.pgn, name)(theirs)
                if name == "read_game":
                    assert summary(ours) == summary(expected)
                elif name == "read_headers":
                    assert (ours and list(ours.items())) == (expected and list(expected.items()))
                else:
                    assert ours == expected
                assert mine.tell() == theirs.tell()
                if not expected:
                    break
            mine.seek(offsets[3])
            assert bitmoves.pgn.read_game(mine).headers["Event"] == "Café Zürich"


def test_abstract_classes_and_generics_as_python_chess():
    """GameNode and BaseVisitor are abstract; the visitors and Mainline
    take type parameters (annotations evaluated at run time work)."""
    for module in (bitmoves.pgn, chess.pgn):
        with pytest.raises(TypeError):
            module.GameNode()
        with pytest.raises(TypeError):
            module.BaseVisitor()
        assert module.GameBuilder[module.Game] is not None
        assert module.BaseVisitor[str] is not None and module.Mainline[int] is not None
