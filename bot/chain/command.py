"""`smith fix`: one chain in the foreground, on a forge issue or on a local repository."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from rich.console import Group, RenderableType
from rich.live import Live
from rich.markup import escape
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from bot.forge.base import ForgeName, RepoRef
from bot.terminal import Timed, make_console

ENVIRONMENT_RETRY_SECONDS = 10
STATE_STYLE = {"passed": "green", "rejected": "yellow", "failed": "red", "skipped": "dim",
               "waiting": "magenta", "running": "cyan", "environment": "cyan"}


def register(subparsers: Any) -> None:
    fix = subparsers.add_parser(
        "fix", help="run the fix chain for one issue in the foreground",
        description="Run Smith's fix chain now, showing its progress. Either give an issue URL "
        "(GitHub or GitLab, using the configured credentials) or a local repository and a "
        "Markdown bug report: then nothing is sent to a forge (the report and the code the "
        "steps read still go to the model service), the fix lands on a new branch of that "
        "repository and a report is written to the data folder. Exit 0 when the run "
        "succeeded, 1 otherwise.",
    )
    fix.add_argument("issue_url", nargs="?", help="e.g. https://github.com/OWNER/REPO/issues/12")
    fix.add_argument("--repo", type=Path, help="a local git repository (no forge)")
    fix.add_argument("--issue-file", type=Path, help="the bug report as Markdown (with --repo)")
    fix.add_argument("--json", action="store_true",
                     help="print the finished run as JSON (as `smith runs show --json`, with "
                     "`report`); the progress goes to stderr")
    fix.set_defaults(func=cmd_fix)


def parse_issue_url(url: str, *, gitlab_url: str, github_api_url: str) -> tuple[ForgeName, str, int]:
    """(forge, repository path, issue number) from an issue's web address."""
    parsed = urlparse(url)
    path = parsed.path.strip("/")
    gitlab = re.fullmatch(r"(?P<repo>.+?)/-/(?:issues|work_items)/(?P<n>\d+)", path)
    if gitlab and parsed.netloc == urlparse(gitlab_url).netloc:
        return "gitlab", gitlab["repo"], int(gitlab["n"])
    github = re.fullmatch(r"(?P<repo>[^/]+/[^/]+)/issues/(?P<n>\d+)", path)
    github_hosts = {"github.com", urlparse(github_api_url).netloc.removeprefix("api.")}
    if github and parsed.netloc in github_hosts:
        return "github", github["repo"], int(github["n"])
    if gitlab:
        return "gitlab", gitlab["repo"], int(gitlab["n"])
    raise ValueError(f"not an issue URL Smith understands: {url}")


def cmd_fix(args: argparse.Namespace) -> int:
    from bot.command_line import CommandError, database_target, load_settings

    local = args.repo is not None or args.issue_file is not None
    if local and (args.repo is None or args.issue_file is None or args.issue_url):
        raise CommandError("use either ISSUE_URL, or --repo PATH together with --issue-file FILE",
                           2)
    if not local and not args.issue_url:
        raise CommandError("give an ISSUE_URL, or --repo PATH --issue-file FILE", 2)
    settings = load_settings()
    with database_target(settings) as url:
        return asyncio.run(_fix(settings, url, args))


async def _fix(settings: Any, url: str, args: argparse.Namespace) -> int:
    from bot.audit.actions import audited_forges
    from bot.chain.engine import RetryLater
    from bot.chain.fix import FIX
    from bot.chain.local_runs import after_foreground
    from bot.chain.runner import chain_runner
    from bot.command_line import CommandError, shell_actor
    from bot.forge.local import LocalForge, local_params, read_issue_file
    from bot.services import Runtime, build_forges
    from bot.store.db import Database
    from bot.store.runs import create_run

    console = make_console(stderr=args.json)
    local_forge: LocalForge | None = None
    if args.repo is not None:
        if not (args.repo / ".git").exists():
            raise CommandError(f"{args.repo} is not a git repository")
        try:
            local_forge = LocalForge(args.repo.resolve(), read_issue_file(args.issue_file))
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read the issue file: {exc}") from exc
        protocols = list(dict.fromkeys([*settings.git_allowed_protocols, "file"]))
        settings = settings.model_copy(update={"git_allowed_protocols": protocols})
        repo = local_forge.repo_ref()
        issue_number = local_forge.issue.number
        forges: dict[str, Any] = {repo.forge: local_forge}
        # What `smith runs approve|retry` in another shell needs to walk this run on.
        params = local_params(args.repo, local_forge.issue, issue_file=args.issue_file)
    else:
        try:
            forge_name, repo_path, issue_number = parse_issue_url(
                args.issue_url, gitlab_url=settings.gitlab_url,
                github_api_url=settings.github_api_url)
        except ValueError as exc:
            raise CommandError(str(exc), 2) from exc
        forges = build_forges(settings)
        if forge_name not in forges:
            raise CommandError(f"no {forge_name} credentials are configured")
        repo = RepoRef(forge_name, repo_path)
        params = {}
    db = Database(url, pool_size=4)
    runtime = Runtime(settings=settings, db=db,
                      forges=audited_forges(forges, db, actor=settings.bot_account))
    try:
        async with runtime.db.transaction() as session:
            run = await create_run(session, forge=repo.forge, repo=repo.full_name,
                                   issue=issue_number, chain="fix",
                                   summoned_by=shell_actor(), params=params)
        if run is None:
            raise CommandError(f"issue {issue_number} of {repo.full_name} already has a live run")
        console.print(f"Smith run {run.id}: {escape(str(repo))} issue #{issue_number}",
                      highlight=False)
        final = await run_in_foreground(runtime, run.id, FIX.step_names(), console,
                                        chain_runner({FIX.name: FIX}), RetryLater)
        await after_foreground(runtime, final, local_forge, console)
        report: Path | None = None
        if local_forge is not None:
            report = settings.reports_dir / f"run-{run.id}.md"
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(local_forge.report(final))
            console.print(f"report: {escape(str(report))}", highlight=False)
        elif final.get("change_request_url"):
            console.print(f"change request: {escape(final['change_request_url'])}",
                          highlight=False)
        if args.json:
            print(json.dumps(await run_json(runtime, final, report), indent=2))
        return 0 if final["status"] == "succeeded" else 1
    finally:
        for forge in forges.values():
            await forge.close()
        await runtime.db.dispose()


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
    from bot.chain.engine import MAX_ENVIRONMENT_RETRIES

    for _ in range(MAX_ENVIRONMENT_RETRIES + 1):
        try:
            await run_chain(run_id, runtime)
            return
        except asyncio.CancelledError:  # Ctrl-C: nothing else would walk this run on
            from bot.chain.local_runs import interrupted

            await interrupted(runtime, run_id)
            raise
        except retry_later as exc:
            console.print(f"[yellow]{escape(str(exc))}; retrying in "
                          f"{ENVIRONMENT_RETRY_SECONDS}s[/yellow]")
            await asyncio.sleep(ENVIRONMENT_RETRY_SECONDS)


def step_title(name: str) -> str:
    """The registry's title of a step (plain text, for the terminal), else its name."""
    from bot.chain.registry import step_info

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
