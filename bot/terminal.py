"""What `smith` commands print for people: a console as wide as its output, and a status line.

- `make_console()`: on a terminal, rich measures the window and wraps table cells to fit it.
  Piped into a file or another program rich would assume 80 columns and cut every table there,
  so a piped console gets a width no table reaches (`PIPED_WIDTH`): each line ends where its
  content ends, and `grep` sees whole cells.
- `StatusLine`: one spinner line saying what a long command is doing now (checking out, the
  repository's setup, the test run, a model step) and for how long. It is transient (gone when
  the command prints its outcome) and nothing at all when the console is not a terminal, so
  files and pipes hold only the outcome.

Imported only inside the command functions (CLI start-up: rich is not loaded for `--help`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self

from rich.console import Console, RenderableType
from rich.status import Status
from rich.text import Text

PIPED_WIDTH = 10_000
"""Columns of a console that is not a terminal: wider than any table Smith prints."""


def make_console(*, stderr: bool = False, **options: Any) -> Console:
    """A rich Console on stdout (or stderr): the terminal's width, or `PIPED_WIDTH` when piped."""
    console = Console(stderr=stderr, **options)
    if console.is_terminal or "width" in options:
        return console
    return Console(stderr=stderr, width=PIPED_WIDTH, **options)


def elapsed(seconds: float) -> str:
    """`8 s`, `1 min 05 s`: how long something has been running, for the status line."""
    whole = int(seconds)
    return f"{whole} s" if whole < 60 else f"{whole // 60} min {whole % 60:02d} s"


class Timed:
    """`text · 12 s`: the seconds since `since` (default: now) are counted at every refresh of
    the live display that shows it."""

    def __init__(self, text: str, since: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.text = text
        self.clock = clock
        self.since = clock() if since is None else since

    def __rich__(self) -> Text:
        return Text.assemble(self.text, (f" · {elapsed(self.clock() - self.since)}", "dim"))


class StatusLine:
    """A live status line on `console` while a `with` block runs; a no-op off a terminal.

    `update(text)` says what runs now (plain text, never markup) and restarts its clock.
    """

    def __init__(self, console: Console, text: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.clock = clock
        self.text = text
        self._status: Status | None = None

    @property
    def active(self) -> bool:
        return self._status is not None

    def __enter__(self) -> Self:
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self._status = self.console.status(self._renderable(self.text), spinner="dots")
            self._status.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._status is not None:
            self._status.stop()
            self._status = None

    def update(self, text: str) -> None:
        if text == self.text:
            return
        self.text = text
        if self._status is not None:
            self._status.update(self._renderable(text))

    def _renderable(self, text: str) -> RenderableType:
        return Timed(text, clock=self.clock) if text else ""
