"""Failure stories the engine tells itself, and the kinds of those the steps told.

Two jobs, both for the learning loops:
- `TellingRecords` is the engine's `StoreRecords` that also remembers the kind of every story a
  step tells (`ctx.record_failure`): a rejection is then filed in the stats under the same word
  the rules loop files its story under (`verdict_code` in bot/engine/graph.py).
- `ending_story` is the story of a step that ended the run with a failure (out of its budget,
  a step that could not produce its artifact, a protected path...): the engine tells it, since
  no step is left to. Endings that say nothing about a prompt are no story: environment
  trouble, a cancel, Smith's own bugs, and the leak stops (their texts are withheld anyway).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.graph import RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.records import FailureStory, StoreRecords
from bot.store.db import Database
from bot.store.lease import Lease

NOT_A_STORY = frozenset({"environment", "cancelled", "internal_error", "secret_leak",
                         "held_value_leak", "leak_check_blind", "spending_cap",
                         "not_enabled"})


class TellingRecords(StoreRecords):
    """`StoreRecords` that keep the kinds of the stories told, in order."""

    def __init__(self, db: Database, *, fence: Lease | None = None) -> None:
        super().__init__(db, fence=fence)
        self.told: list[str] = []

    async def record_failure(self, story: FailureStory) -> None:
        await super().record_failure(story)
        self.told.append(story.kind)


@dataclass(frozen=True)
class EndingStory:
    step: str
    kind: str
    evidence: str


def ending_story(outcome: StepOutcome, ending: RunEnding, step: str | None) -> EndingStory | None:
    """The story of a run a step ended with a failure, or None (a rejection's story is its
    step's own; other endings are no failure of a step)."""
    if ending.status != RunStatus.FAILED or outcome.verdict != Verdict.FAILED:
        return None
    if ending.outcome in NOT_A_STORY or not step:
        return None
    return EndingStory(step=step, kind=ending.outcome,
                       evidence=f"The run ended at {step}: {ending.reason}")


def told_kinds(records: object) -> list[str]:
    """The kinds told so far through `records` (the engine's keep them in `told`; a step
    test's in-memory records keep none)."""
    told = getattr(records, "told", None)
    return told if isinstance(told, list) else []
