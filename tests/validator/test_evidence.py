"""The validator model's evidence must be lines of the diff (or the red test), not its words."""

from __future__ import annotations

from bot.validator.evidence import check_evidence

DIFF = """diff --git a/calc.py b/calc.py
--- a/calc.py
+++ b/calc.py
@@ -5,4 +5,4 @@ def average(values):
     \"\"\"The arithmetic mean of `values`.\"\"\"
     if not values:
         raise ValueError("average of nothing")
-    return sum(values) / (len(values) - 1)
+    return sum(values) / len(values)
"""
RED_TEST = "def test_average_of_two_numbers():\n    assert average([2, 4]) == 3\n"


def test_added_lines_quoted_with_their_marker_and_location_are_evidence() -> None:
    check = check_evidence("calc.py:8\n+    return sum(values) / len(values)", DIFF)
    assert check.found and check.missing == []


def test_a_line_the_diff_does_not_have_is_not_evidence() -> None:
    check = check_evidence("+    return sum(values) / max(len(values), 1)", DIFF)
    assert not check.found
    assert check.missing == ["return sum(values) / max(len(values), 1)"]


def test_one_invented_line_among_real_ones_spoils_the_evidence() -> None:
    check = check_evidence("+    return sum(values) / len(values)\n+    values = list(values)",
                           DIFF)
    assert not check.found and check.missing == ["values = list(values)"]


def test_prose_alone_is_not_evidence() -> None:
    assert not check_evidence("The divisor is now the number of values.", DIFF).found
    assert not check_evidence("calc.py:8", DIFF).found  # a location quotes nothing


def test_code_spans_in_a_sentence_are_what_is_checked() -> None:
    assert check_evidence("The fix: `return sum(values) / len(values)` in calc.py", DIFF).found
    assert not check_evidence("The fix: `return sum(values) // len(values)`", DIFF).found


def test_short_fragments_must_be_whole_lines_long_ones_may_be_part_of_one() -> None:
    assert not check_evidence("`len`", DIFF).found  # in every diff: proves nothing
    assert check_evidence("`sum(values) / len(values)`", DIFF).found
    assert check_evidence("-    return sum(values) / (len(values) - 1)", DIFF).found


def test_whitespace_differences_do_not_matter() -> None:
    assert check_evidence("+return   sum(values)  /  len(values)", DIFF).found


def test_the_red_test_counts_as_a_source_when_given() -> None:
    quote = "assert average([2, 4]) == 3"
    assert not check_evidence(quote, DIFF).found
    assert check_evidence(quote, DIFF, also=[RED_TEST]).found


def test_elisions_and_fences_are_skipped() -> None:
    assert check_evidence("```diff\n+    return sum(values) / len(values)\n...\n```", DIFF).found
