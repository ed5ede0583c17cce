"""The foreground runner every chain's command uses (`smith fix`, `smith tests`, `smith
examples`): run one run here, show its steps live, retry environment trouble, print the ending."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.live import Live
from rich.markup import escape
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from bot.terminal import Timed

ENVIRONMENT_RETRY_SECONDS = 10
STATE_STYLE = {"passed": "green", "rejected": "yellow", "failed": "red", "skipped": "dim",
               "waiting": "magenta", "running": "cyan", "environment": "cyan"}


async def run_json(runtime: Any, final: dict[str, Any], report: Path | None) -> dict[str, Any]:
    """`--json` of a foreground run: the run with its steps, as `smith runs show --json` prints
    it, and the report written (None without one)."""
    from bot.store.runs import run_steps, step_as_dict

    async with runtime.db.transaction() as session:
        steps = [step_as_dict(step) for step in await run_steps(session, final["id"])]
    return {**final, "steps": steps, "report": str(report) if report else None}


async def run_in_foreground(runtime: Any, run_id: int, names: tuple[str, ...], console: Any,
                            run_chain: Any, retry_later: type[Exception]) -> dict[str, Any]:
    """Run `run_id` here (as `smith fix`, `smith tests` and `smith examples` do), retry
    environment trouble, print how it ended and return the run as a dict.

    On a terminal the step table is live, with a status line under it: the running step, its
    last action and for how long. Elsewhere (a file, a pipe) the table is printed once, when
    the run has ended. Then `status:` and, when the run did not succeed, `reason:`.
    """
    from bot.store.runs import get_run, run_as_dict

    if console.is_terminal:
        watch = _Watch(runtime, run_id, names)
        with Live(await watch.view(), console=console, refresh_per_second=4) as live:
            watcher = asyncio.create_task(watch.follow(live))
            try:
                await _run_with_environment_retries(run_chain, run_id, runtime, retry_later,
                                                    console)
            finally:
                watcher.cancel()
                live.update((await _snapshot(runtime, run_id, names))[0])
    else:
        try:
            await _run_with_environment_retries(run_chain, run_id, runtime, retry_later, console)
        finally:
            console.print((await _snapshot(runtime, run_id, names))[0])
    async with runtime.db.transaction() as session:
        run = await get_run(session, run_id)
        if run is None:
            raise LookupError(f"run {run_id} disappeared from the database")
        final = run_as_dict(run)
    print_ending(console, final)
    return final


def print_ending(console: Any, final: dict[str, Any]) -> None:
    """`status: failed (budget_exhausted)` and, unless the run succeeded, why."""
    style = "green" if final["status"] == "succeeded" else "red"
    console.print(f"status: [bold {style}]{escape(final['status'])}[/bold {style}] "
                  f"({escape(final['outcome'] or '-')})", highlight=False)
    if final.get("reason"):
        console.print(Text(f"reason: {final['reason']}"))
    elif final["status"] != "succeeded":
        console.print("reason: none recorded (see `smith runs show "
                      f"{final['id']}` and the worker's log)", highlight=False)


async def _run_with_environment_retries(
    run_chain: Callable[[int, Any], Awaitable[object]], run_id: int, runtime: Any,
    retry_later: type[Exception], console: Any,
) -> None:
    from bot.engine.walk import MAX_ENVIRONMENT_RETRIES

    for _ in range(MAX_ENVIRONMENT_RETRIES + 1):
        try:
            await run_chain(run_id, runtime)
            return
        except asyncio.CancelledError:  # Ctrl-C: nothing else would walk this run on
            await interrupted(runtime, run_id)
            raise
        except retry_later as exc:
            console.print(f"[yellow]{escape(str(exc))}; retrying in "
                          f"{ENVIRONMENT_RETRY_SECONDS}s[/yellow]")
            await asyncio.sleep(ENVIRONMENT_RETRY_SECONDS)


def step_title(name: str) -> str:
    """The registry's title of a step (plain text, for the terminal), else its name."""
    from bot.engine.registry import step_info

    try:
        return step_info(name).title
    except KeyError:
        return name


async def _snapshot(runtime: Any, run_id: int, names: tuple[str, ...]
                    ) -> tuple[Table, Any, str | None]:
    """The step table, the step running now (its newest row, or None) and the tool of the
    run's newest trajectory event in that step."""
    from sqlalchemy import select

    from bot.store.models import TrajectoryRow
    from bot.store.runs import run_steps

    async with runtime.db.transaction() as session:
        steps = await run_steps(session, run_id)
        newest_event = (await session.execute(
            select(TrajectoryRow.step, TrajectoryRow.tool).where(TrajectoryRow.run_id == run_id)
            .order_by(TrajectoryRow.seq.desc()).limit(1))).first()
    latest = {step.name: step for step in steps}
    table = Table(show_header=True, header_style="bold")
    for column in ("step", "state", "result", "time"):
        table.add_column(column)
    for name in names:
        step = latest.get(name)
        if step is None:
            table.add_row(name, "[dim]pending[/dim]", "", "")
            continue
        style = STATE_STYLE.get(step.status, "white")
        seconds = f"{(step.duration_ms or 0) / 1000:.1f}s" if step.duration_ms else ""
        attempt = f" #{step.attempt}" if step.attempt > 1 else ""
        table.add_row(name + attempt, f"[{style}]{escape(step.status)}[/{style}]",
                      Text((step.summary or "")[:80]), seconds)
    running = next((step for step in reversed(steps) if step.status == "running"), None)
    tool = newest_event.tool if newest_event is not None and running is not None \
        and newest_event.step == running.name else None
    return table, running, tool


class _Watch:
    """The live view of a foreground run: its step table and, under it, the status line."""

    def __init__(self, runtime: Any, run_id: int, names: tuple[str, ...]) -> None:
        self.runtime, self.run_id, self.names = runtime, run_id, names
        self.seen: dict[int, float] = {}
        """When this process first saw each running step row (its clock, not the database's)."""
        self.started = time.monotonic()

    async def view(self) -> RenderableType:
        table, running, tool = await _snapshot(self.runtime, self.run_id, self.names)
        if running is None:
            line = Timed("starting", self.started)
        else:
            since = self.seen.setdefault(running.id, time.monotonic())
            attempt = f" (attempt {running.attempt})" if running.attempt > 1 else ""
            item = f" · {running.item}" if running.item else ""
            last = f" · last action: {tool}" if tool else ""
            line = Timed(f"{step_title(running.name)}{attempt}{item}{last}", since)
        return Group(table, Spinner("dots", text=line))

    async def follow(self, live: Live) -> None:
        while True:
            live.update(await self.view())
            await asyncio.sleep(0.5)


async def interrupted(runtime: Any, run_id: int) -> None:
    """The shell walking the run was interrupted: a run no worker will walk on is cancelled."""
    from bot.store.runs import cancel_run, get_run

    async with runtime.db.transaction() as session:
        run = await get_run(session, run_id)
        if run is not None and run.status in ("queued", "running"):
            await cancel_run(session, run_id, reason="interrupted in the shell", now=True)
