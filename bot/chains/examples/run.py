"""What every step of the examples chain shares: the held-out key, the split, the guard.

The held-out part is a `Held` value (bot/engine/held.py): computed from the base branch's
example files on first use in each execution, never stored. The training part is recomputed
the same way (the split is deterministic), so neither needs a place on disk.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from bot.chains.examples.artifacts import StepName
from bot.chains.examples.leaks import LeakFilter, ModelGuard, normalise, quoted
from bot.chains.examples.split import (
    HeldOut,
    Split,
    parse_examples,
    quote_key,
    split_examples,
)
from bot.chains.examples.state import ExamplesState
from bot.engine.held import Held, HeldValues
from bot.kit.agent import learned_rules
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


def shown_texts(ctx: RunContext, spec: ExamplesConfig) -> list[str]:
    """What the generator is shown besides the training examples: the task, the artefact's
    place, its contract and evaluator, the rules."""
    issue = ctx.tools.need("issue")
    return [issue.title, issue.body or "", spec.artefact or "", spec.contract or "",
            spec.evaluator or "", *spec.rules]


async def current_split(ctx: RunContext, spec: ExamplesConfig | None = None) -> Split:
    """The split of the base branch's examples (the same in every execution of the run).

    Examples the task, the contract, the rules or the approved rules quote go to training
    before the seeded split. Which ones is fixed by the first execution (their hashes in the
    run state), so an issue edited later does not move the held-out part."""
    spec = spec or spec_of(ctx)
    settings = ctx.settings
    positives = await _read_all(ctx, spec.positives)
    negatives = await _read_all(ctx, spec.negatives)
    keys = ExamplesState.of(ctx).quoted_keys
    if keys is None:
        texts = [*shown_texts(ctx, spec),
                 *await learned_rules(ctx, str(StepName.EXAMPLES_GENERATE))]
        pinned = quoted([*positives, *negatives], texts, min_chars=MIN_ENGINE_CHARS)
    else:
        known = set(keys)
        pinned = {n for n in map(normalise, [*positives, *negatives])
                  if quote_key(n) in known}
    return split_examples(positives, negatives, seed=settings.examples_split_seed,
                          fraction=settings.examples_held_out_fraction, pinned=pinned)



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
