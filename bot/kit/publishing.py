"""Publishing, for every chain: commit and push the run's change, claim a branch Smith may
force-push, open or update the change request, and hand the issue to humans (TRANSITION).

Publishing is idempotent: the change request is looked up by branch first, so a run resumed
after a crash updates the one it opened instead of opening a second. A commit touching a
protected path is never pushed (the last of three guards).
"""

from __future__ import annotations

from bot.engine.context import RunContext
from bot.engine.endings import render_branch_moved
from bot.engine.graph import RunEnding, RunStatus, StepOutcome, Verdict
from bot.forge.base import ChangeRequest
from bot.kit.change import current_change
from bot.validator.protected import ProtectedPathViolation, assert_diff_unprotected
from bot.workspace.changeset import ChangeSet


async def commit_and_push(ctx: RunContext, *, message: str, force: bool) -> ChangeSet | StepOutcome:
    """Commit the run's change with `message` and push it; a stop when it touches a protected
    path (the last of three guards) or when every branch holds somebody else's commits."""
    checkout = ctx.workspace
    change = await current_change(ctx)
    paths = list(change.paths)
    diff = await checkout.diff(paths)
    try:
        assert_diff_unprotected(diff, ctx.protected)
    except ProtectedPathViolation as exc:
        return StepOutcome(Verdict.FAILED, None, summary="touches a protected path",
                           ending=RunEnding(RunStatus.FAILED, "protected_path", str(exc)))
    head = await checkout.commit(message, paths=paths)
    try:
        lease = await claim_branch(ctx) if force else None
    except BranchesTaken as exc:
        return StepOutcome(Verdict.FAILED, None, summary="every branch holds others' commits",
                           ending=RunEnding(RunStatus.FAILED, "branch_taken", str(exc)))
    # Recorded before the push: a crash after it must still know this head as Smith's own.
    await ctx.save_state(pushed_head=head)  # "merged without human edits" compares with it
    await ctx.fence("the push")  # a stalled executor whose run was taken over pushes nothing
    await checkout.push(ctx.tools.need("clone_url"), ctx.tools.credentials, force=force,
                        lease=lease)
    await ctx.records.record_push(ctx.run_id, ctx.repo, branch=checkout.branch, head=head,
                                  forced=force, lease=lease)
    return change


async def open_or_update_change_request(
    ctx: RunContext, *, title: str, body: str
) -> tuple[ChangeRequest, bool]:
    """The change request of the run's branch, updated, or a new one: (it, whether opened)."""
    checkout = ctx.workspace
    existing = await ctx.forge.find_change_request(ctx.repo, checkout.branch)
    if existing is not None:
        change = await ctx.forge.update_change_request(ctx.repo, existing.number,
                                                       title=title, body=body)
    else:
        change = await ctx.forge.open_change_request(
            ctx.repo, source_branch=checkout.branch, target_branch=ctx.base_branch or
            checkout.source_branch, title=title, body=body)
    await ctx.update_run(change_request_number=change.number, change_request_url=change.url)
    return change, existing is None


MAX_BRANCH_SUFFIX = 9


async def claim_branch(ctx: RunContext) -> str:
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
