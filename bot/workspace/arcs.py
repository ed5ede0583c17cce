"""What a covered pytest run executed in one module, test by test (coverage.py arcs).

A test "covers a branch" when it takes one of the module's branch arcs (`line → line`, a
negative target being an exit from the code object starting at that line). The batch driver
(`pytest_batch.py`) measures one module with coverage.py inside the sandbox, switching the
context to each test's node id, and writes this model as JSON; it is read back with a size cap
and validated here, since the tests that ran beside it could have written anything.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, ValidationError

MAX_ARCS_BYTES = 8 << 20
Arc = tuple[int, int]


class ArcsUnreadable(ValueError):
    """The driver's arcs report is missing, too large or not the expected shape."""


class ModuleArcs(BaseModel):
    per_test: dict[str, list[Arc]] = Field(default_factory=dict)
    """Pytest node id → the arcs of the module the test executed (setup included)."""
    executed: list[Arc] = Field(default_factory=list)
    """The module's branch arcs the run took."""
    missing: list[Arc] | None = None
    """The module's branch arcs the run never took (all of them when nothing imported it);
    None when coverage.py could not report on it."""
    outside: list[Arc] = Field(default_factory=list)
    """The arcs executed outside any test (importing the module, collecting the tests)."""
    error: str = ""
    """Why nothing was measured (coverage.py missing); the run's tests ran all the same."""

    @property
    def measured(self) -> bool:
        return not self.error

    @property
    def branches(self) -> set[Arc]:
        """Every branch arc of the module this run knows of."""
        return set(self.executed) | set(self.missing or ())

    def taken_by(self, test_id: str) -> set[Arc]:
        return set(self.per_test.get(test_id, ()))


def parse_arcs(raw: bytes) -> ModuleArcs:
    if len(raw) > MAX_ARCS_BYTES:
        raise ArcsUnreadable("the arcs report is too large")
    try:
        return ModuleArcs.model_validate_json(raw)
    except ValidationError as exc:
        raise ArcsUnreadable(f"the arcs report is malformed: {exc.error_count()} errors") from exc


def arc_label(path: str, arc: Arc) -> str:
    """`calc.py:12→14`, or `calc.py:12→exit` for a jump out of the function."""
    start, end = arc
    return f"{path}:{start}→{end if end > 0 else 'exit'}"
