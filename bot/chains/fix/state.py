"""What a fix run remembers that only the fix chain reads, typed.

The run's params are one JSON object shared with the engine (`RunState`, which keeps unknown
keys as they are); this chain's own keys sit at its top level, so stored runs keep their shape.
Steps read them through `FixState.of(ctx)` and write them through `FixState.save`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.chains.fix.artifacts import CriteriaVerdict
from bot.engine.context import RunContext


class FixState(BaseModel):
    """The fix chain's part of the run's state (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    verdict: CriteriaVerdict | None = None
    """VALIDATE's per-criterion verdict, for the change request's criteria table."""

    @classmethod
    def of(cls, ctx: RunContext) -> FixState:
        return cls.model_validate(ctx.state.model_extra or {})

    @staticmethod
    async def save(ctx: RunContext, **values: Any) -> None:
        """Store some of this chain's keys (validated by this model first)."""
        checked = FixState.model_validate(values).model_dump(mode="json", include=set(values))
        await ctx.save_state(**checked)
