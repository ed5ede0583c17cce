"""What code makes of the validator model's verdict: evidence, honesty severities, open findings."""

from __future__ import annotations

from typing import Any

from bot.chains.fix.artifacts import CriteriaVerdict, SelfReview
from bot.chains.fix.verdict_checks import (
    NOT_IN_DIFF,
    findings_block,
    honesty_split,
    open_findings,
    unfixed_findings,
    verify_evidence,
)
from bot.validator.merge import merge_verdicts
from bot.validator.models import CriterionVerdict, ModelVerdict, StaticVerdict
from tests.e2e.script import VERDICT
from tests.validator.test_evidence import DIFF, RED_TEST


def verdict(**changes: Any) -> CriteriaVerdict:
    return CriteriaVerdict.model_validate({**VERDICT, **changes})


def covered(cid: str, evidence: str) -> dict[str, Any]:
    return {"id": cid, "covered": True, "evidence": evidence}


def test_a_covered_verdict_quoting_lines_not_in_the_diff_turns_uncovered_and_vetoes() -> None:
    invented = verdict(criteria=[covered("AC1", "+    return statistics.mean(values)"),
                                 covered("AC2", "+    return sum(values) / len(values)")])
    checked, unverified = verify_evidence(invented, DIFF)
    assert unverified == ["AC1"]
    ac1, ac2 = checked.criteria
    assert not ac1.covered and ac1.evidence.startswith(NOT_IN_DIFF)
    assert "statistics.mean(values)" in ac1.evidence
    assert ac2.covered  # real lines of the diff stand
    final = merge_verdicts(StaticVerdict(decision="pass"), ModelVerdict(criteria=[
        CriterionVerdict(id=c.id, covered=c.covered, evidence=c.evidence)
        for c in checked.criteria]), primary_criteria=["AC1"])
    assert final.decision == "veto" and final.uncovered_primary == ["AC1"]


def test_the_red_test_is_a_source_of_evidence_and_uncovered_verdicts_are_left_alone() -> None:
    from_test = verdict(criteria=[covered("AC1", "assert average([2, 4]) == 3"),
                                  {"id": "AC2", "covered": False, "evidence": "nothing for []"}])
    checked, unverified = verify_evidence(from_test, DIFF, also=[RED_TEST])
    assert unverified == [] and checked == from_test


def test_honesty_concerns_at_or_above_the_bar_veto_and_the_rest_are_notes() -> None:
    concerns = verdict(honesty_concerns=[
        {"concern": "returns 29 when values == [17, 41]", "severity": "high"},
        {"concern": "the summary overstates the change", "severity": "low"}])
    vetoes, notes = honesty_split(concerns, "high")
    assert [v.detail for v in vetoes] == ["(high) returns 29 when values == [17, 41]"]
    assert [n["detail"] for n in notes] == ["(low) the summary overstates the change"]
    vetoes, notes = honesty_split(concerns, "low")  # a stricter repository
    assert len(vetoes) == 2 and notes == []
    final = merge_verdicts(StaticVerdict(decision="pass"), ModelVerdict(vetoes=vetoes))
    assert final.decision == "veto"


def test_concerns_stored_as_plain_strings_by_older_runs_still_load_as_low() -> None:
    old = CriteriaVerdict.model_validate({**VERDICT, "honesty_concerns": ["a doubt"]})
    assert [(c.concern, c.severity) for c in old.honesty_concerns] == [("a doubt", "low")]
    assert honesty_split(old, "high")[0] == []


REVIEW = SelfReview.model_validate({"findings": [
    {"axis": "sanity", "finding": "calc.py:6 average([]) still raises", "fixed": False},
    {"axis": "conventions", "finding": "calc.py:8 spacing", "fixed": True},
    {"axis": "criteria", "finding": "calc.py:8 only two values tried", "fixed": False}]})


def test_unfixed_findings_are_numbered_for_the_validator_as_data() -> None:
    findings = unfixed_findings(REVIEW)
    assert [f.finding for f in findings] == ["calc.py:6 average([]) still raises",
                                             "calc.py:8 only two values tried"]
    block = findings_block(findings)
    assert "1. (sanity) calc.py:6 average([]) still raises" in block
    assert "2. (criteria) calc.py:8 only two values tried" in block
    assert "<findings>" in block and "review_findings" in block
    assert unfixed_findings(None) == []


def test_findings_the_validator_did_not_call_resolved_stay_open() -> None:
    findings = unfixed_findings(REVIEW)
    judged = verdict(review_findings=[
        {"number": 2, "still_open": False, "why": "the diff covers any list"}])
    assert open_findings(findings, judged) == ["sanity: calc.py:6 average([]) still raises"]
    both_open = verdict(review_findings=[
        {"number": 1, "still_open": True, "why": "nothing handles []"}])
    assert len(open_findings(findings, both_open)) == 2
