"""Regression tests for what a bitmoves Board does as python-chess's does:
empty and edited boards, assignable fields, FEN reading, SAN and UCI
corner cases, pushes python-chess allows, BaseBoard, the move views and
subclasses. Each is checked against python-chess side by side."""

import chess
import pytest

import bitmoves


def same(call):
    """`call(module)` gives the same on both libraries (the value's repr,
    or the exception's type)."""
    results = []
    for module in (chess, bitmoves):
        try:
            results.append(("ok", repr(call(module))))
        except Exception as error:  # noqa: BLE001 - the type is compared
            results.append(("error", type(error).__name__))
    assert results[0] == results[1]
    return results[1]


def test_empty_boards():
    assert bitmoves.Board.empty().fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert bitmoves.Board(None) == bitmoves.Board.empty()
    assert bitmoves.Board.empty(chess960=True).chess960
    board = bitmoves.Board()
    board.clear()
    assert board.fen() == chess.Board.empty().fen() and board.status() == chess.Board.empty().status()
    assert list(board.legal_moves) == [] and not board.is_valid()


def test_edits_and_fields_as_python_chess():
    for module in (chess, bitmoves):
        board = module.Board()
        board.remove_piece_at(module.E2)
        board.set_piece_at(module.E4, module.Piece.from_symbol("r"))
        board.set_piece_at(module.H7, module.Piece.from_symbol("Q"), promoted=True)
        assert board.promoted == 1 << module.H7
        board.set_piece_at(module.H7, None)
        assert board.promoted == 0
        board.turn = module.BLACK
        board.castling_rights = board.rooks
        board.ep_square = module.E3
        board.halfmove_clock = 70_000
        board.fullmove_number = 100_000
    ours, theirs = bitmoves.Board(), chess.Board()
    for board, module in ((ours, bitmoves), (theirs, chess)):
        board.set_board_fen("k6K/8/8/pppppppp/8/8/8/QqQq4")
        board.push_san("Qxc5")
    assert ours.fen() == theirs.fen() == "k6K/8/8/ppQppppp/8/8/8/Qq1q4 b - - 0 1"
    for attribute in ["pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied", "promoted"]:
        assert getattr(ours, attribute) == getattr(theirs, attribute)
    assert ours.occupied_co == theirs.occupied_co


def test_fens_python_chess_reads():
    for fen in ["8/8/8/pP6/8/8/8/8 w - a6 0 1", "1r6/8/8/pP6/8/8/8/1K6 w - a6 0 1",
                "4k3/8/8/8/8/8/8/4K3 w - - 70000 100000", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 b",
                "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1", "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1",
                "K7/8/8/8/8/8/8/K6k w - - 0 1", "P6k/8/8/8/8/8/8/K7 b - - 0 1", "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1"]:
        for chess960 in (False, True):
            ours, theirs = bitmoves.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
            assert ours.fen() == theirs.fen() and ours.status() == theirs.status()
            assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}


def test_san_and_uci_corner_cases():
    same(lambda c: c.Board().parse_san("g1f3"))
    same(lambda c: c.Board().parse_san("Nxf3"))
    assert same(lambda c: c.Board().parse_san("Nf3!"))[0] == "error"
    assert same(lambda c: c.Board("8/P7/8/8/8/8/8/k6K w - - 0 1").parse_san("a8=K")) == ("error", "IllegalMoveError")
    assert same(lambda c: c.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True).parse_uci("e1c1")) == (
        "ok", "Move.from_uci('e1a1')")
    same(lambda c: c.Board().is_zeroing(c.Move.null()))
    same(lambda c: c.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").uci(c.Move.from_uci("e1g1"), chess960=True))
    same(lambda c: c.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True).uci(c.Move.from_uci("e1a1"),
                                                                                    chess960=False))
    with pytest.raises(TypeError) as error:
        bitmoves.Board().san("e2e4")
    assert "r#" not in str(error.value)


def test_push_takes_pseudo_legal_moves_and_odd_positions():
    fen = "4kb1r/3b1ppp/8/1r2pNB1/6P1/pP2QP2/P6P/4R1K1 w k - 0 27"
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    for board in (ours, theirs):
        board.push_san("Re2")
    for move in theirs.pseudo_legal_moves:
        theirs.push(move)
        ours.push(bitmoves.Move.from_uci(move.uci()))
        assert ours.fen() == theirs.fen() and ours.status() == theirs.status()
        assert ours.pop().uci() == theirs.pop().uci()
    # A null move in check, then play on.
    ours, theirs = bitmoves.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1"), chess.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    for board, module in ((ours, bitmoves), (theirs, chess)):
        board.push(module.Move.null())
    assert ours.fen() == theirs.fen() and ours.was_into_check() and int(ours.status()) == int(theirs.status())
    assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}


def test_generate_with_masks():
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    assert not any(ours.generate_castling_moves(chess.BB_ALL & ~ours.kings))
    assert len(list(ours.generate_castling_moves(chess.BB_ALL, chess.BB_ALL & ~chess.BB_H1))) == 1
    for from_mask, to_mask in [(chess.BB_RANK_2, chess.BB_ALL), (chess.BB_ALL, chess.BB_RANK_4), (1 << 4, ~0)]:
        for name in ["generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures"]:
            a = {m.uci() for m in getattr(ours, name)(from_mask, to_mask)}
            b = {m.uci() for m in getattr(theirs, name)(from_mask, to_mask)}
            assert a == b, name


