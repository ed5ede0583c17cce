"""`python -m bot.cli ARGS` without the subprocess: `bot.cli.main` in this process, with the
environment a subprocess would get, its exit code and what it printed on each stream.

A subprocess of the CLI spends 1-4 s importing before it parses its arguments (the chains' step
rows for `rules` and `stats`); a command's test file keeps one real subprocess for what only a
process shows (the entry point, a usage error's exit code, signals) and runs the other cases
here (docs/DESIGN.md, "A command is tested through one real subprocess").
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import threading
from collections.abc import Mapping
from pathlib import Path

import pytest

from bot.cli import main

CLEARED = ("SMITH_", "ANTHROPIC_")
"""Variables of this process a command must not read: the test's environment replaces them."""


class InProcessCli:
    """One test's runner: `monkeypatch` sets the environment (undone after the test), `capsys`
    takes the streams."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
        self.capsys, self.monkeypatch = capsys, monkeypatch

    def _enter(self, env: Mapping[str, str], cwd: Path | None) -> None:
        for name in [k for k in os.environ if k.startswith(CLEARED)]:
            self.monkeypatch.delenv(name)
        for name, value in env.items():
            self.monkeypatch.setenv(name, value)
        if cwd is not None:
            self.monkeypatch.chdir(cwd)
        self.capsys.readouterr()

    def _result(self, args: list[str], code: int) -> subprocess.CompletedProcess[str]:
        out, err = self.capsys.readouterr()
        return subprocess.CompletedProcess(args, code, out, err)

    def run(self, args: list[str], env: Mapping[str, str],
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """`main(args)` here, as a subprocess's main thread runs it (a command may set signal
        handlers); in a thread of its own, waited for, when the calling test is inside an event
        loop (`main` runs its own)."""
        self._enter(env, cwd)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return self._result(args, main(args))
        ended: list[int | BaseException] = []

        def call() -> None:
            try:
                ended.append(main(args))
            except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
                ended.append(exc)

        thread = threading.Thread(target=call)
        thread.start()
        thread.join(300)
        assert ended, f"`smith {' '.join(args)}` did not return"
        if isinstance(ended[0], BaseException):
            raise ended[0]
        return self._result(args, ended[0])

    async def run_async(self, args: list[str], env: Mapping[str, str],
                        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """The same without blocking this loop: the fakes the command talks to may live here."""
        self._enter(env, cwd)
        code = await asyncio.to_thread(main, args)
        return self._result(args, code)
