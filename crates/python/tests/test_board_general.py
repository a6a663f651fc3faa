"""Boards off the core: positions python-chess holds but the core's legal
board does not (no kings, several kings, pawns on the back ranks, the side
not to move in check, odd castling rights and en passant squares), built
by the same edits on bitmoves and python-chess, compared after every push
and pop: FEN, status, legal and pseudo-legal moves, SAN, checks, attacks."""

import random

import chess
import pytest

import bitmoves

PIECES = "PNBRQKpnbrqk"


def both(seed):
    """The same random edited position on a bitmoves and a python-chess
    board, with the random generator that made it."""
    rng = random.Random(seed)
    chess960 = rng.random() < 0.3
    ours, theirs = bitmoves.Board.empty(chess960=chess960), chess.Board.empty(chess960=chess960)
    if rng.random() < 0.5:
        # A real position, then edited.
        fen = chess.Board.from_chess960_pos(rng.randrange(960)).fen() if chess960 else chess.STARTING_FEN
        ours.set_fen(fen)
        theirs.set_fen(fen)
        for _ in range(rng.randrange(8)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(bitmoves.Move.from_uci(move.uci()))
        edits = rng.randrange(4)
    else:
        edits = rng.randrange(2, 24)
    for _ in range(edits):
        square = rng.randrange(64)
        symbol = rng.choice(PIECES + "..")
        if symbol == ".":
            ours.remove_piece_at(square)
            theirs.remove_piece_at(square)
        else:
            ours.set_piece_at(square, bitmoves.Piece.from_symbol(symbol))
            theirs.set_piece_at(square, chess.Piece.from_symbol(symbol))
    if rng.random() < 0.5:
        turn = rng.random() < 0.5
        ours.turn = theirs.turn = turn
    if rng.random() < 0.5:
        rights = 0
        for square in list(range(8)) + list(range(56, 64)):
            if rng.random() < 0.3:
                rights |= 1 << square
        if rng.random() < 0.3:
            rights = theirs.rooks
        # Not on a king: with moves pushed python-chess trusts the rights
        # and would castle the king onto its own square, `Move(e8, e8)`,
        # which bitmoves' `Move` (null when from equals to) cannot hold.
        rights &= ~theirs.kings
        ours.castling_rights = theirs.castling_rights = rights
    if rng.random() < 0.4:
        ep = rng.choice([rng.randrange(64), rng.randrange(16, 24), rng.randrange(40, 48)])
        ours.ep_square = theirs.ep_square = ep
    return rng, ours, theirs


def parsed(board, san):
    """What parse_san makes of the text: the move's UCI, or the error."""
    try:
        return board.parse_san(san).uci()
    except ValueError as error:
        return type(error).__name__


def uci_set(moves):
    return {m.uci() for m in moves}


def agree(ours, theirs):
    """Everything the position answers, compared."""
    where = theirs.fen(en_passant="fen") + f" chess960={theirs.chess960} stack={len(theirs.move_stack)}"
    assert ours.fen() == theirs.fen(), where
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), where
    assert ours.fen(en_passant="xfen") == theirs.fen(en_passant="xfen"), where
    assert ours.shredder_fen() == theirs.shredder_fen(), where
    assert ours.board_fen() == theirs.board_fen(), where
    assert int(ours.status()) == int(theirs.status()), where
    assert ours.is_valid() == theirs.is_valid(), where
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), where
    assert ours.castling_rights == theirs.castling_rights, where
    assert ours.ep_square == theirs.ep_square, where
    assert ours.turn == theirs.turn, where
    assert (ours.halfmove_clock, ours.fullmove_number) == (theirs.halfmove_clock, theirs.fullmove_number)
    legal = uci_set(theirs.legal_moves)
    assert uci_set(ours.legal_moves) == legal, where
    assert len(ours.legal_moves) == len(legal), where
    assert uci_set(ours.generate_legal_moves()) == legal, where
    assert uci_set(ours.pseudo_legal_moves) == uci_set(theirs.pseudo_legal_moves), where
    assert uci_set(ours.generate_legal_captures()) == uci_set(theirs.generate_legal_captures()), where
    assert uci_set(ours.generate_castling_moves()) == uci_set(theirs.generate_castling_moves()), where
    assert uci_set(ours.generate_legal_ep()) == uci_set(theirs.generate_legal_ep()), where
    assert ours.is_check() == theirs.is_check(), where
    assert int(ours.checkers()) == int(theirs.checkers()), where
    assert ours.was_into_check() == theirs.was_into_check(), where
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), where
    assert ours.is_checkmate() == theirs.is_checkmate(), where
    assert ours.is_stalemate() == theirs.is_stalemate(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    assert ours.result() == theirs.result(), where
    for color in (True, False):
        assert ours.king(color) == theirs.king(color), where
    for square in range(64):
        assert ours.attacks_mask(square) == theirs.attacks_mask(square), where
        for color in (True, False):
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square), where
            assert ours.pin_mask(color, square) == theirs.pin_mask(color, square), where
    for move in theirs.legal_moves:
        ours_move = bitmoves.Move.from_uci(move.uci())
        san = theirs.san(move)
        assert ours.san(ours_move) == san, (where, move)
        assert parsed(ours, san) == parsed(theirs, san), (where, san)
        assert ours.is_legal(ours_move) and ours.is_pseudo_legal(ours_move), (where, move)
        assert ours.is_capture(ours_move) == theirs.is_capture(move), (where, move)
        assert ours.gives_check(ours_move) == theirs.gives_check(move), (where, move)
        assert ours.is_irreversible(ours_move) == theirs.is_irreversible(move), (where, move)
        assert ours.uci(ours_move) == theirs.uci(move), (where, move)
    for move in theirs.pseudo_legal_moves:
        ours_move = bitmoves.Move.from_uci(move.uci())
        assert ours.is_legal(ours_move) == theirs.is_legal(move), (where, move)
        assert ours.is_into_check(ours_move) == theirs.is_into_check(move), (where, move)


