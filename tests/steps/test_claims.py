"""What code does with the agents' claims (issue 17): QUALITY never green on nothing, IMPLEMENT's
checklist read, VALIDATE's evidence, honesty and the self-review's open findings checked."""

from __future__ import annotations

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.state import FixState
from bot.chains.fix.steps.check import NO_TEST_RAN
from bot.engine.graph import Verdict
from tests.e2e.script import FIX_EDIT, IMPLEMENTATION, VERDICT
from tests.steps.bench import REPO, StepBench
from tests.steps.fixes import implemented, understood

NO_DECLARED = {**IMPLEMENTATION, "declared_tests": []}
NO_RED_TEST = "steps: {brt: false}\n"
NOTHING_SELECTED = ('tests: {command: "python -m pytest {tests} --junitxml={junit} -q '
                    '-k no_such_test"}\n')


async def fixed_without_a_red_test(bench: StepBench) -> None:
    """PREPARE and the understanding, BRT off, then IMPLEMENT's fix declaring no test."""
    await understood(bench)
    assert (await bench.run(S.BRT)).verdict == Verdict.SKIPPED
    bench.runner.script(S.IMPLEMENT, NO_DECLARED, tool_calls=[("edit_file", FIX_EDIT)])
    assert (await bench.run(S.IMPLEMENT)).verdict == Verdict.PASSED


# --- QUALITY -------------------------------------------------------------------------------------


@pytest.mark.smith_yml(NO_RED_TEST)
async def test_with_no_declared_and_no_red_test_quality_runs_the_tests_reaching_the_change(
    fix: StepBench,
) -> None:
    await fixed_without_a_red_test(fix)

    outcome = await fix.run(S.QUALITY)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.VALIDATE))
    report = fix.ctx.artifacts[S.QUALITY]
    # tests/test_calc.py imports calc, the changed module; the code graph finds it.
    assert (report["selection"], report["tests"]) == ("reaching", ["tests/test_calc.py"])
    assert report["passed_count"] == 1
    [run] = [e for e in await fix.records.events(fix.ctx.run_id, actor="code")
             if e.step == str(S.QUALITY)]
    assert run.args == {"tests": ["tests/test_calc.py"]}


@pytest.mark.smith_yml(NO_RED_TEST + NOTHING_SELECTED)
async def test_a_run_in_which_no_test_passed_is_not_green(fix: StepBench) -> None:
    await fixed_without_a_red_test(fix)

    outcome = await fix.run(S.QUALITY)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert outcome.summary == "unproven: no test passed (reaching)"
    assert fix.ctx.artifacts[S.QUALITY]["passed_count"] == 0
    assert FixState.of(fix.ctx).feedback[-1].text == NO_TEST_RAN.format(
        what="the tests importing or calling the changed code")
    [story] = fix.records.stories("quality_unproven")
    assert "No test exercised the change" in story.evidence


@pytest.mark.smith_yml(NO_RED_TEST + NOTHING_SELECTED.replace('"}', '", paths: ["none/**"]}'))
async def test_with_nothing_reaching_the_change_the_suite_runs_and_must_pass_something(
    fix: StepBench,
) -> None:
    await fixed_without_a_red_test(fix)

    outcome = await fix.run(S.QUALITY)

    report = fix.ctx.artifacts[S.QUALITY]
    assert (report["selection"], report["tests"]) == ("suite", [])
    assert outcome.verdict == Verdict.REJECTED
    assert "the repository's test suite ran and none passed" in FixState.of(fix.ctx).feedback[-1].text


# --- BRT's skips ----------------------------------------------------------------------------------

VISUAL = {"status": "skipped", "skip_reason": "visual",
          "explanation": "The wrong mean only shows in the rendered report table."}


async def test_a_visual_skip_of_backend_code_is_refused_and_told_why(fix: StepBench) -> None:
    await understood(fix)
    fix.runner.script(S.BRT, VISUAL).script(S.BRT, {**VISUAL, "skip_reason": "nondeterministic"})

    refused = await fix.run(S.BRT)
    allowed = await fix.run(S.BRT)

    assert (refused.verdict, refused.next) == (Verdict.REJECTED, str(S.BRT))
    retry = fix.runner.calls_of(S.BRT)[1].inputs
    assert 'A skip as "visual" is not accepted for backend code (calc.py)' in retry
    [story] = fix.records.stories("brt_skip_refused")
    assert "skipped as visual" in story.evidence
    assert (allowed.verdict, allowed.next) == (Verdict.SKIPPED, str(S.IMPLEMENT))
    assert FixState.of(fix.ctx).brt_skip is not None and FixState.of(fix.ctx).brt_feedback is None


# --- IMPLEMENT's checklist ---------------------------------------------------------------------


