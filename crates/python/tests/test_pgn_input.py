"""The paths and files the PGN readers take: every path `open()` takes
opens, every one it refuses raises what `open()` raises (never a
PanicException); Ctrl-C stops a read that never ends; a FIFO written by a
thread of the same process is read (the GIL is released while opening)."""

import os
import pathlib
import sys
import time

import pytest

import bitmoves.pgn
from conftest import interrupted, run_python

PGN = '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n\n1. d4 0-1\n'


def read_both(path):
    """(game results, positions) of a file through both readers."""
    games = [game.result for game in bitmoves.pgn.read_games(path)]
    positions = sum(len(batch["move_to"]) for batch in bitmoves.pgn.read_positions(path))
    return games, positions


def test_every_kind_of_path_opens(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(PGN)
    for given in [str(path), path, os.fsencode(path)]:
        assert read_both(given) == (["1-0", "0-1"], 4)


def test_surrogate_escaped_names_are_the_bytes_they_stand_for(tmp_path):
    """os.fsdecode of a name that is not UTF-8 gives lone surrogates that
    stand for its bytes: a valid Linux name, which open() opens."""
    if sys.platform == "win32":
        pytest.skip("Windows names are UTF-16")
    raw = os.path.join(os.fsencode(tmp_path), b"caf\xe9 \xff.pgn")
    with open(raw, "w") as handle:
        handle.write(PGN)
    name = os.fsdecode(raw)
    assert "\udce9" in name
    with open(name) as handle:
        assert handle.read() == PGN
    for given in [name, pathlib.Path(name), raw]:
        assert read_both(given) == (["1-0", "0-1"], 4)


def same_error_as_open(given, readers):
    """Each reader raises the exception class open() raises for `given`,
    with the same errno and filename for an OSError."""
    with pytest.raises(BaseException) as theirs:
        open(given, "rb")
    for read in readers:
        with pytest.raises(BaseException) as ours:
            read(given)
        assert type(ours.value) is type(theirs.value), (given, ours.value, theirs.value)
        assert isinstance(ours.value, (ValueError, OSError, TypeError))
        if isinstance(theirs.value, OSError):
            assert ours.value.errno == theirs.value.errno
            assert ours.value.filename == theirs.value.filename


def test_bad_paths_raise_what_open_raises(tmp_path):
    readers = [bitmoves.pgn.read_games, bitmoves.pgn.read_positions]
    missing = tmp_path / "missing.pgn"
    for given in ["\ud800", "a\udfffb.pgn", "\ud800\udc00", pathlib.Path("\ud800"),
                  str(tmp_path / "\ud83d.pgn"), "nul\0.pgn", b"nul\0.pgn", pathlib.Path("nul\0"),
                  str(missing), missing, bytes(missing), str(tmp_path / "a" / "b.pgn"), "", b""]:
        same_error_as_open(given, readers)
    # A directory opens on Linux and fails at the first read: OSError
    # (IsADirectoryError) all the same.
    for read in readers:
        with pytest.raises(IsADirectoryError):
            read(str(tmp_path))


def test_path_likes_that_misbehave():
    class Raises:
        def __fspath__(self):
            raise RuntimeError("no path today")

    class GivesInt:
        def __fspath__(self):
            return 42

    for read in [bitmoves.pgn.read_games, bitmoves.pgn.read_positions]:
        with pytest.raises(RuntimeError):
            read(Raises())
        with pytest.raises(TypeError):
            read(GivesInt())
        for wrong in [None, 42, 4.2, ["games.pgn"], object()]:
            with pytest.raises(TypeError):
                read(wrong)


def test_dash_is_a_file_name_not_stdin(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError):
        bitmoves.pgn.read_games("-")
    (tmp_path / "-").write_text(PGN)
    assert read_both("-") == (["1-0", "0-1"], 4)


ENDLESS = {
    "read_games on /dev/zero": 'next(bitmoves.pgn.read_games("/dev/zero"))',
    "read_positions on /dev/zero": 'next(bitmoves.pgn.read_positions("/dev/zero"))',
    "read_positions on /dev/zero, 2 threads": 'next(bitmoves.pgn.read_positions("/dev/zero", threads=2))',
    "read_games on a binary file object": 'next(bitmoves.pgn.read_games(open("/dev/zero", "rb")))',
    "read_games on a Python reader": """
class Zeros:
    def read(self, n):
        return b"\\0" * n
next(bitmoves.pgn.read_games(Zeros()))""",
}


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("call", ENDLESS.values(), ids=ENDLESS.keys())
def test_ctrl_c_stops_an_endless_read(call):
    interrupted("import bitmoves.pgn", call)


FIFO = """
import os, tempfile, threading
import bitmoves.pgn

path = os.path.join(tempfile.mkdtemp(), "games.fifo")
os.mkfifo(path)

def write():
    with open(path, "w") as handle:
        handle.write({pgn!r})

writer = threading.Thread(target=write)
writer.start()
{read}
writer.join()
print(result)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("read, expected", [
    ("result = [game.result for game in bitmoves.pgn.read_games(path)]", "['1-0', '0-1']"),
    ("result = sum(len(b['game']) for b in bitmoves.pgn.read_positions(path, threads=2))", "4"),
], ids=["read_games", "read_positions"])
def test_a_fifo_written_by_a_thread_of_the_same_process(read, expected):
    """Opening a FIFO blocks until its writer opens it: with the GIL held,
    the writer thread could never run. A hang fails the test when the
    subprocess's time runs out."""
    out = run_python(FIFO.format(pgn=PGN, read=read), timeout=60)
    assert out.strip() == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the interruptible open is Linux's")
@pytest.mark.parametrize("call", ["bitmoves.pgn.read_games(path)", "bitmoves.pgn.read_positions(path)"],
                         ids=["read_games", "read_positions"])
def test_ctrl_c_stops_the_wait_for_a_fifo_writer(call):
    """A FIFO nobody writes blocks open() for ever: Ctrl-C stops the wait,
    as it stops open()'s."""
    setup = "\n".join([
        "import os, tempfile",
        "import bitmoves.pgn",
        "path = os.path.join(tempfile.mkdtemp(), 'games.fifo')",
        "os.mkfifo(path)",
    ])
    interrupted(setup, call)


def test_file_objects_that_misbehave():
    """A file object's own errors come through as they are; what it
    returns is bytes or str (UTF-8 encodable), else an ordinary error."""
    class Chunks:
        def __init__(self, *chunks):
            self.chunks = list(chunks)

        def read(self, n):
            return self.chunks.pop(0) if self.chunks else b""

    class Raises:
        def read(self, n):
            raise KeyError("boom")

    for source, error in [(Chunks("\ud800"), UnicodeEncodeError), (Chunks("1. e4 \udcff"), UnicodeEncodeError),
                          (Chunks(None), TypeError), (Chunks(1.5), TypeError), (Chunks([b"1. e4"]), TypeError),
                          (Raises(), KeyError)]:
        with pytest.raises(error):
            list(bitmoves.pgn.read_games(source))
    assert [game.result for game in bitmoves.pgn.read_games(Chunks("1. e4 e5 ", b"1-0\n\n", "1. d4 0-1"))] == ["1-0", "0-1"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("call", ["bitmoves.pgn.read_games(path)", "bitmoves.pgn.read_positions(path)"],
                         ids=["read_games", "read_positions"])
def test_ctrl_c_stops_the_wait_for_a_silent_fifo(tmp_path, call):
    """A FIFO whose writer (here, this process) opened it and writes
    nothing blocks the first read for ever: Ctrl-C stops it."""
    path = tmp_path / "games.fifo"
    os.mkfifo(path)
    writers = []

    def open_for_writing():
        # Non-blocking: refused until the reader has opened its end.
        for _ in range(2000):
            try:
                writers.append(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
                return
            except OSError:
                time.sleep(0.01)
        raise AssertionError("the reader never opened the FIFO")

    try:
        interrupted(f"import bitmoves.pgn\npath = {str(path)!r}", call, meanwhile=open_for_writing)
    finally:
        for fd in writers:
            os.close(fd)
