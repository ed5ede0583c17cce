"""PUBLISH and TRANSITION: push, open or update the change request, hand it to humans.

Publishing is idempotent: the change request is looked up by branch first, so a run resumed
after a crash updates the one it opened instead of opening a second. A commit touching a
protected path is never pushed (the last of three guards).
"""

from __future__ import annotations

from bot.chain.artifacts import (
    Acceptance,
    Diagnosis,
    Estimate,
    Implementation,
    PublishResult,
    ReproTest,
    StepName,
)
from bot.chain.change import current_change
from bot.chain.context import RunContext
from bot.chain.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.chain.render.change_request import (
    ChangeRequestContent,
    RedGreenEvidence,
    render_change_request_body,
    render_soft_signal,
)
from bot.chain.render.issue_comments import render_branch_moved
from bot.validator.protected import ProtectedPathViolation, assert_diff_unprotected
from bot.workspace.changeset import ChangeSet

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
    red = ctx.state.red_test
    verdict = ctx.state.verdict
    issue = ctx.tools.issue
    usage = ctx.ledger.usage if ctx.ledger is not None else None
    return render_change_request_body(ChangeRequestContent(
        run_id=ctx.run_id, issue_number=ctx.item.number,
        issue_url=issue.url if issue is not None else "",
        summary=implementation.summary if implementation else "Fix by Smith",
        acceptance=acceptance,
        verdict=verdict,
        diagnosis=ctx.require(StepName.DIAGNOSE, Diagnosis),
        repro=ctx.artifact(StepName.BRT, ReproTest),
        red_green=RedGreenEvidence(test_id=red.id, red_message=red.message,
                                   green_after=True) if red else None,
        estimate=ctx.artifact(StepName.ESTIMATE, Estimate),
        tokens=usage.total if usage else 0,
        cost_usd=ctx.ledger.cost_usd if ctx.ledger is not None else None,
        soft_signals=len(ctx.state.soft_signals),
        left_behind=left_behind,
        brt_off=not ctx.repo_config.steps.brt,
        left=implementation.checklist.left if implementation else [],
        could_not=implementation.checklist.could_not if implementation else [],
        open_findings=ctx.state.open_findings,
    ))


async def _commit_and_push(ctx: RunContext, *, force: bool) -> ChangeSet | StepOutcome:
    """Commit the run's change and push it; a stop when it touches a protected path."""
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
    try:
        lease = await _claim_branch(ctx) if force else None
    except BranchesTaken as exc:
        return StepOutcome(Verdict.FAILED, None, summary="every branch holds others' commits",
                           ending=RunEnding(RunStatus.FAILED, "branch_taken", str(exc)))
    # Recorded before the push: a crash after it must still know this head as Smith's own.
    await ctx.save_state(pushed_head=head)  # "merged without human edits" compares with it
    await checkout.push(ctx.tools.need("clone_url"), ctx.tools.credentials, force=force,
                        lease=lease)
    await ctx.records.record_push(ctx.run_id, ctx.repo, branch=checkout.branch, head=head,
                                  forced=force, lease=lease)
    return change


MAX_BRANCH_SUFFIX = 9


async def _claim_branch(ctx: RunContext) -> str:
    """The branch this run may force-push, and the lease for it (its current remote head).

    Smith owns `smith/<issue>-<slug>` only while every commit on it is Smith's: when the remote
    head is not one Smith pushed (a reviewer added commits), the branch is left alone and the
    change goes to `<branch>-2` (or the next free one), said on the issue."""
    checkout = ctx.workspace
    url, credentials = ctx.tools.need("clone_url"), ctx.tools.credentials
    wanted = checkout.branch
    for number in range(1, MAX_BRANCH_SUFFIX + 1):
        name = wanted if number == 1 else f"{wanted}-{number}"
        head = await checkout.remote_head(url, credentials, branch=name)
        if head is not None:
            ours = await ctx.records.pushed_heads(ctx.repo, name)
            if head not in ours and head != ctx.state.pushed_head:
                continue  # somebody else's commits: never thrown away
        if name != wanted:
            await checkout.rename_branch(name)
            await ctx.update_run(branch=name)
            await ctx.forge.create_comment(ctx.repo, ctx.item, render_branch_moved(
                ctx.run_id, kept=wanted, used=name))
        return head or ""
    raise BranchesTaken(f"the branches {wanted} to {wanted}-{MAX_BRANCH_SUFFIX} all hold "
                        "commits Smith did not make; Smith will not overwrite them")


class BranchesTaken(RuntimeError):
    """Every candidate branch holds somebody else's commits."""


async def publish(ctx: RunContext) -> StepOutcome:
    """PUBLISH of the fix chain: push the branch, open or update the change request."""
    pushed = await _commit_and_push(ctx, force=True)
    if isinstance(pushed, StepOutcome):
        return pushed
    checkout = ctx.workspace
    existing = await ctx.forge.find_change_request(ctx.repo, checkout.branch)
    body = _body(ctx, list(pushed.left_behind))
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
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=result,
                       summary=f"{'opened' if existing is None else 'updated'} {change.url}")


async def _post_soft_signals(ctx: RunContext, number: int) -> None:
    """Each soft signal becomes its own thread; posted once even across resumes."""
    posted = set(ctx.state.soft_posted)
    for signal in ctx.state.soft_signals:
        if signal.key in posted:
            continue
        await ctx.forge.create_thread(ctx.repo, number, render_soft_signal(
            ctx.run_id, kind=signal.kind, path=signal.path or None,
            line=signal.line, explanation=signal.detail,
            reviewer_check=REVIEWER_CHECKS.get(signal.kind, "Please take a look."),
        ))
        posted.add(signal.key)
        await ctx.save_state(soft_posted=sorted(posted))


async def publish_rework(ctx: RunContext) -> StepOutcome:
    """PUBLISH of the rework chain: push onto the change request's branch (never forced) and
    answer the reviewer in their thread."""
    pushed = await _commit_and_push(ctx, force=False)
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


async def transition(ctx: RunContext) -> StepOutcome:
    labels = ctx.settings.labels
    await ctx.forge.add_labels(ctx.repo, ctx.item, [labels.ready_for_review])
    for stale in (labels.in_progress, labels.awaiting_approval, labels.failed, labels.needs_info):
        await ctx.forge.remove_label(ctx.repo, ctx.item, stale)
    await ctx.forge.create_comment(
        ctx.repo, ctx.item,
        f"Smith opened {ctx.change_request_url} for this issue: ready for review.")
    return StepOutcome(Verdict.PASSED, None, summary="ready for review",
                       ending=RunEnding(RunStatus.SUCCEEDED, "change_request",
                                        ctx.change_request_url or "", announced=True))
