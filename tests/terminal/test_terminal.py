"""The terminal is for people (issue #25), without a database: logs rendered for people on a
terminal and as JSON lines when piped, libraries quiet below WARNING, one-shot commands at
WARNING unless the level is set, tables at their whole width when piped, a status line only on
a terminal."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from rich.console import Console
from rich.table import Table

from bot.cli import log_level_for
from bot.terminal import PIPED_WIDTH, StatusLine, make_console
from tests.terminal.ptyrun import ROOT, clean_env, in_terminal, smith_piped

LIBRARY_INFO = ("Will assume transactional DDL", "Registering task", "mapper set-up")
LOGGING_PROBE = """
import logging, structlog
from bot.logs import configure_logging
configure_logging({level!r})
structlog.get_logger("bot.example").info("hello_people", n=1)
logging.getLogger("alembic.runtime.migration").info("Will assume transactional DDL.")
logging.getLogger("procrastinate.periodic").info("Registering task smith.retention")
logging.getLogger("sqlalchemy.orm.mapper").info("mapper set-up")
logging.getLogger("some.other.library").info("Registering task elsewhere")
logging.getLogger("procrastinate.worker").warning("library_warning")
"""


def test_logs_on_a_terminal_are_for_people_and_libraries_keep_quiet(tmp_path):
    code, shown = in_terminal([sys.executable, "-c", LOGGING_PROBE.format(level="INFO")],
                              clean_env(tmp_path))
    assert code == 0, shown
    assert "hello_people" in shown and "library_warning" in shown
    assert not [line for line in shown.splitlines() if line.lstrip().startswith("{")], shown
    for text in LIBRARY_INFO:
        assert text not in shown


def test_piped_logs_are_json_lines_and_debug_brings_library_info_back(tmp_path):
    def events(level: str) -> list[str]:
        result = subprocess.run([sys.executable, "-c", LOGGING_PROBE.format(level=level)],
                                env=clean_env(tmp_path), cwd=ROOT, capture_output=True,
                                text=True, timeout=60, check=False)
        assert result.returncode == 0, result.stderr
        return [json.loads(line)["event"] for line in result.stderr.splitlines()]

    assert events("INFO") == ["hello_people", "library_warning"]
    # DEBUG: the libraries' INFO too, except SQLAlchemy's (every statement)
    assert events("DEBUG") == ["hello_people", "Will assume transactional DDL.",
                               "Registering task smith.retention", "Registering task elsewhere",
                               "library_warning"]


BODY_PROBE = """
import logging
from bot.logs import configure_logging
configure_logging("DEBUG", "json")
import anthropic  # with ANTHROPIC_LOG=debug the SDK sets its own logger to DEBUG on import
for name in ("anthropic", "httpx", "httpx2", "httpcore", "urllib3"):
    logging.getLogger(name).setLevel(logging.DEBUG)  # as a library may, after our set-up
    logging.getLogger(name + ".client").debug("Request options: {'messages': 'BODY-' }" + name)
