"""A chain is a graph of steps: code decides the next step from the artifact, never the model.

The fix chain, the rework chain and the planned test-generation and held-out-acceptance chains
are all `Graph`s walked by the same engine (bot/engine/walk.py), so budgets, checkpoints,
pauses, cancellation, the status comment and step statistics come for free with a new graph.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from bot.engine.context import RunContext
    from bot.engine.held import Held
    from bot.engine.loop import ItemLoop


class Verdict(enum.StrEnum):
    """How one execution of a step went; the stats loop counts these."""

    PASSED = "passed"
    REJECTED = "rejected"  # the step did its job and said no (judge disagreed, test still red...)
    FAILED = "failed"  # the step could not do its job
    SKIPPED = "skipped"
    WAITING = "waiting"  # a human gate: the run pauses here
    ENVIRONMENT = "environment"  # model/forge/sandbox trouble: retried, never spends an attempt


class RunStatus(enum.StrEnum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"
    PAUSED = "paused"


@dataclass(frozen=True)
class RunEnding:
    """How a run ends (or pauses) when a step sends it nowhere further."""

    status: RunStatus
    outcome: str  # change_request | plan | judge_disagreed | budget_exhausted | needs_info | ...
    reason: str
    resume_at: str | None = None  # for PAUSED: the step that runs after approval
    step: str | None = None  # the step the run stopped at (named in the ending comment)
    announced: bool = False  # the step said this ending itself; the engine adds no comment


ONWARD = "<onward>"
"""A step's usual answer: go on to the node the graph names after it (`Node.then`, else the
next node in the graph's list). A step names a step only where it really branches (a rejection
sent back, a gate); `None` ends the run."""
END = "<end>"
"""`Node.then` of a node after which the run ends (its step names the ending)."""


@dataclass
class StepOutcome:
    """What a step hands back to the engine."""

    verdict: Verdict
    next: str | None = ONWARD
    summary: str = ""
    artifact: BaseModel | dict[str, Any] | None = None
    diff: str | None = None
    ending: RunEnding | None = None
    reason: str | None = None
    """For a rejection or a human gate: a short code for why (`smith stats` counts them).
    Without one the engine files it under the kind of the story the step told, else under
    the ending's outcome (`verdict_code`)."""


UNSPECIFIED_REASON = "unspecified"
SAYS_WHY = frozenset({Verdict.REJECTED, Verdict.WAITING})
"""The verdicts whose stored verdict is a reason code rather than the status itself."""


def verdict_code(
    verdict: Verdict, reason: str | None, told: Sequence[str] = (),
    ending: RunEnding | None = None,
) -> str:
    """What a step row stores as its verdict: the status, or for a rejection or a gate its
    reason code. The code is the step's own, else the kind of the last failure story it told
    (so the stats and the rules loop use one word for one failure), else how the run ended,
    else `unspecified`."""
    if verdict not in SAYS_WHY:
        return str(verdict)
    code = reason or (told[-1] if told else None) or (ending.outcome if ending else None)
    return (code or UNSPECIFIED_REASON)[:50]


StepFunction = Callable[["RunContext"], Awaitable[StepOutcome]]
ExhaustedText = Callable[["RunContext", "RunEnding"], str]
"""Words for a step that ran out of tries: the comment's Markdown, given the run and its ending."""


@dataclass(frozen=True)
class Node:
    """One step of a graph. `budget`: most executions per run that count (environment
    failures do not); exceeding it ends the run with `budget_exhausted`. `run` is the step's
    function, or an `ItemLoop` (bot/engine/loop.py) for a step that loops over items."""

    name: str
    run: "StepFunction | ItemLoop"
    budget: int | Callable[["RunContext"], int] | None = None
    then: str | None = None
    """The default successor when it is not the next node in the list (`END`: none)."""
    when: Callable[["RunContext"], bool] | None = None
    """An optional step: runs only when this says so; otherwise the walk goes past it, with no
    row (regression, when the repository turned it on)."""
    exhausted: "ExhaustedText | None" = None
    """The chain's own comment for this step running out of tries (default: the engine's)."""
    last_failure: "Callable[[RunContext], str] | None" = None
    """What sent this step's last try back, for a human: added to the reason of a run that
    ran out of tries (empty: nothing to add)."""

    def budget_for(self, ctx: "RunContext") -> int | None:
        return self.budget(ctx) if callable(self.budget) else self.budget


