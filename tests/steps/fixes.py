"""Where a step test starts: the fix chain walked up to a step with scripted answers (the
buggy calc repository's red test and fix from tests/e2e/script.py)."""

from __future__ import annotations

from typing import Any

from bot.chain.artifacts import StepName as S
from bot.chain.graph import Verdict
from tests.e2e.script import (
    ACCEPTANCE,
    DIAGNOSIS,
    ESTIMATE_SMALL,
    FIX_EDIT,
    IMPLEMENTATION,
    RED_TEST,
    RED_TEST_FILE,
    REPRO,
)
from tests.steps.bench import StepBench


async def understood(bench: StepBench) -> None:
    """PREPARE ran; ACCEPTANCE, DIAGNOSE and ESTIMATE have their artifacts."""
    await bench.prepare()
    bench.give(S.ACCEPTANCE, ACCEPTANCE)
    bench.give(S.DIAGNOSE, DIAGNOSIS)
    bench.give(S.ESTIMATE, ESTIMATE_SMALL)


async def reproduced(bench: StepBench, test: str = RED_TEST) -> None:
    """... and BRT proved `test` red in the sandbox."""
    await understood(bench)
    bench.runner.script(S.BRT, REPRO, tool_calls=[
        ("write_file", {"path": RED_TEST_FILE, "content": test})])
    outcome = await bench.run(S.BRT)
    assert outcome.verdict == Verdict.PASSED, outcome.summary


async def implemented(bench: StepBench, *edits: dict[str, Any], test: str = RED_TEST,
                      artifact: dict[str, Any] | None = None) -> None:
    """... and IMPLEMENT made `edits` (the right fix by default) through the agent's tools."""
    await reproduced(bench, test)
    bench.runner.script(S.IMPLEMENT, artifact or IMPLEMENTATION, tool_calls=[
        ("edit_file", edit) for edit in (edits or (FIX_EDIT,))])
    outcome = await bench.run(S.IMPLEMENT)
    assert outcome.verdict == Verdict.PASSED, outcome.summary
