"""Recent rows for the dashboard's charts, in a repository of their own (acme/lab), so the
stats dataset's counts stay as its tests know them: a fix run over three days with model
calls and rejections, a test-generation run's file tries, and a held-out run's iterations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store.db import Database
from bot.store.models import ModelCall, Run, Step, TrajectoryRow

REPO = "acme/lab"
# (step, status, verdict, duration in ms, days before today)
FIX_STEPS = [
    ("acceptance", "passed", "ready", 800, 2),
    ("diagnose", "passed", None, 40_000, 2),
    ("implement", "passed", None, 120_000, 1),
    ("quality", "rejected", "red", 30_000, 1),
    ("implement", "passed", None, 95_000, 1),
    ("quality", "passed", "green", 28_000, 0),
    ("validate", "rejected", "veto", 9_000, 0),
    ("validate", "passed", "pass", 7_000, 0),
]
CALLS = [(2, 12_000, 0.40), (1, 30_000, 1.10), (0, 8_000, 0.25)]
"""(days before today, tokens, dollars) of the fix run's model calls."""
TRIES = [("kept", None, 3), ("rejected", "stable", 0), ("rejected", "writer", 0)]
ITERATIONS = [((0.90, 0.95), (0.70, 0.85)), ((0.97, 0.98), (0.82, 0.90)),
              ((0.99, 0.99), (0.86, 0.93))]
"""((training recall, precision), (held-out recall, precision)) per iteration."""
THRESHOLD = 0.8


def _today() -> datetime:
    return datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


async def insert_chart_data(db: Database) -> dict[str, int]:
    today = _today()
    ids: dict[str, int] = {}
    async with db.transaction() as session:
        fix = Run(forge="github", repo=REPO, issue_number=41, chain="fix", status="succeeded",
                  outcome="change_request", change_request_number=141, merged=True,
                  merged_without_edits=True, cancel_requested=False, params={},
                  input_tokens=37_500, output_tokens=12_500, cost_usd=1.75,
                  created_at=today - timedelta(days=2), started_at=today - timedelta(days=2),
                  finished_at=today + timedelta(minutes=5))
        tests = Run(forge="github", repo=REPO, issue_number=42, chain="tests",
                    status="succeeded", outcome="change_request", cancel_requested=False,
                    params={}, created_at=today, started_at=today)
        examples = Run(
            forge="github", repo=REPO, issue_number=43, chain="examples", status="succeeded",
            outcome="change_request", cancel_requested=False, created_at=today,
            started_at=today, params={"examples": {
                "held_out_size": 20,
                "spec": {"thresholds": {"held_out_recall": THRESHOLD,
                                        "held_out_precision": THRESHOLD}},
                "iterations": [{"train": {"recall": tr, "precision": tp},
                                "held_out": {"recall": hr, "precision": hp}}
                               for (tr, tp), (hr, hp) in ITERATIONS]}})
        session.add_all([fix, tests, examples])
        await session.flush()
        ids.update(fix=fix.id, tests=tests.id, examples=examples.id)
        for attempt, (name, status, verdict, ms, ago) in enumerate(FIX_STEPS, start=1):
            start = today - timedelta(days=ago) + timedelta(hours=1, minutes=attempt)
            session.add(Step(run_id=fix.id, name=name, attempt=1, status=status,
                             verdict=verdict, summary=f"{name} " + "x" * 300,
                             started_at=start, finished_at=start + timedelta(milliseconds=ms),
                             duration_ms=ms))
        # What overflowed the run page at 1300 px: long unbroken text in its tables.
        session.add(TrajectoryRow(run_id=fix.id, seq=1, step="diagnose", actor="agent",
                                  tool="read_file", args={"path": "a/" * 120 + "deep.py"},
                                  ok=True, detail="y" * 400))
        for ago, tokens, dollars in CALLS:
            session.add(ModelCall(run_id=fix.id, step="implement", model="claude-sonnet-5-5",
                                  input_tokens=tokens * 3 // 4, output_tokens=tokens // 4,
                                  cost_usd=dollars,
                                  created_at=today - timedelta(days=ago, hours=-2)))
        for number, (status, gate, count) in enumerate(TRIES, start=1):
            session.add(Step(run_id=tests.id, name="write_tests", item=f"src/mod{number}.py",
                             attempt=1, status="passed" if status == "kept" else "rejected",
                             verdict=None if gate is None else f"gate_{gate}",
                             artifact={"status": status, "failed_gate": gate,
                                       "tests": [f"test_{i}" for i in range(count)]},
                             started_at=today, finished_at=today, duration_ms=60_000))
    return ids
