"""`smith fix`: the fix chain in the foreground, on a forge issue or on a local repository."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from rich.markup import escape

from bot.forge.base import ForgeName, RepoRef
from bot.kit.foreground import run_in_foreground, run_json
from bot.terminal import make_console


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
    from bot.chains.fix.graph import FIX
    from bot.command_line import CommandError, shell_actor
    from bot.engine.runner import chain_runner
    from bot.engine.walk import RetryLater
    from bot.forge.local import LocalForge, local_params, read_issue_file
    from bot.kit.local_runs import after_foreground, local_settings
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
        settings = local_settings(settings)
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
