"""The python-chess API surface: constants, Move, Piece, copies, equality,
repr, Chess960 and the python-chess interop."""

import copy

import chess
import pytest

import bitmoves
import bitmoves.pgn


def test_constants_match_python_chess():
    for name in ["WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN",
                 "KING", "PIECE_SYMBOLS", "PIECE_NAMES", "STARTING_FEN", "STARTING_BOARD_FEN", "FILE_NAMES",
                 "RANK_NAMES", "SQUARE_NAMES", "A1", "E4", "H8", "BB_EMPTY", "BB_ALL", "BB_SQUARES",
                 "BB_FILES", "BB_RANKS", "SQUARES_180"]:
        assert list_or_value(getattr(bitmoves, name)) == list_or_value(getattr(chess, name)), name
    assert list(bitmoves.SQUARES) == list(chess.SQUARES)
    assert list(bitmoves.PIECE_TYPES) == list(chess.PIECE_TYPES)
    for sq in chess.SQUARES:
        assert bitmoves.square_name(sq) == chess.square_name(sq)
        assert bitmoves.parse_square(chess.square_name(sq)) == sq
        assert bitmoves.square_file(sq) == chess.square_file(sq)
        assert bitmoves.square_rank(sq) == chess.square_rank(sq)
        assert bitmoves.square_mirror(sq) == chess.square_mirror(sq)
    with pytest.raises(ValueError):
        bitmoves.parse_square("z9")


def list_or_value(value):
    return list(value) if isinstance(value, (list, range, tuple)) else value


def test_move():
    mv = bitmoves.Move.from_uci("e7e8q")
    assert (mv.from_square, mv.to_square, mv.promotion, mv.drop) == (bitmoves.E7, bitmoves.E8, bitmoves.QUEEN, None)
    assert mv == bitmoves.Move(bitmoves.E7, bitmoves.E8, bitmoves.QUEEN)
    assert mv != bitmoves.Move(bitmoves.E7, bitmoves.E8)
    assert hash(mv) == hash(bitmoves.Move.from_uci("e7e8q"))
    assert len({mv, bitmoves.Move.from_uci("e7e8q")}) == 1
    assert repr(mv) == repr(chess.Move.from_uci("e7e8q")) and str(mv) == "e7e8q"
    assert not bitmoves.Move.null() and bitmoves.Move.null().uci() == "0000"
    assert bitmoves.Move.from_uci("0000") == bitmoves.Move.null()
    assert mv != "e7e8q"


def test_piece():
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = bitmoves.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color) == (theirs.piece_type, theirs.color)
        assert ours.symbol() == theirs.symbol() and str(ours) == str(theirs) and repr(ours) == repr(theirs)
        assert ours.unicode_symbol() == theirs.unicode_symbol()
    assert bitmoves.Piece(bitmoves.KING, bitmoves.WHITE) == bitmoves.Board().piece_at(bitmoves.E1)
    assert bitmoves.Board().piece_at(bitmoves.E4) is None
    with pytest.raises(ValueError):
        bitmoves.Piece.from_symbol("x")


def test_copy_equality_and_repr():
    board = bitmoves.Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    clone = board.copy()
    assert clone == board and clone.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == [] and board.copy(stack=1).move_stack == board.move_stack[-1:]
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    clone.push_san("Nc6")
    assert clone != board and len(board.move_stack) == 3
    assert repr(board) == repr(chess.Board(board.fen()))
    assert board != "not a board"
    assert bitmoves.Board(board.fen()) == board  # the stack is not compared


def test_chess960_castling_spelling():
    board = bitmoves.Board.from_chess960_pos(518)
    theirs = chess.Board.from_chess960_pos(518)
    assert board.chess960 and repr(board) == repr(theirs)
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]:
        board.push_san(san)
        theirs.push_san(san)
    castle = board.parse_san("O-O")
    assert castle.uci() == theirs.parse_san("O-O").uci() == "e1h1"
    standard = bitmoves.Board(board.fen())
    assert not standard.chess960 and standard.parse_san("O-O").uci() == "e1g1"
    assert standard.parse_uci("e1h1").uci() == "e1g1"  # both spellings read on a standard board
    standard.push(bitmoves.Move.from_uci("e1h1"))
    assert standard.peek().uci() == "e1g1"


