"""EXAMPLES_SUITE (code only): the repository's own test command on the final branch.

The seed's external bar, independent of both agents: the build and tests the repository
already has (`regression.command`, else the test command with no test ids) run in the sandbox
on the branch about to be published. A red suite goes back to the generator with the failing
tests summarised, at most `companion_rounds` times, then blocks acceptance as a held-out
threshold does. The example files are not in the checkout, so the suite cannot print them.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import StepName, SuiteRun
from bot.chains.examples.run import spec_of
from bot.chains.examples.state import ExamplesState
from bot.chains.examples.steps.measure import end_below_threshold
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.change import change_paths
from bot.kit.environment import run_tests_or_raise
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus, TestOutcome
from bot.workspace.testrun import run_full_suite

MAX_NAMED = 5


async def repository_suite(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    state.suite_round += 1
    step = str(StepName.EXAMPLES_SUITE)
    result = await run_tests_or_raise(
        ctx, lambda: run_full_suite(ctx.sandbox, ctx.workspace.path, ctx.repo_config),
        step=step, touched=await change_paths(ctx))
    failing = [c for c in result.cases
               if c.outcome not in (TestOutcome.PASSED, TestOutcome.SKIPPED)]
    green = result.status is RunStatus.COMPLETED and not failing
    run = SuiteRun(passed=green, tests=len(result.cases), failing=len(failing),
                   status=str(result.status))
    state.suite = {"passed": green, "tests": run.tests, "failing": run.failing}
    await ctx.trajectory.record(step=step, actor="code", tool="run_suite",
                                args={"command": "regression"}, ok=green,
                                detail=f"{run.failing} of {run.tests} failing ({run.status})")
    if green:
        await state.save(ctx)
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=run,
                           summary=f"the repository's tests pass ({run.tests} tests)")
    if result.status is RunStatus.COMPLETED:
        names = ", ".join(c.test_id for c in failing[:MAX_NAMED])
        more = f" and {len(failing) - MAX_NAMED} more" if len(failing) > MAX_NAMED else ""
        what = f"{run.failing} of {run.tests} tests failing: {names}{more}"
    else:
        what = {"timeout": "the test command timed out",
                "no_report": "the test command ended without a test report"}.get(
                    run.status, f"the test command ended {run.status}")
    if state.suite_round >= spec.limits.companion_rounds:
        return await end_below_threshold(
            ctx, state, f"the repository's own tests fail on the final branch ({what}) after "
            f"{spec.limits.companion_rounds} companion-code rounds", run, outcome="suite_red")
    state.feedback = ["The repository's own test command fails on your branch; keep its "
                      "existing behaviour and fix the cause:\n"
                      + summarize_failures(result, ctx.workspace.path)]
    state.train_attempts = 0
    await state.save(ctx)
    return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_GENERATE), artifact=run,
                       summary=f"the repository's tests fail: {what}"[:200], reason="suite_red")
