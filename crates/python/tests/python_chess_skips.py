"""Runs test classes of python-chess's own test.py and prints each test's
outcome with its skip reason: ``pass``, ``fail``, ``error`` or
``skip: REASON``, as one JSON object by test id (``Class.test_name``).

Usage: python python_chess_skips.py TEST_PY (bitmoves|python-chess) CLASS...

With ``bitmoves`` it calls ``bitmoves.install_as_chess()`` first; with
``python-chess`` the test file runs on python-chess itself, so that the
two runs can be compared class by class, skips and their reasons
included. Used by test_gaviota.py.
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

    outcomes = {test_id(test): "pass" for test in _tests(suite)}
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    for kind, pairs in (("fail", result.failures), ("error", result.errors)):
        for test, text in pairs:
            outcomes[test_id(test)] = f"{kind}: {text[-1500:]}"
    for test, reason in result.skipped:
        outcomes[test_id(test)] = f"skip: {reason}"
    json.dump(outcomes, sys.stdout)


def _tests(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _tests(item)
        else:
            yield item


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
