"""A step that loops over items: each item with its own budget, verdict and stats rows.

The test-generation chain writes one test file at a time, each through its own gates and
attempts (DESIGN §11): such a step is a `Node` whose `run` is an `ItemLoop`. The engine
(bot/engine/walk.py) walks it:

- `items(ctx)` names the items once; the list (at most `max_items`) is checkpointed in the
  run's state, so a resumed run loops over the same items;
- each item is tried until its function returns anything but REJECTED, at most `budget` tries
  that count (environment trouble does not); an item out of tries ends `budget_exhausted` and
  the loop goes on with the next item;
- every try is a step row carrying the item's key (tokens, time, verdict: the stats see each);
- after each item its result is checkpointed, so a resumed run skips finished items and
  resumes an unfinished one with the feedback of its earlier tries;
- `then(ctx, result)` decides where the chain goes once every item has ended (by default:
  `next`, with a summary of the verdicts).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from bot.engine.graph import ONWARD, StepOutcome, Verdict, verdict_code
from bot.engine.run_store import Finished, RunStore
from bot.engine.state import ItemResult, LoopState
from bot.engine.stories import told_kinds

if TYPE_CHECKING:
    from bot.engine.context import RunContext

BUDGET_EXHAUSTED = "budget_exhausted"


@dataclass(frozen=True)
class ItemTry:
    """One try of one item, as its function sees it."""

    key: str
    attempt: int
    """1 for the first try that counts; environment retries do not advance it."""
    feedback: tuple[str, ...] = ()
    """Why earlier tries of this item were sent back (kept across resumes)."""


@dataclass
class ItemOutcome:
    """What one try of an item hands back. REJECTED means: try this item again."""

    verdict: Verdict
    summary: str = ""
    artifact: BaseModel | dict[str, Any] | None = None
    diff: str | None = None
    feedback: str | None = None
    """For a REJECTED try: what the next try should know."""
    reason: str | None = None
    """For a REJECTED try: a short code for why (else the kind of the story it told)."""


@dataclass(frozen=True)
class LoopResult:
    """Every item of the loop and how it ended, in order."""

    items: tuple[str, ...]
    results: dict[str, ItemResult]

    def with_verdict(self, verdict: str) -> list[str]:
        return [key for key in self.items if self.results[key].verdict == verdict]

    def summary(self) -> str:
        counts = Counter(self.results[key].verdict for key in self.items)
        return f"{len(self.items)} items: " + ", ".join(
            f"{n} {verdict}" for verdict, n in sorted(counts.items()))


ItemsFunction = Callable[["RunContext"], Awaitable[Sequence[str]]]
ItemFunction = Callable[["RunContext", ItemTry], Awaitable[ItemOutcome]]
ThenFunction = Callable[["RunContext", LoopResult], Awaitable[StepOutcome]]


@dataclass(frozen=True)
class ItemLoop:
    items: ItemsFunction
    run: ItemFunction
    next: str | None = ONWARD
    """Where the chain goes after the loop (unless `then` says otherwise): by default the
    graph's edge."""
    then: ThenFunction | None = None
    budget: int | Callable[["RunContext"], int] = 1
    """Tries per item that count."""
    max_items: int = 50

    def budget_for(self, ctx: "RunContext") -> int:
        return self.budget(ctx) if callable(self.budget) else self.budget

    async def finish(self, ctx: "RunContext", result: LoopResult) -> StepOutcome:
        if self.then is not None:
            return await self.then(ctx, result)
        return StepOutcome(Verdict.PASSED, self.next, summary=result.summary(),
                           artifact={"items": {key: result.results[key].model_dump()
                                               for key in result.items}})


class ItemsSpent:
    """Tokens and dollars the item rows of one loop recorded (the loop's own row gets the rest)."""

    def __init__(self) -> None:
        self.input_tokens = 0
        self.output_tokens = 0
        self.cost_usd = 0.0

    def add(self, used: tuple[int, int, float]) -> None:
        self.input_tokens += used[0]
        self.output_tokens += used[1]
        self.cost_usd += used[2]

    def as_tuple(self) -> tuple[int, int, float]:
        return (self.input_tokens, self.output_tokens, self.cost_usd)


