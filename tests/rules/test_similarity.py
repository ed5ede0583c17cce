"""What counts as repeating a rule: same words after normalising, or nearly the same sentence."""

from __future__ import annotations

from bot.rules.similarity import is_repeat, normalise_rule


def test_case_punctuation_and_spacing_do_not_make_a_rule_new():
    assert normalise_rule("  Compare with None,   explicitly!  ") == "compare with none explicitly"
    existing = ["Compare with None explicitly when 0 is a valid value."]
    assert is_repeat("compare with none explicitly — when 0 is a valid value", existing) == \
        existing[0]


def test_a_near_copy_repeats_and_a_different_rule_does_not():
    existing = ["Run the reproduction test before editing product code."]
    assert is_repeat("Run the reproduction test before you edit product code.", existing)
    assert is_repeat("Quote the report verbatim in every criterion.", existing) is None
    assert is_repeat("anything", []) is None
