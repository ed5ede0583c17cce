"""`smith`: the command line, and the composition root that wires settings, store, forges,
handlers, jobs and the web app together.

Start-up matters: `smith --version` and `smith --help` import nothing beyond argparse, and a
command imports only what it uses. Commands that live in other packages are listed here with
their help line and loaded only when chosen (a test keeps the two help lines in step).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from bot import __version__

if TYPE_CHECKING:
    import asyncio

    from bot.config import Settings

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
# A request allocates a few thousand short-lived objects; collecting the youngest generation
# every 700 allocations (Python's default) puts collector pauses into the webhook's tail.
GC_YOUNG_THRESHOLD = 20_000

# Commands owned by other packages: name -> (module with `register(subparsers)`, help line).
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("bot.validator.command",
                 "run the static validator on a diff offline (vetoes and soft signals)"),
    "index": ("bot.codegraph.command", "index a directory with tree-sitter and print a summary"),
    "symbols": ("bot.codegraph.command",
                "show where NAME is defined and referenced under PATH"),
    "fix": ("bot.chain.command", "run the fix chain for one issue in the foreground"),
    "rules": ("bot.rules.command", "learned rules: list, show, approve, reject, retire, mine"),
    "stats": ("bot.stats.command", "per-step statistics, the funnel and step-health flags"),
    "audit": ("bot.audit.command", "who did what: deliveries, pushes, change-request actions"),
}


def _log() -> Any:
    import structlog

    return structlog.get_logger(__name__)


class CommandError(Exception):
    """A user-facing error: printed without a traceback, exit code 1 (or `code`)."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code


def load_settings() -> Settings:
    from pydantic import ValidationError

    from bot.config import Settings

    try:
        return Settings()
    except ValidationError as exc:
        raise CommandError(f"invalid settings:\n{exc}", EXIT_USAGE) from exc


@contextmanager
def database_target(settings: Settings) -> Iterator[str]:
    """The database URL for this process, migrated; an embedded server we started is stopped."""
    from bot.store.db import resolve_database
    from bot.store.embedded import EmbeddedPostgresError
    from bot.store.migrate import upgrade

    try:
        target = resolve_database(settings)
    except EmbeddedPostgresError as exc:
        raise CommandError(str(exc)) from exc
    try:
        upgrade(target.url)
        yield target.url
    finally:
        target.release()


def build_forges(settings: Settings) -> dict[str, Any]:
    """One adapter per configured forge; a forge without credentials is simply absent."""
    from bot.forge import RetryPolicy, build_forge

    retry = RetryPolicy(
        attempts=settings.forge_retry_attempts, backoff_initial=settings.forge_backoff_initial,
        backoff_max=settings.forge_backoff_max,
        rate_limit_max_wait=settings.forge_rate_limit_max_wait,
    )
    forges: dict[str, Any] = {}
    if settings.github_token or (settings.github_app_id and settings.github_private_key_path):
        try:
            private_key = settings.github_private_key()
        except OSError as exc:
            raise CommandError(f"cannot read the GitHub App private key: {exc}") from exc
        forges["github"] = build_forge(
            "github", api_url=settings.github_api_url,
            token=settings.github_token.get_secret_value() if settings.github_token else None,
            app_id=settings.github_app_id, private_key=private_key, retry=retry,
            request_timeout=settings.forge_request_timeout,
        )
    if settings.gitlab_token:
        forges["gitlab"] = build_forge(
            "gitlab", api_url=settings.gitlab_url, token=settings.gitlab_token.get_secret_value(),
            retry=retry, request_timeout=settings.forge_request_timeout,
            gitlab_token_kind=settings.gitlab_token_kind,
        )
    if not forges:
        _log().warning("no_forge_configured",
                    hint="set SMITH_GITHUB_TOKEN (or an App) or SMITH_GITLAB_TOKEN")
    return forges


def build_runtime(settings: Settings, url: str) -> Any:
    from bot.chain.runner import run_chain
    from bot.jobs import Runtime
    from bot.store.db import Database
    from handlers import build_router

    router = build_router(settings)
    runtime = Runtime(
        settings=settings, db=Database(url), forges=build_forges(settings),
        route_event=router.dispatch, run_chain=run_chain,
    )
    return runtime, router


