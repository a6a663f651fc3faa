"""The Python examples of README.md, docs/python.md, docs/python-pgn.md,
docs/python-variant.md and
docs/python-polyglot-syzygy.md run and their
assertions hold (one that calls `install_as_chess()`, which changes what
`import chess` gives in the whole process, in a new process)."""

import pathlib
import re

import pytest

from conftest import run_python

ROOT = pathlib.Path(__file__).resolve().parents[3]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def examples():
    for doc in [
        "README.md", "docs/python.md", "docs/python-pgn.md", "docs/python-polyglot-syzygy.md", "docs/python-variant.md",
    ]:
        for i, code in enumerate(BLOCK.findall((ROOT / doc).read_text())):
            yield pytest.param(code, id=f"{doc}-{i}")


@pytest.mark.parametrize("code", list(examples()))
def test_example_runs(code):
    if "install_as_chess()" in code:
        run_python(code, timeout=120)
    else:
        exec(compile(code, "<example>", "exec"), {})


def test_every_doc_has_examples():
    assert len(list(examples())) >= 4
