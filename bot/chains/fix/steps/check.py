"""QUALITY, VALIDATE and REGRESSION: facts about the fix, established by code.

QUALITY reruns the declared tests, the red test and the checks triggered by touched paths in the
sandbox; with neither a declared nor a red test it runs the tests reaching the change, else the
configured suite, and a run in which no test passed is never green. IMPLEMENT gets a short
failure summary, never the raw log. VALIDATE runs the static validator on the diff and the
trajectory and merges the model's per-criterion verdict, whose evidence code checks against the
diff; a static veto can never be overruled by the model.
"""

from __future__ import annotations

from typing import Literal

import structlog

from bot.chains.fix.artifacts import (
    Acceptance,
    CheckResult,
    CriteriaVerdict,
    Estimate,
    FailedTest,
    Implementation,
    QualityReport,
    SelfReview,
    StepName,
)
from bot.chains.fix.model_inputs import criteria_block
from bot.chains.fix.state import FixState, FullSuite
from bot.chains.fix.steps.implement import add_feedback
from bot.chains.fix.steps.understand import reporter_text
from bot.chains.fix.verdict_checks import (
    MAX_EVIDENCE_ROUNDS,
    findings_block,
    honesty_split,
    misquote_block,
    not_shown,
    open_findings,
    unfixed_findings,
    verify_evidence,
)
from bot.engine.context import RunContext
from bot.engine.errors import EnvironmentBroken
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.agent import run_agent
from bot.kit.change import change_diff, change_paths
from bot.kit.code_index import full_code_graph
from bot.kit.environment import run_tests_or_raise
from bot.kit.reach import globs_matcher, reaching_tests
from bot.text.untrusted import data_block
from bot.validator.merge import merge_verdicts
from bot.validator.models import CriterionVerdict, ModelVerdict
from bot.validator.static import validate_static
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus as TestRunStatus
from bot.workspace.junit import TestOutcome, TestRunResult
from bot.workspace.test_failure import EnvironmentProblem, command_problem
from bot.workspace.testrun import run_checks, run_full_suite, run_tests
from bot.workspace.trajectory import TrajectoryEvent

MAX_DIFF_CHARS_FOR_MODEL = 60_000
MAX_EVIDENCE_FILE_BYTES = 512_000

Selection = Literal["declared", "reaching", "suite"]
"""What QUALITY runs (QualityReport.selection; "none" is never chosen here)."""

log = structlog.get_logger(__name__)


def _tests_to_run(ctx: RunContext) -> list[str]:
    tests: list[str] = []
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    if implementation is not None:
        tests += implementation.declared_tests
    red = FixState.of(ctx).red_test
    if red:
        tests.append(red.id)
    return list(dict.fromkeys(tests))


async def _selection(ctx: RunContext) -> tuple[Selection, list[str]]:
    """What QUALITY runs: the declared and red tests; with neither, the tests reaching the
    change; with none of those, the configured suite (`[]`)."""
    tests = _tests_to_run(ctx)
    if tests:
        return "declared", tests
    reaching = reaching_tests(await full_code_graph(ctx.code_graph), await change_diff(ctx),
                              globs_matcher(ctx.repo_config.test_globs))
    if reaching:
        return "reaching", reaching
    return "suite", []


async def _run_selected(ctx: RunContext, selection: str, tests: list[str]) -> TestRunResult:
    config, root = ctx.repo_config, ctx.workspace.path
    if selection != "suite":
        return await run_tests(ctx.sandbox, root, config, tests, trajectory=ctx.trajectory,
                               step=str(StepName.QUALITY))
    result = await run_full_suite(ctx.sandbox, root, config)
    await ctx.trajectory.record(step=str(StepName.QUALITY), actor="code", tool="run_tests",
                                args={"tests": [], "suite": True},
                                ok=result.status is TestRunStatus.COMPLETED,
                                detail=f"{result.status.value}: {len(result.cases)} cases")
    return result


NO_TEST_RAN = ("No test exercised the change: {what} ran and none passed, so nothing shows the "
               "fix works. Name the existing tests that exercise the changed code in "
               "`declared_tests`, or add a test that does.")


