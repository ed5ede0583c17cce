"""Schema migrations: alembic for Smith's tables, procrastinate's own schema for its queue."""

from __future__ import annotations

from pathlib import Path

import psycopg
from alembic import command
from alembic.config import Config

from bot.store.db import libpq_url, sqlalchemy_url

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
PROCRASTINATE_LOCK_ID = 7_351_001  # advisory lock: two processes never migrate at once


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", sqlalchemy_url(url).replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    """Bring the database to the newest schema; safe to run again and from several processes."""
    with psycopg.connect(libpq_url(url), autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (PROCRASTINATE_LOCK_ID,))
        try:
            _apply_procrastinate_schema(conn)
            command.upgrade(alembic_config(url), "head")
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (PROCRASTINATE_LOCK_ID,))


def _apply_procrastinate_schema(conn: psycopg.Connection) -> None:
    exists = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL").fetchone()
    if exists and exists[0]:
        return
    from procrastinate import schema

    conn.execute(schema.SchemaManager.get_schema())