async def _close_runtime(runtime: Any) -> None:
    for forge in runtime.forges.values():
        await forge.close()
    await runtime.db.dispose()


def _stop_event() -> asyncio.Event:
    import asyncio

    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def _serve(settings: Settings, url: str, host: str, port: int, with_worker: bool) -> None:
    import asyncio

    import gc

    from aiohttp import web

    from bot.app import create_admin_app, create_app
    from bot.dashboard import add_dashboard_routes
    from bot.exposure import plan_exposure
    from bot.jobs import build_job_app, run_worker
    from bot.metrics import Metrics

    runtime, router = build_runtime(settings, url)
    stop = _stop_event()
    token = settings.dashboard_token.get_secret_value() if settings.dashboard_token else None
    exposure = plan_exposure(host=host, has_token=token is not None,
                             admin_host=settings.admin_host, admin_port=settings.admin_port)
    if exposure.reason:
        _log().warning("dashboard_not_served", host=host, reason=exposure.reason)

    def dashboard(app: web.Application) -> None:
        add_dashboard_routes(app, token=token, stats_window=settings.stats_window)

    metrics = Metrics()
    worker: asyncio.Task[None] | None = None

    def worker_alive() -> bool:
        return worker is not None and not worker.done()

    # No aiohttp access log: every webhook already logs one structured line with its ids.
    web_runner = web.AppRunner(access_log=None, app=create_app(
        settings, runtime.db, router, metrics=metrics, with_metrics=exposure.metrics_public,
        extra_routes=dashboard if exposure.dashboard_public else None,
        worker_alive=worker_alive if with_worker else None,
    ))
    await web_runner.setup()
    site = web.TCPSite(web_runner, host, port)
    await site.start()
    runners = [web_runner]
    if exposure.admin_site:
        admin_runner = web.AppRunner(access_log=None, app=create_admin_app(
            runtime.db, metrics, extra_routes=dashboard if exposure.dashboard_on_admin else None,
            worker_alive=worker_alive if with_worker else None))
        await admin_runner.setup()
        await web.TCPSite(admin_runner, settings.admin_host, settings.admin_port).start()
        runners.append(admin_runner)
    # Everything built so far lives as long as the process: keep it out of the collector's
    # way, so a burst of deliveries does not pay for re-scanning it.
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)
    _log().info("serving", host=host, port=port, worker=with_worker)
    if with_worker:
        worker = asyncio.create_task(run_worker(build_job_app(url, runtime), settings, stop=stop))
    try:
        await stop.wait()
    finally:
        _log().info("shutting_down")
        for runner in runners:  # no new deliveries; queued jobs stay in Postgres
            await runner.cleanup()
        if worker is not None:
            await worker
        await _close_runtime(runtime)


async def _work(settings: Settings, url: str, health_port: int | None) -> None:
    import asyncio

    from aiohttp import web

    from bot.app import create_admin_app
    from bot.jobs import build_job_app, run_worker
    from bot.metrics import Metrics

    runtime, _router = build_runtime(settings, url)
    stop = _stop_event()
    worker = asyncio.create_task(run_worker(build_job_app(url, runtime), settings, stop=stop))
    health = None
    if health_port is not None:  # probes for an orchestrator: /healthz, /readyz, /metrics
        health = web.AppRunner(access_log=None, app=create_admin_app(
            runtime.db, Metrics(), worker_alive=lambda: not worker.done()))
        await health.setup()
        await web.TCPSite(health, settings.admin_host, health_port).start()
    try:
        await worker
    finally:
        if health is not None:
            await health.cleanup()
        await _close_runtime(runtime)


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio

    settings = load_settings()
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    with database_target(settings) as url:
        asyncio.run(_serve(settings, url, host, port, with_worker=not args.no_worker))
    return EXIT_OK


