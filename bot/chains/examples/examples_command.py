"""`smith examples --repo PATH --issue-file F`: the held-out chain offline, like `smith fix`.

Nothing is sent to a forge: the change request is a branch in that repository, the report is
written to `--report` (default: the data folder) and `--json` prints the outcome with the
metrics (counts and rates only, never an example). The task, the training examples and the code
the steps read go to the model service; the held-out examples never do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    command = subparsers.add_parser(
        "examples", help="run the held-out acceptance chain on a local repository",
        description="Generate an artefact judged on held-out examples (the `examples:` "
        "section of .smith.yml or the issue file's `smith` block names the example files, the "
        "artefact, its contract and the evaluator). The result lands on a new branch of the "
        "repository. Nothing is sent to a forge; the task, the training examples and the code "
        "the steps read go to the model service (the held-out examples never do). Exit 0 "
        "when the artefact is accepted, 1 otherwise (the reason is printed).")
    command.add_argument("--repo", type=Path, required=True, help="a local git repository")
    command.add_argument("--issue-file", type=Path, required=True,
                         help="the task as Markdown (title on the first line)")
    command.add_argument("--report", type=Path, help="where to write the Markdown report")
    command.add_argument("--json", action="store_true",
                         help="print the outcome and the metrics as JSON")
    command.set_defaults(func=cmd_examples)


def cmd_examples(args: argparse.Namespace) -> int:
    from bot.command_line import database_target, load_settings

    settings = load_settings()
    with database_target(settings) as url:
        return asyncio.run(_examples(settings, url, args))


def summary(run: dict[str, Any]) -> dict[str, Any]:
    """The `--json` shape: accepted, iterations, and the last training and held-out figures."""
    state = (run.get("params") or {}).get("examples") or {}
    iterations = state.get("iterations") or []
    train = next((it["train"] for it in reversed(iterations) if it.get("train")), None)
    held = next((it["held_out"] for it in reversed(iterations) if it.get("held_out")), None)
    return {
        "accepted": run.get("status") == "succeeded",
        "iterations_to_threshold": len(iterations) if run.get("status") == "succeeded" else None,
        "train_held_out_gap": round(train["recall"] - held["recall"], 4)
        if train and held else None,
        "outcome": run.get("outcome"), "reason": run.get("reason"), "run": run.get("id"),
        "branch": run.get("branch"), "acceptance_hash": state.get("acceptance_hash"),
        "moved_to_training": {"quoted": state.get("quoted_to_training", 0),
                              "contained": state.get("moved_to_training", 0)},
        "iterations": iterations,
        "train": {k: train[k] for k in ("recall", "precision")} if train else None,
        "held_out": {k: held[k] for k in ("recall", "precision", "recall_lower",
                                          "precision_lower", "positives", "negatives")}
        if held else None,
    }


async def _examples(settings: Any, url: str, args: argparse.Namespace) -> int:
    from rich.markup import escape

    from bot.chains.examples.graph import EXAMPLES
    from bot.command_line import CommandError, shell_actor
    from bot.engine.runner import chain_runner
    from bot.engine.walk import RetryLater, private_dirs
    from bot.forge.local import LocalForge, local_params, read_issue_file
    from bot.kit.foreground import run_in_foreground
    from bot.kit.local_runs import local_settings
    from bot.services import Runtime
    from bot.store.db import Database
    from bot.store.runs import create_run, get_run, run_as_dict
    from bot.terminal import make_console
    from bot.text.public import scrub_host_details

    # With --json, the progress and the outcome in words go to stderr: stdout is the JSON.
    console = make_console(stderr=args.json)
    if not (args.repo / ".git").exists():
        raise CommandError(f"{args.repo} is not a git repository")
    try:
        forge = LocalForge(args.repo.resolve(), read_issue_file(args.issue_file))
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot read the issue file: {exc}") from exc
    settings = local_settings(settings)
    repo = forge.repo_ref()
    runtime = Runtime(settings=settings, db=Database(url, pool_size=4), forges={repo.forge: forge})
    try:
        async with runtime.db.transaction() as session:
            run = await create_run(session, forge=repo.forge, repo=repo.full_name,
                                   issue=forge.issue.number, chain="examples",
                                   summoned_by=shell_actor(),
                                   params=local_params(args.repo, forge.issue,
                                                       issue_file=args.issue_file))
        if run is None:
            raise CommandError(f"{repo.full_name} already has a live run for this issue")
        console.print(f"Smith run {run.id}: held-out acceptance chain on "
                      f"{escape(str(args.repo))}", highlight=False)
        await run_in_foreground(runtime, run.id, EXAMPLES.step_names(), console,
                                chain_runner({EXAMPLES.name: EXAMPLES}),
                                RetryLater)
        async with runtime.db.transaction() as session:
            stored = await get_run(session, run.id)
            if stored is None:
                raise CommandError(f"run {run.id} disappeared from the database")
            final = run_as_dict(stored)
            final["params"] = dict(stored.params or {})
        report = args.report or settings.reports_dir / f"run-{run.id}.md"
        report.parent.mkdir(parents=True, exist_ok=True)

        def public(text: str) -> str:  # what happened, without host paths
            return scrub_host_details(text, checkouts=[args.repo.resolve()],
                                      data_dirs=private_dirs(settings))

        report.write_text(public(forge.report(final)))
        result = summary(final)
        result["reason"] = public(result["reason"] or "") or None
        if result["held_out"]:
            held = result["held_out"]
            console.print(f"held-out recall {held['recall']:.1%}, precision "
                          f"{held['precision']:.1%} ({held['positives']} positives, "
                          f"{held['negatives']} negatives)", highlight=False)
        if not result["accepted"]:
            console.print(f"not accepted ({escape(str(result['outcome']))}): "
                          f"{escape(result['reason'] or 'no reason was recorded')}",
                          highlight=False)
        console.print(f"{'accepted' if result['accepted'] else 'not accepted'}; report: "
                      f"{escape(str(report))}", highlight=False)
        if args.json:
            print(json.dumps({**result, "report": str(report)}, indent=2))
        return 0 if result["accepted"] else 1
    finally:
        await forge.close()
        await runtime.db.dispose()
