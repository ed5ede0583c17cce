"""What every `smith` subcommand shares, wherever it lives: the user-facing error, the exit
codes, settings loading and the migrated database.

Subcommands of other packages (`smith fix`, `smith rules`, `smith stats`, ...) import this, never
the CLI package itself, so the CLI stays a composition root that nothing imports. Imports of
pydantic and the store stay inside the functions: a subcommand module is loaded by `smith --help`
paths that must not pay for them (see benchmarks/cli_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Settings

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
SHELL_ACTOR_PREFIX = "shell:"
"""Who acted from the shell is recorded as `shell:<login>`: no forge account has a colon."""


class CommandError(Exception):
    """A user-facing error: printed without a traceback, exit code 1 (or `code`)."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code


def shell_actor() -> str:
    """The person at this shell, as runs, rules and the audit trail record them."""
    import getpass
    import os

    try:
        user = getpass.getuser()
    except (OSError, KeyError):  # no login name in some containers
        user = f"uid{os.getuid()}"
    return f"{SHELL_ACTOR_PREFIX}{user}"


def is_shell_actor(actor: str | None) -> bool:
    """Someone who acted through the `smith` command on this installation's database: an
    operator, whose access no forge can tell (and need not: the database is theirs)."""
    return bool(actor) and str(actor).startswith(SHELL_ACTOR_PREFIX)


def load_settings() -> Settings:
    """This installation's settings; invalid ones are a usage error, not a traceback."""
    from pydantic import ValidationError  # lazy: CLI start-up

    from bot.config import Settings

    try:
        return Settings()
    except ValidationError as exc:
        raise CommandError(f"invalid settings:\n{exc}", EXIT_USAGE) from exc


@contextmanager
def database_target(settings: Settings) -> Iterator[str]:
    """The database URL for this process, migrated; an embedded server we started is stopped."""
    import psycopg  # lazy, as the rest: CLI start-up

    from bot.store.db import resolve_database
    from bot.store.embedded import EmbeddedPostgresError
    from bot.store.migrate import upgrade

    try:
        target = resolve_database(settings)
    except EmbeddedPostgresError as exc:
        raise CommandError(str(exc)) from exc
    try:
        try:
            upgrade(target.url)
        except psycopg.OperationalError as exc:  # no server there, refused, wrong password
            reason = (str(exc).strip().splitlines() or ["no answer"])[0]
            raise CommandError(f"the database cannot be reached ({reason}); check "
                               "SMITH_DATABASE_URL, or unset it to use the embedded "
                               "PostgreSQL") from None
        yield target.url
    finally:
        target.release()
