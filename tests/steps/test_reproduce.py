"""BRT: a reproduction test counts only when our code ran it in the sandbox and saw it red on
an assertion; anything else is reverted and sent back."""

from __future__ import annotations

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.state import FixState
from bot.engine.graph import Verdict
from tests.e2e.script import ACCEPTANCE, DIAGNOSIS, RED_TEST, RED_TEST_FILE, RED_TEST_ID, REPRO
from tests.steps.bench import StepBench

GREEN_TEST = RED_TEST.replace("average([2, 4]) == 3", "average([2, 4]) == 6")
SKIP = {"status": "skipped", "skip_reason": "nondeterministic",
        "explanation": "The wrong value only shows under a race no test can provoke reliably."}


async def ready(bench: StepBench) -> None:
    await bench.prepare()
    bench.give(S.ACCEPTANCE, ACCEPTANCE)
    bench.give(S.DIAGNOSE, DIAGNOSIS)


def writes(content: str, path: str = RED_TEST_FILE) -> list[tuple[str, dict]]:
    return [("write_file", {"path": path, "content": content})]


async def test_a_test_seen_red_on_an_assertion_becomes_the_runs_red_test(
    fix: StepBench,
) -> None:
    await ready(fix)
    fix.runner.script(S.BRT, REPRO, tool_calls=writes(RED_TEST))

    outcome = await fix.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.IMPLEMENT))
    red = FixState.of(fix.ctx).red_test
    assert red is not None and (red.id, red.file) == (RED_TEST_ID, RED_TEST_FILE)
    assert "6.0" in red.message  # the assertion's own words: 6.0 == 3
    assert fix.saved()["params"]["red_test"]["id"] == RED_TEST_ID  # persisted for a resume
    assert outcome.diff is not None and RED_TEST_FILE in outcome.diff
    code = await fix.records.events(fix.ctx.run_id, actor="code", tools=["run_tests"])
    assert [e.args for e in code] == [{"test_id": RED_TEST_ID, "outcome": "red_assertion"}]


async def test_a_test_that_passes_is_reverted_and_the_next_try_is_told_why(
    fix: StepBench,
) -> None:
    await ready(fix)
    fix.runner.script(S.BRT, REPRO, tool_calls=writes(GREEN_TEST))
    fix.runner.script(S.BRT, REPRO, tool_calls=writes(RED_TEST))

    first = await fix.run(S.BRT)

    assert (first.verdict, first.next) == (Verdict.REJECTED, str(S.BRT))
    assert not (fix.checkout / RED_TEST_FILE).exists()
    assert FixState.of(fix.ctx).red_test is None
    assert FixState.of(fix.ctx).brt_feedback == f"{RED_TEST_ID} passed: it does not reproduce the bug"
    second = await fix.run(S.BRT)
    assert second.verdict == Verdict.PASSED
    assert "Your previous test was reverted because" in fix.runner.calls_of(S.BRT)[1].inputs
    assert FixState.of(fix.ctx).brt_feedback is None


async def test_brt_may_write_tests_only(fix: StepBench) -> None:
    await ready(fix)
    fix.runner.script(S.BRT, REPRO, tool_calls=[
        *writes("def average(values):\n    return 3\n", path="calc.py"),
        *writes(RED_TEST)])

    outcome = await fix.run(S.BRT)

    refused, written = fix.runner.calls_of(S.BRT)[0].tool_results
    assert not refused.ok and written.ok
    assert "len(values) - 1" in (fix.checkout / "calc.py").read_text()
    assert outcome.verdict == Verdict.PASSED  # still red: the product code was never touched


async def test_a_reasoned_skip_goes_on_without_a_red_test_and_keeps_no_file(
    fix: StepBench,
) -> None:
    await ready(fix)
    fix.runner.script(S.BRT, SKIP, tool_calls=writes(RED_TEST))

    outcome = await fix.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.SKIPPED, str(S.IMPLEMENT))
    assert FixState.of(fix.ctx).red_test is None
    assert FixState.of(fix.ctx).brt_skip is not None and FixState.of(fix.ctx).brt_skip.startswith(
        "nondeterministic: The wrong value")
    assert not (fix.checkout / RED_TEST_FILE).exists()


@pytest.mark.smith_yml("steps: {brt: false}\n")
async def test_brt_switched_off_in_the_config_asks_no_model(fix: StepBench) -> None:
    await ready(fix)

    outcome = await fix.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.SKIPPED, str(S.IMPLEMENT))
    assert fix.runner.calls == []
