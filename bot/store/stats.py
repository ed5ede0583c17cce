"""The rows the stats loop counts: one per run, one per step execution, one per try of a
generated test file, the held-out chain's figures; filtered by repository and day. Counting is
`bot.stats`' (pure); this module only reads.

The held-out chain's figures are read as numbers only (recall and precision per iteration, the
held-out size and thresholds): the run state holds no example, and these rows could not carry
one if it did."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any, TypeVar, Unpack

from sqlalchemy import Select, and_, case, extract, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Run, Step

CHANGE_REQUEST_OUTCOME = "change_request"
TEST_FILES_STEP = "write_tests"
"""The test-generation loop whose item rows carry each try's file report."""
EXAMPLES_CHAIN = "examples"
S = TypeVar("S", bound="Select[Unpack[tuple[Any, ...]]]")


@dataclass(frozen=True)
class RunRow:
    """The columns of one run the stats need."""

    id: int
    repo: str
    chain: str
    status: str
    outcome: str | None
    has_change_request: bool
    merged: bool | None
    merged_without_edits: bool | None
    created_at: datetime
    subject_kind: str = "issue"
    """What the run belonged to: `issue`, `change_request` or `campaign`."""
    tokens: int = 0
    """Input and output tokens of the whole run."""
    cost_usd: float = 0.0
    origin_run: int | None = None
    """For a rework run: the run whose change request it continues."""


@dataclass(frozen=True)
class StepRow:
    """The columns of one step execution the stats need."""

    run_id: int
    name: str
    attempt: int
    status: str
    verdict: str | None
    tokens: int
    duration_ms: int | None
    item: str | None = None
    """The item of a per-item loop this row is a try of (None: the step's own row)."""


@dataclass(frozen=True)
class TestFileTry:
    """One try at one generated test file (a WRITE_TESTS item row): where its gates stopped."""

    __test__ = False

    run_id: int
    target: str
    status: str
    """The file's status after the try: kept, rejected, skipped_flaky, dropped_low_value."""
    failed_gate: str | None
    """The gate that stopped the try (`writer` when no file was written); None when kept."""
    tests: int = 0
    """Tests in the file once kept."""


@dataclass(frozen=True)
class ExamplesIteration:
    """One generator attempt of the held-out chain, as numbers."""

    train_recall: float | None = None
    train_precision: float | None = None
    held_out_recall: float | None = None
    held_out_precision: float | None = None


@dataclass(frozen=True)
class ExamplesRow:
    """The figures of one run of the held-out chain (never an example)."""

    run_id: int
    iterations: tuple[ExamplesIteration, ...] = ()
    held_out_size: int = 0
    held_out_recall_threshold: float | None = None
    held_out_precision_threshold: float | None = None



def _run_filter(statement: S, repo: str | None, since: date | None) -> S:
    if repo:
        statement = statement.where(Run.repo == repo)
    if since is not None:
        statement = statement.where(Run.created_at >= datetime.combine(since, time(), tzinfo=UTC))
    return statement


async def load_run_rows(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[RunRow]:
    has_change_request = or_(
        Run.change_request_number.is_not(None), Run.change_request_url.is_not(None),
        Run.outcome == CHANGE_REQUEST_OUTCOME,
    )
    statement = _run_filter(
        select(Run.id, Run.repo, Run.chain, Run.status, Run.outcome, has_change_request,
               Run.merged, Run.merged_without_edits, Run.created_at, Run.subject_kind,
               Run.input_tokens + Run.output_tokens, Run.cost_usd,
               Run.params["origin_run"].as_integer()),
        repo, since,
    )
    rows = (await session.execute(statement)).all()
    return [
        RunRow(id=run_id, repo=repo_name, chain=chain, status=status, outcome=outcome,
               has_change_request=bool(opened), merged=merged,
               merged_without_edits=without_edits, created_at=created_at,
               subject_kind=subject_kind, tokens=int(tokens or 0), cost_usd=float(cost or 0.0),
               origin_run=origin_run)
        for (run_id, repo_name, chain, status, outcome, opened, merged, without_edits,
             created_at, subject_kind, tokens, cost, origin_run) in rows
    ]


async def load_step_rows(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[StepRow]:
    # A step that recorded no duration but has both ends is measured from its timestamps.
    measured = case(
        (and_(Step.duration_ms.is_(None), Step.finished_at.is_not(None)),
         func.round(extract("epoch", Step.finished_at - Step.started_at) * 1000)),
        else_=Step.duration_ms,
    )
    statement = _run_filter(
        select(Step.run_id, Step.name, Step.attempt, Step.status, Step.verdict,
               Step.input_tokens + Step.output_tokens, measured, Step.item)
        .join(Run, Run.id == Step.run_id),
        repo, since,
    )
    return [
        StepRow(run_id=run_id, name=name, attempt=attempt, status=status, verdict=verdict,
                tokens=int(tokens or 0), duration_ms=None if duration is None else int(duration),
                item=item)
        for run_id, name, attempt, status, verdict, tokens, duration, item
        in (await session.execute(statement)).all()
    ]


async def load_test_file_tries(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[TestFileTry]:
    """Every finished try at a generated test file, oldest first (the file report it left)."""
    report = Step.artifact
    tests = case((func.jsonb_typeof(report["tests"]) == "array",
                  func.jsonb_array_length(report["tests"])), else_=0)
    statement = _run_filter(
        select(Step.run_id, Step.item, report["status"].astext, report["failed_gate"].astext,
               tests)
        .join(Run, Run.id == Step.run_id)
        # An interrupted try stored no report (JSON null, not SQL NULL).
        .where(Step.name == TEST_FILES_STEP, Step.item.is_not(None),
               func.jsonb_typeof(report) == "object")
        .order_by(Step.id),
        repo, since,
    )
    return [
        TestFileTry(run_id=run_id, target=item, status=status or "rejected",
                    failed_gate=failed_gate, tests=int(tests or 0))
        for run_id, item, status, failed_gate, tests in (await session.execute(statement)).all()
    ]


async def load_examples_rows(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[ExamplesRow]:
    """The held-out chain's figures per run: its iterations' recall and precision (training
    and held-out), the held-out size and thresholds. Nothing else of the state is read."""
    state = Run.params["examples"]
    statement = _run_filter(
        select(Run.id, state["iterations"], state["held_out_size"].as_integer(),
               state["spec"]["thresholds"]["held_out_recall"].as_float(),
               state["spec"]["thresholds"]["held_out_precision"].as_float())
        .where(Run.chain == EXAMPLES_CHAIN),
        repo, since,
    )
    return [
        ExamplesRow(run_id=run_id, iterations=tuple(_iteration(i) for i in iterations or []
                                                    if isinstance(i, dict)),
                    held_out_size=int(size or 0), held_out_recall_threshold=recall,
                    held_out_precision_threshold=precision)
        for run_id, iterations, size, recall, precision in (await session.execute(statement)).all()
    ]


def _iteration(stored: dict[str, Any]) -> ExamplesIteration:
    """Numbers only: whatever else an iteration holds (its note) stays behind."""
    train = _part(stored, "train")
    held = _part(stored, "held_out")
    return ExamplesIteration(train_recall=_rate(train, "recall"),
                             train_precision=_rate(train, "precision"),
                             held_out_recall=_rate(held, "recall"),
                             held_out_precision=_rate(held, "precision"))


def _part(stored: dict[str, Any], key: str) -> dict[str, Any]:
    value = stored.get(key)
    return value if isinstance(value, dict) else {}


def _rate(metrics: dict[str, Any], key: str) -> float | None:
    value = metrics.get(key)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None
