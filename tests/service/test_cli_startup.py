"""`smith --version` and `smith --help` start fast: they import no framework at all, and each
lazily loaded command's help line is the one its module registers."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from bot.cli import LAZY_COMMANDS, build_parser
from tests.service.test_cli import ROOT, _env

HEAVY = ("pydantic", "sqlalchemy", "aiohttp", "rich", "structlog", "anthropic", "asyncio",
         "tree_sitter", "procrastinate")


@pytest.mark.parametrize("words", [["--version"], ["--help"], ["serve", "--help"]])
def test_version_and_help_import_no_framework(words):
    probe = (
        "import sys\nfrom bot.cli import main\n"
        f"try:\n    main({words!r})\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], env=_env(), cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def _help_lines(parser: argparse.ArgumentParser) -> dict[str, str]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {choice.dest: choice.help for choice in action._choices_actions}


def test_lazy_help_lines_match_what_each_module_registers():
    registered = _help_lines(build_parser())  # every module loaded
    for name, (_module, help_line) in LAZY_COMMANDS.items():
        assert registered[name] == help_line, name
    for name in LAZY_COMMANDS:  # choosing a command loads it; the others keep their line
        assert _help_lines(build_parser([name])) == registered


def test_serve_and_worker_import_the_model_sdk_only_when_a_run_needs_it():
    """The SDK's import is a second or more of CPU: a web process, `smith db upgrade` or a
    worker that runs no chain never pays it (PREPARE imports it, bot/llm/client.py)."""
    probe = ("import sys\nimport bot.cli.serve, bot.runtime, bot.jobs, bot.engine.runner\n"
             "print('anthropic' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], env=_env(), cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
