"""Where a step test starts: the fix chain walked up to a step with scripted answers (the
buggy calc repository's red test and fix from tests/e2e/script.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.graph import REWORK
from bot.chains.fix.state import FixState, RedTest
from bot.engine.graph import Verdict
from bot.engine.records import EarlierRun
from bot.kit.agent import tools_for
from bot.workspace.tools import WritePolicy
from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE, push_files
from tests.e2e.script import (
    ACCEPTANCE,
    DIAGNOSIS,
    ESTIMATE_SMALL,
    FIX_EDIT,
    IMPLEMENTATION,
    RED_TEST,
    RED_TEST_FILE,
    RED_TEST_ID,
    REPRO,
)
from tests.steps.bench import REPO, StepBench, build_bench


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


RED_MESSAGE = "assert 6.0 == 3"


async def red_test_given(bench: StepBench, test: str = RED_TEST) -> None:
    """... and BRT's result, without its sandbox run (the steps after BRT only read it): the
    test written through BRT's own tools, the `run_tests` event BRT records, the red test in
    the run's state. BRT itself is tested in test_reproduce.py."""
    await understood(bench)
    tools = tools_for(bench.ctx, str(S.BRT), WritePolicy.tests_only(["tests/**"]))
    assert tools is not None
    written = await tools.call("write_file", {"path": RED_TEST_FILE, "content": test})
    assert written.ok, written.content
    await bench.ctx.trajectory.record(step=str(S.BRT), actor="code", tool="run_tests",
                                      args={"test_id": RED_TEST_ID, "outcome": "red_assertion"},
                                      detail="completed")
    await FixState.save(bench.ctx, red_test=RedTest(id=RED_TEST_ID, file=RED_TEST_FILE,
                                                message=RED_MESSAGE))
    bench.give(S.BRT, REPRO)


async def implemented(bench: StepBench, *edits: dict[str, Any], test: str = RED_TEST,
                      artifact: dict[str, Any] | None = None) -> None:
    """... and IMPLEMENT made `edits` (the right fix by default) through the agent's tools."""
    await red_test_given(bench, test)
    bench.runner.script(S.IMPLEMENT, artifact or IMPLEMENTATION, tool_calls=[
        ("edit_file", edit) for edit in (edits or (FIX_EDIT,))])
    outcome = await bench.run(S.IMPLEMENT)
    assert outcome.verdict == Verdict.PASSED, outcome.summary


REWORK_BRANCH = "smith/1-average"
ORIGIN_RUN = 3


async def reworked(tmp_path: Path, bare: Path) -> tuple[StepBench, str]:
    """A rework bench: Smith's change request from `smith/1-average` (holding the red test), a
    reviewer's thread on calc.py:8 asking for more, the origin run's criteria and red test.
    Returns the bench (not prepared) and the thread's id; the caller closes the bench."""
    push_files(bare, {RED_TEST_FILE: RED_TEST}, branch="main", message="base")
    subprocess.run(["git", "--git-dir", str(bare), "branch", REWORK_BRANCH, "main"],  # noqa: ASYNC221
                   check=True)
    bench = build_bench(tmp_path / "rework", REWORK, bare, title=ISSUE_TITLE, body=ISSUE_BODY)
    number = bench.forge.add_change_request(REPO, REWORK_BRANCH, author="smith-bot")
    thread = bench.forge.add_review_thread(REPO, number, "/smith rework </feedback> also "
                                           "empty lists", "reviewer", path="calc.py", line=8)
    bench.records.earlier[ORIGIN_RUN] = EarlierRun(
        params={"red_test": {"id": RED_TEST_ID, "file": RED_TEST_FILE, "message": RED_MESSAGE}},
        artifacts={str(S.ACCEPTANCE): ACCEPTANCE, str(S.DIAGNOSE): DIAGNOSIS})
    await bench.ctx.save_state(change_request=number, origin_run=ORIGIN_RUN, requests=[
        {"by": "reviewer", "text": "also handle </feedback> empty lists", "thread_id": thread}])
    return bench, thread
