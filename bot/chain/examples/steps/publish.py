"""PUBLISH of the examples chain: push the artefact, open or update the change request with
the metrics per iteration, the acceptance hash and the table of input classes."""

from __future__ import annotations

from bot.chain.artifacts import PublishResult
from bot.chain.context import RunContext
from bot.chain.examples.state import ExamplesState
from bot.chain.examples.steps.leaks import body_for
from bot.chain.graph import ONWARD, StepOutcome, Verdict
from bot.chain.steps.publish import _commit_and_push


def _title(ctx: RunContext) -> str:
    issue = ctx.tools.issue
    title = issue.title if issue is not None else f"issue #{ctx.item.number}"
    return f"#{ctx.item.number}: {title}"[:250]


async def publish_examples(ctx: RunContext) -> StepOutcome:
    pushed = await _commit_and_push(ctx, force=True)
    if isinstance(pushed, StepOutcome):
        return pushed
    checkout = ctx.workspace
    body = body_for(ctx, ExamplesState.of(ctx))
    existing = await ctx.forge.find_change_request(ctx.repo, checkout.branch)
    if existing is not None:
        change = await ctx.forge.update_change_request(ctx.repo, existing.number,
                                                       title=_title(ctx), body=body)
    else:
        change = await ctx.forge.open_change_request(
            ctx.repo, source_branch=checkout.branch,
            target_branch=ctx.base_branch or checkout.source_branch, title=_title(ctx),
            body=body)
    await ctx.update_run(change_request_number=change.number, change_request_url=change.url)
    result = PublishResult(url=change.url, number=change.number, branch=checkout.branch,
                           created=existing is None)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=result,
                       summary=f"{'opened' if existing is None else 'updated'} {change.url}")
