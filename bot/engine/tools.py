"""What a step uses while a run is walked: collaborators PREPARE builds, typed.

They live for one execution of a run (a job) and are never persisted: a resumed run builds
them again (the graph's `resume_via` step). A step asking for one that was never built gets
`ToolMissing`, which names the step that should have built it, instead of an `AttributeError`
on `None`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from bot.codegraph.graph import CodeGraph
    from bot.codegraph.lazy import LazyCodeGraph
    from bot.forge.base import GitCredentials, Issue
    from bot.llm.ledger import TokenLedger
    from bot.llm.runner import StepRunner
    from bot.protected_paths import ProtectedPaths
    from bot.repo_config import RepoConfig
    from bot.workspace.checkout import Checkout
    from bot.workspace.sandbox import Sandbox
    from bot.workspace.test_failure import EnvironmentProblem


T = TypeVar("T")

class ToolMissing(LookupError):
    """A step needs a collaborator that no earlier step of this execution built."""


@dataclass
class RunTools:
    """The run's collaborators. `code_graph` and `ledger` may legitimately be absent."""

    issue: Issue | None = None
    clone_url: str | None = None
    credentials: GitCredentials | None = None
    checkout: Checkout | None = None
    repo_config: RepoConfig | None = None
    sandbox: Sandbox | None = None
    step_runner: StepRunner | None = None
    ledger: TokenLedger | None = None
    code_graph: CodeGraph | LazyCodeGraph | None = None
    """PREPARE's graph indexes in the background: steps needing all of it await
    `bot.kit.code_index.full_code_graph`; the agent's graph tools ask it directly."""
    protected: ProtectedPaths | None = None

    def need(self, name: str) -> Any:
        """The field `name`, or ToolMissing (RunContext's properties give the typed view)."""
        return needed(getattr(self, name), name)


def needed(value: T | None, name: str) -> T:
    """`value`, or ToolMissing when PREPARE has not built it yet."""
    if value is None:
        raise ToolMissing(f"{name} is not ready: PREPARE builds it at the start of a run")
    return value


@dataclass
class RunNotes:
    """What this execution noted on its way: never persisted, gone after the job."""

    step: str | None = None
    """The step being executed (named in endings)."""
    budget: int | None = None
    """The budget of the step that ran out of it."""
    cap_reached: bool = False
    cancelled_by: str = ""
    environment_problem: EnvironmentProblem | None = None
    report: str | None = None
    """The report as the model sees it (quoted once per execution)."""
    authors: set[str] | None = None
    judge_feedback: str | None = None
    location_feedback: str | None = None