def test_python_chess_interop():
    theirs = chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        theirs.push_san(san)
    ours = bitmoves.Board.from_python_chess(theirs)
    assert ours.fen() == theirs.fen() and [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition() is True
    back = ours.to_python_chess()
    assert isinstance(back, chess.Board) and back.move_stack == theirs.move_stack and back.fen() == theirs.fen()
    fischer = bitmoves.Board.from_python_chess(chess.Board.from_chess960_pos(7))
    assert fischer.chess960 and fischer.to_python_chess().chess960


def test_legal_move_generator_is_live():
    board = bitmoves.Board()
    moves = board.legal_moves
    assert len(moves) == 20 and "LegalMoveGenerator" in repr(moves)
    board.push_san("e4")
    assert len(moves) == 20 and bitmoves.Move.from_uci("e7e5") in moves
    assert bitmoves.Move.from_uci("e2e4") not in moves
    assert "e7e5" not in moves and None not in moves and moves and bool(moves) is True


def test_every_change_of_position_renews_the_kept_legal_moves():
    """A board keeps its legal moves until its position changes, which only
    `PyBoard::set_state` and `PyBoard::update` may do, telling the generator
    (crates/python/src/legal_moves/generator.rs): after every
    mutating method, with the moves listed just before and the generator
    held throughout, the moves, their count, `in` and `push` agree with
    python-chess's."""
    rng = __import__("random").Random(24)
    fens = [chess.STARTING_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2P5/8/8/8/8/5k1p/K7 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"]
    ours, theirs = bitmoves.Board(), chess.Board()
    held = ours.legal_moves

    def agree(step):
        expected = sorted(m.uci() for m in theirs.legal_moves)
        assert sorted(m.uci() for m in held) == expected, step
        assert sorted(m.uci() for m in ours.legal_moves) == expected and len(held) == len(expected), step
        assert all(bitmoves.Move.from_uci(uci) in held for uci in expected), step
        assert bool(held) == bool(expected) and ours.fen() == theirs.fen(), step

    for step in range(600):
        agree(step)
        list(held)  # the moves kept for the position now
        moves = [m.uci() for m in theirs.legal_moves]
        kind = rng.choice(["push", "push", "push_uci", "push_san", "pop", "null", "illegal", "set_fen",
                           "reset", "clear_stack"])
        if kind in ("push", "push_uci", "push_san") and moves:
            move = chess.Move.from_uci(rng.choice(moves))
            if kind == "push":
                ours.push(bitmoves.Move.from_uci(move.uci()))
            elif kind == "push_uci":
                ours.push_uci(move.uci())
            else:
                ours.push_san(theirs.san(move))
            theirs.push(move)
        elif kind == "pop" and theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
        elif kind == "null" and not theirs.is_check():
            ours.push(bitmoves.Move.null())
            theirs.push(chess.Move.null())
        elif kind == "illegal":
            with pytest.raises(ValueError):
                ours.push(bitmoves.Move.from_uci("a1a1" if rng.random() < 0.5 else "h8h1"))
        elif kind == "set_fen":
            fen = rng.choice(fens)
            ours.set_fen(fen)
            theirs.set_fen(fen)
        elif kind == "reset":
            ours.reset()
            theirs.reset()
        elif kind == "clear_stack":
            ours.clear_stack()
            theirs.clear_stack()
        copied, their_copy = ours.copy(), theirs.copy()
        list(copied.legal_moves)
        if theirs.move_stack:  # the copy keeps its own position and moves
            ours.pop()
            theirs.pop()
            assert sorted(m.uci() for m in copied.legal_moves) == sorted(m.uci() for m in their_copy.legal_moves)
            ours.push(copied.peek())
            theirs.push(their_copy.peek())


def test_legal_moves_iterators_in_use_are_never_refilled():
    """A board reuses its iterator only when nothing else holds it
    (crates/python/src/legal_moves/iter.rs): an iteration under way, nested loops over
    the moves of other positions, and kept iterators all see their own
    snapshot."""
    board = bitmoves.Board()
    held = iter(board.legal_moves)
    first = next(held)
    assert list(board.legal_moves)[0] == first and len(list(board.legal_moves)) == 20
    for mv in board.legal_moves:  # nested: each inner list is another position's
        board.push(mv)
        replies = list(board.legal_moves)
        assert len(replies) == 20 and all(r.from_square >= 48 for r in replies)
        board.pop()
    assert [first] + list(held) == list(board.legal_moves)
    kept = [iter(board.legal_moves) for _ in range(3)]
    board.push_san("e4")
    assert len(list(board.legal_moves)) == 20 and bitmoves.Move.from_uci("e7e5") in list(board.legal_moves)
    assert all(next(it) == first for it in kept)


def test_legal_move_generator_type():
    """The generator's type (a C-API type, crates/python/src/legal_moves/generator.rs)
    is exported and documented; `LegalMoveGenerator(board)` gives the board's own."""
    board = bitmoves.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")  # stalemate
    moves = board.legal_moves
    assert type(moves) is bitmoves.LegalMoveGenerator and type(moves).__name__ == "LegalMoveGenerator"
    assert type(moves).__module__ == "bitmoves" and "legal moves" in type(moves).__doc__
    assert len(moves) == 0 and not moves and moves.count() == 0 and list(moves) == []
    assert repr(moves) == f"<LegalMoveGenerator at {id(moves):#x} ()>"  # python-chess's form
    assert "How many" in bitmoves.LegalMoveGenerator.count.__doc__
    with pytest.raises(TypeError):
        bitmoves.LegalMoveGenerator()
    with pytest.raises(TypeError):
        bitmoves.LegalMoveGenerator.count("not a generator")


def test_legal_moves_iterator_is_a_snapshot_and_keeps_counts_right():
    """iter(board.legal_moves) hands out the moves of the position when it
    was made (a push while iterating changes nothing), ends for good, and
    neither leaks nor frees the shared Move objects."""
    import sys

    board = bitmoves.Board()
    it = iter(board.legal_moves)
    assert iter(it) is it
    first = next(it)
    board.push(first)
    rest = list(it)
    assert len(rest) == 19 and first not in rest and list(it) == [] and next(it, None) is None
    board.pop()
    assert [first] + rest == list(board.legal_moves) == [m for m in board.legal_moves]
    assert list(type(it)()) == []
    shared, kind = list(board.legal_moves)[0], type(it)
    counts = sys.getrefcount(shared), sys.getrefcount(kind)
    for _ in range(1000):
        list(board.legal_moves)
        next(iter(board.legal_moves))
    after = sys.getrefcount(shared), sys.getrefcount(kind)
    assert after == counts


def test_docstrings_everywhere():
    for name in ["push", "pop", "fen", "perft", "divide", "outcome", "zobrist_hash", "legal_moves", "san"]:
        assert getattr(bitmoves.Board, name).__doc__, name
    for function in [bitmoves.encode_planes, bitmoves.encode_bitboards, bitmoves.encode_state]:
        assert function.__doc__


def test_stubs_name_what_the_module_has():
    """Every class, method and function in _bitmoves.pyi exists at run time,
    and every public method of Board is in the stub."""
    import ast
    import pathlib

    stub = pathlib.Path(bitmoves.__file__).with_name("_bitmoves.pyi")
    tree = ast.parse(stub.read_text())
    from bitmoves import _bitmoves

    declared = {}  # class name -> what its stub declares, bases' included
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(_bitmoves, node.name)
            names = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            names |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            for name in names:
                assert hasattr(cls, name), f"{node.name}.{name}"
            for base in node.bases:
                names |= declared.get(getattr(base, "id", None), set())
            declared[node.name] = names
            if node.name == "Board":
                public = {n for n in dir(cls) if not n.startswith("_")}
                assert public <= names, public - names
        elif isinstance(node, ast.FunctionDef):
            assert hasattr(_bitmoves, node.name), node.name


def test_listed_moves_are_shared_objects_that_behave_like_fresh_ones():
    """Move lists hand out one shared, immutable object per move; it equals,
    hashes and prints like a `Move` made by hand, as python-chess's do."""
    board = bitmoves.Board()
    first, again = list(board.legal_moves), list(board.legal_moves)
    assert all(a is b for a, b in zip(first, again))
    fresh = bitmoves.Move.from_uci("e2e4")
    listed = next(mv for mv in first if mv == fresh)
    assert listed is not fresh and hash(listed) == hash(fresh) and listed == bitmoves.Move(chess.E2, chess.E4)
    assert (listed.from_square, listed.to_square, listed.promotion, listed.uci(), repr(listed)) == (
        fresh.from_square, fresh.to_square, fresh.promotion, fresh.uci(), repr(fresh))
    counts = {mv: 0 for mv in first}
    counts[fresh] += 1
    assert counts[listed] == 1 and len(counts) == 20 and fresh in set(first)
    promotion = bitmoves.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    promotions = [mv for mv in promotion.legal_moves if mv.promotion]
    assert sorted(mv.uci() for mv in promotions) == ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    assert bitmoves.Move.from_uci("a7a8q") in promotions and bitmoves.Move.from_uci("a7a8") not in promotions


def test_listed_moves_follow_push_pop_copy_and_set_fen():
    """The moves kept for a position are thrown away when it changes: after
    push, pop, set_fen and on a copy, they equal python-chess's."""
    ours, theirs = bitmoves.Board(), chess.Board()
    moves = ours.legal_moves

    def same():
        assert sorted(mv.uci() for mv in moves) == sorted(mv.uci() for mv in theirs.legal_moves)
        assert len(moves) == theirs.legal_moves.count()

    same()
    for uci in ["e2e4", "d7d5", "e4d5", "g8f6"]:
        ours.push(bitmoves.Move.from_uci(uci))
        theirs.push_uci(uci)
        same()
    copy = ours.copy()
    copy.push_uci("d2d4")
    same()
    assert sorted(mv.uci() for mv in copy.legal_moves) != sorted(mv.uci() for mv in moves)
    ours.pop()
    theirs.pop()
    same()
    ours.set_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    theirs.set_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    same()


def test_push_after_listing_checks_as_before():
    """`push` checks a move against the listed moves when it can; the answer
    is the one the board gives unlisted: illegal moves refused, castling
    written as king-takes-rook accepted on a standard board."""
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    for listed in (False, True):
        board = bitmoves.Board(fen)
        if listed:
            list(board.legal_moves)
        with pytest.raises(bitmoves.IllegalMoveError):
            board.push(bitmoves.Move.from_uci("a1a8q"))
        with pytest.raises(bitmoves.IllegalMoveError):
            board.push(bitmoves.Move.from_uci("e1e3"))
        assert board.fen() == fen
        board.push(bitmoves.Move.from_uci("e1h1"))
        assert board.peek().uci() == "e1g1" and board.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"


def test_legal_moves_outlives_its_board_and_boards_are_freed():
    """The generator keeps a copy of its board's position (no reference to
    the board, so no cycle: crates/python/src/legal_moves/generator.rs): one that
    outlives its board lists the board's last position, and boards,
    generators and their kept moves are freed as soon as they go."""
    import gc
    import sys

    moves = bitmoves.Board().legal_moves
    gc.collect()
    assert len(moves) == 20 and moves.count() == 20
    board = bitmoves.Board()
    for uci in ["e2e4", "e7e5", "g1f3"]:
        board.push_uci(uci)
    held = board.legal_moves
    del board
    gc.collect()
    expected = chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
    assert sorted(m.uci() for m in held) == sorted(m.uci() for m in expected.legal_moves)
    assert bitmoves.Move.from_uci("b8c6") in held and len(held) == expected.legal_moves.count()
    assert "Nc6" in repr(held)

    def blocks():
        gc.collect()
        return sys.getallocatedblocks()

    before = blocks()
    for _ in range(2000):
        board = bitmoves.Board()
        assert board.legal_moves is board.legal_moves
        list(board.legal_moves)
        board.push(list(board.legal_moves)[0])
        copied = board.copy()
        assert copied.legal_moves is not board.legal_moves and list(copied.legal_moves)
    del board, copied
    assert blocks() - before < 200 and len(moves) == 20


def test_legal_moves_is_a_read_only_member_of_each_board():
    """`board.legal_moves` is read straight from the board object
    (crates/python/src/board/capi_push.rs): the same object for the board's life,
    following every change of position, and not assignable."""
    board = bitmoves.Board()
    moves = board.legal_moves
    with pytest.raises(AttributeError):
        board.legal_moves = []
    with pytest.raises(AttributeError):
        del board.legal_moves
    for fen in [chess.STARTING_FEN, "8/2P5/8/8/8/8/5k1p/K7 w - - 0 1", None]:
        if fen is None:
            board.reset()
        else:
            board.set_fen(fen)
        board.push(list(board.legal_moves)[-1])
        assert board.legal_moves is moves
        assert sorted(m.uci() for m in moves) == sorted(m.uci() for m in chess.Board(board.fen()).legal_moves)


def test_legal_moves_member_is_each_boards_own_generator():
    """`legal_moves` is an object member read at one offset of the board
    object, measured and checked when the module loads
    (crates/python/src/board/capi_push.rs, `generator_offset`): on boards made
    every way (constructor, Chess960, copy, pickle, PGN, python-chess) it
    is that board's own generator, listing that board's moves."""
    import copy
    import io
    import pickle

    assert type(bitmoves.Board.__dict__["legal_moves"]).__name__ == "member_descriptor"
    start = bitmoves.Board()
    start.push_san("e4")
    game = next(bitmoves.pgn.read_games(io.StringIO("1. d4 d5 2. c4 *")))
    boards = [
        bitmoves.Board(),
        bitmoves.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        bitmoves.Board.from_chess960_pos(0),
        start,
        start.copy(),
        copy.deepcopy(start),
        pickle.loads(pickle.dumps(start)),
        game.board(),
        game.end_board(),
        bitmoves.Board.from_python_chess(chess.Board("8/8/8/8/8/2k5/8/K7 w - - 0 1")),
    ]
    generators = [board.legal_moves for board in boards]
    assert len({id(g) for g in generators}) == len(boards)
    for board, generator in zip(boards, generators):
        assert type(generator) is bitmoves.LegalMoveGenerator
        assert board.legal_moves is generator
        theirs = chess.Board(board.fen(), chess960=board.chess960)
        assert len(generator) == theirs.legal_moves.count()
        assert sorted(m.uci() for m in generator) == sorted(m.uci() for m in theirs.legal_moves)


def test_the_most_legal_moves_are_kept_and_found():
    """The position with the most legal moves known (218): the kept moves
    (written eight at a time per piece, with room for eight more,
    crates/python/src/legal_moves/generate.rs) are python-chess's, a copy made while
    the kept iterator is in use has them all, and every listed move, and
    the same move made anew, is found by `push`."""
    fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    listed = list(ours.legal_moves)
    assert sorted(m.uci() for m in listed) == sorted(m.uci() for m in theirs.legal_moves)
    assert len(listed) == len(ours.legal_moves) == 218
    held = iter(ours.legal_moves)
    next(held)
    assert list(ours.legal_moves) == listed and len(list(held)) == 217
    for mv in listed:
        for pushed in (mv, bitmoves.Move.from_uci(mv.uci())):
            list(ours.legal_moves)
            ours.push(pushed)
            theirs.push(chess.Move.from_uci(mv.uci()))
            assert ours.fen() == theirs.fen()
            ours.pop()
            theirs.pop()
