"""`smith`: the command line. A package nothing else imports: the wiring of settings, store,
forges, handlers and jobs is the composition root's (`bot/runtime.py`), and what subcommands
share is in `bot/command_line.py`.

Start-up matters: `smith --version` and `smith --help` import nothing beyond argparse, and a
command imports only what it uses. Every command's module is therefore imported when the
command is chosen (these imports stay inside functions on purpose); commands that live in other
packages are listed with their help line (a test keeps the two help lines in step).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bot import __version__
from bot.command_line import EXIT_OK, EXIT_USAGE, CommandError

__all__ = ["EXIT_OK", "EXIT_USAGE", "LAZY_COMMANDS", "CommandError", "build_parser", "main"]

RUN_ACTIONS: dict[str, tuple[str, str]] = {
    "approve": (
        "let a run paused at the estimate gate (or by a spending cap) go on",
        ("Let a run paused at the estimate gate go on, as `/smith approve` does (a run paused "
         "by a spending cap goes on now, its caps checked again, nothing approved). A forge run "
         "is queued for a worker (`smith serve` or `smith worker`) and the approval is said on "
         "its issue; a local run (`smith fix --repo`) goes on here, in the foreground, and its "
         "report is written again.")),
    "cancel": (
        "stop a run (a running one after its current step)",
        ("Stop a run, as `/smith cancel` does: a paused or queued run is cancelled now (its "
         "working labels removed), a running one stops after the step it is in.")),
    "retry": (
        "start a run again (one waiting for information reads its report again)",
        ("Start a new run for the run's issue, as `/smith retry` does; a run waiting for "
         "information reads the report again instead (for a local run: the issue file, with "
         "your answers added). A local run goes on here, in the foreground.")),
}
"""`smith runs approve|cancel|retry`: (help line, description); bot/cli/runs.py acts."""

# Commands owned by other packages: name -> (module with `register(subparsers)`, help line).
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("bot.validator.validate_command",
                 "run the static validator on a diff offline (vetoes and soft signals)"),
    "index": ("bot.codegraph.index_command", "index a directory with tree-sitter and print a summary"),
    "setup": ("bot.cli.setup",
              "register Smith with a forge (GitHub App manifest flow)"),
    "symbols": ("bot.codegraph.index_command",
                "show where NAME is defined and referenced under PATH"),
    "fix": ("bot.chains.fix.fix_command", "run the fix chain for one issue in the foreground"),
    "tests": ("bot.chains.tests.tests_command",
              "write tests for a local repository through the six gates (no forge)"),
    "smells": ("bot.chains.tests.tests_command",
               "find test smells in test files (gate 5 of the test-generation chain)"),
    "mutate": ("bot.chains.tests.tests_command",
               "mutation score of a module under one test file (gate 4)"),
    "examples": ("bot.chains.examples.examples_command",
                 "run the held-out acceptance chain on a local repository"),
    "rules": ("bot.rules.rules_command", "learned rules: list, show, approve, reject, retire, mine"),
    "stats": ("bot.stats.stats_command", "per-step statistics, the funnel and step-health flags"),
    "audit": ("bot.audit.audit_command", "who did what: deliveries, pushes, change-request actions"),
}


READS_STEP_ROWS = frozenset({"bot.stats.stats_command", "bot.rules.rules_command"})
"""Commands that read the step registry (which steps can say no, which are mined) for every
chain, not only the one they run: the catalogue is imported first so each chain's rows are in."""


