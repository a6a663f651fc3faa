"""bitmoves.SquareSet against python-chess's SquareSet, side by side: the
constructor, every method and operator, on random sets with random
operations, and the errors python-chess raises."""

import copy
import pickle
import random

import chess
import pytest

import bitmoves

BB_ALL = (1 << 64) - 1


def outcome(f, *args):
    """What `f(*args)` gives, in terms comparable between the libraries:
    a SquareSet as ("set", mask), an iterator as a list, an exception as
    its python-chess type's name."""
    try:
        value = f(*args)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        for kind in (KeyError, IndexError, TypeError, ValueError):
            if isinstance(error, kind):
                return ("raises", kind.__name__)
    if isinstance(value, (chess.SquareSet, bitmoves.SquareSet)):
        return ("set", value.mask)
    if hasattr(value, "__next__"):
        return ("iter", list(value))
    return ("value", value)


def random_mask(rng):
    kind = rng.randrange(4)
    if kind == 0:
        return rng.getrandbits(64)
    if kind == 1:
        return rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
    if kind == 2:
        return 1 << rng.randrange(64)
    return rng.choice([0, BB_ALL, chess.BB_RANK_1, chess.BB_FILE_E, chess.BB_LIGHT_SQUARES])


def random_operand(rng, module):
    """Something python-chess takes for a set of squares (or, rarely, an
    invalid one), built for `module` (chess or bitmoves)."""
    mask = random_mask(rng)
    kind = rng.randrange(9)
    if kind == 0:
        return module.SquareSet(mask)
    if kind == 1:
        return list(chess.SquareSet(mask))
    if kind == 2:
        return tuple(chess.SquareSet(mask))
    if kind == 3:
        return iter(list(chess.SquareSet(mask)))
    if kind == 4:
        return mask - (1 << 64) if mask >> 63 else -mask  # negative ints: their low 64 bits
    if kind == 5:
        return mask | (rng.getrandbits(8) << 64)  # beyond 64 bits
    if kind == 6:
        return [rng.choice([-64, -1, 63, 64, 100, -65])]  # list indices, some out of range
    if kind == 7:
        return rng.choice([None, "e4", [1.5], 2.5, True])
    return mask


# Operations: name -> function of (set, operand); each is applied to both
# libraries' sets, which it may change.
OPERATIONS = {
    "|": lambda s, o: s | o,
    "&": lambda s, o: s & o,
    "^": lambda s, o: s ^ o,
    "-": lambda s, o: s - o,
    "|=": lambda s, o: s.__ior__(o),
    "&=": lambda s, o: s.__iand__(o),
    "^=": lambda s, o: s.__ixor__(o),
    "-=": lambda s, o: s.__isub__(o),
    "==": lambda s, o: s == o,
    "!=": lambda s, o: s != o,
    "union": lambda s, o: s.union(o),
    "intersection": lambda s, o: s.intersection(o),
    "difference": lambda s, o: s.difference(o),
    "symmetric_difference": lambda s, o: s.symmetric_difference(o),
    "update": lambda s, o: s.update(o),
    "intersection_update": lambda s, o: s.intersection_update(o),
    "difference_update": lambda s, o: s.difference_update(o),
    "symmetric_difference_update": lambda s, o: s.symmetric_difference_update(o),
    "isdisjoint": lambda s, o: s.isdisjoint(o),
    "issubset": lambda s, o: s.issubset(o),
    "issuperset": lambda s, o: s.issuperset(o),
}

SQUARE_OPERATIONS = {
    "add": lambda s, sq: s.add(sq),
    "discard": lambda s, sq: s.discard(sq),
    "remove": lambda s, sq: s.remove(sq),
    "in": lambda s, sq: sq in s,
}

UNARY_OPERATIONS = {
    "~": lambda s: ~s,
    "pop": lambda s: s.pop(),
    "clear": lambda s: s.clear(),
    "copy": lambda s: s.copy(),
    "mirror": lambda s: s.mirror(),
    "tolist": lambda s: s.tolist(),
    "list": lambda s: list(s),
    "reversed": lambda s: list(reversed(s)),
    "len": lambda s: len(s),
    "bool": lambda s: bool(s),
    "int": lambda s: int(s),
    "index": lambda s: s.__index__(),
    "repr": lambda s: repr(s),
    "str": lambda s: str(s),
    "<<": lambda s: s << 3,
    ">>": lambda s: s >> 9,
    "<<=": lambda s: s.__ilshift__(1),
    ">>=": lambda s: s.__irshift__(8),
    "<< 64": lambda s: s << 64,
    "<< 1000": lambda s: s << 1000,
    ">> 64": lambda s: s >> 64,
    "<< -1": lambda s: s << -1,
    ">>= -1": lambda s: s.__irshift__(-1),
}


