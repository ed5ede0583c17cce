"""QUALITY, VALIDATE and REGRESSION: facts about the fix that code establishes, and where a
fix that fails them goes."""

from __future__ import annotations

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.state import FixState
from bot.engine.errors import EnvironmentBroken
from bot.engine.graph import Verdict
from tests.e2e.script import (
    CRUTCH_EDIT,
    IMPLEMENTATION,
    RED_TEST_ID,
    RED_TEST_INSTANCE,
    VERDICT,
    WRONG_EDIT,
)
from tests.steps.bench import REPO, StepBench
from tests.steps.fixes import implemented

UNCOVERED = {**VERDICT, "criteria": [{"id": "AC1", "covered": False,
                                      "evidence": "nothing in the diff changes the divisor"}]}
ONLY_THE_RED_TEST = {**IMPLEMENTATION, "declared_tests": []}


async def test_quality_is_green_when_the_red_test_passes_after_the_fix(fix: StepBench) -> None:
    await implemented(fix)

    outcome = await fix.run(S.QUALITY)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.VALIDATE))
    report = fix.ctx.artifacts[S.QUALITY]
    assert report["passed"] and not report["red_test_still_red"]
    assert fix.records.stories() == []


async def test_a_fix_that_leaves_the_red_test_red_goes_back_with_a_short_summary(
    fix: StepBench,
) -> None:
    await implemented(fix, WRONG_EDIT, artifact=ONLY_THE_RED_TEST)

    outcome = await fix.run(S.QUALITY)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert fix.ctx.artifacts[S.QUALITY]["red_test_still_red"]
    feedback = FixState.of(fix.ctx).feedback[-1]
    assert feedback.source == "quality" and RED_TEST_ID in feedback.text
    assert "platform linux" not in feedback.text  # a summary, never pytest's raw log
    [story] = fix.records.stories("quality_red")
    assert story.step == str(S.QUALITY) and RED_TEST_ID in story.evidence


async def test_validate_passes_a_clean_fix_and_keeps_the_verdict_for_the_change_request(
    fix: StepBench,
) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, VERDICT)

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.PUBLISH))
    assert fix.ctx.artifacts[S.VALIDATE]["decision"] == "pass"
    assert FixState.of(fix.ctx).verdict is not None
    assert fix.saved()["params"]["verdict"]["criteria"][0]["id"] == "AC1"
    inputs = fix.runner.calls_of(S.VALIDATE)[0].inputs
    assert "<diff>" in inputs and "<trajectory>" in inputs
    assert "was seen red before the fix and green after it" in inputs
    assert "def average" not in inputs.split("<diff>")[0]  # no repository beyond the diff


async def test_a_fix_special_casing_the_red_tests_values_is_vetoed_whatever_the_model_says(
    fix: StepBench,
) -> None:
    await implemented(fix, CRUTCH_EDIT, test=RED_TEST_INSTANCE)
    fix.runner.script(S.VALIDATE, {**VERDICT, "criteria": [
        {"id": "AC1", "covered": True, "evidence": "+        return 29"}]})

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert fix.ctx.artifacts[S.VALIDATE]["decision"] == "veto"
    feedback = FixState.of(fix.ctx).feedback[-1]
    assert feedback.source == "validate" and "The validator vetoed the fix" in feedback.text
    assert len(fix.records.stories("validator_veto")) == 1
    assert FixState.of(fix.ctx).verdict is None  # nothing of a vetoed fix is kept for publishing


async def test_an_uncovered_primary_criterion_is_a_veto(fix: StepBench) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, UNCOVERED)

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert any("AC1" in reason for reason in fix.ctx.artifacts[S.VALIDATE]["reasons"])


@pytest.mark.smith_yml("regression: {enabled: true}\n")
async def test_with_regression_on_the_full_suite_runs_before_publishing(fix: StepBench) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, VERDICT)

    validated = await fix.run(S.VALIDATE)
    suite = await fix.run(S.REGRESSION)

    assert validated.next == str(S.REGRESSION)
    assert (suite.verdict, suite.next) == (Verdict.PASSED, str(S.PUBLISH))
    assert "full suite green (2 tests)" == suite.summary
    # ... and reviewers see it in the change request, not only in the run record (issue #30).
    await fix.run(S.PUBLISH)
    [change] = fix.forge.change_requests(REPO)
    assert "**Full test suite:** 🟢 all 2 tests pass with the fix" in change.body


MISQUOTED = {**VERDICT, "criteria": [{"id": "AC1", "covered": True,
                                      "evidence": "+    return the mean of the values"}]}


async def test_a_misquote_is_asked_again_and_never_sends_a_green_fix_back(
    fix: StepBench,
) -> None:
    """A quote that is not in the diff is the validator's mistake: VALIDATE asks again, naming
    the line it did not find, within the step; the fix goes on once the quote verifies."""
    await implemented(fix)
    fix.runner.script(S.VALIDATE, MISQUOTED).script(S.VALIDATE, VERDICT)

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.PUBLISH))
    first, second = fix.runner.calls_of(S.VALIDATE)
    assert "<evidence_not_found>" not in first.inputs
    assert "<evidence_not_found>" in second.inputs
    assert "return the mean of the values" in second.inputs.split("<evidence_not_found>")[1]
    artifact = fix.ctx.artifacts[S.VALIDATE]
    assert artifact["evidence_rounds"] == 1 and artifact["unverified_evidence"] == []
    assert fix.records.stories("validator_veto") == []


async def test_a_quote_that_never_verifies_goes_to_reviewers_not_back_to_implement(
    fix: StepBench,
) -> None:
    await implemented(fix)
    for _ in range(3):  # the first answer and both rounds asked again
        fix.runner.script(S.VALIDATE, MISQUOTED)

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.PUBLISH))
    assert len(fix.runner.calls_of(S.VALIDATE)) == 3
    artifact = fix.ctx.artifacts[S.VALIDATE]
    assert artifact["unverified_evidence"] == ["AC1"] and artifact["evidence_rounds"] == 2
    [shown] = [s for s in artifact["soft_signals"] if s["kind"] == "coverage_not_shown"]
    assert shown["detail"].startswith("AC1")
    assert FixState.of(fix.ctx).verdict.criteria[0].covered  # kept, marked as not shown
    assert "not shown" in FixState.of(fix.ctx).verdict.criteria[0].evidence


async def test_not_covered_in_the_validators_own_words_is_still_a_veto_after_a_misquote(
    fix: StepBench,
) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, MISQUOTED).script(S.VALIDATE, UNCOVERED)

    outcome = await fix.run(S.VALIDATE)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))


@pytest.mark.smith_yml(
    "regression:\n  enabled: true\n"
    "  command: python3 -m pytest -q -p no:cacheprovider -k no_such_test --junitxml={junit}\n")
async def test_a_full_suite_that_collects_nothing_is_the_environment_not_a_red_fix(
    fix: StepBench,
) -> None:
    """Seen on a real project whose tests live in `tests.py`: "full suite red: 0 failing" sent
    a green fix back to IMPLEMENT. No tests is a command to fix, and costs no attempt."""
    await implemented(fix)
    fix.runner.script(S.VALIDATE, VERDICT)
    await fix.run(S.VALIDATE)
    before = FixState.of(fix.ctx)

    with pytest.raises(EnvironmentBroken) as broken:
        await fix.run(S.REGRESSION)

    assert broken.value.problem.cause == "no_tests"
    assert "regression.command" in broken.value.problem.fix
    after = FixState.of(fix.ctx)  # no attempt spent, nothing told to the next IMPLEMENT
    assert (after.attempts, after.feedback) == (before.attempts, before.feedback)