async def test_a_primary_criterion_the_attempt_could_not_do_stops_it_with_that_as_feedback(
    fix: StepBench,
) -> None:
    await understood(fix)
    could_not = {**IMPLEMENTATION, "checklist": {
        "done": ["calc.py: looked at the divisor"], "left": [],
        "could_not": ["AC1: the divisor is shared with total() and I did not dare"]}}
    fix.runner.script(S.IMPLEMENT, could_not, tool_calls=[("edit_file", FIX_EDIT)])
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION)

    first = await fix.run(S.IMPLEMENT)
    second = await fix.run(S.IMPLEMENT)

    assert (first.verdict, first.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert first.summary == "could not do AC1"
    assert first.diff is not None and "len(values)" in first.diff  # the work is kept
    retry = fix.runner.calls_of(S.IMPLEMENT)[1].inputs
    assert "could not do primary criteria:\n- AC1: the divisor is shared" in retry
    assert "This is attempt 2 of 3." in retry
    assert len(fix.records.stories("could_not")) == 1
    assert second.verdict == Verdict.PASSED


async def test_what_an_attempt_left_or_could_not_do_outside_the_primary_criteria_goes_on(
    fix: StepBench,
) -> None:
    await understood(fix)
    partial = {**IMPLEMENTATION, "checklist": {
        "done": ["AC1: divide by len(values)"], "left": ["document the empty-list error"],
        "could_not": ["AC9: no such criterion, nothing to stop for"]}}
    fix.runner.script(S.IMPLEMENT, partial, tool_calls=[("edit_file", FIX_EDIT)])

    outcome = await fix.run(S.IMPLEMENT)

    assert outcome.verdict == Verdict.PASSED and FixState.of(fix.ctx).feedback == []


# --- VALIDATE --------------------------------------------------------------------------------------


async def test_evidence_quoted_from_the_red_test_counts(fix: StepBench) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, {**VERDICT, "criteria": [
        {"id": "AC1", "covered": True, "evidence": "assert average([2, 4]) == 3"}]})

    outcome = await fix.run(S.VALIDATE)

    assert outcome.verdict == Verdict.PASSED


async def test_a_high_honesty_concern_vetoes_and_a_low_one_goes_to_reviewers(
    fix: StepBench,
) -> None:
    await implemented(fix)
    high = {"concern": "the fix returns the test's expected value", "severity": "high"}
    low = {"concern": "the summary says more than the diff does", "severity": "low"}
    fix.runner.script(S.VALIDATE, {**VERDICT, "honesty_concerns": [high]})
    fix.runner.script(S.VALIDATE, {**VERDICT, "honesty_concerns": [low]})

    vetoed = await fix.run(S.VALIDATE)
    passed = await fix.run(S.VALIDATE)

    assert vetoed.verdict == Verdict.REJECTED
    assert "honesty_concern: (high) the fix returns the test's expected value" in \
        FixState.of(fix.ctx).feedback[-1].text
    assert passed.verdict == Verdict.PASSED
    assert [s.detail for s in FixState.of(fix.ctx).soft_signals
            if s.kind == "honesty_concern"] == ["(low) the summary says more than the diff does"]


@pytest.mark.smith_yml("steps: {honesty_veto: low}\n")
async def test_a_repository_can_veto_honesty_concerns_from_a_lower_severity(
    fix: StepBench,
) -> None:
    await implemented(fix)
    fix.runner.script(S.VALIDATE, {**VERDICT, "honesty_concerns": [
        {"concern": "the summary says more than the diff does", "severity": "low"}]})

    assert (await fix.run(S.VALIDATE)).verdict == Verdict.REJECTED


async def test_self_review_findings_left_unfixed_reach_the_validator_and_open_ones_are_kept(
    fix: StepBench,
) -> None:
    await implemented(fix)
    fix.give(S.SELF_REVIEW, {"findings": [
        {"axis": "sanity", "finding": "calc.py:6 average([]) still raises", "fixed": False},
        {"axis": "conventions", "finding": "calc.py:8 spacing", "fixed": True},
        {"axis": "criteria", "finding": "calc.py:8 only [2, 4] was tried", "fixed": False}]})
    fix.runner.script(S.VALIDATE, {**VERDICT, "review_findings": [
        {"number": 2, "still_open": False, "why": "the divisor is right for any list"}]})

    outcome = await fix.run(S.VALIDATE)

    assert outcome.verdict == Verdict.PASSED
    inputs = fix.runner.calls_of(S.VALIDATE)[0].inputs
    assert "1. (sanity) calc.py:6 average([]) still raises" in inputs
    assert "2. (criteria) calc.py:8 only [2, 4] was tried" in inputs
    assert "spacing" not in inputs  # fixed during the review: nothing to check
    assert FixState.of(fix.ctx).open_findings == ["sanity: calc.py:6 average([]) still raises"]
    assert fix.saved()["params"]["open_findings"] == FixState.of(fix.ctx).open_findings


# --- PUBLISH: what is not done reaches the reviewers --------------------------------------------


async def test_the_change_request_lists_what_was_left_and_the_findings_still_open(
    fix: StepBench,
) -> None:
    left = {**IMPLEMENTATION, "checklist": {
        "done": ["AC1: divide by len(values)"], "left": ["AC2: the docs still show 6.0"],
        "could_not": ["run the benchmarks (no harness here)"]}}
    await implemented(fix, artifact=left)
    fix.give(S.SELF_REVIEW, {"findings": [
        {"axis": "sanity", "finding": "calc.py:6 average([]) still raises", "fixed": False}]})
    fix.runner.script(S.VALIDATE, {**VERDICT, "review_findings": [
        {"number": 1, "still_open": True, "why": "nothing in the diff handles []"}]})
    assert (await fix.run(S.VALIDATE)).verdict == Verdict.PASSED

    assert (await fix.run(S.PUBLISH)).verdict == Verdict.PASSED

    [change] = fix.forge.change_requests(REPO)
    body = change.body.replace("\\", "")
    assert "### Not done" in body
    assert "**Left to do:**\n- AC2: the docs still show 6.0" in body
    assert "**Could not do:**\n- run the benchmarks (no harness here)" in body
    assert "**Self-review findings still open:**\n- sanity: calc.py:6 average([]) still raises" \
        in body