async def quality(ctx: RunContext) -> StepOutcome:
    config = ctx.repo_config
    sandbox = ctx.sandbox
    selection, tests = await _selection(ctx)
    report = QualityReport(passed=True, selection=selection, tests=tests)
    problems: list[str] = []
    touched = await change_paths(ctx)
    result = await run_tests_or_raise(ctx, lambda: _run_selected(ctx, selection, tests),
                                      step=str(StepName.QUALITY), touched=touched)
    failing = [case for case in result.cases
               if case.outcome not in (TestOutcome.PASSED, TestOutcome.SKIPPED)]
    red = FixState.of(ctx).red_test
    red_still = red is not None and not any(
        case.outcome == TestOutcome.PASSED for case in result.cases_for(red.id))
    report.failed_tests = [FailedTest(test_id=c.test_id, message=c.message[:500])
                           for c in failing]
    report.red_test_still_red = red_still
    report.passed_count = sum(case.outcome == TestOutcome.PASSED for case in result.cases)
    if result.status != TestRunStatus.COMPLETED:
        problems.append(f"the test run ended without results ({result.status.value})")
    if failing or red_still:
        problems.append(summarize_failures(result, ctx.workspace.path)
                        or f"the red test {red.id if red else ''} did not pass")
    elif report.passed_count == 0 and result.status == TestRunStatus.COMPLETED:
        what = {"declared": "the declared tests", "reaching": "the tests importing or calling "
                "the changed code", "suite": "the repository's test suite"}[selection]
        problems.append(NO_TEST_RAN.format(what=what))
    for check in await run_checks(sandbox, ctx.workspace.path, config, touched):
        trouble = None if check.passed else command_problem(check.output, check.exit_code,
                                                              what=f"check `{check.name}`")
        if trouble is not None:  # a check that cannot start says nothing about the fix
            raise EnvironmentBroken(trouble)
        tail = check.output.strip().splitlines()[-5:] if not check.passed else []
        report.checks.append(CheckResult(name=check.name, passed=check.passed,
                                         summary="\n".join(tail)[:800]))
        if not check.passed:
            problems.append(f"check {check.name} failed:\n" + "\n".join(tail))
    if problems:
        report.passed = False
        report.summary = "\n\n".join(problems)[:4000]
        await add_feedback(ctx, "quality", report.summary)
        kind = "quality_red" if failing or red_still or report.checks and not all(
            c.passed for c in report.checks) else "quality_unproven"
        await ctx.record_failure(str(StepName.QUALITY), kind, report.summary)
        summary = (f"red: {len(report.failed_tests)} failing tests, "
                   f"{sum(not c.passed for c in report.checks)} failing checks")
        if kind == "quality_unproven":
            summary = f"unproven: no test passed ({selection})"
        return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT), artifact=report,
                           summary=summary)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=report,
                       summary=f"green: {report.passed_count} passed ({selection}), "
                               f"{len(report.checks)} checks")


def _trajectory_summary(events: list[TrajectoryEvent]) -> str:
    lines = [f"#{e.seq} {e.step} {e.actor} {e.tool} {'ok' if e.ok else 'REFUSED'} "
             f"{', '.join(f'{k}={str(v)[:80]}' for k, v in e.args.items() if k != 'content')}"
             for e in events[-120:]]
    return "\n".join(lines)


def _red_status(ctx: RunContext) -> str:
    red = FixState.of(ctx).red_test
    if red:
        return f"The reproduction test {red.id} was seen red before the fix and green after it."
    if FixState.of(ctx).brt_skip:
        return f"There is no reproduction test for this run (skipped: {FixState.of(ctx).brt_skip})."
    return "There is no reproduction test for this run."


async def _evidence_beside_diff(ctx: RunContext) -> list[str]:
    """Where a quote may come from besides the diff: the red test as it is in the checkout
    and, in a rework, the change the change request already holds."""
    texts = []
    red = FixState.of(ctx).red_test
    if red and red.file:
        try:
            texts.append(ctx.workspace.read_file(red.file, max_bytes=MAX_EVIDENCE_FILE_BYTES)
                         .decode(errors="replace"))
        except OSError:  # gone or a planted link: nothing to quote from
            pass
    if ctx.graph.continues_change_request and ctx.state.origin_run:
        origin = await ctx.records.earlier_run(ctx.state.origin_run)
        if origin is not None and origin.diff:
            texts.append(origin.diff)
    return texts


async def _verified_verdict(
    ctx: RunContext, parts: list[str], diff: str, *, vetoed: bool
) -> tuple[CriteriaVerdict, list[str], int, list[dict[str, object]]]:
    """The validator's verdict with its evidence checked against the diff: (verdict, the ids
    whose quote never verified, the extra rounds asked, soft signals for those ids).

    A quote that is not in the diff is asked for again, naming the lines not found; a
    criterion whose quote never verifies stays covered and goes to reviewers as "not shown"
    (a paraphrase must not send a green fix back to IMPLEMENT). When the static validator
    vetoed the fix already, nothing is asked again: the fix goes back whatever the quotes."""
    also = await _evidence_beside_diff(ctx)
    answered = await run_agent(ctx, StepName.VALIDATE, "\n\n".join(parts), CriteriaVerdict)
    checked, unverified = verify_evidence(answered, diff, also=also)
    rounds = 0
    while unverified and not vetoed and rounds < MAX_EVIDENCE_ROUNDS:
        rounds += 1
        log.info("validate.evidence_not_found", run=ctx.run_id, criteria=unverified,
                 round=rounds)
        answered = await run_agent(ctx, StepName.VALIDATE, "\n\n".join(
            [*parts, misquote_block(checked, unverified)]), CriteriaVerdict)
        checked, unverified = verify_evidence(answered, diff, also=also)
    if not unverified:
        return checked, [], rounds, []
    kept, soft = not_shown(answered, unverified)
    # Criteria the validator itself called not covered stay so; the others are as checked.
    verified = {item.id: item for item in checked.criteria if item.id not in unverified}
    merged = kept.model_copy(update={"criteria": [verified.get(item.id, item)
                                                  for item in kept.criteria]})
    return merged, unverified, rounds, soft


