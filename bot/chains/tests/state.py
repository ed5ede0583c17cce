"""What a test-generation run remembers, typed: the keys its starters seed and its steps write.

The run's params are one JSON object shared with the engine (`RunState`); this chain's keys sit
at its top level, where handlers (`/smith tests`, the label), the schedule and `smith tests`
seed them, so stored runs keep their shape. Steps read them through `TestsState.of(ctx)`, never
through untyped extras.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from bot.engine.context import RunContext


class ChangeRange(BaseModel):
    """The change a run on a change request writes tests for: its target and its branch."""

    base: str
    head: str


class SprintRef(BaseModel):
    """The milestone a sprint run tests (its title as shown: one line, bounded)."""

    number: int
    title: str
    url: str = ""


class TestsState(BaseModel):
    """This chain's part of the run's state (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    tests_task: str | None = None
    """How people read the task (`issue #12`, `the change request #7`...)."""
    tests_tag: str | None = None
    """The task's tag in generated file names."""
    tests_branch: str | None = None
    """A campaign's branch, chosen when it was queued."""
    tests_coverage: bool = False
    """A coverage campaign: targets come from the coverage ranking."""
    tests_sprint: SprintRef | None = None
    """A sprint: targets come from the milestone's core tasks (SPRINT_TASKS)."""
    test_targets: list[str] = Field(default_factory=list)
    """Files named by whoever started the run (`smith tests --target`)."""
    tests_change: ChangeRange | None = None
    """Set by PREPARE on a change request."""
    test_files: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Per target: its file report and, once kept, the file's content (the item checkpoint)."""
    test_baselines: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Per module: what its existing tests did to the mutants (measured once per run)."""

    @classmethod
    def of(cls, ctx: RunContext) -> TestsState:
        return cls.model_validate(ctx.state.model_extra or {})

    @staticmethod
    async def save(ctx: RunContext, **values: Any) -> None:
        """Store some of this chain's keys (validated by this model first)."""
        checked = TestsState.model_validate(values).model_dump(mode="json", include=set(values))
        await ctx.save_state(**checked)
