"""bitmoves against python-chess, method by method, on random standard,
Chess960 and edited positions: after every push and after every pop, every
read-only method of the board gives what python-chess's gives.

Edited positions are built by the same random edits on both boards
(`set_piece_at`, `remove_piece_at`, assigning `turn`, `castling_rights` and
`ep_square`), so they include positions python-chess holds that are not
legal: no king, several kings, pawns on the back rank, the side not to move
in check.
"""

import random

import chess
import chess.polyglot
import pytest

import bitmoves
from conftest import start_boards


def plain(value):
    """A value both packages' results compare as: moves as UCI, pieces as
    symbols, square sets and bitboards as ints, containers element-wise."""
    if isinstance(value, (chess.Move, bitmoves.Move)):
        return ("move", value.uci())
    if isinstance(value, (chess.Piece, bitmoves.Piece)):
        return ("piece", value.symbol())
    if isinstance(value, (chess.SquareSet, bitmoves.SquareSet)):
        return int(value)
    if isinstance(value, (chess.Outcome, bitmoves.Outcome)):
        return ("outcome", value.termination.name, value.winner)
    if isinstance(value, dict):
        return sorted((plain(k), plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    return value


# name -> the question, asked of a board `b` of module `m`.
QUESTIONS = {
    "fen": lambda m, b: b.fen(),
    "fen(en_passant=fen)": lambda m, b: b.fen(en_passant="fen"),
    "shredder_fen": lambda m, b: b.fen(shredder=True),
    "board_fen": lambda m, b: b.board_fen(),
    "epd": lambda m, b: b.epd(),
    "turn": lambda m, b: b.turn,
    "castling_rights": lambda m, b: b.castling_rights,
    "clean_castling_rights": lambda m, b: b.clean_castling_rights(),
    "ep_square": lambda m, b: b.ep_square,
    "clocks": lambda m, b: (b.halfmove_clock, b.fullmove_number),
    "bitboards": lambda m, b: (b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings,
                               b.occupied, b.occupied_co[0], b.occupied_co[1]),
    "status": lambda m, b: int(b.status()),
    "is_valid": lambda m, b: b.is_valid(),
    "is_check": lambda m, b: b.is_check(),
    "checkers": lambda m, b: b.checkers(),
    "is_checkmate": lambda m, b: b.is_checkmate(),
    "is_stalemate": lambda m, b: b.is_stalemate(),
    "is_insufficient_material": lambda m, b: b.is_insufficient_material(),
    "is_game_over": lambda m, b: b.is_game_over(),
    "outcome": lambda m, b: b.outcome(),
    "can_claim_draw": lambda m, b: b.can_claim_draw(),
    "is_repetition": lambda m, b: b.is_repetition(2),
    "legal_moves": lambda m, b: sorted(move.uci() for move in b.legal_moves),
    "legal_moves.count()": lambda m, b: b.legal_moves.count(),
    "pseudo_legal_moves": lambda m, b: sorted(move.uci() for move in b.pseudo_legal_moves),
    "piece_map": lambda m, b: b.piece_map(),
    "attacks": lambda m, b: [b.attacks(square) for square in m.SQUARES],
    "attackers": lambda m, b: [(b.attackers(m.WHITE, sq), b.attackers(m.BLACK, sq)) for sq in m.SQUARES],
    "pins": lambda m, b: [b.pin(b.color_at(sq), sq) for sq in m.SQUARES if b.color_at(sq) is not None],
    "king": lambda m, b: (b.king(m.WHITE), b.king(m.BLACK)),
    "castling helpers": lambda m, b: [(b.has_castling_rights(c), b.has_kingside_castling_rights(c),
                                       b.has_queenside_castling_rights(c)) for c in m.COLORS],
    "has_legal_en_passant": lambda m, b: b.has_legal_en_passant(),
    "mirror": lambda m, b: b.mirror().fen(),
    "flip_horizontal": lambda m, b: b.transform(m.flip_horizontal).fen(),
    "str": lambda m, b: str(b),
    "unicode": lambda m, b: b.unicode(borders=True),
    "ply": lambda m, b: b.ply(),
    "root": lambda m, b: b.root().fen(),
    "moves": lambda m, b: [
        (b.san(move), b.lan(move), b.uci(move), b.xboard(move), b.is_capture(move), b.is_en_passant(move),
         b.is_castling(move), b.gives_check(move), b.is_zeroing(move), b.is_irreversible(move))
        for move in sorted(b.legal_moves, key=lambda move: move.uci())
    ],
}


def check(ours, theirs, where):
    """Asks every question of both boards; fails naming the first that differs."""
    for name, question in QUESTIONS.items():
        expected = plain(question(chess, theirs))
        got = plain(question(bitmoves, ours))
        assert got == expected, f"{name} differs at {where} ({theirs.fen()}):\n  bitmoves: {got}\n  python-chess: {expected}"
    if theirs.is_valid():
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs), where


def edit(rng, boards):
    """One random edit, made on both boards."""
    kind = rng.randrange(6)
    square = rng.randrange(64)
    piece_type, color = rng.randrange(1, 7), rng.random() < 0.5
    for board, m in boards:
        if kind <= 1:
            board.set_piece_at(square, m.Piece(piece_type, color))
        elif kind == 2:
            board.remove_piece_at(square)
        elif kind == 3:
            board.turn = not board.turn
        elif kind == 4:
            board.castling_rights = CORNER_SUBSETS[square % len(CORNER_SUBSETS)]
        else:
            board.ep_square = [None, 16 + square % 8, 40 + square % 8][square % 3]


CORNER_SUBSETS = [0, 1 | 128, 1 << 56 | 1 << 63, 1 | 128 | 1 << 56 | 1 << 63, 1 << 7]


def walk(rng, ours, theirs, plies, label):
    """Random legal moves on both boards, checked after every push, then
    popped one by one, checked after every pop."""
    check(ours, theirs, f"{label}, start")
    pushed = 0
    for ply in range(plies):
        moves = sorted(theirs.legal_moves, key=lambda move: move.uci())
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        theirs.push(move)
        ours.push(bitmoves.Move.from_uci(move.uci()))
        pushed += 1
        check(ours, theirs, f"{label}, after push {ply + 1} ({move.uci()})")
    for ply in range(pushed):
        assert ours.pop().uci() == theirs.pop().uci()
        check(ours, theirs, f"{label}, after pop {ply + 1}")


@pytest.mark.parametrize("seed", range(6))
def test_random_games(seed, chess960):
    """Standard and Chess960 games from their start positions."""
    rng = random.Random(seed)
    ours, theirs = start_boards(rng, chess960)
    walk(rng, ours, theirs, 60, f"seed {seed}")


@pytest.mark.parametrize("seed", range(40))
def test_edited_positions(seed):
    """Positions made by random edits of a random game's position: legal
    or not, both packages agree on every question, and on the games played
    from them."""
    rng = random.Random(1000 + seed)
    ours, theirs = bitmoves.Board(), chess.Board()
    for _ in range(rng.randrange(30)):
        move = rng.choice(sorted(theirs.legal_moves, key=lambda move: move.uci()) or [None])
        if move is None:
            break
        theirs.push(move)
        ours.push(bitmoves.Move.from_uci(move.uci()))
    ours, theirs = bitmoves.Board(ours.fen()), chess.Board(theirs.fen())
    for _ in range(1 + rng.randrange(6)):
        edit(rng, [(ours, bitmoves), (theirs, chess)])
    walk(rng, ours, theirs, 12, f"edited {seed}")
