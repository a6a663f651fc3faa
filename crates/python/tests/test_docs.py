"""The Python examples of README.md and docs/python.md run and their
assertions hold."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def examples():
    for doc in ["README.md", "docs/python.md"]:
        for i, code in enumerate(BLOCK.findall((ROOT / doc).read_text())):
            yield pytest.param(code, id=f"{doc}-{i}")


@pytest.mark.parametrize("code", list(examples()))
def test_example_runs(code):
    exec(compile(code, "<example>", "exec"), {})


def test_every_doc_has_examples():
    assert len(list(examples())) >= 4
