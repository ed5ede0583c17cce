"""Which PostgreSQL to use, and the SQLAlchemy engine on it.

With `SMITH_DATABASE_URL` Smith uses that server; without, it starts (or joins) the embedded one
in the data folder. Every process — `smith serve`, `smith worker`, any CLI command — resolves the
database the same way, so they all see the same runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from bot.config import Settings
from bot.store.embedded import EmbeddedPostgres, EmbeddedPostgresError, ensure_embedded


class DatabaseUnavailable(RuntimeError):
    """The database cannot be reached right now (the webhook answers 503)."""


def libpq_url(url: str) -> str:
    """A URL psycopg and procrastinate accept (`postgresql://...`)."""
    for prefix in ("postgresql+psycopg://", "postgresql+asyncpg://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix):]
    return url


def sqlalchemy_url(url: str) -> str:
    return "postgresql+psycopg://" + libpq_url(url)[len("postgresql://"):]


@dataclass
class DatabaseTarget:
    """The resolved database: its URL and, on the embedded default, the server handle."""

    url: str
    embedded: EmbeddedPostgres | None = field(default=None)

    def release(self) -> None:
        """Stop the embedded server if this process started it."""
        if self.embedded is not None:
            self.embedded.stop()


def _configured_url(settings: Settings) -> str:
    return settings.database_url.get_secret_value().strip() if settings.database_url else ""


def uses_embedded(settings: Settings) -> bool:
    """Whether this process's database is the embedded server in the data folder."""
    return not _configured_url(settings) and settings.embedded_database


def resolve_database(settings: Settings) -> DatabaseTarget:
    url = _configured_url(settings)
    if url:
        return DatabaseTarget(url=libpq_url(url))
    if not settings.embedded_database:
        # Several processes each starting a private database would each see part of the work.
        raise EmbeddedPostgresError(
            "SMITH_DATABASE_URL is empty and the embedded database is off "
            "(SMITH_EMBEDDED_DATABASE=false): set the URL of the shared PostgreSQL")
    embedded = ensure_embedded(settings.postgres_dir)
    return DatabaseTarget(url=embedded.url, embedded=embedded)


class Database:
    """The async engine plus a session factory; one per process."""

    def __init__(self, url: str, *, pool_size: int = 20) -> None:
        self.url = libpq_url(url)
        self.engine: AsyncEngine = create_async_engine(
            sqlalchemy_url(self.url), pool_size=pool_size, max_overflow=0, pool_recycle=1800,
            pool_timeout=5,
        )
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # For single statements that are atomic on their own (the webhook's hot path): no
        # BEGIN/COMMIT round trips around them.
        self.autocommit_engine = self.engine.execution_options(isolation_level="AUTOCOMMIT")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A session inside one transaction; commits on success, rolls back on error."""
        try:
            async with self.sessions() as session, session.begin():
                yield session
        except (OperationalError, ConnectionError) as exc:
            raise DatabaseUnavailable(str(exc.__cause__ or exc)) from exc

    @asynccontextmanager
    async def autocommit(self) -> AsyncIterator[AsyncConnection]:
        try:
            async with self.autocommit_engine.connect() as conn:
                yield conn
        except (OperationalError, ConnectionError) as exc:
            raise DatabaseUnavailable(str(exc.__cause__ or exc)) from exc

    async def ping(self, timeout: float = 2.0) -> bool:
        try:
            async with asyncio.timeout(timeout):
                async with self.engine.connect() as conn:
                    await conn.execute(text("SELECT 1"))
            return True
        except (OperationalError, DBAPIError, OSError, TimeoutError):
            return False

    async def dispose(self) -> None:
        await self.engine.dispose()