def test_move_views():
    board = bitmoves.Board("r1bqkb1r/pp1npppp/2pN1n2/8/3P4/8/PPP1QPPP/R1B1KBNR b KQkq - 4 6")
    assert not board.legal_moves and board.pseudo_legal_moves
    assert bitmoves.LegalMoveGenerator(board) is board.legal_moves
    view = bitmoves.PseudoLegalMoveGenerator(board)
    assert view.count() == len(list(chess.Board(board.fen()).pseudo_legal_moves))
    assert bitmoves.Move.from_uci("e8d7") not in view

    class MockBoard:
        def __init__(self):
            self.traversals = 0

        def generate_legal_moves(self):
            self.traversals += 1
            return iter(())

    mock = MockBoard()
    assert list(bitmoves.LegalMoveGenerator(mock)) == [] and mock.traversals == 1
    text = repr(bitmoves.Board("r3k1nr/ppq1pp1p/2p3p1/8/1PPR4/2N5/P3QPPP/5RK1 b kq b3 0 16").pseudo_legal_moves)
    assert "Qxh2+" in text and "e8d7" in text


def test_base_board():
    a, b = bitmoves.BaseBoard.empty(), bitmoves.BaseBoard()
    a.set_piece_map(b.piece_map())
    assert a == b and a.board_fen() == chess.STARTING_BOARD_FEN
    a.set_piece_map({})
    assert a != b and a.board_fen() == "8/8/8/8/8/8/8/8"
    assert isinstance(bitmoves.Board(), bitmoves.BaseBoard)
    ours, theirs = bitmoves.BaseBoard("4k3/8/8/1b6/8/8/3R4/4K3"), chess.BaseBoard("4k3/8/8/1b6/8/8/3R4/4K3")
    for square in range(64):
        assert ours.pin_mask(chess.WHITE, square) == theirs.pin_mask(chess.WHITE, square)
        assert ours.attacks_mask(square) == theirs.attacks_mask(square)
        assert ours.attackers_mask(chess.BLACK, square) == theirs.attackers_mask(chess.BLACK, square)
    assert ours.king(chess.WHITE) == chess.E1 and str(ours) == str(theirs)


def test_status_chess960_pos_and_clean_castling_rights():
    board = bitmoves.Board("1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1")
    assert board.status() == chess.STATUS_BAD_CASTLING_RIGHTS
    board = bitmoves.Board("rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w - - 0 1", chess960=True)
    board.castling_rights = board.rooks
    assert board.clean_castling_rights() & chess.BB_A1
    assert board.fen() == "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1"
    for number in (0, 631, 518, 959):
        board.set_chess960_pos(number)
        assert board.chess960_pos() == number
        assert board.fen() == chess.Board.from_chess960_pos(number).fen()


def test_subclasses_and_copies():
    class MyBoard(bitmoves.Board):
        def __init__(self, fen=bitmoves.STARTING_FEN, *, chess960=False, note="x"):
            super().__init__(fen, chess960=chess960)
            self.note = note

    board = MyBoard("8/8/8/8/8/8/8/K6k w - - 0 1", note="y")
    assert board.fen() == "8/8/8/8/8/8/8/K6k w - - 0 1" and board.note == "y"
    assert type(board.copy()) is MyBoard and board.copy().fen() == board.fen()
    assert repr(board).startswith("MyBoard(")
    assert type(board.legal_moves) is bitmoves.LegalMoveGenerator

    class OwnMoves(bitmoves.Board):
        def generate_legal_moves(self, from_mask=chess.BB_ALL, to_mask=chess.BB_ALL):
            return iter([bitmoves.Move.from_uci("e2e4")])

    # A subclass that generates its own moves lists them as legal_moves.
    assert [m.uci() for m in OwnMoves().legal_moves] == ["e2e4"]


def test_new_methods_refuse_bad_input_without_panics():
    """Bad arguments to the editing and generating methods raise
    python-chess's exceptions (IndexError, ValueError, TypeError), never a
    PanicException; a panic would be a BaseException, not one of these."""
    board = bitmoves.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    calls = [
        lambda v: board.set_piece_at(v, bitmoves.Piece.from_symbol("Q")),
        lambda v: board.remove_piece_at(v),
        lambda v: board.attacks(v),
        lambda v: board.pin(True, v),
        lambda v: board.attackers_mask(False, v),
        lambda v: setattr(board, "ep_square", v),
        lambda v: setattr(board, "halfmove_clock", v),
        lambda v: setattr(board, "castling_rights", v),
        lambda v: list(board.generate_legal_moves(v)),
        lambda v: list(board.generate_pseudo_legal_moves(chess.BB_ALL, v)),
        lambda v: board.set_piece_map({v: bitmoves.Piece.from_symbol("K")}),
        lambda v: board.set_board_fen(v),
        lambda v: board.set_castling_fen(v),
        lambda v: board.set_chess960_pos(v),
        lambda v: bitmoves.BaseBoard(v),
        lambda v: bitmoves.BaseBoard().pin_mask(True, v),
    ]
    for call in calls:
        for bad in [-1, 64, 1 << 70, -(1 << 70), "e4", None, 2.5, "8/8/8"]:
            try:
                call(bad)
            except (IndexError, ValueError, TypeError, OverflowError):
                pass
    board.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert board.is_valid()
