"""`smith validate`: the static validator offline, on a diff file (and a trajectory), for humans and CI.

Exit codes: 0 pass, 1 veto, 2 unusable input (missing file, unreadable diff, bad JSONL line).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from bot.evidence import TrajectoryEvent
from bot.protected_paths import ProtectedPaths
from bot.validator.diffparse import DiffParseError
from bot.validator.models import Finding, StaticVerdict
from bot.validator.static import validate_static

EXIT_PASS, EXIT_VETO, EXIT_BAD_INPUT = 0, 1, 2


class InputError(Exception):
    """Input the command cannot use; the message is printed as is."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="run the static validator on a diff offline (vetoes and soft signals)",
        description="Run Smith's static validator on a unified diff, optionally with the run's "
        "trajectory. Exit code 0 = pass, 1 = veto, 2 = unusable input.",
    )
    parser.add_argument(
        "--diff",
        required=True,
        type=Path,
        metavar="FILE",
        help="unified diff to check (git diff output)",
    )
    parser.add_argument(
        "--trajectory",
        type=Path,
        metavar="FILE.jsonl",
        help="trajectory, one JSON event per line: {seq, step, actor, tool, args, ok}",
    )
    parser.add_argument(
        "--red-test",
        metavar="ID",
        help="id of the red (bug reproduction) test, e.g. tests/test_x.py::test_y",
    )
    parser.add_argument(
        "--red-literal",
        action="append",
        default=[],
        metavar="VALUE",
        help="a value the red test feeds the code (repeatable); needed when the test is not in the diff",
    )
    parser.add_argument(
        "--protected",
        type=Path,
        metavar="FILE",
        help="extra protected globs: .smith.yml (protected_paths:), a YAML list, or one glob per line",
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="bug report or acceptance criteria text: lets an edge-case return or a test "
        "expectation change the report asks for pass",
    )
    parser.add_argument(
        "--estimate-points", type=float, metavar="N", help="the run's estimate, for broad_change"
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(func=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    try:
        diff_text = _read_text(args.diff, "diff")
        trajectory = load_trajectory(args.trajectory) if args.trajectory else []
        report = _read_text(args.report, "report") if getattr(args, "report", None) else None
        protected = (
            ProtectedPaths.load(extra=load_extra_globs(args.protected)) if args.protected else None
        )
        verdict = validate_static(
            diff_text,
            trajectory,
            red_test=args.red_test,
            protected=protected,
            estimate_points=args.estimate_points,
            red_test_literals_extra=args.red_literal,
            report=report,
        )
    except (InputError, DiffParseError, ValueError) as exc:
        print(f"smith validate: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(verdict.public_dict(), indent=2, ensure_ascii=False))
    else:
        from bot.terminal import make_console

        print_verdict(verdict, make_console())
    return EXIT_VETO if verdict.decision == "veto" else EXIT_PASS


def _read_text(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise InputError(f"{what} file not found: {path}") from None
    except OSError as exc:
        raise InputError(f"cannot read {what} file {path}: {exc.strerror}") from None


def load_trajectory(path: Path) -> list[TrajectoryEvent]:
    events = []
    for number, line in enumerate(_read_text(path, "trajectory").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(TrajectoryEvent.model_validate_json(line))
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(p) for p in problem.get("loc", ())) or "line"
            raise InputError(
                f"{path}:{number}: bad trajectory event ({where}: {problem['msg']})"
            ) from None
    return events


def load_extra_globs(path: Path) -> list[str]:
    text = _read_text(path, "protected paths")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = text
    if isinstance(data, dict):
        data = data.get("protected_paths", data.get("protected", []))
    if isinstance(data, str):
        data = [
            line for line in data.splitlines() if line.strip() and not line.lstrip().startswith("#")
        ]
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise InputError(f"{path}: expected a list of glob strings")
    return data


def print_verdict(verdict: StaticVerdict, console: Console) -> None:
    style = "bold red" if verdict.decision == "veto" else "bold green"
    console.print(
        f"[{style}]{verdict.decision.upper()}[/]  "
        f"{len(verdict.vetoes)} veto(es), {len(verdict.soft_signals)} soft signal(s)"
    )
    for title, findings in (
        ("Vetoes", verdict.vetoes),
        ("Soft signals (for human review)", verdict.soft_signals),
    ):
        if findings:
            console.print(_table(title, findings))


def _table(title: str, findings: list[Finding]) -> Table:
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("kind", style="bold")
    table.add_column("where")
    table.add_column("why", overflow="fold")
    for f in findings:
        table.add_row(f.kind, f.location(), f.detail)
    return table
