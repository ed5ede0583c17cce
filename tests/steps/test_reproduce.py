"""BRT: a reproduction test counts only when our code ran it in the sandbox and saw it red on
an assertion; anything else is reverted and sent back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.graph import FIX
from bot.chains.fix.state import FixState
from bot.engine.graph import Verdict
from tests.e2e.buggy_repo import make_buggy_repo
from tests.e2e.script import ACCEPTANCE, DIAGNOSIS, RED_TEST, RED_TEST_FILE, RED_TEST_ID, REPRO
from tests.steps.bench import StepBench, build_bench

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


QUOTING_BODY = ("`average([5])` crashes with `ZeroDivisionError: division by zero` instead of "
                "returning 5.\n\nExpected: the average of one value is that value")
ONE_VALUE_TEST = "from calc import average\n\n\ndef test_average_of_one_value():\n" \
                 "    assert average([5]) == 5\n"
ONE_VALUE_ID = "tests/test_average.py::test_average_of_one_value"
ONE_VALUE = {**REPRO, "test_id": ONE_VALUE_ID}


@pytest.fixture
async def quoting(tmp_path: Path) -> AsyncIterator[StepBench]:
    """The calc repository with a report that quotes the error the bug raises."""
    bare = make_buggy_repo(tmp_path / "repo")
    bench = build_bench(tmp_path, FIX, bare, title="average of one value crashes",
                        body=QUOTING_BODY)
    try:
        yield bench
    finally:
        await bench.close()


async def test_a_test_red_on_the_very_error_the_report_quotes_is_red(
    quoting: StepBench,
) -> None:
    """The maintainers' own regression tests fail this way (cachetools 7.2.8's did)."""
    await ready(quoting)
    quoting.runner.script(S.BRT, ONE_VALUE, tool_calls=writes(ONE_VALUE_TEST))

    outcome = await quoting.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.PASSED, str(S.IMPLEMENT))
    red = FixState.of(quoting.ctx).red_test
    assert red is not None and red.message == "ZeroDivisionError: division by zero"
    assert "reported error" in (outcome.summary or "")
    code = await quoting.records.events(quoting.ctx.run_id, actor="code", tools=["run_tests"])
    assert [e.args["outcome"] for e in code] == ["red_reported_error"]


async def test_an_error_the_report_does_not_quote_is_not_red(fix: StepBench) -> None:
    await ready(fix)
    fix.runner.script(S.BRT, ONE_VALUE, tool_calls=writes(ONE_VALUE_TEST))

    outcome = await fix.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.BRT))
    assert not (fix.checkout / RED_TEST_FILE).exists()


async def test_a_test_that_raises_the_quoted_error_itself_is_not_red(
    quoting: StepBench,
) -> None:
    await ready(quoting)
    raising = ONE_VALUE_TEST.replace(
        "    assert average([5]) == 5\n",
        "    average([2, 4])\n    raise ZeroDivisionError('division by zero')\n")
    quoting.runner.script(S.BRT, ONE_VALUE, tool_calls=writes(raising))

    outcome = await quoting.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.BRT))
    assert FixState.of(quoting.ctx).red_test is None


async def test_a_test_that_divides_by_zero_itself_is_not_red(quoting: StepBench) -> None:
    """The quoted `ZeroDivisionError: division by zero` without its text in the test: the
    stack never passes through the code, so this is the test's own error, not the bug."""
    await ready(quoting)
    dividing = ONE_VALUE_TEST.replace("    assert average([5]) == 5\n",
                                      "    assert average([2, 4]) == 3 + 1 / 0\n")
    quoting.runner.script(S.BRT, ONE_VALUE, tool_calls=writes(dividing))

    outcome = await quoting.run(S.BRT)

    assert (outcome.verdict, outcome.next) == (Verdict.REJECTED, str(S.BRT))
    assert FixState.of(quoting.ctx).red_test is None
