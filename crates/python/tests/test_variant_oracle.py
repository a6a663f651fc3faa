"""bitmoves.variant against python-chess's chess.variant on seeded random
games in every variant: at each position the legal moves (as sets), the SAN
of each, the FEN, the game's end (outcome, is_variant_end/win/loss/draw,
checkmate, stalemate, insufficient material) agree; the game is then popped
back to its start, the FEN agreeing at every step.

python-chess is imported as itself (this process never calls
install_as_chess()), so its boards are the oracle.
"""

import random

import chess
import chess.variant
import pytest

import bitmoves
import bitmoves.variant

VARIANTS = [
    "SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
    "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhouseBoard",
]
GAMES = 3
PLIES = 120


def outcome(board):
    found = board.outcome()
    return None if found is None else (found.termination.name, found.winner)


def same_position(ours, theirs):
    assert ours.fen() == theirs.fen()
    assert ours.epd() == theirs.epd()
    assert ours.is_check() == theirs.is_check()
    assert ours.is_variant_end() == theirs.is_variant_end()
    assert ours.is_variant_win() == theirs.is_variant_win()
    assert ours.is_variant_loss() == theirs.is_variant_loss()
    assert ours.is_variant_draw() == theirs.is_variant_draw()
    assert ours.is_checkmate() == theirs.is_checkmate()
    assert ours.is_stalemate() == theirs.is_stalemate()
    assert ours.is_insufficient_material() == theirs.is_insufficient_material()
    assert outcome(ours) == outcome(theirs)
    assert ours.result() == theirs.result()


@pytest.mark.parametrize("seed", range(GAMES))
@pytest.mark.parametrize("name", VARIANTS)
def test_random_games_agree_with_python_chess(name, seed):
    rng = random.Random(f"{name}/{seed}")
    ours = getattr(bitmoves.variant, name)()
    theirs = getattr(chess.variant, name)()
    assert type(ours).uci_variant == type(theirs).uci_variant
    assert ours.fen() == theirs.fen() == type(ours).starting_fen
    fens = []
    for _ in range(PLIES):
        same_position(ours, theirs)
        moves = {mv.uci(): mv for mv in theirs.legal_moves}
        assert {mv.uci() for mv in ours.legal_moves} == set(moves)
        assert ours.legal_moves.count() == len(moves)
        for uci, mv in moves.items():
            san = theirs.san(mv)
            assert ours.san(bitmoves.Move.from_uci(uci)) == san, (theirs.fen(), uci)
            assert ours.parse_san(san).uci() == uci
        if not moves:
            break
        uci = sorted(moves)[rng.randrange(len(moves))]
        fens.append(theirs.fen())
        ours.push(bitmoves.Move.from_uci(uci))
        theirs.push(moves[uci])
    same_position(ours, theirs)
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen() == fens.pop()
    assert not ours.move_stack


@pytest.mark.parametrize("name", VARIANTS)
def test_names_and_class_attributes_are_python_chess(name):
    ours, theirs = getattr(bitmoves.variant, name), getattr(chess.variant, name)
    for attribute in ("aliases", "uci_variant", "xboard_variant", "starting_fen", "tbw_suffix", "tbz_suffix",
                      "tbw_magic", "tbz_magic", "pawnless_tbw_suffix", "pawnless_tbz_suffix",
                      "connected_kings", "one_king", "captures_compulsory"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert issubclass(ours, bitmoves.Board)
    for alias in theirs.aliases:
        assert bitmoves.variant.find_variant(alias.upper()) is ours or theirs.aliases == ours.aliases


def test_find_variant_and_variants():
    assert [cls.__name__ for cls in bitmoves.variant.VARIANTS] == [cls.__name__ for cls in chess.variant.VARIANTS]
    assert bitmoves.variant.find_variant("standard") is bitmoves.Board
    assert bitmoves.variant.find_variant("koth") is bitmoves.variant.KingOfTheHillBoard
    with pytest.raises(ValueError, match="unsupported variant: Bughouse"):
        bitmoves.variant.find_variant("Bughouse")