class Derived(bitmoves.SquareSet):
    """A subclass: its objects take the PyO3 class's paths where the
    SquareSet type's own slots take only its own objects."""


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("make", [bitmoves.SquareSet, Derived])
def test_random_operations_match_python_chess(seed, make):
    rng = random.Random(seed)
    for _ in range(200):
        mask = random_mask(rng)
        ours, theirs = make(mask), chess.SquareSet(mask)
        for _ in range(12):
            kind = rng.randrange(3)
            if kind == 0:
                name = rng.choice(sorted(OPERATIONS))
                state = rng.getstate()
                operand_ours = random_operand(rng, bitmoves)
                rng.setstate(state)
                operand_theirs = random_operand(rng, chess)
                got = outcome(OPERATIONS[name], ours, operand_ours)
                want = outcome(OPERATIONS[name], theirs, operand_theirs)
            elif kind == 1:
                name = rng.choice(sorted(SQUARE_OPERATIONS))
                square = rng.choice([rng.randrange(64), rng.randrange(-64, 0), 64, -65, 2**70, 1.0, "a1", None])
                got = outcome(SQUARE_OPERATIONS[name], ours, square)
                want = outcome(SQUARE_OPERATIONS[name], theirs, square)
            else:
                name = rng.choice(sorted(UNARY_OPERATIONS))
                got = outcome(UNARY_OPERATIONS[name], ours)
                want = outcome(UNARY_OPERATIONS[name], theirs)
            assert got == want, (name, hex(mask))
            assert ours.mask == theirs.mask, (name, hex(mask))


@pytest.mark.parametrize(
    "squares",
    [0, 1, BB_ALL, -1, -2, 2**64, 2**64 + 5, 2**100 - 1, -(2**70), True, False, 3.9, -2.5,
     [], [0, 63], (5, 5, 6), {1, 2}, range(10), [-1, -64], iter([3, 4]), chess.SquareSet(7),
     bitmoves.SquareSet(9), [True]],
)
def test_constructor_takes_what_python_chess_takes(squares):
    theirs = chess.SquareSet(squares if not isinstance(squares, bitmoves.SquareSet) else int(squares))
    if hasattr(squares, "__next__"):
        squares = iter(list(theirs))
    ours = bitmoves.SquareSet(squares)
    assert ours.mask == theirs.mask
    assert bitmoves.SquareSet(squares=int(theirs)) == theirs.mask


@pytest.mark.parametrize(
    "squares, error",
    [([64], IndexError), ([-65], IndexError), ([2**70], IndexError), (["a1"], TypeError),
     ([1.0], TypeError), (None, TypeError), ("e4", TypeError), (object(), TypeError)],
)
def test_constructor_refuses_what_python_chess_refuses(squares, error):
    with pytest.raises(error):
        chess.SquareSet(squares)
    with pytest.raises(error):
        bitmoves.SquareSet(squares)


def test_constructor_arguments():
    with pytest.raises(TypeError):
        bitmoves.SquareSet(1, 2)
    with pytest.raises(TypeError):
        bitmoves.SquareSet(mask=1)
    assert bitmoves.SquareSet() == 0


def test_the_type():
    squares = bitmoves.SquareSet(5)
    assert type(squares) is bitmoves.SquareSet and type(squares | 1) is bitmoves.SquareSet
    assert type(~Derived(1)) is bitmoves.SquareSet and type(Derived(1).union(2)) is bitmoves.SquareSet
    assert bitmoves.SquareSet.__module__ == "bitmoves" and bitmoves.SquareSet.__name__ == "SquareSet"
    assert type(iter(squares)) is not None and list(iter(squares)) == [0, 2]
    assert bitmoves.SquareSet.add.__doc__ and bitmoves.SquareSet.issubset.__doc__


def test_every_square():
    for square in chess.SQUARES:
        assert bitmoves.SquareSet.from_square(square) == chess.BB_SQUARES[square]
        single = bitmoves.SquareSet([square])
        assert square in single and list(single) == [square] and len(single) == 1
        assert str(single) == str(chess.SquareSet([square]))
        assert repr(single) == repr(chess.SquareSet([square]))
        assert single.mirror() == chess.SquareSet([square]).mirror()
        for other in chess.SQUARES:
            assert bitmoves.SquareSet.ray(square, other) == chess.SquareSet.ray(square, other)
            assert bitmoves.SquareSet.between(square, other) == chess.SquareSet.between(square, other)
    for a, b in [(-1, 5), (5, -64), (-8, -1)]:
        assert bitmoves.SquareSet.ray(a, b) == chess.SquareSet.ray(a, b)
        for library in (chess, bitmoves):
            with pytest.raises(ValueError):
                library.SquareSet.between(a, b)
    for library in (chess, bitmoves):
        with pytest.raises(IndexError):
            library.SquareSet.ray(0, 64)
        with pytest.raises(IndexError):
            library.SquareSet.from_square(64)


def test_text():
    for mask in [0, BB_ALL, chess.BB_H8 | chess.BB_B7 | chess.BB_RANK_1, 0x0100_0000_0000_0001]:
        assert repr(bitmoves.SquareSet(mask)) == repr(chess.SquareSet(mask))
        assert str(bitmoves.SquareSet(mask)) == str(chess.SquareSet(mask))
    assert repr(bitmoves.SquareSet([chess.A8, chess.A1])) == "SquareSet(0x0100_0000_0000_0001)"


