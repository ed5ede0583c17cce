"""The step registry: every fact about a step, in one row, whichever chain owns it.

A step's title (status comment, stats), its prompt file and artifact model (agent steps), the
tools it may call, whether its job is to say no (only such steps can be flagged as removal
candidates by the stats loop) and whether its failures are mined for rules. Each chain registers
its rows when its package is imported (the way routers are mounted); the catalogue imports every
chain, so a running service knows every step. Graphs, renderers, the stats and the rules loop read
these rows; none keeps a list of its own, and the engine names no chain's step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.engine.artifacts import Artifact

READ_TOOLS: tuple[str, ...] = ("read_file", "list_dir", "grep", "find_symbol", "find_references")
WRITE_TOOLS: tuple[str, ...] = ("edit_file", "write_file", "delete_file")
AGENT_TOOL_NAMES: frozenset[str] = frozenset(READ_TOOLS + WRITE_TOOLS)
"""The stable tool contract of DESIGN section 5 (besides the per-step submit tool)."""


@dataclass(frozen=True)
class StepInfo:
    """One step of any chain. `agent` steps have a prompt file and a submit tool."""

    step: str
    title: str
    artifact: type[Artifact] | None = None
    agent: bool = False
    tools: tuple[str, ...] = ()
    can_reject: bool = False
    mined: bool = False

    @property
    def prompt_file(self) -> str | None:
        return f"{self.step}.md" if self.agent else None


_ROWS: dict[str, StepInfo] = {}
STEPS: Mapping[str, StepInfo] = MappingProxyType(_ROWS)
"""Every registered step by name, in registration order (a read-only view)."""


def register(*rows: StepInfo) -> tuple[StepInfo, ...]:
    """Add a chain's rows. A name may be registered again only with the same row (the kit's
    shared steps); two chains giving one name different facts is a programming error."""
    for row in rows:
        known = _ROWS.get(str(row.step))
        if known is not None and known != row:
            raise ValueError(f"step {row.step!r} is registered twice with different facts")
        _ROWS[str(row.step)] = row
    return rows


def step_info(step: str) -> StepInfo:
    """The row of a registered step; KeyError names the registered steps otherwise."""
    try:
        return _ROWS[str(step)]
    except KeyError as exc:
        raise KeyError(f"{step!r} is not a registered step; steps: {', '.join(_ROWS)}") from exc


def agent_step(step: str) -> StepInfo:
    """The row of an agent step; KeyError names the agent steps when `step` is not one."""
    info = _ROWS.get(str(step))
    if info is None or not info.agent:
        names = ", ".join(s.step for s in agent_steps())
        raise KeyError(f"{step!r} is not an agent step; agent steps: {names}")
    return info


def agent_steps() -> tuple[StepInfo, ...]:
    return tuple(info for info in _ROWS.values() if info.agent)


def rejecting_steps() -> frozenset[str]:
    """Steps whose job is to say no: only these can be removal candidates."""
    return frozenset(info.step for info in _ROWS.values() if info.can_reject)


def mined_steps() -> frozenset[str]:
    """Agent steps whose prompts the rule miner may extend."""
    return frozenset(info.step for info in _ROWS.values() if info.mined)
