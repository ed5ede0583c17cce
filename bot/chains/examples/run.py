"""What every step of the examples chain shares: the held-out key, the split, the guard.

The held-out part is a `Held` value (bot/engine/held.py): computed from the base branch's
example files on first use in each execution, never stored. The training part is recomputed
the same way (the split is deterministic), so neither needs a place on disk.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from bot.chains.examples.leaks import LeakFilter, ModelGuard
from bot.chains.examples.split import HeldOut, Split, parse_examples, split_examples
from bot.chains.examples.state import ExamplesState
from bot.engine.held import Held, HeldValues
from bot.repo_config import ExamplesConfig

if TYPE_CHECKING:
    from bot.engine.context import RunContext

MIN_ENGINE_CHARS = 12
"""The engine checks held texts this long everywhere it writes (shorter ones would match
ordinary words); this chain's own leak filter checks every example, whole words only."""

_GUARDS: weakref.WeakKeyDictionary[HeldValues, ModelGuard] = weakref.WeakKeyDictionary()


class ExamplesMissing(LookupError):
    """An example file named by the spec is not on the base branch."""


def spec_of(ctx: RunContext) -> ExamplesConfig:
    spec = ExamplesState.of(ctx).spec
    if spec is None:
        raise LookupError(f"run {ctx.run_id} has no examples spec: PREPARE resolves it")
    return spec


async def _read_all(ctx: RunContext, paths: list[str]) -> list[str]:
    texts: list[str] = []
    for path in paths:
        data = await ctx.workspace.read_base_file(path)
        if data is None:
            raise ExamplesMissing(f"`{path}` is not on the base branch")
        texts += parse_examples(data.decode("utf-8", errors="replace"))
    return texts


async def current_split(ctx: RunContext, spec: ExamplesConfig | None = None) -> Split:
    """The split of the base branch's examples (the same in every execution of the run)."""
    spec = spec or spec_of(ctx)
    settings = ctx.settings
    return split_examples(await _read_all(ctx, spec.positives),
                          await _read_all(ctx, spec.negatives),
                          seed=settings.examples_split_seed,
                          fraction=settings.examples_held_out_fraction)


async def _provide_held_out(ctx: RunContext) -> HeldOut:
    return HeldOut((await current_split(ctx)).held_out)


HELD_OUT: Held[HeldOut] = Held("examples_held_out", _provide_held_out,
                               min_chars=MIN_ENGINE_CHARS)


async def held_out(ctx: RunContext) -> HeldOut:
    return await ctx.hold(HELD_OUT)


async def leak_filter(ctx: RunContext) -> LeakFilter:
    return LeakFilter(await held_out(ctx))


async def guard_model(ctx: RunContext) -> ModelGuard:
    """Every model request of this execution goes through the held-out filter."""
    guard = _GUARDS.get(ctx.held)
    if guard is None:
        guard = ModelGuard(await leak_filter(ctx))
        runner = ctx.step_runner
        runner.client = guard.wrap(runner.client)
        _GUARDS[ctx.held] = guard
    return guard


def model_guard(ctx: RunContext) -> ModelGuard:
    guard = _GUARDS.get(ctx.held)
    if guard is None:
        raise LookupError("the model guard is not installed: PREPARE installs it")
    return guard