def cmd_worker(args: argparse.Namespace) -> int:
    import asyncio

    settings = load_settings()
    if args.concurrency is not None:
        if args.concurrency < 1:
            raise CommandError("--concurrency must be at least 1", code=2)
        settings = settings.model_copy(update={"worker_concurrency": args.concurrency})
    with database_target(settings) as url:
        asyncio.run(_work(settings, url, args.health_port))
    return EXIT_OK


def cmd_db_upgrade(args: argparse.Namespace) -> int:
    from rich.console import Console

    settings = load_settings()
    with database_target(settings):
        Console(stderr=True).print("database is up to date")
    return EXIT_OK


async def _query_runs(url: str, run_id: int | None, limit: int) -> Any:
    from bot.store.db import Database
    from bot.store.runs import get_run, list_runs, run_as_dict, run_steps

    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            if run_id is None:
                return [run_as_dict(run) for run in await list_runs(session, limit=limit)]
            run = await get_run(session, run_id)
            if run is None:
                return None
            data = run_as_dict(run)
            data["steps"] = [
                {"name": s.name, "attempt": s.attempt, "status": s.status, "verdict": s.verdict,
                 "summary": s.summary, "duration_ms": s.duration_ms,
                 "input_tokens": s.input_tokens, "output_tokens": s.output_tokens}
                for s in await run_steps(session, run_id)
            ]
            return data
    finally:
        await db.dispose()


def cmd_runs_list(args: argparse.Namespace) -> int:
    import asyncio

    import json

    from rich.console import Console
    from rich.table import Table

    settings = load_settings()
    with database_target(settings) as url:
        runs = asyncio.run(_query_runs(url, None, args.limit))
    if args.json:
        print(json.dumps(runs, indent=2))
        return EXIT_OK
    table = Table(title="Smith runs")
    for column in ("id", "repo", "issue", "chain", "status", "outcome", "step", "tokens", "cost"):
        table.add_column(column)
    for run in runs:
        table.add_row(
            str(run["id"]), f"{run['forge']}:{run['repo']}", str(run["issue"]), run["chain"],
            run["status"], run["outcome"] or "", run["current_step"] or "",
            str(run["input_tokens"] + run["output_tokens"]), f"${run['cost_usd']:.2f}",
        )
    Console().print(table)
    return EXIT_OK


def cmd_runs_show(args: argparse.Namespace) -> int:
    import asyncio

    import json

    from rich.console import Console
    from rich.table import Table

    settings = load_settings()
    with database_target(settings) as url:
        run = asyncio.run(_query_runs(url, args.id, 1))
    if run is None:
        raise CommandError(f"no run with id {args.id}")
    if args.json:
        print(json.dumps(run, indent=2))
        return EXIT_OK
    console = Console()
    console.print(f"[bold]Run {run['id']}[/bold]  {run['forge']}:{run['repo']} "
                  f"issue #{run['issue']}  chain {run['chain']}")
    console.print(f"status: {run['status']}  outcome: {run['outcome'] or '-'}")
    if run["reason"]:
        console.print(f"reason: {run['reason']}")
    if run["change_request_url"]:
        console.print(f"change request: {run['change_request_url']}")
    table = Table(title="steps")
    for column in ("step", "attempt", "status", "verdict", "ms", "tokens", "summary"):
        table.add_column(column)
    for step in run["steps"]:
        table.add_row(step["name"], str(step["attempt"]), step["status"], step["verdict"] or "",
                      str(step["duration_ms"] or ""),
                      str(step["input_tokens"] + step["output_tokens"]), step["summary"] or "")
    console.print(table)
    return EXIT_OK


