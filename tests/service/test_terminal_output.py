"""The terminal is for people (issue #25), on the test database and the sandbox: a command on
a terminal shows no JSON and no migration chatter, `smith doctor` shows what it runs on a
terminal only, and every chain command prints its outcome and, when it failed, the reason (its
step table first, the outcome on lines of their own; `--json` on stdout, the words on stderr).
The database-free half is tests/terminal/test_terminal.py.

What a piped chain command prints is read from `bot.cli.main` in this process (`piped_here`,
tests/cli_in_process.py: streams that are no terminal, as a pipe's): each chain command's real
subprocess is in its own file (tests/e2e/test_fix_command.py, test_tests_command.py,
test_examples_command.py), and a subprocess spends 2 s importing first.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_in_process import InProcessCli
from tests.terminal.ptyrun import clean_env as _env
from tests.terminal.ptyrun import smith_in_terminal, smith_piped

LIBRARY_INFO = ("Will assume transactional DDL", "setup plugin alembic", "Context impl",
                "Registering task")


def test_a_command_on_a_terminal_shows_no_json_and_no_migration_chatter(database_url, tmp_path):
    code, shown = smith_in_terminal("runs", "list",
                                    env=_env(tmp_path, SMITH_DATABASE_URL=database_url))
    assert code == 0, shown
    assert "Smith runs" in shown
    assert not [line for line in shown.splitlines() if line.lstrip().startswith("{")], shown
    for text in LIBRARY_INFO:
        assert text not in shown


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    repo = tmp_path / "project"
    repo.mkdir()
    for name, text in files.items():
        (repo / name).write_text(text)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "start"], check=True)
    return repo


@pytest.mark.slow  # the sandbox runs a one-second setup
def test_doctor_shows_what_it_runs_on_a_terminal_and_only_the_outcome_when_piped(tmp_path):
    repo = _repo(tmp_path, {".smith.yml": "setup:\n  command: sleep 1\n",
                            "test_nothing.py": "def test_x():\n    assert True\n"})
    code, shown = smith_in_terminal("doctor", str(repo), env=_env(tmp_path))
    assert code in (0, 1), shown  # ready or not, as this machine's sandbox PATH has pytest
    assert "running the setup: sleep 1" in shown, shown
    assert "smith doctor" in shown and ("not ready" in shown or "ready" in shown)
    piped = smith_piped("doctor", str(repo), env=_env(tmp_path))
    assert "running the setup" not in piped.stdout + piped.stderr
    assert "smith doctor" in piped.stdout


@pytest.fixture
def piped_here(capsys: pytest.CaptureFixture[str],
               monkeypatch: pytest.MonkeyPatch) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`smith ARGS` in this process with `env`, its streams captured (no terminal)."""
    cli = InProcessCli(capsys, monkeypatch)

    def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return cli.run(list(args), env)

    return run


ISSUE = "# The average of an empty list\n\naverage([]) raises ZeroDivisionError.\n"
NO_KEY = "reason: ANTHROPIC_API_KEY is not set for this Smith installation"


@pytest.mark.parametrize("command", [
    ["examples", "--issue-file", "{issue}"],
    pytest.param(["fix", "--issue-file", "{issue}"], marks=pytest.mark.slow),
    pytest.param(["tests", "--target", "calc.py"], marks=pytest.mark.slow),
])
def test_a_chain_command_prints_why_its_run_failed(command, database_url, tmp_path, piped_here):
    repo = _repo(tmp_path, {"calc.py": "def average(v):\n    return sum(v) / len(v)\n"})
    issue = tmp_path / "issue.md"
    issue.write_text(ISSUE)
    args = [word.format(issue=issue) for word in command]
    result = piped_here(args[0], "--repo", str(repo), *args[1:],
                         env=_env(tmp_path, SMITH_DATABASE_URL=database_url))
    assert result.returncode == 1, result.stdout + result.stderr
    out = result.stdout
    assert NO_KEY in out.splitlines()
    # the whole step table first, then the outcome on a line of its own (not `┘status:`)
    table_end = out.index("┘\n")
    assert out.index("prepare") < table_end < out.index("\nstatus: failed (no_model_key)\n")
    assert "Traceback" not in result.stderr


@pytest.mark.slow  # a run per chain on the test database
@pytest.mark.parametrize("command", [["fix", "--issue-file", "{issue}"],
                                     ["tests", "--target", "calc.py"]])
def test_chain_commands_print_the_run_as_json(command, database_url, tmp_path, piped_here):
    repo = _repo(tmp_path, {"calc.py": "def average(v):\n    return sum(v) / len(v)\n"})
    issue = tmp_path / "issue.md"
    issue.write_text(ISSUE)
    args = [word.format(issue=issue) for word in command]
    result = piped_here(args[0], "--repo", str(repo), *args[1:], "--json",
                         env=_env(tmp_path, SMITH_DATABASE_URL=database_url))
    assert result.returncode == 1, result.stderr
    run = json.loads(result.stdout)
    assert (run["status"], run["outcome"]) == ("failed", "no_model_key")
    assert "ANTHROPIC_API_KEY" in run["reason"]
    assert [step["name"] for step in run["steps"]] == ["prepare"]
    assert Path(run["report"]).is_file()
    assert NO_KEY in result.stderr  # the words go to stderr, stdout is the JSON alone
