"""PUBLISH of the examples chain: push the artefact, open or update the change request with
the metrics per iteration, the acceptance hash and the table of input classes."""

from __future__ import annotations

from bot.chains.examples.state import ExamplesState
from bot.chains.examples.steps.leaks import body_for
from bot.engine.artifacts import PublishResult
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.kit.publishing import commit_and_push, open_or_update_change_request


def _title(ctx: RunContext) -> str:
    issue = ctx.tools.issue
    title = issue.title if issue is not None else f"issue #{ctx.item.number}"
    return f"#{ctx.item.number}: {title}"[:250]


async def publish_examples(ctx: RunContext) -> StepOutcome:
    pushed = await commit_and_push(ctx, message=f"{_title(ctx)}\n\nSmith run {ctx.run_id}",
                                   force=True)
    if isinstance(pushed, StepOutcome):
        return pushed
    change, opened = await open_or_update_change_request(
        ctx, title=_title(ctx), body=body_for(ctx, ExamplesState.of(ctx)))
    result = PublishResult(url=change.url, number=change.number, branch=ctx.workspace.branch,
                           created=opened)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=result,
                       summary=f"{'opened' if opened else 'updated'} {change.url}")
