"""Runs for the newer sections of the stats, as a real database holds them: fix runs with and
without a red test, a test-generation run with its per-try file reports, and a held-out chain
run whose state holds text that must never reach the stats (a training error, a note)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store.db import Database
from bot.store.models import Run, Step

REPO = "acme/sections"
SECRET_NOTE = "evaluator failed on 'wake me at seven sharp'"
TRAINING_ERROR = "Positives not accepted: 'set an alarm for noon'"


def _run(chain: str, status: str, day: int, *, number: int | None = None,
         params: dict | None = None, merged: bool | None = None,
         without_edits: bool | None = None, tokens: int = 0, cost: float = 0.0) -> Run:
    return Run(forge="github", repo=REPO, issue_number=day, chain=chain, status=status,
               outcome="change_request" if number else "failed", params=params or {},
               cancel_requested=False, change_request_number=number, merged=merged,
               merged_without_edits=without_edits, input_tokens=tokens, output_tokens=0,
               cost_usd=cost, created_at=datetime(2026, 4, day, 12, tzinfo=UTC))


def _step(run: Run, name: str, status: str, *, item: str | None = None,
          artifact: dict | None = None, verdict: str | None = None) -> Step:
    return Step(run_id=run.id, name=name, item=item, attempt=1, status=status,
                verdict=verdict or status, artifact=artifact, input_tokens=0,
                output_tokens=0, cost_usd=0.0)


def _report(status: str, gate: str | None, tests: list[str] | None = None) -> dict:
    return {"target": "calc.py", "file": "tests/test_calc_smith.py", "status": status,
            "failed_gate": gate, "tests": tests or [], "reason": "r"}


async def insert_sections(db: Database) -> dict[str, int]:
    ids: dict[str, int] = {}
    async with db.transaction() as session:
        runs = {
            "red": _run("fix", "succeeded", 1, number=11, tokens=4000, cost=2.0),
            "plain": _run("fix", "failed", 2, tokens=1000, cost=0.5),
            "tests": _run("tests", "succeeded", 3, number=13, merged=True),
            "examples": _run("examples", "succeeded", 4, number=14, merged=True,
                             without_edits=True, params={"examples": {
                                 "held_out_size": 30, "held_out_hash": "ab12",
                                 "feedback": [TRAINING_ERROR],
                                 "spec": {"thresholds": {"held_out_recall": 0.8,
                                                         "held_out_precision": 0.8}},
                                 "iterations": [
                                     {"number": 1, "round": 1, "note": SECRET_NOTE},
                                     {"number": 2, "round": 1,
                                      "train": {"recall": 1.0, "precision": 0.95},
                                      "held_out": {"recall": 0.9, "precision": 0.85}}]}}),
        }
        for run in runs.values():
            session.add(run)
        await session.flush()
        ids = {key: run.id for key, run in runs.items()}
        rework = _run("rework", "succeeded", 5, number=11, params={"origin_run": ids["red"]})
        session.add(rework)
        red, plain, tests = runs["red"], runs["plain"], runs["tests"]
        session.add_all([
            _step(red, "brt", "passed"), _step(red, "implement", "passed"),
            _step(plain, "brt", "skipped"), _step(plain, "implement", "passed"),
            _step(tests, "write_tests", "rejected", item="calc.py", verdict="gate_green",
                  artifact=_report("rejected", "green")),
            _step(tests, "write_tests", "passed", item="calc.py",
                  artifact=_report("kept", None, ["test_a", "test_b", "test_c"])),
            _step(tests, "write_tests", "rejected", item="io.py", verdict="no_file",
                  artifact=_report("rejected", "writer")),
            _step(tests, "write_tests", "environment", item="io.py"),  # no report: skipped
            _step(tests, "write_tests", "passed",
                  artifact={"files": [_report("kept", None, ["test_a"])]}),  # the loop's row
        ])
        await session.flush()
        ids["rework"] = rework.id
    return ids
