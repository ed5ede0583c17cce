"""What a run remembers across jobs, resumes and crashes: one typed model, stored as JSON.

`RunState` is persisted in `runs.params` (the column's name predates it). It holds what the
engine, the kit and the handlers share; each chain keeps its own keys beside them, read through
a typed model of its own (`FixState`, `TestsState`, `ExamplesState`). Handlers seed it when
they queue a run (the rework requests, the change request, the approver); steps update it
through `RunContext.save_state`. Keys this model does not know are kept as they are, so a
newer or older writer never loses another's data. Nothing held in memory only
(bot/engine/held.py) ever belongs here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Stored(BaseModel):
    model_config = ConfigDict(extra="allow")


class ReworkRequest(_Stored):
    """One reviewer's request on Smith's change request (a rework run carries one or more)."""

    text: str = ""
    by: str | None = None
    thread_id: str | int | None = None
    comment_id: str | int | None = None
    context: str | None = None
    """The code around the review thread, read once by PREPARE."""


class ItemResult(_Stored):
    """How one item of a per-item loop ended (bot/engine/loop.py)."""

    verdict: str
    summary: str = ""


class LoopState(_Stored):
    """The checkpoint of a per-item loop: its items, fixed when the loop first ran, and the
    ones finished so far (a resumed run skips them)."""

    items: list[str] = Field(default_factory=list)
    done: dict[str, ItemResult] = Field(default_factory=dict)
    feedback: dict[str, list[str]] = Field(default_factory=dict)


class RunState(_Stored):
    """Everything a run must remember that is not an artifact or a column of its own."""

    # Seeded by handlers
    requests: list[ReworkRequest] = Field(default_factory=list)
    change_request: int | None = None
    """The change request a rework run continues."""
    origin_run: int | None = None
    """The run that opened that change request."""
    approved_by: str | None = None
    """Who approved the estimate gate (`/smith approve`)."""
    answered_by: str | None = None
    """Who last answered Smith's questions (a run paused for information went on)."""
    # Written by steps
    pushed_head: str | None = None
    """The last commit Smith pushed ("merged without human edits" compares with it)."""
    contexts_read: bool = False
    loops: dict[str, LoopState] = Field(default_factory=dict)
    # Written by the engine
    environment_retries: int = 0
    ending_said: bool = False
    """The run's final comment was posted (once per run, across resumes and crashes)."""
    spending_cap_until: str | None = None
    """A run paused by a spending cap: when (ISO, UTC) the cap resets and the run may go on
    (the budgets job queues it again then)."""

    @classmethod
    def load(cls, stored: dict[str, Any] | None) -> RunState:
        return cls.model_validate(stored or {})

    def dump(self) -> dict[str, Any]:
        """The stored form: only what differs from a new run's state."""
        return self.model_dump(mode="json", exclude_defaults=True)
