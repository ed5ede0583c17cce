"""QUALITY, VALIDATE and REGRESSION: facts about the fix, established by code.

QUALITY reruns the declared tests, the red test and the checks triggered by touched paths in the
sandbox; IMPLEMENT gets a short failure summary, never the raw log. VALIDATE runs the static
validator on the diff and the trajectory and merges the model's per-criterion verdict; a static
veto can never be overruled by the model.
"""

from __future__ import annotations

from bot.chain.agent import run_agent
from bot.chain.artifacts import (
    Acceptance,
    CheckResult,
    CriteriaVerdict,
    Estimate,
    FailedTest,
    Implementation,
    QualityReport,
    StepName,
)
from bot.chain.change import change_diff, change_paths
from bot.chain.context import RunContext
from bot.chain.environment import EnvironmentBroken, run_tests_or_raise
from bot.chain.graph import StepOutcome, Verdict
from bot.chain.render.model_inputs import criteria_block
from bot.chain.steps.implement import add_feedback
from bot.chain.untrusted import data_block
from bot.validator.merge import merge_verdicts
from bot.validator.models import CriterionVerdict, ModelVerdict
from bot.validator.static import validate_static
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus as TestRunStatus
from bot.workspace.junit import TestOutcome
from bot.workspace.test_failure import command_problem
from bot.workspace.testrun import run_checks, run_full_suite, run_tests
from bot.workspace.trajectory import TrajectoryEvent

MAX_DIFF_CHARS_FOR_MODEL = 60_000


def _tests_to_run(ctx: RunContext) -> list[str]:
    tests: list[str] = []
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    if implementation is not None:
        tests += implementation.declared_tests
    red = ctx.state.red_test
    if red:
        tests.append(red.id)
    return list(dict.fromkeys(tests))


async def quality(ctx: RunContext) -> StepOutcome:
    config = ctx.repo_config
    sandbox = ctx.sandbox
    tests = _tests_to_run(ctx)
    report = QualityReport(passed=True)
    problems: list[str] = []
    touched = await change_paths(ctx)
    if tests:
        result = await run_tests_or_raise(
            ctx, lambda: run_tests(sandbox, ctx.workspace.path, config, tests,
                                   trajectory=ctx.trajectory, step=str(StepName.QUALITY)),
            step=str(StepName.QUALITY), touched=touched)
        failing = [case for case in result.cases
                   if case.outcome not in (TestOutcome.PASSED, TestOutcome.SKIPPED)]
        red = ctx.state.red_test
        red_still = red is not None and not any(
            case.outcome == TestOutcome.PASSED for case in result.cases_for(red.id))
        report.failed_tests = [FailedTest(test_id=c.test_id, message=c.message[:500])
                               for c in failing]
        report.red_test_still_red = red_still
        if result.status != TestRunStatus.COMPLETED:
            problems.append(f"the test run ended without results ({result.status.value})")
        if failing or red_still:
            problems.append(summarize_failures(result, ctx.workspace.path)
                            or f"the red test {red.id if red else ''} did not pass")
    for check in await run_checks(sandbox, ctx.workspace.path, config, touched):
        trouble = None if check.passed else command_problem(check.output, check.exit_code,
                                                              what=f"check `{check.name}`")
        if trouble is not None:  # a check that cannot start says nothing about the fix
            raise EnvironmentBroken(trouble)
        summary = check.output.strip().splitlines()[-5:] if not check.passed else []
        report.checks.append(CheckResult(name=check.name, passed=check.passed,
                                         summary="\n".join(summary)[:800]))
        if not check.passed:
            problems.append(f"check {check.name} failed:\n" + "\n".join(summary))
    if problems:
        report.passed = False
        report.summary = "\n\n".join(problems)[:4000]
        await add_feedback(ctx, "quality", report.summary)
        await ctx.record_failure(str(StepName.QUALITY), "quality_red", report.summary)
        return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT), artifact=report,
                           summary=f"red: {len(report.failed_tests)} failing tests, "
                                   f"{sum(not c.passed for c in report.checks)} failing checks")
    return StepOutcome(Verdict.PASSED, str(StepName.VALIDATE), artifact=report,
                       summary=f"green: {len(tests)} tests, {len(report.checks)} checks")


