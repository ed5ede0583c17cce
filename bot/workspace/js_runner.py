"""Which JavaScript runner a repository's test command uses, and that command with options added.

The gates of the test-generation chain need more of jest and vitest than one run: the files the
runner would collect (`jest --listTests`, `vitest list --filesOnly`) and runs in random order
(`--randomize --seed`, `--sequence.shuffle --sequence.seed`); coverage goes through a driver
instead (`jest_coverage.py`, `vitest_coverage.py`). They are the repository's own command
with options put in front of its test ids, so its config, environment words and reporters stay
as they are. A command that names neither runner gets none of this.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Literal

from bot.repo_config import RepoConfig

Runner = Literal["jest", "vitest"]
_TESTS = "{tests}"


def runner_of(config: RepoConfig) -> Runner | None:
    """jest or vitest when the test command runs one of them (`jest`, `npx jest`,
    `node_modules/.bin/vitest run`...), else None."""
    if config.language not in ("javascript", "typescript"):
        return None
    try:
        words = shlex.split(config.test_command)
    except ValueError:
        return None
    for word in words:
        name = Path(word).name
        if name in ("jest", "jest.js"):
            return "jest"
        if name in ("vitest", "vitest.mjs"):
            return "vitest"
    return None


def with_options(command: str, options: list[str]) -> str:
    """`command` with `options` (shell-quoted) just before its test ids, or at its end."""
    added = " ".join(shlex.quote(o) for o in options)
    for marker in (f"-- {_TESTS}", _TESTS):
        if marker in command:
            head, tail = command.split(marker, 1)
            return f"{head.rstrip()} {added} {marker}{tail}"
    if command.rstrip().endswith(" --"):  # a full-suite command: `... --` with no ids after
        return f"{command.rstrip()[:-3].rstrip()} {added} --"
    return f"{command} {added}"


def random_order(runner: Runner, seed: int) -> list[str]:
    """Options for a run in a random, reproducible order."""
    if runner == "jest":
        return ["--randomize", f"--seed={seed}"]
    return ["--sequence.shuffle", f"--sequence.seed={seed}"]


def list_command(config: RepoConfig, runner: Runner) -> str:
    """The test command turned into the runner's listing of the files it would run."""
    command = config.test_command
    if runner == "jest":
        return with_options(command, ["--listTests"])
    words = command.split()
    for index, word in enumerate(words):
        if Path(word).name.startswith("vitest"):
            rest = words[index + 1:]
            if rest[:1] == ["run"]:
                rest = rest[1:]
            kept = [w for w in rest if not w.startswith(("--reporter", "--outputFile"))]
            # --filesOnly: the files its include patterns match, without loading them (a file
            # that fails to load is gate 1's second half, read from the JUnit report).
            return " ".join([*words[:index + 1], "list", "--filesOnly", *kept])
    return command
