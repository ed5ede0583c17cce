"""BRT: a bug-reproduction test that OUR code proves red on an assertion before any fix.

"The test is red" is a fact only when the sandbox ran it and the JUnit report shows an
assertion failure; an import error, a collection failure or a timeout proves nothing, so the
test is reverted and the agent tries again with a short account of what happened. A skip is
accepted only as bot/chain/repro_skip.py allows (backend code needs an allowed reason); a
refused one is a try like a test that is not red.
"""

from __future__ import annotations

import os
from pathlib import Path

import structlog

from bot.chain.agent import run_agent
from bot.chain.artifacts import Acceptance, Diagnosis, ReproTest, StepName
from bot.chain.change import change_diff, change_paths
from bot.chain.context import RunContext
from bot.chain.environment import run_tests_or_raise
from bot.chain.graph import ONWARD, StepOutcome, Verdict
from bot.chain.reach import base_test_files, globs_matcher
from bot.chain.render.model_inputs import criteria_block, diagnosis_block
from bot.chain.repro_skip import refused_skip
from bot.chain.state import RedTest
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus as TestRunStatus
from bot.workspace.junit import TestOutcome, TestRunResult
from bot.workspace.safe_fs import remove_beneath, symlink_beneath, write_beneath
from bot.workspace.testrun import run_tests
from bot.workspace.tools import WritePolicy

log = structlog.get_logger(__name__)


async def revert_changes(ctx: RunContext, paths: list[str]) -> None:
    """Put `paths` back as they are on the base commit (delete files the base does not have).

    The checkout is untrusted (the test just ran in it): nothing here follows a link. A link is
    removed or restored as a link, a file is replaced rather than written through, and a path
    that leads through a link is left alone (it is then no part of the change either)."""
    checkout = ctx.workspace
    root: Path = checkout.path
    for rel in paths:
        original = await checkout.read_base_entry(rel)
        try:
            if original is None:
                remove_beneath(root, rel)
            elif original[0] == 0o120000:
                symlink_beneath(root, rel, os.fsdecode(original[1]))
            else:
                write_beneath(root, rel, original[1], mode=original[0] & 0o777)
        except OSError as exc:  # UnsafePath: a link on the way; never followed
            log.warning("revert_refused", path=rel, reason=str(exc))


def red_message(result: TestRunResult, test_id: str) -> str:
    for case in result.cases_for(test_id):
        if case.outcome == TestOutcome.RED_ASSERTION:
            return (case.message or case.details or "assertion failed").strip()[:1500]
    return ""


async def brt(ctx: RunContext) -> StepOutcome:
    config = ctx.repo_config
    if not config.steps.brt:
        return StepOutcome(Verdict.SKIPPED, ONWARD,
                           summary="disabled in .smith.yml")
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    diagnosis = ctx.require(StepName.DIAGNOSE, Diagnosis)
    parts = [criteria_block(criteria), diagnosis_block(diagnosis),
             f"Test files must match: {', '.join(config.test_globs)}"]
    if ctx.state.brt_feedback:
        parts += ["Your previous test was reverted because:", ctx.state.brt_feedback]
    artifact = await run_agent(ctx, StepName.BRT, "\n\n".join(parts),
                               policy=WritePolicy.tests_only(config.test_globs))
    assert isinstance(artifact, ReproTest)
    written = await change_paths(ctx)
    if artifact.status == "skipped":
        await revert_changes(ctx, written)
        refusal = refused_skip(
            artifact, diagnosis,
            test_files=await base_test_files(ctx.workspace, globs_matcher(config.test_globs)),
            backend_reasons=config.steps.backend_skip_reasons)
        if refusal is not None:
            await ctx.save_state(brt_feedback=refusal)
            await ctx.record_failure(str(StepName.BRT), "brt_skip_refused",
                                     f"skipped as {artifact.skip_reason}: "
                                     f"{artifact.explanation}\n{refusal}")
            return StepOutcome(Verdict.REJECTED, str(StepName.BRT), artifact=artifact,
                               summary=f"skip refused ({artifact.skip_reason})")
        await ctx.save_state(red_test=None, brt_feedback=None,
                             brt_skip=f"{artifact.skip_reason}: {artifact.explanation}")
        return StepOutcome(Verdict.SKIPPED, ONWARD, artifact=artifact,
                           summary=f"skipped ({artifact.skip_reason})")
    test_id = artifact.test_id or ""
    # A run the environment broke (no runner, no report, foreign import errors, timeout, a
    # sandbox limit) is not "not red": it is retried once, then the run ends `environment`.
    result = await run_tests_or_raise(
        ctx, lambda: run_tests(ctx.sandbox, ctx.workspace.path, config, [test_id],
                               step=str(StepName.BRT)),
        step=str(StepName.BRT), touched=written)
    red = result.status == TestRunStatus.COMPLETED and result.is_red_on_assertion(test_id)
    seen = "red_assertion" if red else ("green" if result.all_passed else "red_error")
    await ctx.trajectory.record(step=str(StepName.BRT), actor="code", tool="run_tests",
                                args={"test_id": test_id, "outcome": seen},
                                ok=True, detail=result.status.value)
    if red:
        await ctx.save_state(
            red_test=RedTest(id=test_id, file=artifact.file, message=red_message(result, test_id)),
            brt_feedback=None,
        )
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                           diff=await change_diff(ctx), summary=f"{test_id} is red")
    await revert_changes(ctx, written)
    if result.status == TestRunStatus.TIMEOUT:
        why = "the test run timed out"
    elif seen == "green":
        why = f"{test_id} passed: it does not reproduce the bug"
    else:
        why = summarize_failures(result, ctx.workspace.path) or (
            f"{test_id} did not fail on an assertion ({result.status.value}); "
            "errors, import problems and collection failures do not count")
    await ctx.save_state(brt_feedback=why)
    await ctx.record_failure(str(StepName.BRT), "brt_not_red", f"{test_id}: {why}")
    return StepOutcome(Verdict.REJECTED, str(StepName.BRT), artifact=artifact,
                       summary=f"not red on an assertion ({seen}); test reverted")