def test_iterators():
    squares = bitmoves.SquareSet(chess.BB_A1 | chess.BB_B1 | chess.BB_A7 | chess.BB_E1)
    forward, backward = iter(squares), reversed(squares)
    squares.clear()  # the iterators keep the squares they were made with
    assert list(forward) == [chess.A1, chess.B1, chess.E1, chess.A7]
    assert list(backward) == [chess.A7, chess.E1, chess.B1, chess.A1]
    for mask in [0, chess.BB_D1, chess.BB_FILE_B, 0x8000_0000_0000_0081]:
        assert list(bitmoves.SquareSet(mask).carry_rippler()) == list(chess.SquareSet(mask).carry_rippler())


def test_equality_and_hashing():
    squares = bitmoves.SquareSet(chess.BB_RANK_4)
    assert squares == chess.BB_RANK_4 and chess.BB_RANK_4 == squares
    assert squares == bitmoves.SquareSet(chess.BB_RANK_4)
    assert squares == list(chess.SquareSet(chess.BB_RANK_4))
    assert squares != None and squares != "e4" and squares != [1.5]  # noqa: E711
    with pytest.raises(IndexError):
        squares == [64]  # as python-chess: the index error is not swallowed
    with pytest.raises(TypeError):
        hash(squares)  # mutable: not hashable, as python-chess's
    with pytest.raises(TypeError):
        squares < squares  # no ordering, as python-chess's
    with pytest.raises(TypeError):
        squares <= squares


def test_reflected_operators():
    # python-chess raises TypeError for these; bitmoves gives the set.
    squares = bitmoves.SquareSet(chess.BB_RANK_1)
    for result, mask in [
        (chess.BB_FILE_A | squares, chess.BB_FILE_A | chess.BB_RANK_1),
        (chess.BB_FILE_A & squares, chess.BB_A1),
        (chess.BB_FILE_A ^ squares, chess.BB_FILE_A ^ chess.BB_RANK_1),
        (chess.BB_FILE_A - squares, chess.BB_FILE_A & ~chess.BB_RANK_1),
        ([chess.A1, chess.A2] - squares, chess.BB_A2),
    ]:
        assert type(result) is bitmoves.SquareSet and result.mask == mask
    with pytest.raises(TypeError):
        1 << squares
    with pytest.raises(TypeError):
        squares << 1.0
    with pytest.raises(TypeError):
        squares <<= "1"


def test_in_place_operators_keep_the_object():
    squares = bitmoves.SquareSet(chess.BB_D1)
    same = squares
    squares |= squares
    squares <<= 1
    squares ^= [chess.A1]
    assert squares is same and squares == chess.BB_E1 | chess.BB_A1


def test_mask_attribute():
    squares = bitmoves.SquareSet(5)
    squares.mask = -1
    assert squares.mask == BB_ALL
    squares.mask = chess.BB_E4
    assert list(squares) == [chess.E4]
    with pytest.raises(TypeError):
        squares.mask = "e4"


def test_errors_as_python_chess():
    for library in (chess, bitmoves):
        squares = library.SquareSet()
        with pytest.raises(KeyError):
            squares.pop()
        with pytest.raises(KeyError) as raised:
            squares.remove(chess.E4)
        assert raised.value.args == (chess.E4,)
        with pytest.raises(IndexError):
            squares.add(64)
        with pytest.raises(TypeError):
            squares.add("e4")
        with pytest.raises(IndexError):
            64 in squares
        with pytest.raises(TypeError):
            squares | None


class Subset(bitmoves.SquareSet):
    """A subclass with an `__init__` of its own."""

    def __init__(self, name, squares=0):
        super().__init__(squares)
        self.name = name


def test_subclasses():
    class Plain(bitmoves.SquareSet):
        def count(self):
            return len(self)

    plain = Plain([chess.A1, chess.H8])
    assert plain.count() == 2 and plain == chess.BB_CORNERS & ~chess.BB_H1 & ~chess.BB_A8
    assert type(Plain.from_square(chess.E4)) is Plain and type(Plain.ray(0, 63)) is Plain
    assert type(plain | 1) is bitmoves.SquareSet and type(plain.copy()) is bitmoves.SquareSet
    named = Subset("corners", chess.BB_CORNERS)
    assert named.name == "corners" and len(named) == 4
    copied = copy.copy(named)
    assert copied is not named and copied.name == "corners" and copied == named
    assert isinstance(named, bitmoves.SquareSet)


def test_pickle_and_copy():
    squares = bitmoves.SquareSet(chess.BB_LIGHT_SQUARES)
    for other in [pickle.loads(pickle.dumps(squares)), copy.copy(squares), copy.deepcopy(squares)]:
        assert other is not squares and other == squares and type(other) is bitmoves.SquareSet
    copied = copy.copy(squares)
    copied.add(chess.A1)
    assert chess.A1 not in squares


def test_flip_functions_take_square_sets():
    bb = 0x1E22_2212_0E0A_1222
    for name in ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]:
        ours, theirs = getattr(bitmoves, name), getattr(chess, name)
        assert ours(bitmoves.SquareSet(bb)) == theirs(bb)
