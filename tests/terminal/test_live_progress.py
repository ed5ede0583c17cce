"""The live view of `smith fix|tests|examples` on a terminal: the step table and, under it, a
status line naming the running step, its last action and how long it has run (issue #25)."""

from __future__ import annotations

import io
from types import SimpleNamespace

from rich.console import Console

from bot.kit.foreground import _Watch, print_ending
from bot.store.db import Database
from bot.store.models import Step, TrajectoryRow
from bot.store.runs import create_run

NAMES = ("prepare", "acceptance", "diagnose", "judge")


def _render(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120).print(renderable)
    return out.getvalue()


async def test_the_status_line_names_the_running_step_and_its_last_action(database: Database):
    async with database.transaction() as session:
        run = await create_run(session, forge="local", repo="local/app", chain="fix",
                               summoned_by="shell", issue=1)
        assert run is not None
        session.add_all([
            Step(run_id=run.id, name="prepare", status="passed", summary="base main",
                 duration_ms=2100),
            Step(run_id=run.id, name="acceptance", status="passed", duration_ms=900),
            Step(run_id=run.id, name="diagnose", attempt=2, status="running"),
            TrajectoryRow(run_id=run.id, seq=1, step="diagnose", actor="agent",
                          tool="read_file", args={"path": "calc.py"}),
        ])
    watch = _Watch(SimpleNamespace(db=database), run.id, NAMES)
    shown = _render(await watch.view())
    assert "base main" in shown and "pending" in shown  # the table: judge has not started
    [line] = [line for line in shown.splitlines() if "last action" in line]
    assert "Diagnosis (attempt 2) · last action: read_file · 0 s" in line
    assert "calc.py" not in line  # a tool's name, never its arguments


async def test_before_any_step_the_status_line_says_it_is_starting(database: Database):
    async with database.transaction() as session:
        run = await create_run(session, forge="local", repo="local/app", chain="fix",
                               summoned_by="shell", issue=1)
        assert run is not None
    shown = _render(await _Watch(SimpleNamespace(db=database), run.id, NAMES).view())
    assert "starting · 0 s" in shown


def test_the_ending_names_the_reason_of_a_failure_and_none_of_a_success():
    failed = _render_ending({"id": 4, "status": "failed", "outcome": "budget_exhausted",
                             "reason": "step brt used its budget of 3 attempts [red]"})
    assert failed.splitlines() == ["status: failed (budget_exhausted)",
                                   "reason: step brt used its budget of 3 attempts [red]"]
    silent = _render_ending({"id": 5, "status": "failed", "outcome": None, "reason": None})
    assert "reason: none recorded (see `smith runs show 5`" in silent
    ok = _render_ending({"id": 6, "status": "succeeded", "outcome": "change_request",
                         "reason": None})
    assert ok.splitlines() == ["status: succeeded (change_request)"]


def _render_ending(final: dict[str, object]) -> str:
    out = io.StringIO()
    print_ending(Console(file=out, width=120), final)
    return out.getvalue()
