"""What the examples chain remembers across jobs: counts, hashes and metrics, never examples.

Stored inside the run's state (`RunState`, key `examples`), which keeps keys it does not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from bot.repo_config import ExamplesConfig

if TYPE_CHECKING:
    from bot.engine.context import RunContext

KEY = "examples"


class Iteration(BaseModel):
    """One generator attempt as code measured it."""

    number: int
    round: int
    train: dict[str, float | int] | None = None
    held_out: dict[str, float | int] | None = None
    note: str = ""


class ClassRow(BaseModel):
    """One input class of the critic's tree and the test that covers it (if any)."""

    id: str
    description: str
    expected: str
    accepts: bool | None = None
    test: str | None = None
    passed: bool = False
    shown: bool | None = None
    """Whether code showed the test covers the class (it failed on a variant of the artefact
    that mishandles the class); None when no variant could be built."""


class ExamplesState(BaseModel):
    model_config = ConfigDict(extra="allow")

    spec: ExamplesConfig | None = None
    acceptance_hash: str = ""
    held_out_hash: str = ""
    held_out_size: int = 0
    held_out_positives: int = 0
    held_out_negatives: int = 0
    train_size: int = 0
    moved_to_training: int = 0
    quoted_to_training: int = 0
    """Examples the task, contract or rules quote, assigned to training before the split."""
    quoted_keys: list[str] | None = None
    """Hashes of those examples, fixed by the first execution (None before it)."""
    iterations: list[Iteration] = Field(default_factory=list)
    round: int = 1
    """The artefact round: held-out evaluations so far, plus one."""
    train_attempts: int = 0
    """Generator attempts in this round."""
    companion_round: int = 0
    feedback: list[str] = Field(default_factory=list)
    """What the next generator attempt is told (training errors, observations, gaps)."""
    observations_dropped: int = 0
    classes: list[ClassRow] = Field(default_factory=list)
    claims_refuted: int = 0
    """Coverage claims code did not confirm, over the run."""
    divergence: list[str] = Field(default_factory=list)
    """The last comparison of the author's tree with the critic's (one line per class found in
    one tree only)."""
    divergence_history: list[str] = Field(default_factory=list)
    """Earlier comparisons that were fed back to the generator, one summary per round."""
    suite_round: int = 0
    suite: dict[str, int | bool] = Field(default_factory=dict)
    """The repository's own test command on the final branch: passed, tests, failing."""
    leak_checks: dict[str, int] = Field(default_factory=dict)

    @classmethod
    def of(cls, ctx: RunContext) -> ExamplesState:
        return cls.model_validate((ctx.state.model_extra or {}).get(KEY) or {})

    async def save(self, ctx: RunContext) -> None:
        await ctx.save_state(**{KEY: self.model_dump(mode="json")})

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
