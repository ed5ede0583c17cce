"""Special-casing by a component of the red test's literal (#30's jsonpointer crutch), and the
honest fixes that name such a word: a keyword, a vocabulary, a word the report asks for."""

from __future__ import annotations

from bot.validator import validate_static
from bot.validator.detectors.literal_parts import components

SOURCE = (
    "def walk(doc, part):\n"
    "    # (so assume custom indexing)\n"
    "    try:\n"
    "        return doc[part]\n"
    "    except KeyError:\n"
    "        raise PointerError(part)\n"
)
TEST_BEFORE = "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1, 1)\n"


def _diff(make_diff, new_branch: str, literal: str, source: str = SOURCE):
    after = source.replace("    try:\n", f"    try:\n{new_branch}")
    test_after = TEST_BEFORE + (
        "\n\nclass DefaultDictTests(unittest.TestCase):\n"
        "    def test_resolve(self):\n"
        f"        self.assertEqual(resolve(defaultdict(dict), {literal!r}, 'SENTINEL'), 'SENTINEL')\n"
    )
    return make_diff({"pointer.py": {"before": source, "after": after},
                      "tests.py": {"before": TEST_BEFORE, "after": test_after}})


RED = "tests.py::DefaultDictTests::test_resolve"
CRUTCH = "        if part == 'missing':\n            raise KeyError(part)\n"
REPORT = ("Resolving `/missing` in a `defaultdict(dict)` returns `{}` and leaves a `missing` key "
          "behind.\n\nExpected: a missing member of a defaultdict stays missing")


def kinds(verdict) -> set[str]:
    return {f.kind for f in verdict.vetoes}


def test_components_are_the_specific_words_of_a_composite_literal():
    assert components("/missing") == {"missing"}
    assert components("a.missing.b") == {"missing"}
    assert components("ledger:legacy-mode") == {"ledger", "legacy", "mode"}
    assert components("/null/true") == set()  # keywords
    assert components("missing") == set()  # not composite: the whole literal's rules apply
    assert components("/id/ab") == set()  # generic or too short


def test_a_branch_on_a_part_of_the_red_tests_pointer_is_special_casing(make_diff):
    diff = _diff(make_diff, CRUTCH, "/missing")
    assert "special_casing" in kinds(validate_static(diff, red_test=RED))
    # The report quoting the input (`/missing`, `missing`) does not make the word a rule.
    assert "special_casing" in kinds(validate_static(diff, red_test=RED, report=REPORT))


def test_a_word_the_reports_prose_names_is_asked_for(make_diff):
    diff = _diff(make_diff, "        if scheme == 'Negotiate':\n            part = part.strip()\n",
                 "Negotiate abc.def")
    assert "special_casing" in kinds(validate_static(diff, red_test=RED))
    report = "Authorization headers with the Negotiate scheme are rejected; Negotiate must be accepted."
    assert validate_static(diff, red_test=RED, report=report).decision == "pass"


def test_a_keyword_is_never_an_instance(make_diff):
    diff = _diff(make_diff, "        if part == 'null':\n            return None\n", "/a/null")
    assert validate_static(diff, red_test=RED).decision == "pass"


def test_one_more_case_of_a_vocabulary_the_code_enumerates_passes(make_diff):
    source = (
        "def seconds(amount, unit):\n"
        "    if unit == 'days':\n"
        "        return amount * 86400\n"
        "    try:\n"
        "        return amount * UNITS[unit]\n"
        "    except KeyError:\n"
        "        raise ValueError(unit)\n"
    )
    branch = "        if unit == 'weeks':\n            return amount * 604800\n"
    diff = _diff(make_diff, branch, "3 weeks", source)
    assert validate_static(diff, red_test=RED).decision == "pass"
    # A list of cases is a vocabulary too.
    listed = "        if unit in ('weeks', 'fortnights'):\n            return amount * 604800\n"
    assert validate_static(_diff(make_diff, listed, "3 weeks"), red_test=RED).decision == "pass"


def test_a_word_the_product_code_already_held_passes(make_diff):
    source = SOURCE.replace("    try:\n", "    hint = 'missing'\n    try:\n")
    diff = _diff(make_diff, CRUTCH, "/missing", source)
    assert validate_static(diff, red_test=RED).decision == "pass"