def cmd_doctor(args: argparse.Namespace) -> int:
    import asyncio

    import json

    from rich.console import Console
    from rich.table import Table

    """Try a repository as a run would: exit 0 when it is ready, 1 when something is missing."""
    from rich.markup import escape

    from bot.doctor import diagnose

    settings = load_settings()
    report = asyncio.run(diagnose(settings, args.repo, branch=args.branch))
    if args.json:
        print(json.dumps({**report.model_dump(mode="json"), "ready": report.ready}, indent=2))
        return EXIT_OK if report.ready else EXIT_FAILURE
    console = Console()
    table = Table(title=f"smith doctor {args.repo}" + (f" ({report.branch})" if report.branch
                                                          else ""))
    for column in ("", "check", "result", "time"):
        table.add_column(column)
    for check in report.checks:
        text = escape(check.message) + (f"\n[bold]fix:[/bold] {escape(check.fix)}"
                                        if check.fix else "")
        table.add_row("[green]✓[/green]" if check.ok else "[red]✗[/red]", check.name,
                      text,
                      f"{check.seconds:.1f} s" if check.seconds is not None else "")
    console.print(table)
    for check in report.checks:
        if check.detail:
            console.print(f"[bold]{check.name} output (end):[/bold]")
            console.print(check.detail, markup=False, highlight=False)
    verdict = "[green]ready[/green]" if report.ready else "[red]not ready[/red]"
    console.print(f"{verdict} — {report.seconds:.1f} s in all")
    return EXIT_OK if report.ready else EXIT_FAILURE


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
    serve.set_defaults(func=cmd_serve)

    worker = commands.add_parser("worker", help="run jobs only (scale out on one Postgres)",
                                 description="Run background jobs; start as many as you like on "
                                 "machines that reach the same PostgreSQL.")
    worker.add_argument("--concurrency", type=int, metavar="N",
                        help="jobs this worker runs at once (default: SMITH_WORKER_CONCURRENCY)")
    worker.add_argument("--health-port", type=int, metavar="PORT",
                        help="serve /healthz, /readyz and /metrics on SMITH_ADMIN_HOST:PORT "
                        "(for an orchestrator's probes)")
    worker.set_defaults(func=cmd_worker)

    runs = commands.add_parser("runs", help="list and inspect runs")
    runs_commands = runs.add_subparsers(dest="runs_command", metavar="ACTION", required=True)
    runs_list = runs_commands.add_parser("list", help="the newest runs")
    runs_list.add_argument("--json", action="store_true", help="print JSON")
    runs_list.add_argument("--limit", type=int, default=50, help="how many (default 50)")
    runs_list.set_defaults(func=cmd_runs_list)
    runs_show = runs_commands.add_parser("show", help="one run with its steps")
    runs_show.add_argument("id", type=int, help="run id")
    runs_show.add_argument("--json", action="store_true", help="print JSON")
    runs_show.set_defaults(func=cmd_runs_show)

    doctor = commands.add_parser(
        "doctor", help="try a repository's setup and tests as a run would",
        description="Check out REPO (a local path or a clone URL) as a run would, read its "
        "`.smith.yml` from the branch, run the setup and the test command once in the sandbox, "
        "and say what is missing. Exit 0 when the repository is ready, 1 otherwise.")
    doctor.add_argument("repo", help="local path or clone URL")
    doctor.add_argument("--branch", help="branch to try (default: the repository's default)")
    doctor.add_argument("--json", action="store_true", help="print JSON")
    doctor.set_defaults(func=cmd_doctor)

    db = commands.add_parser("db", help="database maintenance")
    db_commands = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    db_upgrade = db_commands.add_parser("upgrade", help="apply schema migrations")
    db_upgrade.set_defaults(func=cmd_db_upgrade)

    if argv is None:
        for name in dict.fromkeys(owner for owner, _ in LAZY_COMMANDS.values()):
            __import__(name, fromlist=["register"]).register(commands)
    else:
        _add_lazy_commands(commands, _chosen_command(argv))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words).parse_args(words)
    from pydantic import ValidationError

    from bot.config import Settings
    from bot.logs import configure_logging

    try:
        settings_for_logs = Settings()
        configure_logging(settings_for_logs.log_level, settings_for_logs.log_format)
    except ValidationError:
        configure_logging()
    try:
        return int(args.func(args) or EXIT_OK)
    except CommandError as exc:
        from rich.console import Console

        Console(stderr=True).print(f"[red]error:[/red] {exc}")
        return exc.code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    # Run the imported `bot.cli`, not this `__main__` copy: subcommand modules import
    # `bot.cli.CommandError`, and only that class is caught by `main`.
    from bot.cli import main as entry

    sys.exit(entry())
