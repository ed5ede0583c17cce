"""BRT: a bug-reproduction test that OUR code proves red on an assertion before any fix.

"The test is red" is a fact only when the sandbox ran it and the JUnit report shows an
assertion failure (or the very error the report quotes, bot/chains/fix/reported_error.py);
an import error, a collection failure or a timeout proves nothing, so the
test is reverted and the agent tries again with a short account of what happened. A skip is
accepted only as bot/chains/fix/repro_skip.py allows (backend code needs an allowed reason); a
refused one is a try like a test that is not red.
"""

from __future__ import annotations

import structlog

from bot.chains.fix.artifacts import Acceptance, Diagnosis, ReproTest, StepName
from bot.chains.fix.model_inputs import criteria_block, diagnosis_block
from bot.chains.fix.reported_error import (
    defines,
    erroring_cases,
    quoted_error,
    refused_callee,
    reported_error,
)
from bot.chains.fix.repro_skip import refused_skip
from bot.chains.fix.state import FixState, RedTest
from bot.chains.fix.steps.understand import reporter_text
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.agent import run_agent
from bot.kit.change import change_diff, change_paths, revert_changes
from bot.kit.environment import run_tests_or_raise
from bot.kit.reach import base_test_files, globs_matcher
from bot.workspace.failure_summary import frame_paths, summarize_failures
from bot.workspace.junit import RunStatus as TestRunStatus
from bot.workspace.junit import TestOutcome, TestRunResult
from bot.workspace.testrun import run_tests
from bot.workspace.tools import WritePolicy

log = structlog.get_logger(__name__)


def red_message(result: TestRunResult, test_id: str) -> str:
    for case in result.cases_for(test_id):
        if case.outcome == TestOutcome.RED_ASSERTION:
            return (case.message or case.details or "assertion failed").strip()[:1500]
    return ""


def _read_text(ctx: RunContext, path: str | None) -> str | None:
    """The test file as written; None when it cannot be read (missing, a link, too big), and
    then a red on an error is not taken: nobody could check the test did not raise it itself."""
    if not path:
        return None
    try:
        return ctx.workspace.read_file(path, max_bytes=1_000_000).decode("utf-8", "replace")
    except (OSError, ValueError):
        return None


async def _product_files(ctx: RunContext, result: TestRunResult, test_id: str,
                         written: list[str]) -> frozenset[str]:
    """Of the files the test's errors name in their frames, those the base commit has that are
    neither tests nor written by this step: where a reported error must pass to be the code's
    (bot/chains/fix/reported_error.py)."""
    is_test = globs_matcher(ctx.repo_config.test_globs)
    named = {path for case in erroring_cases(result, test_id)
             for path in frame_paths(case.details, ctx.workspace.path)}
    found = set()
    for path in sorted(named - set(written)):
        if path.startswith("/") or ".." in path.split("/"):
            continue  # outside the checkout: never the product's
        if not is_test(path) and await ctx.workspace.read_base_file(path) is not None:
            found.add(path)
    return frozenset(found)


async def _product_callees(ctx: RunContext, result: TestRunResult, test_id: str,
                           written: list[str]) -> frozenset[str]:
    """Of the functions the test's call-signature errors name, those a product file of the
    base commit names and no file the step wrote defines (bot/chains/fix/reported_error.py)."""
    is_test = globs_matcher(ctx.repo_config.test_globs)
    found = set()
    for name in {refused_callee(case.message) for case in erroring_cases(result, test_id)}:
        if name is None or any(defines(_read_text(ctx, path) or "", name) for path in written):
            continue
        homes = await ctx.workspace.base_files_mentioning(name)
        if any(not is_test(path) and path not in written for path in homes):
            found.add(name)
    return frozenset(found)


async def brt(ctx: RunContext) -> StepOutcome:
    config = ctx.repo_config
    if not config.steps.brt:
        return StepOutcome(Verdict.SKIPPED, ONWARD,
                           summary="disabled in .smith.yml")
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    diagnosis = ctx.require(StepName.DIAGNOSE, Diagnosis)
    parts = [criteria_block(criteria), diagnosis_block(diagnosis),
             f"Test files must match: {', '.join(config.test_globs)}"]
    refused = FixState.of(ctx).brt_feedback
    if refused:
        parts += ["Your previous test was reverted because:", refused]
    artifact = await run_agent(ctx, StepName.BRT, "\n\n".join(parts), ReproTest,
                               policy=WritePolicy.tests_only(config.test_globs))
    written = await change_paths(ctx)
    if artifact.status == "skipped":
        await revert_changes(ctx, written)
        refusal = refused_skip(
            artifact, diagnosis,
            test_files=await base_test_files(ctx.workspace, globs_matcher(config.test_globs)),
            backend_reasons=config.steps.backend_skip_reasons)
        if refusal is not None:
            await FixState.save(ctx, brt_feedback=refusal)
            await ctx.record_failure(str(StepName.BRT), "brt_skip_refused",
                                     f"skipped as {artifact.skip_reason}: "
                                     f"{artifact.explanation}\n{refusal}")
            return StepOutcome(Verdict.REJECTED, str(StepName.BRT), artifact=artifact,
                               summary=f"skip refused ({artifact.skip_reason})")
        await FixState.save(ctx, red_test=None, brt_feedback=None,
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
    source = None if red else _read_text(ctx, artifact.file)
    report = "" if red or source is None else await reporter_text(ctx)
    quoted = None
    if source is not None and quoted_error(result, test_id, report, source):
        # Only an error the report quotes is worth the lookups in the base commit.
        quoted = reported_error(
            result, test_id, report, source, checkout=ctx.workspace.path,
            product_files=await _product_files(ctx, result, test_id, written),
            product_callees=await _product_callees(ctx, result, test_id, written))
    seen = ("red_assertion" if red else "red_reported_error" if quoted
            else "green" if result.all_passed else "red_error")
    await ctx.trajectory.record(step=str(StepName.BRT), actor="code", tool="run_tests",
                                args={"test_id": test_id, "outcome": seen},
                                ok=True, detail=result.status.value)
    if red or quoted:
        message = red_message(result, test_id) if red else quoted or ""
        await FixState.save(
            ctx, red_test=RedTest(id=test_id, file=artifact.file, message=message),
            brt_feedback=None,
        )
        summary = f"{test_id} is red" + ("" if red else f" on the reported error ({quoted})")
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                           diff=await change_diff(ctx), summary=summary[:300])
    await revert_changes(ctx, written)
    if result.status == TestRunStatus.TIMEOUT:
        why = "the test run timed out"
    elif seen == "green":
        why = f"{test_id} passed: it does not reproduce the bug"
    else:
        why = summarize_failures(result, ctx.workspace.path) or (
            f"{test_id} did not fail on an assertion ({result.status.value}); "
            "errors, import problems and collection failures do not count, except the very "
            "error the report quotes")
    await FixState.save(ctx, brt_feedback=why)
    await ctx.record_failure(str(StepName.BRT), "brt_not_red", f"{test_id}: {why}")
    return StepOutcome(Verdict.REJECTED, str(StepName.BRT), artifact=artifact,
                       summary=f"not red on an assertion ({seen}); test reverted")