async def _trajectory(ctx: RunContext) -> list[TrajectoryEvent]:
    return await ctx.records.events(ctx.run_id)


def _trajectory_summary(events: list[TrajectoryEvent]) -> str:
    lines = [f"#{e.seq} {e.step} {e.actor} {e.tool} {'ok' if e.ok else 'REFUSED'} "
             f"{', '.join(f'{k}={str(v)[:80]}' for k, v in e.args.items() if k != 'content')}"
             for e in events[-120:]]
    return "\n".join(lines)


async def validate(ctx: RunContext) -> StepOutcome:
    diff = await change_diff(ctx)
    events = await _trajectory(ctx)
    red = ctx.state.red_test
    estimate = ctx.artifact(StepName.ESTIMATE, Estimate)
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    # The report as the criteria quote it: an input value the report names is the symptom's
    # (special-casing it is a crutch); an edge case it states as a rule may be coded as one.
    report = "\n".join(f"{c.quote}\n{c.behaviour}" for c in criteria.criteria)
    static = validate_static(diff, events, red_test=red.id if red else None,
                             protected=ctx.protected,
                             estimate_points=estimate.points if estimate else None,
                             report=report)
    red_status = (f"The reproduction test {red.id} was seen red before the fix and green "
                  "after it." if red else "There is no reproduction test for this run.")
    inputs = "\n\n".join([
        criteria_block(criteria),
        data_block("diff", diff[:MAX_DIFF_CHARS_FOR_MODEL]),
        data_block("trajectory", _trajectory_summary(events)),
        red_status,
    ])
    verdict = await run_agent(ctx, StepName.VALIDATE, inputs)
    assert isinstance(verdict, CriteriaVerdict)
    final = merge_verdicts(
        static,
        ModelVerdict(criteria=[CriterionVerdict(id=c.id, covered=c.covered, evidence=c.evidence)
                               for c in verdict.criteria],
                     over_engineering=verdict.over_engineering),
        primary_criteria=[c.id for c in criteria.criteria if c.kind == "primary"],
    )
    soft = [finding.model_dump(mode="json") for finding in final.soft_signals]
    soft += [{"kind": "honesty_concern", "path": "", "line": None, "detail": concern}
             for concern in verdict.honesty_concerns]
    artifact = {"decision": final.decision, "reasons": final.reasons, "soft_signals": soft,
                "criteria": verdict.model_dump(mode="json")}
    if final.decision == "veto":
        text = "The validator vetoed the fix:\n" + "\n".join(f"- {r}" for r in final.reasons)
        await add_feedback(ctx, "validate", text)
        await ctx.record_failure(str(StepName.VALIDATE), "validator_veto", text)
        return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT), artifact=artifact,
                           summary=f"veto: {final.reasons[0][:150]}")
    await ctx.save_state(soft_signals=soft, verdict=verdict)
    nxt = StepName.REGRESSION if ctx.repo_config.regression.enabled else StepName.PUBLISH
    return StepOutcome(Verdict.PASSED, str(nxt), artifact=artifact,
                       summary=f"pass, {len(soft)} soft signals")


async def regression(ctx: RunContext) -> StepOutcome:
    result = await run_tests_or_raise(
        ctx, lambda: run_full_suite(ctx.sandbox, ctx.workspace.path, ctx.repo_config),
        step=str(StepName.REGRESSION), touched=await change_paths(ctx))
    if result.status == TestRunStatus.COMPLETED and result.all_passed:
        return StepOutcome(Verdict.PASSED, str(StepName.PUBLISH),
                           summary=f"full suite green ({len(result.cases)} tests)")
    summary = summarize_failures(result, ctx.workspace.path) or result.status.value
    await add_feedback(ctx, "regression", summary)
    await ctx.record_failure(str(StepName.REGRESSION), "regression_red", summary)
    return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT),
                       summary=f"full suite red: {len(result.failing)} failing")
