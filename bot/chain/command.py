"""`smith fix`: one chain in the foreground, on a forge issue or on a local repository."""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from rich.console import Console
from rich.live import Live
from rich.table import Table

from bot.forge.base import ForgeName, RepoRef

ENVIRONMENT_RETRY_SECONDS = 10
STATE_STYLE = {"passed": "green", "rejected": "yellow", "failed": "red", "skipped": "dim",
               "waiting": "magenta", "running": "cyan", "environment": "cyan"}


def register(subparsers: Any) -> None:
    fix = subparsers.add_parser(
        "fix", help="run the fix chain for one issue in the foreground",
        description="Run Smith's fix chain now, showing its progress. Either give an issue URL "
        "(GitHub or GitLab, using the configured credentials) or a local repository and a "
        "Markdown bug report: then nothing is sent anywhere, the fix lands on a new branch of "
        "that repository and a report is written to the data folder.",
    )
    fix.add_argument("issue_url", nargs="?", help="e.g. https://github.com/OWNER/REPO/issues/12")
    fix.add_argument("--repo", type=Path, help="a local git repository (no forge)")
    fix.add_argument("--issue-file", type=Path, help="the bug report as Markdown (with --repo)")
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
    from bot.chain.engine import RetryLater
    from bot.chain.fix import FIX
    from bot.chain.runner import run_chain
    from bot.command_line import CommandError
    from bot.services import build_forges
    from bot.forge.local import LocalForge, read_issue_file
    from bot.services import Runtime
    from bot.store.db import Database
    from bot.store.runs import create_run

    console = Console()
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
    runtime = Runtime(settings=settings, db=Database(url, pool_size=4), forges=forges)
    try:
        async with runtime.db.transaction() as session:
            run = await create_run(session, forge=repo.forge, repo=repo.full_name,
                                   issue=issue_number, chain="fix",
                                   summoned_by="shell", params={})
        if run is None:
            raise CommandError(f"issue {issue_number} of {repo.full_name} already has a live run")
        console.print(f"Smith run {run.id}: {repo} issue #{issue_number}")
        final = await run_in_foreground(runtime, run.id, FIX.step_names(), console,
                                        run_chain, RetryLater)
        if local_forge is not None:
            report = settings.reports_dir / f"run-{run.id}.md"
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(local_forge.report(final))
            console.print(f"report: {report}")
        elif final.get("change_request_url"):
            console.print(f"change request: {final['change_request_url']}")
        return 0 if final["status"] == "succeeded" else 1
    finally:
        for forge in forges.values():
            await forge.close()
        await runtime.db.dispose()


async def run_in_foreground(runtime: Any, run_id: int, names: tuple[str, ...], console: Any,
                            run_chain: Any, retry_later: type[Exception]) -> dict[str, Any]:
    """Run `run_id` here with a live step table (as `smith fix` and `smith tests` do), retry
    environment trouble, print how it ended and return the run as a dict."""
    from bot.store.runs import get_run, run_as_dict

    with Live(console=console, refresh_per_second=4) as live:
        watcher = asyncio.create_task(_watch(runtime, run_id, names, live))
        try:
            await _run_with_environment_retries(run_chain, run_id, runtime, retry_later, console)
        finally:
            watcher.cancel()
            live.update(await _progress(runtime, run_id, names))
    async with runtime.db.transaction() as session:
        final = run_as_dict(await get_run(session, run_id))
    console.print(f"status: [bold]{final['status']}[/bold] ({final['outcome']})")
    if final.get("reason"):
        console.print(f"reason: {final['reason']}")
    return final


async def _run_with_environment_retries(run_chain, run_id, runtime, retry_later, console) -> None:
    from bot.chain.engine import MAX_ENVIRONMENT_RETRIES

    for _ in range(MAX_ENVIRONMENT_RETRIES + 1):
        try:
            await run_chain(run_id, runtime)
            return
        except retry_later as exc:
            console.print(f"[yellow]{exc}; retrying in {ENVIRONMENT_RETRY_SECONDS}s[/yellow]")
            await asyncio.sleep(ENVIRONMENT_RETRY_SECONDS)


async def _progress(runtime: Any, run_id: int, names: tuple[str, ...]) -> Table:
    from bot.store.runs import run_steps

    async with runtime.db.transaction() as session:
        steps = await run_steps(session, run_id)
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
        table.add_row(name + attempt, f"[{style}]{step.status}[/{style}]",
                      (step.summary or "")[:80], seconds)
    return table


async def _watch(runtime: Any, run_id: int, names: tuple[str, ...], live: Live) -> None:
    while True:
        live.update(await _progress(runtime, run_id, names))
        await asyncio.sleep(0.5)