@dataclass(frozen=True)
class Graph:
    name: str
    nodes: tuple[Node, ...]
    start: str
    display: tuple[str, ...] = field(default=())  # step names shown in the status checklist
    resume_via: str | None = None  # runs again before a resumed run goes on (fresh checkout)
    continues_change_request: bool = False
    """The run continues Smith's change request (rework): endings answer the reviewer there,
    and the issue's labels are left as they are."""
    held: tuple["Held[Any]", ...] = ()
    """Values the run holds in memory only, each with the function that computes it."""
    retried_as: str | None = None
    """The graph an issue's `/smith retry` starts after a run of this one (None: this graph
    again). A rework is retried as the fix it reworks."""
    stopped_short: str = "before the end"
    """What a failed run did not deliver, in the status headline ("Smith stopped without a
    fix")."""

    def has(self, name: str) -> bool:
        return any(node.name == name for node in self.nodes)

    def node(self, name: str) -> Node:
        for node in self.nodes:
            if node.name == name:
                return node
        raise KeyError(f"graph {self.name!r} has no step {name!r}")

    def step_names(self) -> tuple[str, ...]:
        return self.display or tuple(node.name for node in self.nodes)

    def optional_steps(self) -> frozenset[str]:
        """Steps that run only when their node says so (`when=`)."""
        return frozenset(node.name for node in self.nodes if node.when is not None)

    def default_successor(self, name: str) -> str | None:
        """The node after `name` on its default edge, optional steps included; None: the end."""
        index = [node.name for node in self.nodes].index(name)
        then = self.nodes[index].then
        if then is not None:
            return None if then == END else then
        return self.nodes[index + 1].name if index + 1 < len(self.nodes) else None

    def successor(self, name: str, ctx: "RunContext") -> str | None:
        """Where `ONWARD` from `name` leads in this run: the default edge, past optional steps
        that do not run here."""
        following = self.default_successor(name)
        while following is not None:
            when = self.node(following).when
            if when is None or when(ctx):
                return following
            following = self.default_successor(following)
        return None

    def resolved(self, name: str, outcome: StepOutcome, ctx: "RunContext") -> StepOutcome:
        """`outcome` with `ONWARD` replaced by the step this run goes on to (the engine does
        it before the checkpoint; a test bench playing the engine does the same)."""
        if outcome.next != ONWARD:
            return outcome
        return replace(outcome, next=self.successor(name, ctx))

    def default_path(self, *, optional: bool = False) -> tuple[str, ...]:
        """The steps a run walks when every step answers `ONWARD` (with the optional ones, or
        without): what tests expect of a happy run, derived instead of spelled out."""
        path: list[str] = []
        step: str | None = self.start
        while step is not None and step not in path:
            if optional or self.node(step).when is None:
                path.append(step)
            step = self.default_successor(step)
        return tuple(path)

    def __post_init__(self) -> None:
        names = [node.name for node in self.nodes]
        if len(set(names)) != len(names):
            raise ValueError(f"graph {self.name!r} has duplicate step names")
        if self.start not in names:
            raise ValueError(f"graph {self.name!r} starts at unknown step {self.start!r}")
        for node in self.nodes:
            if node.then is not None and node.then != END and node.then not in names:
                raise ValueError(f"graph {self.name!r}: {node.name} goes on to unknown step "
                                 f"{node.then!r}")
