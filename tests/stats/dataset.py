"""A small history of runs and step executions with known counts, used by the stats and
dashboard tests both as plain rows and as rows inserted into a real database.

Seven runs of acme/app on 1–7 March 2026 (r6 is a rework run) and one run of acme/other:
- judge rejected only in r1, so over its last 4 runs (r2–r5) it rejected nothing → removal;
- quality rejected in r3, r4 and r5 of its last 4 runs (r3–r6) → rework;
- validate and acceptance reject once in their windows; estimate has only 3 runs (no full
  window), brt only 1: neither is flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.stats.compute import RunRow, StepRow
from bot.store.db import Database
from bot.store.models import Run, Step, TrajectoryRow

WINDOW = 4
COST_USD = 0.25


@dataclass(frozen=True)
class RunSpec:
    key: str
    repo: str
    chain: str
    status: str
    outcome: str | None
    change_request: bool
    merged: bool | None
    merged_without_edits: bool | None
    day: int
    issue: int
    origin: str | None = None
    """For a rework run: the key of the run whose change request it continues."""


@dataclass(frozen=True)
class StepSpec:
    run: str
    name: str
    attempt: int
    status: str
    verdict: str | None
    tokens: int = 50
    duration_ms: int | None = 500


RUNS = [
    RunSpec("r1", "acme/app", "fix", "succeeded", "change_request", True, True, True, 1, 11),
    RunSpec("r2", "acme/app", "fix", "paused", None, False, None, None, 2, 12),
    RunSpec("r3", "acme/app", "fix", "succeeded", "change_request", True, True, False, 3, 13),
    RunSpec("r4", "acme/app", "fix", "failed", "quality_red", False, None, None, 4, 14),
    RunSpec("r5", "acme/app", "fix", "succeeded", "change_request", True, None, None, 5, 15),
    RunSpec("r6", "acme/app", "rework", "succeeded", "change_request", True, True, True, 6, 13,
            origin="r3"),
    RunSpec("r7", "acme/app", "fix", "failed", "needs_info", False, None, None, 7, 17),
    RunSpec("x1", "acme/other", "fix", "succeeded", "change_request", True, True, True, 3, 1),
]

STEPS = [
    # r1: judge sent the diagnosis back once
    StepSpec("r1", "acceptance", 1, "passed", "ready"),
    StepSpec("r1", "diagnose", 1, "passed", None),
    StepSpec("r1", "judge", 1, "rejected", "disagree", 100, 1000),
    StepSpec("r1", "diagnose", 2, "passed", None),
    StepSpec("r1", "judge", 2, "passed", "agree", 120, 1200),
    StepSpec("r1", "implement", 1, "passed", None),
    StepSpec("r1", "self_review", 1, "passed", None),
    StepSpec("r1", "quality", 1, "passed", "green"),
    StepSpec("r1", "validate", 1, "passed", "pass"),
    # r2: paused at the estimate gate
    StepSpec("r2", "acceptance", 1, "passed", "ready"),
    StepSpec("r2", "judge", 1, "passed", "agree", 90, 800),
    StepSpec("r2", "estimate", 1, "waiting", "gate"),
    # r3: quality red once, then green; self review skipped on the retry
    StepSpec("r3", "acceptance", 1, "passed", "ready"),
    StepSpec("r3", "judge", 1, "passed", "agree", 200, 3000),
    StepSpec("r3", "estimate", 1, "passed", None),
    StepSpec("r3", "implement", 1, "passed", None),
    StepSpec("r3", "quality", 1, "rejected", "red"),
    StepSpec("r3", "implement", 2, "passed", None),
    StepSpec("r3", "self_review", 2, "skipped", None),
    StepSpec("r3", "quality", 2, "passed", "green"),
    StepSpec("r3", "validate", 1, "passed", "pass"),
    # r4: brt failed (environment), quality red three times: out of attempts
    StepSpec("r4", "acceptance", 1, "passed", "ready"),
    StepSpec("r4", "judge", 1, "passed", "agree", 110, None),
    StepSpec("r4", "brt", 1, "failed", "error"),
    StepSpec("r4", "implement", 1, "passed", None),
    StepSpec("r4", "quality", 1, "rejected", "red"),
    StepSpec("r4", "implement", 2, "passed", None),
    StepSpec("r4", "quality", 2, "rejected", "red"),
    StepSpec("r4", "implement", 3, "passed", None),
    StepSpec("r4", "quality", 3, "rejected", "red"),
    # r5: quality red, validator veto, then through; transition still running
    StepSpec("r5", "acceptance", 1, "passed", "ready"),
    StepSpec("r5", "judge", 1, "passed", "agree", 130, 1500),
    StepSpec("r5", "estimate", 1, "passed", None),
    StepSpec("r5", "implement", 1, "passed", None),
    StepSpec("r5", "quality", 1, "rejected", "tests_failed"),
    StepSpec("r5", "implement", 2, "passed", None),
    StepSpec("r5", "quality", 2, "passed", "green"),
    StepSpec("r5", "validate", 1, "rejected", "veto"),
    StepSpec("r5", "implement", 3, "passed", None),
    StepSpec("r5", "quality", 3, "passed", "green"),
    StepSpec("r5", "validate", 2, "passed", "pass"),
    StepSpec("r5", "transition", 1, "running", None, 999, None),
    # r6: rework of r3's change request
    StepSpec("r6", "implement", 1, "passed", None),
    StepSpec("r6", "quality", 1, "passed", "green"),
    StepSpec("r6", "validate", 1, "passed", "pass"),
    # r7: the report was not enough
    StepSpec("r7", "acceptance", 1, "rejected", "blocked"),
    # another repository
    StepSpec("x1", "judge", 1, "rejected", "disagree"),
    StepSpec("x1", "quality", 1, "passed", "green"),
]


def created_at(spec: RunSpec) -> datetime:
    return datetime(2026, 3, spec.day, 12, 0, tzinfo=UTC)


def run_ids() -> dict[str, int]:
    """Ids for the plain-row tests, in creation order (the database assigns its own)."""
    return {spec.key: index for index, spec in enumerate(RUNS, start=1)}


def run_rows(repo: str | None = "acme/app") -> list[RunRow]:
    ids = run_ids()
    return [
        RunRow(id=ids[spec.key], repo=spec.repo, chain=spec.chain, status=spec.status,
               outcome=spec.outcome, has_change_request=spec.change_request, merged=spec.merged,
               merged_without_edits=spec.merged_without_edits, created_at=created_at(spec),
               cost_usd=COST_USD, origin_run=ids[spec.origin] if spec.origin else None)
        for spec in RUNS if repo is None or spec.repo == repo
    ]


def step_rows() -> list[StepRow]:
    ids = run_ids()
    return [
        StepRow(run_id=ids[spec.run], name=spec.name, attempt=spec.attempt, status=spec.status,
                verdict=spec.verdict, tokens=spec.tokens, duration_ms=spec.duration_ms)
        for spec in STEPS
    ]


async def insert_dataset(db: Database) -> dict[str, int]:
    """Insert RUNS and STEPS (tokens split 3:1 into input and output; steps one after another,
    a second apart) plus a short trajectory for r3; returns run ids by key."""
    ids: dict[str, int] = {}
    async with db.transaction() as session:
        for spec in RUNS:
            start = created_at(spec)
            run = Run(
                forge="github", repo=spec.repo, issue_number=spec.issue, chain=spec.chain,
                status=spec.status, outcome=spec.outcome, cancel_requested=False,
                params={"origin_run": ids[spec.origin]} if spec.origin else {},
                change_request_number=100 + spec.issue if spec.change_request else None,
                merged=spec.merged, merged_without_edits=spec.merged_without_edits,
                input_tokens=0, output_tokens=0, cost_usd=COST_USD, created_at=start,
                started_at=start, finished_at=None if spec.status == "paused"
                else start + timedelta(minutes=10),
            )
            session.add(run)
            await session.flush()
            ids[spec.key] = run.id
            clock = start
            for step in (s for s in STEPS if s.run == spec.key):
                clock += timedelta(seconds=1)
                finished = None if step.duration_ms is None else (
                    clock + timedelta(milliseconds=step.duration_ms))
                session.add(Step(
                    run_id=run.id, name=step.name, attempt=step.attempt, status=step.status,
                    verdict=step.verdict, summary=f"{step.name} attempt {step.attempt}",
                    artifact={"step": step.name, "attempt": step.attempt},
                    diff=_diff(step) if step.name == "implement" else None,
                    input_tokens=step.tokens * 3 // 4,
                    output_tokens=step.tokens - step.tokens * 3 // 4,
                    cost_usd=0.01, started_at=clock, finished_at=finished,
                    duration_ms=step.duration_ms,
                ))
                if finished is not None:
                    clock = finished
        for seq, (step, tool) in enumerate(
            [("diagnose", "read_file"), ("implement", "edit_file"), ("quality", "run_tests")],
            start=1,
        ):
            session.add(TrajectoryRow(
                run_id=ids["r3"], seq=seq, step=step,
                actor="code" if tool == "run_tests" else "agent",
                tool=tool, args={"path": "app/core.py"}, ok=True, detail="",
            ))
    return ids


def _diff(step: StepSpec) -> str:
    return (
        "--- a/app/core.py\n+++ b/app/core.py\n@@ -1,1 +1,1 @@\n"
        f"-return 0\n+return {step.attempt}  # attempt {step.attempt} <fix>\n"
    )
