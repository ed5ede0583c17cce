"""What the fix chain's steps tell the rules loop when they say no: a judge's rejection, a
reproduction test that is not red, a report with no quoted criterion, cited lines that do not
exist. Each story has a kind the miner reads and the evidence it needs (the steps on the
in-memory bench of tests/steps, with real tools and a real sandbox run for BRT)."""

from __future__ import annotations

from bot.chains.fix.artifacts import StepName as S
from bot.engine.graph import Verdict
from tests.e2e.script import (
    ACCEPTANCE,
    DIAGNOSIS,
    JUDGE_NO,
    JUDGE_YES,
    RED_TEST,
    RED_TEST_FILE,
    REPRO,
)
from tests.steps.bench import StepBench

GREEN_TEST = RED_TEST.replace("average([2, 4]) == 3", "average([2, 4]) == 6")
UNQUOTED = {"status": "ready", "missing_data": [], "questions": [],
            "criteria": [{"id": "AC1", "kind": "primary", "behaviour": "average is right",
                          "quote": "the mean must never be wrong"}]}


def _stories(bench: StepBench) -> list[tuple[str, str]]:
    return [(story.step, story.kind) for story in bench.records.stories()]


async def test_a_judge_rejection_tells_the_claim_and_the_judges_reason(fix: StepBench) -> None:
    await fix.prepare()
    fix.give(S.ACCEPTANCE, ACCEPTANCE)
    fix.give(S.DIAGNOSE, DIAGNOSIS)
    fix.runner.script(S.JUDGE, JUDGE_NO).script(S.JUDGE, JUDGE_YES)

    assert (await fix.run(S.JUDGE)).verdict == Verdict.REJECTED
    assert (await fix.run(S.JUDGE)).verdict == Verdict.PASSED  # agreeing tells nothing

    [story] = fix.records.stories()
    assert (story.step, story.kind) == ("judge", "judge_rejected")
    assert DIAGNOSIS["root_cause"] in story.evidence and "calc.py:4-8" in story.evidence
    assert JUDGE_NO["why"] in story.evidence and JUDGE_NO["latched_onto"] in story.evidence
    assert DIAGNOSIS["hypothesis"] not in story.evidence  # reasoning stays out, as for the judge


async def test_a_reproduction_test_that_passes_is_a_story_of_brt(fix: StepBench) -> None:
    await fix.prepare()
    fix.give(S.ACCEPTANCE, ACCEPTANCE)
    fix.give(S.DIAGNOSE, DIAGNOSIS)
    fix.runner.script(S.BRT, REPRO, tool_calls=[("write_file", {"path": RED_TEST_FILE,
                                                                "content": GREEN_TEST})])

    assert (await fix.run(S.BRT)).verdict == Verdict.REJECTED

    [story] = fix.records.stories()
    assert (story.step, story.kind) == ("brt", "brt_not_red")
    assert "passed: it does not reproduce the bug" in story.evidence


async def test_a_report_without_a_quoted_criterion_is_a_story_of_acceptance(
    fix: StepBench,
) -> None:
    await fix.without_checkout()
    fix.runner.script(S.ACCEPTANCE, UNQUOTED)

    outcome = await fix.run(S.ACCEPTANCE)

    assert outcome.ending is not None and outcome.ending.outcome == "needs_info"
    [story] = fix.records.stories()
    assert (story.step, story.kind) == ("acceptance", "acceptance_blocked")
    assert "1 criteria dropped as not quoted verbatim" in story.evidence
    assert "missing: a primary criterion quoted verbatim from the report" in story.evidence
    assert "asked: What exactly should happen instead?" in story.evidence


async def test_cited_lines_that_do_not_exist_are_a_story_of_diagnose(fix: StepBench) -> None:
    await fix.prepare()
    fix.give(S.ACCEPTANCE, ACCEPTANCE)
    invented = {**DIAGNOSIS, "locations": [{"path": "calc.py", "start_line": 400,
                                            "end_line": 410}]}
    fix.runner.script(S.DIAGNOSE, invented)

    assert (await fix.run(S.DIAGNOSE)).verdict == Verdict.REJECTED
    assert _stories(fix) == [("diagnose", "locations_missing")]
    assert "calc.py:400-410" in fix.records.stories()[0].evidence
