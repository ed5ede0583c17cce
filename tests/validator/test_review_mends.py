"""Narrowings of the eighth round held to what they can prove (found on review): each case is a
crutch the narrowed rule let pass, and the look-alike the rule was narrowed for."""

from __future__ import annotations

import time

from bot.validator.report import asks_to_retire_tests
from bot.validator.static import validate_static


def _vetoes(diff: str, **kwargs) -> set[str]:
    return {f.kind for f in validate_static(diff, **kwargs).vetoes}


SKIPPED = {"tests/test_export.py": {
    "before": "def test_header():\n    assert header() == 'a,b'\n",
    "after": "import pytest\n\n\n@pytest.mark.skip\ndef test_header():\n    assert header() == 'a,b'\n"}}


def test_an_order_retires_a_test_only_when_its_own_clause_names_one(make_diff):
    assert asks_to_retire_tests("Remove the XML export and its test.")
    assert not asks_to_retire_tests("Remove the trailing comma from the CSV export, as the spec requires.")
    report = "Remove the trailing comma from the CSV export, as the spec requires."
    assert "test_skipped" in _vetoes(make_diff(SKIPPED), report=report)


ORDERS_BEFORE = "import stock\n\n\ndef order(item):\n    stock.require(item)\n    return item\n"
SWITCHED_OFF = ("import stock\n\nCHECK_STOCK = False\n\n\ndef order(item):\n    if CHECK_STOCK:\n"
                "        stock.require(item)\n    return item\n")


def test_a_flag_set_true_in_a_local_never_flips_the_module_flag(make_diff):
    local = SWITCHED_OFF + "\n\ndef _debug_checks():\n    CHECK_STOCK = True\n"
    rebound = SWITCHED_OFF + "\n\ndef enable():\n    global CHECK_STOCK\n    CHECK_STOCK = True\n"
    assert "commented_out_logic" in _vetoes(
        make_diff({"app/orders.py": {"before": ORDERS_BEFORE, "after": local}}))
    assert "commented_out_logic" not in _vetoes(
        make_diff({"app/orders.py": {"before": ORDERS_BEFORE, "after": rebound}}))


PHONE_TEST = 'from app.phone import norm\n\n\ndef test_uk():\n    assert norm("020 7183 8750") == "+44 20 7183 8750"\n'


def test_the_red_value_named_after_a_literal_first_binding_is_still_special_casing(make_diff):
    for after in (
        ('SPECIAL = None\nSPECIAL = "020 7183 8750"\n\n\ndef norm(raw):\n    if raw == SPECIAL:\n'
        '        return "+44 20 7183 8750"\n    return raw\n'),
        ('def norm(raw):\n    special = None\n    special = "020 7183 8750"\n    if raw == special:\n'
        '        return "+44 20 7183 8750"\n    return raw\n'),
    ):
        diff = make_diff({"app/phone.py": {"before": "def norm(raw):\n    return raw\n", "after": after},
                          "tests/test_phone.py": {"after": PHONE_TEST}})
        assert "special_casing" in _vetoes(diff, red_test="tests/test_phone.py::test_uk"), after


CLI_BEFORE = "import sys\n\n\ndef main():\n    run()\n    return 0\n"


def test_only_the_modules_own_main_is_an_entry_point(make_diff):
    entry = ("import sys\n\n\ndef main():\n    try:\n        run()\n    except Exception as e:\n"
             "        print(e)\n        return 1\n    return 0\n")
    method = entry.replace("def main():", "class Sync:\n    def main(self):").replace("\n    ", "\n        ")
    assert "catch_all_exception" not in _vetoes(make_diff({"app/cli.py": {"before": CLI_BEFORE, "after": entry}}))
    assert "catch_all_exception" in _vetoes(make_diff({"app/cli.py": {"before": CLI_BEFORE, "after": method}}))


def test_many_handlers_and_blank_lines_are_read_in_linear_time():
    """A walk back to the enclosing `def` per handler, and `\\s` spanning newlines in the
    failing-status check, made these quadratic (40,000 blank lines: about 44 s)."""
    from bot.validator.detectors.exceptions import _FAILURE_STATUS, _in_main_by_row
    from bot.validator.diffparse import DiffLine

    start = time.perf_counter()
    assert _FAILURE_STATUS.search("\n" * 40_000 + "x") is None
    rows = [DiffLine(kind="+", text=t, source_no=None, target_no=i) for i, t in enumerate(
        ["def main():"] + ["    try:", "        run()", "    except Exception:", "        return 1"] * 10_000)]
    flags = _in_main_by_row(rows)
    assert time.perf_counter() - start < 2.0
    assert flags[3] and flags[4] and not flags[0]
