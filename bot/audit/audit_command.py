"""`smith audit`: the audit trail, newest first, filtered by kind, actor, repository or age.

Imports of the store stay inside the command functions on purpose: this
module is loaded to register its arguments, and `--help` must not pay for them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from datetime import UTC, datetime, timedelta
from typing import Any

from rich.table import Table

EXIT_OK = 0


def parse_age(value: str) -> timedelta:
    """`--since 2h`, `30m`, `7d`: how far back to look."""
    units = {"m": "minutes", "h": "hours", "d": "days"}
    number, unit = value[:-1], value[-1:]
    if unit not in units or not number.isdigit():
        raise argparse.ArgumentTypeError(f"expected an age like 30m, 2h or 7d, got {value!r}")
    return timedelta(**{units[unit]: int(number)})


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "audit", help="who did what: deliveries, pushes, change-request actions",
        description="The audit trail, newest first: every webhook delivery (refused and ignored "
        "ones too) with its actor and Smith's answer, every push and change-request action "
        "with its outcome, every approve, cancel and retry of a run (from a comment or the "
        "shell, as `shell:<login>`).")
    parser.add_argument("--kind", help="only this kind (delivery, push, change_request, "
                        "command: approve, cancel, retry of runs)")
    parser.add_argument("--actor", help="only this forge account")
    parser.add_argument("--repo", metavar="OWNER/NAME", help="only this repository")
    parser.add_argument("--since", type=parse_age, metavar="AGE",
                        help="only the last 30m, 2h, 7d ...")
    parser.add_argument("--limit", type=int, default=100, help="how many (default 100)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    from bot.command_line import database_target, load_settings

    settings = load_settings()
    with database_target(settings) as url:
        rows = asyncio.run(_load(url, args))
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    table = Table(title="Smith audit trail")
    for column in ("at", "kind", "forge", "repo", "actor", "subject", "outcome"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["at"][:19], row["kind"], row["forge"] or "", row["repo"] or "",
                      row["actor"] or "", row["subject"] or "", row["outcome"])
    from bot.terminal import make_console

    make_console().print(table)
    return EXIT_OK


async def _load(url: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    from bot.store.audit import list_audit
    from bot.store.db import Database

    since = datetime.now(UTC) - args.since if args.since else None
    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            events = await list_audit(session, since=since, kind=args.kind, actor=args.actor,
                                      repo=args.repo, limit=args.limit)
    finally:
        await db.dispose()
    return [
        {"id": e.id, "at": e.at.isoformat(), "kind": e.kind, "forge": e.forge, "repo": e.repo,
         "actor": e.actor, "subject": e.subject, "outcome": e.outcome, "detail": e.detail}
        for e in events
    ]