@pytest.mark.parametrize("seed", range(120))
def test_edited_positions_agree_after_every_push_and_pop(seed):
    rng, ours, theirs = both(seed)
    agree(ours, theirs)
    pushed = 0
    for _ in range(6):
        pseudo = list(theirs.pseudo_legal_moves)
        legal = list(theirs.legal_moves)
        pool = legal if legal and rng.random() < 0.7 else pseudo
        if not pool:
            break
        move = rng.choice(pool)
        theirs.push(move)
        ours.push(bitmoves.Move.from_uci(move.uci()))
        pushed += 1
        assert ours.peek() == bitmoves.Move.from_uci(theirs.peek().uci())
        agree(ours, theirs)
    for _ in range(pushed):
        assert ours.pop().uci() == theirs.pop().uci()
        agree(ours, theirs)


@pytest.mark.parametrize("fen", [
    # A damaged field with too many fields: python-chess names the field.
    'rnbqkbnr/pppp1ppp/8/4p3/8/7P/PPPPPPP1/RNBQKBNR w KQkq - 0 Ke5 "1',
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
    "",
])
def test_fen_errors_say_what_python_chess_says(fen):
    """A FEN python-chess refuses is refused with its ValueError and its
    message, fields checked in its order (regression: a FEN with too many
    fields and a damaged one was reported by its count)."""
    with pytest.raises(ValueError) as theirs:
        chess.Board(fen)
    with pytest.raises(ValueError) as ours:
        bitmoves.Board(fen)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize(
    ("fen", "ep_square"),
    [
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", chess.H1),  # white in check, an en passant square on rank 1
        ("4k2R/8/8/8/8/8/8/4K3 b - - 0 1", chess.A8),  # black in check, one on rank 8
    ],
)
def test_check_evasions_with_an_edited_en_passant_square_on_the_back_rank(fen, ep_square):
    """python-chess's evasions compute `ep_square - 8` (or `+ 8`) and compare
    it with the checker: off the board here, so no en passant; bitmoves
    computed it in an unsigned byte (a panic in a build with overflow
    checks, the dev profile)."""
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    ours.ep_square = theirs.ep_square = ep_square
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)


@pytest.mark.parametrize("seed", range(40))
def test_one_move_questions_agree_on_edited_positions(seed):
    """For every move from a square of the side to move (with and without a
    queen promotion) on an edited position, `is_pseudo_legal`, `is_legal`,
    `is_irreversible`, `is_capture`, `is_castling` and `is_zeroing` answer
    as python-chess does; a null move pushed and popped leaves the same
    position (castling rights kept, clocks advanced)."""
    _, ours, theirs = both(seed + 1000)
    for source in chess.SquareSet(theirs.occupied_co[theirs.turn]):
        for target in range(64):
            if source == target:
                continue
            for promotion in (None, chess.QUEEN):
                move = chess.Move(source, target, promotion)
                mine = bitmoves.Move(source, target, promotion)
                where = f"{theirs.fen(en_passant='fen')} {move.uci()}"
                assert ours.is_pseudo_legal(mine) == theirs.is_pseudo_legal(move), where
                assert ours.is_legal(mine) == theirs.is_legal(move), where
                if theirs.is_pseudo_legal(move):
                    assert ours.is_irreversible(mine) == theirs.is_irreversible(move), where
                    assert ours.is_capture(mine) == theirs.is_capture(move), where
                    assert ours.is_castling(mine) == theirs.is_castling(move), where
                    assert ours.is_zeroing(mine) == theirs.is_zeroing(move), where
    ours.push(bitmoves.Move.null())
    theirs.push(chess.Move.null())
    agree(ours, theirs)
    ours.pop()
    theirs.pop()
    agree(ours, theirs)
