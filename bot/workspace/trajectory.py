"""The run's trajectory: every tool call the agent made and every action our code took.

The validator audits it (peeking at history, editing the red test after it was seen red), the
dashboard shows it, and the store keeps it. One event shape everywhere (`TrajectoryEvent`, in
bot/evidence.py so that the validator reads it without the workspace).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.evidence import Actor, TrajectoryEvent

__all__ = ["Actor", "Trajectory", "TrajectoryEvent", "TrajectorySink"]

TrajectorySink = Callable[[TrajectoryEvent], Awaitable[None]]


class Trajectory:
    """Append-only list of events with an optional async sink (the store) for each new event."""

    def __init__(self, sink: TrajectorySink | None = None, start_seq: int = 0) -> None:
        self._events: list[TrajectoryEvent] = []
        self._sink = sink
        self._next_seq = start_seq + 1
        self._lock = asyncio.Lock()

    @property
    def events(self) -> list[TrajectoryEvent]:
        return list(self._events)

    async def record(
        self,
        *,
        step: str,
        actor: Actor,
        tool: str,
        args: dict[str, Any] | None = None,
        ok: bool = True,
        detail: str = "",
    ) -> TrajectoryEvent:
        async with self._lock:
            event = TrajectoryEvent(
                seq=self._next_seq, step=step, actor=actor, tool=tool,
                args=dict(args or {}), ok=ok, detail=detail,
            )
            self._next_seq += 1
            self._events.append(event)
            if self._sink is not None:
                await self._sink(event)
            return event

    def to_jsonl(self) -> str:
        return "".join(event.model_dump_json() + "\n" for event in self._events)
