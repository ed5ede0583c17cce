"""PREPARE of the rework chain: the change request's own branch, the config of its target
branch, the origin run's criteria, diagnosis and red test, and the code each review thread
points at. Opening the run itself is the kit's (bot/kit/opening.py).
"""

from __future__ import annotations

from bot.chains.fix.state import FixState
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.engine.tools import needed
from bot.kit.opening import begin_run, config_of_branch, equip_checkout, opening_summary


async def prepare_rework(ctx: RunContext) -> StepOutcome:
    """PREPARE of the rework chain: the change request's own branch, the config of its target
    branch, and the origin run's criteria, diagnosis and red test."""
    begun = await begin_run(ctx)
    if isinstance(begun, StepOutcome):
        return begun
    workspace, _ = begun
    tools = ctx.tools
    change = await ctx.forge.get_change_request(ctx.repo, _change_request(ctx))
    await _adopt_origin(ctx)
    checkout = await workspace.create_checkout(needed(tools.clone_url, "clone_url"),
                                               change.source_branch,
                                               credentials=tools.credentials)
    tools.checkout = checkout
    # The config comes from the target branch, never from Smith's own changes.
    config = await config_of_branch(ctx, workspace, change.target_branch)
    if isinstance(config, StepOutcome):
        return config
    stopped = await equip_checkout(ctx, config, change.target_branch)
    if stopped is not None:
        return stopped
    if ctx.state.requests and not ctx.state.contexts_read:
        await _read_thread_contexts(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD,
                       summary=opening_summary(ctx, change.target_branch))


def _change_request(ctx: RunContext) -> int:
    if ctx.state.change_request is None:
        raise LookupError(f"run {ctx.run_id} names no change request to rework")
    return ctx.state.change_request


async def _adopt_origin(ctx: RunContext) -> None:
    """A rework run builds on the run that opened the change request: its criteria, its
    diagnosis and its red test."""
    origin_id = ctx.state.origin_run
    if not origin_id:
        return
    origin = await ctx.records.earlier_run(origin_id)
    for step, artifact in (origin.artifacts if origin is not None else {}).items():
        ctx.artifacts.setdefault(step, artifact)
    red = FixState.model_validate(origin.params or {}).red_test if origin is not None else None
    if red is not None and FixState.of(ctx).red_test is None:
        await FixState.save(ctx, red_test=red)


async def _read_thread_contexts(ctx: RunContext) -> None:
    """The code a review thread points at (file and line) goes to IMPLEMENT with the words."""
    threads = {t.id: t for t in await ctx.forge.list_threads(ctx.repo, _change_request(ctx))}
    requests = []
    for request in ctx.state.requests:
        thread = threads.get(str(request.thread_id))
        if thread is not None and thread.path and thread.line:
            target = (ctx.workspace.path / thread.path).resolve()
            if target.is_relative_to(ctx.workspace.path.resolve()) and target.is_file():
                lines = target.read_text(errors="replace").splitlines()
                first = max(1, thread.line - 5)
                window = lines[first - 1:thread.line + 5]
                request = request.model_copy(update={
                    "context": f"{thread.path} lines {first}-{first + len(window) - 1}:\n"
                    + "\n".join(window)})
        requests.append(request)
    await ctx.save_state(requests=requests, contexts_read=True)
