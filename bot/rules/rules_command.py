"""`smith rules`: list, show and decide learned rules from the shell, and run the miner now.

A shell decision is recorded as `shell:<os user>`. Approving a proposal that has no repository
from the shell keeps it global (every repository); on the forge, the approving maintainer's
repository becomes its scope.

Imports of the store and the model client stay inside the command functions on purpose: this
module is loaded to register its arguments, and `--help` must not pay for them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from rich.table import Table
from rich.text import Text

from bot.store.rules import STATUSES
from bot.terminal import make_console

EXIT_OK, EXIT_FAILURE = 0, 1
T = TypeVar("T")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rules", help="learned rules: list, show, approve, reject, retire, mine",
        description="Rules the miner proposes from recurring failures; only approved rules "
        "reach the prompts of the steps they target.")
    actions = parser.add_subparsers(dest="rules_command", metavar="ACTION", required=True)

    listing = actions.add_parser("list", help="rules, newest last")
    listing.add_argument("--status", choices=STATUSES, help="only rules with this status")
    listing.add_argument("--repo", metavar="OWNER/NAME",
                         help="only this repository's rules and the global ones")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(func=cmd_list)

    show = actions.add_parser("show", help="one rule with its evidence")
    show.add_argument("id", type=int, help="rule id")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(func=cmd_show)

    for verb, help_text in (("approve", "approve a proposal (it reaches prompts)"),
                            ("reject", "reject a proposal"),
                            ("retire", "stop using an approved rule")):
        decide = actions.add_parser(verb, help=help_text)
        decide.add_argument("id", type=int, help="rule id")
        decide.add_argument("--json", action="store_true",
                            help="print the decided rule's id, status, step, scope and decider")
        decide.set_defaults(func=cmd_decide, verb=verb)

    mine = actions.add_parser("mine", help="read votes, mine failures and post proposals now")
    mine.add_argument("--repo", metavar="OWNER/NAME", help="mine only this repository's failures")
    mine.add_argument("--json", action="store_true",
                      help="print what the miner did as JSON (`error` says why it stopped)")
    mine.set_defaults(func=cmd_mine)


class RulesCommandError(Exception):
    """A user-facing error of `smith rules`: printed without a traceback, exit code 1."""


def fail(message: str) -> int:
    # Printed here rather than raised as a CommandError, so the message keeps this module's
    # "error:" style and the exit code stays 1 whatever the caller catches.
    make_console(stderr=True, highlight=False).print(
        Text.assemble(("error:", "red"), " ", message))
    return EXIT_FAILURE


def _with_database(work: Callable[[Any], Awaitable[T]]) -> T:
    """Run `work(db)` on this installation's database; store errors become RulesCommandError."""
    from bot.command_line import database_target, load_settings
    from bot.store.db import Database, DatabaseUnavailable
    from bot.store.rules import InvalidTransition, RuleNotFound

    settings = load_settings()

    async def run(url: str) -> T:
        db = Database(url, pool_size=1)
        try:
            return await work(db)
        finally:
            await db.dispose()

    with database_target(settings) as url:
        try:
            return asyncio.run(run(url))
        except (RuleNotFound, InvalidTransition) as exc:
            raise RulesCommandError(str(exc)) from exc
        except DatabaseUnavailable as exc:
            raise RulesCommandError(f"database unavailable: {exc}") from exc


def cmd_list(args: argparse.Namespace) -> int:
    from bot.store.rules import list_rules, rule_as_dict

    async def work(db: Any) -> list[dict[str, Any]]:
        async with db.transaction() as session:
            rules = await list_rules(session, status=args.status, repo=args.repo)
            return [rule_as_dict(rule) for rule in rules]

    try:
        rules = _with_database(work)
    except RulesCommandError as exc:
        return fail(str(exc))
    if args.json:
        print(json.dumps(rules, indent=2))
        return EXIT_OK
    table = Table(title="Smith rules")
    for column in ("id", "status", "step", "scope", "rule", "evidence", "posted"):
        table.add_column(column)
    for rule in rules:
        # Text(), not str: rule texts come from the model and must not be read as rich markup.
        table.add_row(*(Text(cell) for cell in (
            str(rule["id"]), rule["status"], rule["step"], _scope(rule), rule["text"],
            ", ".join(str(i) for i in rule["evidence_failure_ids"]), _posted(rule))))
    make_console().print(table)
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    from bot.store.rules import failures_by_ids, get_rule, rule_as_dict

    async def work(db: Any) -> dict[str, Any]:
        async with db.transaction() as session:
            rule = await get_rule(session, args.id)
            data = rule_as_dict(rule)
            data["evidence"] = [
                {"id": f.id, "forge": f.forge, "repo": f.repo, "step": f.step, "kind": f.kind,
                 "change_request": f.change_request_number, "url": f.source_url,
                 "evidence": f.evidence}
                for f in await failures_by_ids(session, data["evidence_failure_ids"])
            ]
            return data

    try:
        rule = _with_database(work)
    except RulesCommandError as exc:
        return fail(str(exc))
    if args.json:
        print(json.dumps(rule, indent=2))
        return EXIT_OK
    console = make_console(markup=False, highlight=False)  # rule texts, evidence: not markup
    console.print(f"Rule {rule['id']}  {rule['status']}  step {rule['step']}  "
                  f"scope {_scope(rule)}")
    console.print(f"rule: {rule['text']}")
    console.print(f"why: {rule['rationale']}")
    if rule["decided_by"]:
        console.print(f"decided by {rule['decided_by']} at {rule['decided_at']}")
    console.print(f"posted: {_posted(rule)}")
    for failure in rule["evidence"]:
        number = failure["change_request"]
        where = f" (change request {number})" if number else ""
        story = " ".join(failure["evidence"].split())[:200]
        console.print(f"- failure {failure['id']} {failure['forge']}:{failure['repo']}{where} "
                      f"{failure['step']}/{failure['kind']}: {story}")
    return EXIT_OK


