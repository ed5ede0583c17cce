"""The README's command-line section lists every command and action the parser knows."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bot.cli import build_parser

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _section() -> str:
    start = README.index("## Command line")
    return README[start:README.index("\n## ", start + 1)]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps its subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_command_and_action_is_in_the_readme():
    rows = [line for line in _section().splitlines() if line.startswith("| `smith ")]
    missing = []
    for name, sub in _subcommands(build_parser()).items():
        own = [row for row in rows if row.startswith(f"| `smith {name}")]
        if not own:
            missing.append(name)
            continue
        for action in _subcommands(sub):
            if not any(re.search(rf"\b{re.escape(action)}\b", row.split("|")[1])
                       for row in own):
                missing.append(f"{name} {action}")
    assert not missing, f"not in the README's command line section: {missing}"
