"""Runs test classes of python-chess's own test.py on bitmoves.

Usage: python python_chess_suite.py TEST_PY CLASS... > results.json

Calls ``bitmoves.install_as_chess()`` first, so that test.py's
``import chess`` (and its ``chess.variant``, ``chess.svg``, ... imports)
get bitmoves; then runs the named ``unittest`` classes of the file, unmodified,
and prints one JSON object: test id (``Class.test_name``) to
``"pass"``, ``"fail"`` or ``"error"``, with the failure text under
``"details"``. Used by test_python_chess_suite.py, which fetches test.py
from python-chess's PyPI sdist (it is GPL: never committed here).
"""

import importlib.util
import io
import json
import sys
import unittest

import bitmoves


def main(test_py, classes):
    bitmoves.install_as_chess()
    spec = importlib.util.spec_from_file_location("python_chess_test", test_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.TestSuite()
    for name in classes:
        suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(getattr(module, name)))
    def test_id(test):
        return f"{type(test).__name__}.{test._testMethodName}"

    # Listed before the run: a suite lets go of its tests as it runs them.
    outcomes = {test_id(test): "pass" for test in _tests(suite)}
    details = {}
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    for kind, pairs in (("fail", result.failures), ("error", result.errors)):
        for test, text in pairs:
            outcomes[test_id(test)] = kind
            details[test_id(test)] = text[-2000:]
    json.dump({"outcomes": outcomes, "details": details}, sys.stdout)


def _tests(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _tests(item)
        else:
            yield item


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
