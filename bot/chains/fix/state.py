"""What a fix run remembers that only the fix chain reads, typed.

The run's params are one JSON object shared with the engine (`RunState`, which keeps unknown
keys as they are); this chain's own keys sit at its top level, so stored runs keep their shape.
Steps read them through `FixState.of(ctx)` and write them through `FixState.save`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot.chains.fix.artifacts import CriteriaVerdict
from bot.engine.context import RunContext


class _Stored(BaseModel):
    model_config = ConfigDict(extra="allow")


class RedTest(_Stored):
    """The reproduction test our code saw red on an assertion."""

    id: str
    file: str | None = None
    message: str = ""



class Feedback(_Stored):
    """Why an earlier attempt was sent back, for the next attempt (a short summary, never a log)."""

    source: str
    text: str



class SoftSignal(_Stored):
    """A validator finding humans should look at; posted once as its own thread."""

    kind: str
    path: str | None = ""
    line: int | None = None
    detail: str = ""

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.path}:{self.line}"



class FullSuite(_Stored):
    """What the repository's whole test suite did on the fix, in the sandbox."""

    passed: bool
    tests: int
    failing: int = 0


class FixState(BaseModel):
    """The fix chain's part of the run's state (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    red_test: RedTest | None = None
    """BRT's test, seen red on an assertion (a rework adopts its origin's)."""
    brt_skip: str | None = None
    """Why BRT skipped writing a test, when it was allowed to."""
    brt_feedback: str | None = None
    """Why the last reproduction test was refused (for the next try)."""
    feedback: list[Feedback] = Field(default_factory=list)
    """Why earlier fix attempts were sent back (QUALITY, VALIDATE, reviewers)."""
    attempts: int = 0
    soft_signals: list[SoftSignal] = Field(default_factory=list)
    soft_posted: list[str] = Field(default_factory=list)
    open_findings: list[str] = Field(default_factory=list)
    """Self-review findings left unfixed that the validator still saw (for the change request)."""
    verdict: CriteriaVerdict | None = None
    """VALIDATE's per-criterion verdict, for the change request's criteria table."""
    full_suite: FullSuite | None = None
    """REGRESSION's last result, when the repository turned it on (for the change request)."""

    @classmethod
    def of(cls, ctx: RunContext) -> FixState:
        return cls.model_validate(ctx.state.model_extra or {})

    @staticmethod
    async def save(ctx: RunContext, **values: Any) -> None:
        """Store some of this chain's keys (validated by this model first)."""
        checked = FixState.model_validate(values).model_dump(mode="json", include=set(values))
        await ctx.save_state(**checked)