def cmd_decide(args: argparse.Namespace) -> int:
    from bot.command_line import shell_actor
    from bot.store.rules import approve_rule, reject_rule, retire_rule

    actions = {"approve": approve_rule, "reject": reject_rule, "retire": retire_rule}
    actor = shell_actor()

    async def work(db: Any) -> tuple[str, str, str]:
        async with db.transaction() as session:
            rule = await actions[args.verb](session, args.id, decided_by=actor)
            return rule.status, rule.step, rule.repo or "every repository"

    try:
        status, step, scope = _with_database(work)
    except RulesCommandError as exc:
        return fail(str(exc))
    if getattr(args, "json", False):
        print(json.dumps({"id": args.id, "status": status, "step": step, "scope": scope,
                          "decided_by": actor}, indent=2))
    else:
        print(f"rule {args.id} is {status} (step {step}, {scope}), by {actor}")
    return EXIT_OK


def cmd_mine(args: argparse.Namespace) -> int:
    from bot.command_line import database_target, load_settings
    from bot.rules.mining import mine_rules
    from bot.services import Runtime, build_forges
    from bot.store.db import Database, DatabaseUnavailable

    settings = load_settings()

    async def run(url: str) -> Any:
        runtime = Runtime(settings=settings, db=Database(url, pool_size=2),
                          forges=build_forges(settings))
        try:
            return await mine_rules(runtime, repo=args.repo)
        finally:
            for forge in runtime.forges.values():
                await forge.close()
            await runtime.db.dispose()

    with database_target(settings) as url:
        try:
            result = asyncio.run(run(url))
        except DatabaseUnavailable as exc:
            return fail(f"database unavailable: {exc}")
    if getattr(args, "json", False):
        from dataclasses import asdict

        print(json.dumps(asdict(result), indent=2))
    else:
        _print_mining(result)
    if result.error:
        return fail(f"the miner did not finish: {result.error}")
    return EXIT_OK


def _print_mining(result: Any) -> None:
    if result.poll is not None:
        print(f"votes: {result.poll.proposals} pending proposal(s) read; approved "
              f"{result.poll.approved or 'none'}, rejected {result.poll.rejected or 'none'}")
    print(f"failures mined: {result.failures_seen}")
    print(f"new proposals: {', '.join(f'#{i}' for i in result.proposed) or 'none'}")
    for dropped in result.dropped:
        print(f"dropped ({dropped.step}): {dropped.rule!r}: {dropped.reason}")
    for posted in result.posted:
        print(f"posted rule #{posted.rule_id} on {posted.detail}")
    for unposted in result.unposted:
        print(f"kept unposted: rule #{unposted.rule_id}: {unposted.detail} "
              f"(decide it with `smith rules approve|reject {unposted.rule_id}`)")


def _scope(rule: dict[str, Any]) -> str:
    if rule["repo"] is None:
        return "global"
    return f"{rule['forge']}:{rule['repo']}" if rule["forge"] else rule["repo"]


def _posted(rule: dict[str, Any]) -> str:
    ref = rule["proposal_ref"]
    if "comment_id" not in ref:
        return f"not posted: {ref['unposted']}" if ref.get("unposted") else "not posted"
    sign = "!" if ref.get("item_kind") == "change_request" else "#"
    return f"{ref['forge']}:{ref['repo']}{sign}{ref['item_number']}"