logging.getLogger("anthropic._base_client").info("Retrying request")
logging.getLogger("bot.example").debug("own_debug")
"""


@pytest.mark.slow  # a Python subprocess importing Smith's CLI
def test_loggers_that_carry_request_bodies_stay_below_debug_even_at_debug(tmp_path):
    env = {**clean_env(tmp_path), "ANTHROPIC_LOG": "debug"}
    result = subprocess.run([sys.executable, "-c", BODY_PROBE], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "BODY-" not in result.stderr
    events = [json.loads(line)["event"] for line in result.stderr.splitlines()]
    assert events == ["Retrying request", "own_debug"]


def test_an_explicit_format_wins_over_the_terminal(tmp_path):
    probe = ("import logging, structlog\nfrom bot.logs import configure_logging\n"
             "configure_logging('INFO', 'json')\n"
             "structlog.get_logger('bot.example').info('hello_machines')\n")
    code, shown = in_terminal([sys.executable, "-c", probe], clean_env(tmp_path))
    assert code == 0
    [line] = [line for line in shown.splitlines() if "hello_machines" in line]
    assert json.loads(line)["event"] == "hello_machines"


def test_one_shot_commands_log_warnings_unless_the_level_is_set():
    assert log_level_for("runs", "INFO", explicit=False) == "WARNING"
    assert log_level_for("doctor", "INFO", explicit=False) == "WARNING"
    assert log_level_for("runs", "INFO", explicit=True) == "INFO"
    assert log_level_for("serve", "INFO", explicit=False) == "INFO"
    assert log_level_for("worker", "DEBUG", explicit=True) == "DEBUG"


@pytest.mark.slow  # a Python subprocess importing Smith's CLI
def test_a_one_shot_command_hides_its_info_logs_unless_the_level_is_set(tmp_path):
    """`smith doctor` logs its checkout and sandbox runs at INFO: not on its own, only with
    SMITH_LOG_LEVEL=INFO (and then as JSON lines, the output being piped)."""
    repo = tmp_path / "project"
    repo.mkdir()
    (repo / "m.py").write_text("x = 1\n")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "start"], check=True)
    quiet = smith_piped("doctor", str(repo), "--json", env=clean_env(tmp_path))
    assert json.loads(quiet.stdout)["checks"][0]["name"] == "checkout"
    assert "checkout.created" not in quiet.stderr, quiet.stderr
    assert not [line for line in quiet.stderr.splitlines() if line.startswith("{")]
    assert "not ready: tests:" in quiet.stderr  # the outcome and its reason, in words
    told = smith_piped("doctor", str(repo), "--json",
                       env=clean_env(tmp_path, SMITH_LOG_LEVEL="INFO"))
    events = [json.loads(line)["event"] for line in told.stderr.splitlines()
              if line.startswith("{")]
    assert "checkout.created" in events


def test_piped_tables_are_not_cut_at_80_columns(tmp_path):
    folder = tmp_path / "a_project_with_a_rather_long_name" / "and_a_deeply_nested_package"
    folder.mkdir(parents=True)
    (folder / "module_with_a_descriptive_name.py").write_text(
        "def compute_the_weighted_average_of_the_samples(values):\n    return values\n")
    result = smith_piped("symbols", str(tmp_path), "compute_the_weighted_average_of_the_samples",
                         env=clean_env(tmp_path))
    assert result.returncode == 0, result.stderr
    [row] = [line for line in result.stdout.splitlines() if "module_with_a" in line]
    assert len(row) > 80
    assert "a_project_with_a_rather_long_name/and_a_deeply_nested_package/" \
           "module_with_a_descriptive_name.py" in row
    assert "compute_the_weighted_average_of_the_samples" in row


def test_a_piped_console_is_wider_than_any_table():
    console = make_console(file=io.StringIO())
    assert not console.is_terminal and console.width == PIPED_WIDTH
    table = Table("cell")
    table.add_row("x" * 500)
    console.print(table)
    assert "x" * 500 in console.file.getvalue()  # type: ignore[attr-defined]
    assert make_console(file=io.StringIO(), width=60).width == 60  # an explicit width wins


def test_the_status_line_is_nothing_off_a_terminal():
    out = io.StringIO()
    console = Console(file=out)
    with StatusLine(console, "checking out") as status:
        status.update("running the tests")
        assert not status.active
    assert out.getvalue() == ""


def test_the_status_line_shows_on_a_terminal_and_goes_away():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    with StatusLine(console, "checking out", clock=lambda: 100.0) as status:
        assert status.active
        status.update("running the tests: pytest")
    # stopping draws the line one last time, then erases it
    assert "running the tests: pytest" in out.getvalue() and "0 s" in out.getvalue()
    assert not status.active


def test_each_periodic_task_is_registered_once_in_the_job_app():
    """procrastinate logs "Registering task" once for the blueprint and once when the app copies
    it: two lines, one registration (the app's registry is the one the worker reads)."""
    from bot.runtime import build_job_app

    app = build_job_app("postgresql://nowhere/none")
    ids = [periodic_id for _task, periodic_id in app.periodic_registry.periodic_tasks]
    assert ids and len(ids) == len(set(ids))
