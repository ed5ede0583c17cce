"""What happened in a run, as records: the shape the workspace writes (bot/workspace/trajectory.py)
and the validator reads, so that the judge depends on evidence, not on the machinery that made it.

One event per tool call the agent made (actor `agent`) or action our code took (actor `code`),
matching the JSONL that `smith validate --trajectory` reads: `{"seq", "step", "actor", "tool",
"args", "ok", "detail"}`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Actor = Literal["agent", "code"]


class TrajectoryEvent(BaseModel):
    """One tool call (actor `agent`) or code action such as `run_tests` (actor `code`)."""

    seq: int
    step: str
    actor: Actor
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    ok: bool = True
    detail: str = ""
