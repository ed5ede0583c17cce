"""PUBLISH and TRANSITION: push, open or update the change request, hand it to humans.

Publishing is idempotent: the change request is looked up by branch first, so a run resumed
after a crash updates the one it opened instead of opening a second. A commit touching a
protected path is never pushed (the last of three guards).
"""

from __future__ import annotations

from bot.chain.artifacts import (
    Acceptance,
    CriteriaVerdict,
    Diagnosis,
    Estimate,
    Implementation,
    PublishResult,
    ReproTest,
    StepName,
)
from bot.chain.change import current_change
from bot.chain.context import RunContext
from bot.chain.graph import RunEnding, RunStatus, StepOutcome, Verdict
from bot.chain.render.change_request import (
    ChangeRequestContent,
    RedGreenEvidence,
    render_change_request_body,
    render_soft_signal,
)
from bot.protected_paths import ProtectedPathViolation, assert_diff_unprotected

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
    issue = ctx.scratch.get("issue")
    title = issue.title if issue is not None else f"issue #{ctx.issue.number}"
    return f"Fix #{ctx.issue.number}: {title}"[:250]


def _body(ctx: RunContext, left_behind: list[str]) -> str:
    acceptance = ctx.require(StepName.ACCEPTANCE, Acceptance)
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    red = ctx.params.get("red_test")
    verdict = ctx.params.get("verdict")
    issue = ctx.scratch.get("issue")
    usage = ctx.ledger.usage if ctx.ledger is not None else None
    return render_change_request_body(ChangeRequestContent(
        run_id=ctx.run_id, issue_number=ctx.issue.number,
        issue_url=issue.url if issue is not None else "",
        summary=implementation.summary if implementation else "Fix by Smith",
        acceptance=acceptance,
        verdict=CriteriaVerdict.model_validate(verdict) if verdict else None,
        diagnosis=ctx.require(StepName.DIAGNOSE, Diagnosis),
        repro=ctx.artifact(StepName.BRT, ReproTest),
        red_green=RedGreenEvidence(test_id=red["id"], red_message=red.get("message", ""),
                                   green_after=True) if red else None,
        estimate=ctx.artifact(StepName.ESTIMATE, Estimate),
        tokens=usage.total if usage else 0,
        cost_usd=ctx.ledger.cost_usd if ctx.ledger is not None else None,
        soft_signals=len(ctx.params.get("soft_signals", [])),
        left_behind=left_behind,
    ))


async def publish(ctx: RunContext) -> StepOutcome:
    checkout = ctx.workspace
    change = await current_change(ctx)
    paths = list(change.paths)
    diff = await checkout.diff(paths)
    try:
        assert_diff_unprotected(diff, ctx.protected)
    except ProtectedPathViolation as exc:
        return StepOutcome(Verdict.FAILED, None, summary="touches a protected path",
                           ending=RunEnding(RunStatus.FAILED, "protected_path", str(exc)))
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    message = f"{_title(ctx)}\n\n{implementation.summary if implementation else ''}\n\n" \
              f"Smith run {ctx.run_id}"
    head = await checkout.commit(message, paths=paths)
    rework = ctx.chain == "rework"
    await checkout.push(ctx.scratch["clone_url"], ctx.scratch["credentials"], force=not rework)
    await ctx.update_params(pushed_head=head)  # "merged without human edits" compares with it
    if rework:
        return await _publish_rework(ctx)
    existing = await ctx.forge.find_change_request(ctx.repo, checkout.branch)
    body = _body(ctx, list(change.left_behind))
    if existing is not None:
        change = await ctx.forge.update_change_request(ctx.repo, existing.number,
                                                       title=_title(ctx), body=body)
    else:
        change = await ctx.forge.open_change_request(
            ctx.repo, source_branch=checkout.branch, target_branch=ctx.base_branch or
            checkout.source_branch, title=_title(ctx), body=body)
    await ctx.update_run(change_request_number=change.number, change_request_url=change.url)
    await _post_soft_signals(ctx, change.number)
    result = PublishResult(url=change.url, number=change.number, branch=checkout.branch,
                           created=existing is None)
    return StepOutcome(Verdict.PASSED, str(StepName.TRANSITION), artifact=result,
                       summary=f"{'opened' if existing is None else 'updated'} {change.url}")


async def _post_soft_signals(ctx: RunContext, number: int) -> None:
    """Each soft signal becomes its own thread; posted once even across resumes."""
    posted = set(ctx.params.get("soft_posted", []))
    for signal in ctx.params.get("soft_signals", []):
        key = f"{signal['kind']}:{signal.get('path')}:{signal.get('line')}"
        if key in posted:
            continue
        await ctx.forge.create_thread(ctx.repo, number, render_soft_signal(
            ctx.run_id, kind=signal["kind"], path=signal.get("path") or None,
            line=signal.get("line"), explanation=signal["detail"],
            reviewer_check=REVIEWER_CHECKS.get(signal["kind"], "Please take a look."),
        ))
        posted.add(key)
        await ctx.update_params(soft_posted=sorted(posted))


async def _publish_rework(ctx: RunContext) -> StepOutcome:
    number = int(ctx.params["change_request"])
    implementation = ctx.artifact(StepName.IMPLEMENT, Implementation)
    reply = ("Reworked as asked: " + (implementation.summary if implementation else "done")
             + f"\n\n<sub>Smith run {ctx.run_id}</sub>")
    await ctx.answer_reviewer(reply)
    await _post_soft_signals(ctx, number)
    ctx.scratch["ending_said"] = True
    return StepOutcome(Verdict.PASSED, None, summary=f"pushed to {ctx.workspace.branch}",
                       ending=RunEnding(RunStatus.SUCCEEDED, "rework_pushed",
                                        "the rework was pushed"))


async def transition(ctx: RunContext) -> StepOutcome:
    labels = ctx.settings.labels
    await ctx.forge.add_labels(ctx.repo, ctx.issue, [labels.ready_for_review])
    for stale in (labels.in_progress, labels.awaiting_approval, labels.failed, labels.needs_info):
        await ctx.forge.remove_label(ctx.repo, ctx.issue, stale)
    await ctx.forge.create_comment(
        ctx.repo, ctx.issue,
        f"Smith opened {ctx.change_request_url} for this issue: ready for review.")
    ctx.scratch["ending_said"] = True
    return StepOutcome(Verdict.PASSED, None, summary="ready for review",
                       ending=RunEnding(RunStatus.SUCCEEDED, "change_request",
                                        ctx.change_request_url or ""))
