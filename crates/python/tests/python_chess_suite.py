"""Runs test classes of python-chess's own test.py, unmodified, and prints
one JSON object: under ``"outcomes"`` each test's outcome by test id
(``Class.test_name``): ``"pass"``, ``"fail"``, ``"error"`` or
``"skip: REASON"``; under ``"details"`` a failure's text.

Usage: python python_chess_suite.py TEST_PY (bitmoves|python-chess) CLASS...

With ``bitmoves`` it calls ``bitmoves.install_as_chess()`` first, so that
test.py's ``import chess`` (and its ``chess.variant``, ``chess.svg``, ...
imports) get bitmoves; with ``python-chess`` the file runs on python-chess
itself, so that the two runs can be compared test by test, skips and their
reasons included. Used by test_python_chess_suite.py, which fetches test.py
from python-chess's PyPI sdist (it is GPL: never committed here).
"""

import importlib.util
import io
import json
import sys
import unittest


def main(test_py, flavour, classes):
    if flavour == "bitmoves":
        import bitmoves

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
    for test, reason in result.skipped:
        outcomes[test_id(test)] = f"skip: {reason}"
    json.dump({"outcomes": outcomes, "details": details}, sys.stdout)


def _tests(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _tests(item)
        else:
            yield item


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
