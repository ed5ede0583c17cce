"""A JavaScript runner's branch coverage, vouched for by a node driver on its own output, never
read from a file the tests could forge: the host side shared by jest (`jest_coverage.py`) and
vitest (`vitest_coverage.py`).

The driver keeps the runner's coverage map in its memory and gives it as its one record through
`node_driver.py` (the nonce, the digest on its output, the execute-only node, the checkout left
alone). Here the record is read: a malformed record is refused whole, and paths outside the
checkout, in `node_modules` or made during the run are dropped.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

from bot.repo_config import RepoConfig
from bot.workspace.node_driver import DriverRecordError, run_node_driver, tree_stamps
from bot.workspace.pytest_batch import plain_words
from bot.workspace.sandbox import Sandbox

MAX_FILES = 20000
"""Files a record may name, at most."""


class RunnerCoverageError(DriverRecordError):
    """The suite could not be measured: the command is not the plain runner, the runner or its
    coverage is missing, the run broke, or its record was missing or malformed."""


def plain_runner_words(command: str, runner: str) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, the words after the runner's name) of `[VAR=value ...] [npx]
    <runner> ...` with no shell operators, placeholder words (`{junit}`, `{tests}`) left out;
    None for any other command."""
    split = plain_words(command)
    if split is None:
        return None
    env = {name: value for name, value in split[0] if "{" not in value}
    words = split[1]
    if words[:1] == ["npx"]:
        words = words[1:]
    name = PurePosixPath(words[0]).name if words else ""
    if name != runner and not name.startswith(runner + "."):
        return None
    return env, [word for word in words[1:] if "{" not in word]


async def run_driver(sandbox: Sandbox, checkout: Path, config: RepoConfig, *, runner: str,
                     driver: tuple[str, str], job: dict[str, object], extra: dict[str, str],
                     env: dict[str, str], sources: tuple[str, ...],
                     timeout: float) -> dict[str, tuple[int, int]]:
    """Run the coverage driver (`node_driver.run_node_driver`) and read its one record: per
    source file (checkout-relative), (covered branches, branches). Only source files (names
    ending in `sources`) that were in the checkout before the run count."""
    before = set(tree_stamps(checkout))
    try:
        record = await run_node_driver(sandbox, checkout, config, runner=runner,
                                       what="coverage", driver=driver, job=job, extra=extra,
                                       env=env, timeout=timeout)
    except DriverRecordError as exc:
        raise RunnerCoverageError(str(exc)) from exc
    return {rel: counts for rel, counts in read_record(record, checkout, runner).items()
            if rel in before and rel.endswith(sources)}


def read_record(record: str, checkout: Path, runner: str) -> dict[str, tuple[int, int]]:
    """The record's files, checkout-relative; anything malformed is refused whole."""
    try:
        data = json.loads(record)
    except ValueError as exc:
        raise RunnerCoverageError(f"{runner}'s coverage record is not JSON") from exc
    if not isinstance(data, dict):
        raise RunnerCoverageError(f"{runner}'s coverage record is malformed")
    if "error" in data:
        raise RunnerCoverageError(
            f"{runner} could not measure coverage: {str(data['error'])[:300]}")
    raw = data.get("files")
    if not isinstance(raw, dict) or len(raw) > MAX_FILES:
        raise RunnerCoverageError(f"{runner}'s coverage record is malformed")
    files: dict[str, tuple[int, int]] = {}
    root = PurePosixPath(checkout.as_posix())
    for name, counts in raw.items():
        if not (isinstance(name, str) and isinstance(counts, list) and len(counts) == 2
                and all(type(c) is int and c >= 0 for c in counts) and counts[0] <= counts[1]):
            raise RunnerCoverageError(f"{runner}'s coverage record is malformed")
        path = PurePosixPath(name)
        try:
            rel = path.relative_to(root) if path.is_absolute() else path
        except ValueError:
            continue  # outside the checkout (a linked package): not the repository's code
        if ".." in rel.parts or "node_modules" in rel.parts:
            continue
        files[rel.as_posix()] = (counts[0], counts[1])
    return files
