"""PUBLISH of the fix and rework chains: the change request's title and body (criteria,
diagnosis, red-to-green evidence, estimate), the soft signals as review threads, and the answer
to the reviewer on rework. Pushing and finding the change request are the kit's
(bot/kit/publishing.py).
"""

from __future__ import annotations

from bot.chains.fix.artifacts import (
    Acceptance,
    Diagnosis,
    Estimate,
    Implementation,
    ReproTest,
    StepName,
)
from bot.chains.fix.change_request import (
    ChangeRequestContent,
    RedGreenEvidence,
    render_change_request_body,
    render_soft_signal,
)
from bot.chains.fix.state import FixState
from bot.engine.artifacts import PublishResult
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.kit.publishing import commit_and_push, open_or_update_change_request

REVIEWER_CHECKS = {
    "visibility_widened": "Is the wider visibility needed, or can the fix keep it private?",
    "guard_weakened": "Does anything still rely on the check that was loosened?",
    "frontend_mocks_backend": "Does the test still exercise the real backend contract?",
    "debug_leftover": "Remove debugging output before merging.",
    "broad_change": "Is every touched file needed for this bug?",
    "todo_added": "Should the TODO be resolved here or tracked in an issue?",
    "dependency_change": "Is the dependency change intended and reviewed?",
    "sleep_or_retry_masking": "Does the sleep/retry hide a real ordering problem?",
    "honesty_concern": "Does the change really do what its summary claims?",
}


def _title(ctx: RunContext) -> str:
    issue = ctx.tools.issue
    title = issue.title if issue is not None else f"issue #{ctx.item.number}"
    return f"Fix #{ctx.item.number}: {title}"[:250]


def _body(ctx: RunContext, left_behind: list[str]) -> str:
    acceptance = ctx.require(StepName.ACCEPTANCE, Acceptance)
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    state = FixState.of(ctx)
    red = state.red_test
    issue = ctx.tools.issue
    usage = ctx.ledger.usage if ctx.ledger is not None else None
    return render_change_request_body(ChangeRequestContent(
        run_id=ctx.run_id, issue_number=ctx.item.number,
        issue_url=issue.url if issue is not None else "",
        summary=implementation.summary if implementation else "Fix by Smith",
        acceptance=acceptance,
        verdict=state.verdict,
        diagnosis=ctx.require(StepName.DIAGNOSE, Diagnosis),
        repro=ctx.artifact(StepName.BRT, ReproTest),
        red_green=RedGreenEvidence(test_id=red.id, red_message=red.message,
                                   green_after=True) if red else None,
        estimate=ctx.artifact(StepName.ESTIMATE, Estimate),
        tokens=usage.total if usage else 0,
        cost_usd=ctx.ledger.cost_usd if ctx.ledger is not None else None,
        soft_signals=len(state.soft_signals),
        left_behind=left_behind,
        brt_off=not ctx.repo_config.steps.brt,
        left=implementation.checklist.left if implementation else [],
        could_not=implementation.checklist.could_not if implementation else [],
        open_findings=state.open_findings,
        full_suite=state.full_suite if ctx.repo_config.regression.enabled else None,
    ))


def _message(ctx: RunContext) -> str:
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    return (f"{_title(ctx)}\n\n{implementation.summary if implementation else ''}\n\n"
            f"Smith run {ctx.run_id}")


async def publish(ctx: RunContext) -> StepOutcome:
    """PUBLISH of the fix chain: push the branch, open or update the change request."""
    pushed = await commit_and_push(ctx, message=_message(ctx), force=True)
    if isinstance(pushed, StepOutcome):
        return pushed
    change, opened = await open_or_update_change_request(
        ctx, title=_title(ctx), body=_body(ctx, list(pushed.left_behind)))
    await _post_soft_signals(ctx, change.number)
    result = PublishResult(url=change.url, number=change.number, branch=ctx.workspace.branch,
                           created=opened)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=result,
                       summary=f"{'opened' if opened else 'updated'} {change.url}")


async def _post_soft_signals(ctx: RunContext, number: int) -> None:
    """Each soft signal becomes its own thread; posted once even across resumes."""
    state = FixState.of(ctx)
    posted = set(state.soft_posted)
    for signal in state.soft_signals:
        if signal.key in posted:
            continue
        await ctx.forge.create_thread(ctx.repo, number, render_soft_signal(
            ctx.run_id, kind=signal.kind, path=signal.path or None,
            line=signal.line, explanation=signal.detail,
            reviewer_check=REVIEWER_CHECKS.get(signal.kind, "Please take a look."),
        ))
        posted.add(signal.key)
        await FixState.save(ctx, soft_posted=sorted(posted))


async def publish_rework(ctx: RunContext) -> StepOutcome:
    """PUBLISH of the rework chain: push onto the change request's branch (never forced) and
    answer the reviewer in their thread."""
    pushed = await commit_and_push(ctx, message=_message(ctx), force=False)
    if isinstance(pushed, StepOutcome):
        return pushed
    number = ctx.state.change_request
    if number is None:
        raise LookupError(f"run {ctx.run_id} names no change request to rework")
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    reply = ("Reworked as asked: " + (implementation.summary if implementation else "done")
             + f"\n\n<sub>Smith run {ctx.run_id}</sub>")
    await ctx.answer_reviewer(reply)
    await _post_soft_signals(ctx, number)
    return StepOutcome(Verdict.PASSED, None, summary=f"pushed to {ctx.workspace.branch}",
                       ending=RunEnding(RunStatus.SUCCEEDED, "rework_pushed",
                                        "the rework was pushed", announced=True))