async def walk_items(
    ctx: "RunContext", store: RunStore, name: str, loop: ItemLoop, spent: ItemsSpent,
    environment_errors: tuple[type[BaseException], ...],
) -> StepOutcome:
    """Run every unfinished item of `loop` (the step `name`), checkpointing after each."""
    state = ctx.state.loops.get(name)
    if state is None:  # the first time: fix the items, so a resumed run loops over the same
        keys = list(dict.fromkeys(await loop.items(ctx)))[:loop.max_items]
        state = LoopState(items=keys)
        await ctx.save_state(loops={**ctx.state.loops, name: state})
    for key in state.items:
        if key in state.done:
            continue
        result = await _walk_item(ctx, store, name, loop, key, state, spent,
                                  environment_errors)
        state.done[key] = result
        await ctx.save_state(loops={**ctx.state.loops, name: state})  # the item's checkpoint
    return await loop.finish(ctx, LoopResult(tuple(state.items), dict(state.done)))


async def _walk_item(
    ctx: "RunContext", store: RunStore, name: str, loop: ItemLoop, key: str, state: LoopState,
    spent: ItemsSpent, environment_errors: tuple[type[BaseException], ...],
) -> ItemResult:
    budget = loop.budget_for(ctx)
    fence = ctx.lease.lease if ctx.lease else None
    while True:
        begun = await store.begin_step(ctx.run_id, name, item=key, budget=budget, fence=fence)
        tries, row_id = begun.tries, begun.step_id
        if row_id is None:
            feedback = state.feedback.get(key) or ["no try of it passed"]
            return ItemResult(verdict=BUDGET_EXHAUSTED,
                              summary=f"{budget} tries used; last: {feedback[-1]}"[:500])
        started, before = time.monotonic(), ctx.usage()
        told_before = len(told_kinds(ctx.records))
        attempt = ItemTry(key, tries + 1, tuple(state.feedback.get(key, ())))
        try:
            outcome = await loop.run(ctx, attempt)
            ctx.held.check(f"item {key} of step {name}", outcome.summary, outcome.diff or "",
                           outcome.artifact if outcome.artifact is not None else {},
                           outcome.feedback or "")
        except Exception as exc:  # closed here and re-raised; a dying worker's rows on resume
            verdict = Verdict.ENVIRONMENT if isinstance(exc, environment_errors) else \
                Verdict.FAILED
            await _finish_item(ctx, store, row_id, ItemOutcome(verdict, "stopped"), started,
                               before, spent)
            raise
        await _finish_item(ctx, store, row_id, outcome, started, before, spent,
                           told=told_kinds(ctx.records)[told_before:])
        if outcome.verdict != Verdict.REJECTED:
            return ItemResult(verdict=str(outcome.verdict), summary=outcome.summary[:500])
        state.feedback[key] = [*state.feedback.get(key, []),
                               (outcome.feedback or outcome.summary or "rejected")[:4000]]
        await ctx.save_state(loops={**ctx.state.loops, name: state})


async def _finish_item(
    ctx: "RunContext", store: RunStore, row_id: int, outcome: ItemOutcome, started: float,
    before: tuple[int, int, float], spent: ItemsSpent, told: list[str] | None = None,
) -> None:
    used = tuple(a - b for a, b in zip(ctx.usage(), before))
    used_in, used_out, cost = int(used[0]), int(used[1]), float(used[2])
    artifact = outcome.artifact
    await store.finish_step(ctx.run_id, row_id, Finished(
        status=str(outcome.verdict), summary=outcome.summary,
        verdict=verdict_code(outcome.verdict, outcome.reason, told or ()),
        artifact=(artifact if isinstance(artifact, dict) else artifact.model_dump(mode="json"))
        if artifact is not None else None,
        diff=outcome.diff, input_tokens=used_in, output_tokens=used_out, cost_usd=cost,
        duration_ms=int((time.monotonic() - started) * 1000)),
        fence=ctx.lease.lease if ctx.lease else None)
    spent.add((used_in, used_out, cost))