def _lazy(module: str, function: str) -> Callable[[argparse.Namespace], int]:
    """A command function imported only when its command runs (start-up speed)."""

    def run(args: argparse.Namespace) -> int:
        if module in READS_STEP_ROWS:
            importlib.import_module("bot.catalogue")  # every chain registers its step rows
        command: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(module), function)
        return command(args)

    return run


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line (the first word that is not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word
    return None


def _add_lazy_commands(commands: Any, chosen: str | None) -> None:
    """The chosen command's module registers it for real; the others get a help line only."""
    module_name = LAZY_COMMANDS[chosen][0] if chosen in LAZY_COMMANDS else None
    if module_name is not None:
        if module_name in READS_STEP_ROWS:
            importlib.import_module("bot.catalogue")  # every chain registers its step rows
        module = __import__(module_name, fromlist=["register"])
        module.register(commands)
    for name, (owner, help_line) in LAZY_COMMANDS.items():
        if owner != module_name:
            commands.add_parser(name, help=help_line, add_help=False)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv` (default: every command loaded, as for documentation)."""
    parser = argparse.ArgumentParser(
        prog="smith",
        description="Smith fixes labelled bugs on GitHub and GitLab through a chain of checked "
                    "steps. Settings come from SMITH_* variables and an optional smith.toml.",
    )
    parser.add_argument("--version", action="version", version=f"smith {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    serve = commands.add_parser("serve", help="run the webhook server and a worker",
                                description="Receive webhooks and run jobs in one process. "
                                "Without SMITH_DATABASE_URL an embedded PostgreSQL is started in "
                                "the data folder and stopped on exit.")
    serve.add_argument("--host", help="address to listen on (default: SMITH_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default: SMITH_PORT or 8080)")
    serve.add_argument("--no-worker", action="store_true",
                       help="receive webhooks only; run `smith worker` elsewhere")
    serve.set_defaults(func=_lazy("bot.cli.serve", "cmd_serve"))

    worker = commands.add_parser("worker", help="run jobs only (scale out on one Postgres)",
                                 description="Run background jobs; start as many as you like on "
                                 "machines that reach the same PostgreSQL.")
    worker.add_argument("--concurrency", type=int, metavar="N",
                        help="runs and other jobs this worker runs at once (default: "
                        "SMITH_WORKER_CONCURRENCY); webhook events have slots of their own "
                        "(SMITH_EVENT_CONCURRENCY)")
    worker.add_argument("--health-port", type=int, metavar="PORT",
                        help="serve /healthz, /readyz and /metrics on SMITH_ADMIN_HOST:PORT "
                        "(for an orchestrator's probes)")
    worker.set_defaults(func=_lazy("bot.cli.serve", "cmd_worker"))

    runs = commands.add_parser("runs", help="list, inspect, approve, cancel and retry runs")
    runs_commands = runs.add_subparsers(dest="runs_command", metavar="ACTION", required=True)
    runs_list = runs_commands.add_parser("list", help="the newest runs")
    runs_list.add_argument("--json", action="store_true", help="print JSON")
    runs_list.add_argument("--limit", type=int, default=50, help="how many (default 50)")
    runs_list.set_defaults(func=_lazy("bot.cli.runs", "cmd_runs_list"))
    runs_show = runs_commands.add_parser("show", help="one run with its steps")
    runs_show.add_argument("id", type=int, help="run id")
    runs_show.add_argument("--json", action="store_true", help="print JSON")
    runs_show.set_defaults(func=_lazy("bot.cli.runs", "cmd_runs_show"))
    for verb, (help_line, description) in RUN_ACTIONS.items():
        action = runs_commands.add_parser(
            verb, help=help_line, description=description + " Recorded in the audit trail as "
            "`shell:<login>` (`smith audit --kind command`). Exit 1 with the reason when "
            "nothing was done; a local run walked on here exits as `smith fix` does.")
        action.add_argument("id", type=int, help="run id")
        action.add_argument("--reason", metavar="TEXT",
                            help="why: kept in the audit trail and said with the action")
        action.add_argument("--json", action="store_true", help="print the outcome as JSON")
        action.set_defaults(func=_lazy("bot.cli.runs", "cmd_runs_act"), verb=verb)

    doctor = commands.add_parser(
        "doctor", help="try a repository's setup and tests as a run would",
        description="Check out REPO (a local path or a clone URL) as a run would, read its "
        "`.smith.yml` from the branch, run the setup and the test command once in the sandbox, "
        "and say what is missing. Exit 0 when the repository is ready, 1 otherwise.")
    doctor.add_argument("repo", help="local path or clone URL")
    doctor.add_argument("--branch", help="branch to try (default: the repository's default)")
    doctor.add_argument("--json", action="store_true", help="print JSON")
    doctor.set_defaults(func=_lazy("bot.cli.doctor", "cmd_doctor"))

    config = commands.add_parser("config", help="check smith.toml or .smith.yml offline; "
                                 "print their JSON Schemas")
    config_commands = config.add_subparsers(dest="config_command", metavar="ACTION",
                                            required=True)
    config_check = config_commands.add_parser(
        "check", help="validate smith.toml or .smith.yml against its schema, with line numbers",
        description="Check each PATH offline (`*.toml`: Smith's settings, strictly: unknown "
        "keys too; anything else: a repository's `.smith.yml`, as a run reads it). Without "
        "PATH: this process's smith.toml (SMITH_CONFIG_FILE) and ./.smith.yml, those that "
        "exist. Exit 0 valid, 1 problems (one line each: file:line: problem), 2 unreadable.")
    config_check.add_argument("paths", nargs="*", metavar="PATH", help="files to check")
    config_check.add_argument("--json", action="store_true", help="print the results as JSON")
    config_check.set_defaults(func=_lazy("bot.cli.config", "cmd_config_check"))
    config_schema = config_commands.add_parser(
        "schema", help="print the JSON Schema of .smith.yml (or, with --settings, smith.toml)")
    config_schema.add_argument("--settings", action="store_true",
                               help="the schema of smith.toml instead of .smith.yml")
    config_schema.set_defaults(func=_lazy("bot.cli.config", "cmd_config_schema"))

    db = commands.add_parser("db", help="database maintenance")
    db_commands = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    db_upgrade = db_commands.add_parser("upgrade", help="apply schema migrations")
    db_upgrade.set_defaults(func=_lazy("bot.cli.serve", "cmd_db_upgrade"))

    if argv is None:
        for name in dict.fromkeys(owner for owner, _ in LAZY_COMMANDS.values()):
            __import__(name, fromlist=["register"]).register(commands)
    else:
        _add_lazy_commands(commands, _chosen_command(argv))
    return parser


LONG_RUNNING = frozenset({"serve", "worker"})
"""Commands whose logs are their output: they log at SMITH_LOG_LEVEL (default INFO). Every other
command logs WARNING and up unless the level is set: its status line and outcome speak for it."""
ONE_SHOT_LOG_LEVEL = "WARNING"


def log_level_for(command: str | None, level: str, explicit: bool) -> str:
    """The level `command` logs at: the configured one for a long-running process or when set
    explicitly (environment or smith.toml), else WARNING for a one-shot command."""
    return level if explicit or command in LONG_RUNNING else ONE_SHOT_LOG_LEVEL


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words).parse_args(words)
    from pydantic import ValidationError

    from bot.config import Settings
    from bot.logs import configure_logging

    try:
        settings_for_logs = Settings()
        configure_logging(
            log_level_for(args.command, settings_for_logs.log_level,
                          "log_level" in settings_for_logs.model_fields_set),
            settings_for_logs.log_format)
    except (ValidationError, ValueError):  # `smith config check` is how to find out why
        configure_logging(log_level_for(args.command, "INFO", False))
    from bot.config import SettingsError

    try:
        return int(args.func(args) or EXIT_OK)
    except (CommandError, SettingsError) as exc:
        from rich.markup import escape

        from bot.terminal import make_console

        make_console(stderr=True).print(f"[red]error:[/red] {escape(str(exc))}")
        return exc.code if isinstance(exc, CommandError) else EXIT_USAGE
    except KeyboardInterrupt:
        return 130

