"""Merging static and model verdicts: the model adds doubts but cannot lift a static veto."""

from __future__ import annotations

from bot.validator.merge import merge_verdicts
from bot.validator.models import CriterionVerdict, Finding, ModelVerdict, ModelVeto, StaticVerdict

STATIC_VETO = StaticVerdict.from_findings(
    [
        Finding(kind="catch_all_exception", path="a.py", line=3, detail="swallows"),
        Finding(kind="todo_added", path="a.py", line=5, detail="todo"),
    ]
)
STATIC_PASS = StaticVerdict.from_findings(
    [Finding(kind="debug_leftover", path="a.py", line=1, detail="print")]
)
ALL_COVERED = ModelVerdict(
    criteria=[CriterionVerdict(id="C1", covered=True, evidence="a.py:3 handles it")]
)


def test_model_cannot_overrule_a_static_veto():
    final = merge_verdicts(STATIC_VETO, ALL_COVERED)
    assert final.decision == "veto"
    assert [f.kind for f in final.static_vetoes] == ["catch_all_exception"]
    assert [f.kind for f in final.soft_signals] == ["todo_added"]
    assert final.reasons[0].startswith("catch_all_exception at a.py:3")


def test_clean_static_and_covered_criteria_pass_with_soft_signals_kept():
    final = merge_verdicts(STATIC_PASS, ALL_COVERED, primary_criteria=["C1"])
    assert final.decision == "pass"
    assert final.reasons == []
    assert [f.kind for f in final.soft_signals] == ["debug_leftover"]


def test_uncovered_or_unjudged_primary_criterion_vetoes():
    model = ModelVerdict(
        criteria=[
            CriterionVerdict(id="C1", covered=True),
            CriterionVerdict(id="C2", covered=False, evidence="no change in the API"),
        ]
    )
    final = merge_verdicts(STATIC_PASS, model, primary_criteria=["C1", "C2", "C3"])
    assert final.decision == "veto"
    assert final.uncovered_primary == ["C2", "C3"]
    assert "criterion C2 not covered: no change in the API" in final.reasons


def test_adjacent_criteria_outside_primary_do_not_block():
    model = ModelVerdict(
        criteria=[CriterionVerdict(id="C1", covered=True), CriterionVerdict(id="A1", covered=False)]
    )
    assert merge_verdicts(STATIC_PASS, model, primary_criteria=["C1"]).decision == "pass"


def test_model_vetoes_and_over_engineering_block():
    with_veto = ModelVerdict(
        criteria=ALL_COVERED.criteria, vetoes=[ModelVeto(kind="symptom_masked", detail="hides it")]
    )
    over = ModelVerdict(
        criteria=ALL_COVERED.criteria, over_engineering="new class where a one-line fix would do"
    )
    assert merge_verdicts(STATIC_PASS, with_veto).decision == "veto"
    assert merge_verdicts(STATIC_PASS, over).reasons == [
        "over_engineering: new class where a one-line fix would do"
    ]


def test_missing_model_verdict_keeps_static_decision():
    assert merge_verdicts(STATIC_PASS, None).decision == "pass"
    assert merge_verdicts(STATIC_VETO, None).decision == "veto"
