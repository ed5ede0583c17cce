"""IMPLEMENT and SELF_REVIEW: attempts, feedback, the red test kept out of reach, the next step."""

from __future__ import annotations

from pathlib import Path

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.state import FixState
from bot.engine.graph import Verdict
from tests.e2e.script import FIX_EDIT, IMPLEMENTATION, RED_TEST_FILE, RED_TEST_ID
from tests.steps.bench import StepBench
from tests.steps.fixes import REWORK_BRANCH, implemented, red_test_given, reworked, understood

EDIT_RED_TEST = {"path": RED_TEST_FILE, "old": "== 3", "new": "== 6.0"}


async def test_a_first_attempt_that_changes_code_goes_to_self_review_with_its_diff(
    fix: StepBench,
) -> None:
    await red_test_given(fix)
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])

    outcome = await fix.run(S.IMPLEMENT)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.SELF_REVIEW))
    assert outcome.diff is not None and "+    return sum(values) / len(values)" in outcome.diff
    assert FixState.of(fix.ctx).attempts == 1
    inputs = fix.runner.calls_of(S.IMPLEMENT)[0].inputs
    assert f"The bug-reproduction test {RED_TEST_ID}" in inputs and "is verified red" in inputs
    assert "This is attempt 1 of 3." in inputs


async def test_the_red_test_cannot_be_edited_by_the_fix(fix: StepBench) -> None:
    await red_test_given(fix)
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", EDIT_RED_TEST),
                                                               ("edit_file", FIX_EDIT)])

    await fix.run(S.IMPLEMENT)

    refused, edited = fix.runner.calls_of(S.IMPLEMENT)[0].tool_results
    assert not refused.ok and edited.ok
    assert "== 3" in (fix.checkout / RED_TEST_FILE).read_text()


async def test_an_attempt_that_changes_nothing_is_sent_back_and_the_next_one_is_told(
    fix: StepBench,
) -> None:
    await understood(fix)
    await FixState.save(fix.ctx, brt_skip="nondeterministic: only under a race")
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION)
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])

    first = await fix.run(S.IMPLEMENT)
    second = await fix.run(S.IMPLEMENT)

    assert (first.verdict, first.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert [f.text for f in FixState.of(fix.ctx).feedback] == ["The previous attempt changed no file."]
    retry = fix.runner.calls_of(S.IMPLEMENT)[1].inputs
    assert "No reproduction test: nondeterministic: only under a race" in retry
    assert "Attempt feedback from implement:\nThe previous attempt changed no file." in retry
    assert "This is attempt 2 of 3." in retry
    assert (second.verdict, second.next) == (Verdict.PASSED, str(S.QUALITY))  # no 2nd review


async def test_an_attempt_that_only_leaves_the_red_test_behind_changed_nothing(
    fix: StepBench,
) -> None:
    """BRT's red test is in every diff after it: an attempt that wrote nothing else is sent
    back like one that changed no file, not reviewed as a fix."""
    await red_test_given(fix)
    fix.runner.script(S.IMPLEMENT, IMPLEMENTATION)

    outcome = await fix.run(S.IMPLEMENT)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.IMPLEMENT))
    assert outcome.reason == "no_change"
    assert [f.text for f in FixState.of(fix.ctx).feedback] == ["The previous attempt changed no file."]


async def test_self_review_decides_nothing_and_hands_its_diff_to_quality(fix: StepBench) -> None:
    await implemented(fix)
    finding = {"axis": "sanity", "finding": "calc.py:8 an empty list still raises",
               "fixed": False}
    fix.runner.script(S.SELF_REVIEW, {"findings": [finding]})

    outcome = await fix.run(S.SELF_REVIEW)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.QUALITY))
    assert outcome.summary == "1 findings, 0 fixed"
    assert "+    return sum(values) / len(values)" in (outcome.diff or "")
    assert "<diff>" in fix.runner.calls_of(S.SELF_REVIEW)[0].inputs


async def test_a_rework_builds_on_its_origin_and_shows_the_reviewers_words_as_data(
    tmp_path: Path, fix: StepBench,
) -> None:
    """PREPARE of the rework chain checks out the change request's branch and adopts the
    origin run's criteria and red test; IMPLEMENT then carries the reviewer's words, and the
    code their thread points at, and goes to QUALITY without a self-review."""
    rework, _ = await reworked(tmp_path, fix.bare)
    try:
        prepared = await rework.prepare()
        rework.runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])
        outcome = await rework.run(S.IMPLEMENT)
    finally:
        await rework.close()

    assert (prepared.verdict, prepared.next) == (Verdict.PASSED, str(S.IMPLEMENT))
    assert rework.ctx.workspace.branch == REWORK_BRANCH
    assert FixState.of(rework.ctx).red_test is not None and FixState.of(rework.ctx).red_test.id == RED_TEST_ID
    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.QUALITY))
    inputs = rework.runner.calls_of(S.IMPLEMENT)[0].inputs
    assert "Reviewer @reviewer asked for this change" in inputs
    assert "</feedback> empty" not in inputs  # the reviewer cannot close the data block
    assert "calc.py lines 3-12:" in inputs and "len(values) - 1" in inputs
    assert "AC1" in inputs  # the origin's criteria
