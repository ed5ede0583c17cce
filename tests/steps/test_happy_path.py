"""The fix chain's happy path in the fast loop: every step of the graph's default path, walked
in order by its own edges on the step bench (real checkout, sandbox, git, the in-memory forge
and records, the scripted model), from PREPARE to the issue handed to reviewers.

The end-to-end files walk the same path through `smith serve`'s web app and worker; this one
keeps the whole chain in the fast loop (`-m "not slow"`), so a step that stops passing its
successor the artifact it needs is caught there first.
"""

from __future__ import annotations

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.graph import FIX
from bot.engine.graph import Verdict
from tests.e2e.script import (
    ACCEPTANCE,
    DIAGNOSIS,
    ESTIMATE_SMALL,
    FIX_EDIT,
    IMPLEMENTATION,
    JUDGE_YES,
    RED_TEST,
    RED_TEST_FILE,
    REPRO,
    SELF_REVIEW,
    VERDICT,
)
from tests.steps.bench import REPO, StepBench


async def test_the_fix_chain_walks_its_default_path_to_a_change_request(fix: StepBench) -> None:
    runner = fix.runner
    runner.script(S.ACCEPTANCE, ACCEPTANCE).script(S.DIAGNOSE, DIAGNOSIS)
    runner.script(S.JUDGE, JUDGE_YES).script(S.ESTIMATE, ESTIMATE_SMALL)
    runner.script(S.BRT, REPRO, tool_calls=[("write_file", {"path": RED_TEST_FILE,
                                                            "content": RED_TEST})])
    runner.script(S.IMPLEMENT, IMPLEMENTATION, tool_calls=[("edit_file", FIX_EDIT)])
    runner.script(S.SELF_REVIEW, SELF_REVIEW).script(S.VALIDATE, VERDICT)

    walked = []
    step: str | None = FIX.start
    while step is not None:
        outcome = await (fix.prepare() if step == FIX.start else fix.run(step))
        assert outcome.verdict == Verdict.PASSED, f"{step}: {outcome.summary}"
        walked.append(step)
        step = outcome.next

    assert tuple(walked) == FIX.default_path()
    assert runner.unplayed() == {}
    [change] = fix.forge.change_requests(REPO)
    assert "| AC1 (primary) |" in change.body and "🟢 passes" in change.body
    assert fix.labels() == [fix.ctx.settings.labels.ready_for_review]