async def validate(ctx: RunContext) -> StepOutcome:
    diff = await change_diff(ctx)
    events = await ctx.records.events(ctx.run_id)
    red = FixState.of(ctx).red_test
    estimate = ctx.artifact(StepName.ESTIMATE, Estimate)
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    # The report as the criteria quote it, then the reporter's own text: an input value the
    # report names is the symptom's (special-casing it is a crutch); an edge case it states as
    # a rule may be coded as one; a word it quotes as the input is the input's, not a rule's.
    report = "\n".join([*(f"{c.quote}\n{c.behaviour}" for c in criteria.criteria),
                        await reporter_text(ctx)])
    static = validate_static(diff, events, red_test=red.id if red else None,
                             protected=ctx.protected,
                             estimate_points=estimate.points if estimate else None,
                             report=report)
    findings = unfixed_findings(ctx.artifact(StepName.SELF_REVIEW, SelfReview))
    parts = [
        criteria_block(criteria),
        data_block("diff", diff[:MAX_DIFF_CHARS_FOR_MODEL]),
        data_block("trajectory", _trajectory_summary(events)),
        _red_status(ctx),
    ]
    if findings:
        parts.append(findings_block(findings))
    verdict, unverified, rounds, not_shown_soft = await _verified_verdict(
        ctx, parts, diff, vetoed=static.decision == "veto")
    honesty_vetoes, honesty_notes = honesty_split(verdict, ctx.repo_config.steps.honesty_veto)
    final = merge_verdicts(
        static,
        ModelVerdict(criteria=[CriterionVerdict(id=c.id, covered=c.covered, evidence=c.evidence)
                               for c in verdict.criteria],
                     over_engineering=verdict.over_engineering, vetoes=honesty_vetoes),
        primary_criteria=[c.id for c in criteria.criteria if c.kind == "primary"],
    )
    soft = [finding.model_dump(mode="json") for finding in final.soft_signals]
    soft += honesty_notes + not_shown_soft
    still_open = open_findings(findings, verdict)
    artifact = {"decision": final.decision, "reasons": final.reasons, "soft_signals": soft,
                "criteria": verdict.model_dump(mode="json"), "unverified_evidence": unverified,
                "evidence_rounds": rounds,
                "open_findings": still_open}
    if final.decision == "veto":
        text = "The validator vetoed the fix:\n" + "\n".join(f"- {r}" for r in final.reasons)
        await add_feedback(ctx, "validate", text)
        await ctx.record_failure(str(StepName.VALIDATE), "validator_veto", text)
        return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT), artifact=artifact,
                           summary=f"veto: {final.reasons[0][:150]}")
    await FixState.save(ctx, soft_signals=soft, open_findings=still_open, verdict=verdict)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       summary=f"pass, {len(soft)} soft signals")


async def regression(ctx: RunContext) -> StepOutcome:
    result = await run_tests_or_raise(
        ctx, lambda: run_full_suite(ctx.sandbox, ctx.workspace.path, ctx.repo_config),
        step=str(StepName.REGRESSION), touched=await change_paths(ctx))
    if result.status == TestRunStatus.COMPLETED and not result.cases:
        # A suite that collects nothing says nothing about the fix: the command is wrong, and
        # sending the fix back to IMPLEMENT would spend its attempts on configuration.
        raise EnvironmentBroken(EnvironmentProblem(
            cause="no_tests", detail="the full-suite command ran and reported no tests",
            fix="set `regression.command` (or `tests.paths`) in `.smith.yml` so the full "
                "suite collects the repository's tests"))
    green = result.status == TestRunStatus.COMPLETED and result.all_passed
    await FixState.save(ctx, full_suite=FullSuite(passed=green, tests=len(result.cases),
                                                  failing=len(result.failing)))
    if green:
        return StepOutcome(Verdict.PASSED, ONWARD,
                           summary=f"full suite green ({len(result.cases)} tests)")
    summary = summarize_failures(result, ctx.workspace.path) or result.status.value
    await add_feedback(ctx, "regression", summary)
    await ctx.record_failure(str(StepName.REGRESSION), "regression_red", summary)
    return StepOutcome(Verdict.REJECTED, str(StepName.IMPLEMENT),
                       summary=f"full suite red: {len(result.failing)} failing")
