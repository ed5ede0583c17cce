"""Coverage-driven campaigns: branch coverage per package, lowest first, fresh docs only.

The suite runs once under coverage.py (`--branch`) in the sandbox, before the Writer starts,
and once more when the campaign ends; never after every file. A package is a folder of Python
sources; its docs are the files matching `testgen.docs` inside it or naming it in their path,
and they are fresh when the last commit touching them is younger than
`testgen.docs_fresh_days`. JavaScript suites are measured by their runner (jest's own
coverage, vitest's `@vitest/coverage-v8`), each map told through a node driver's own output,
never a file the tests could write (`bot/workspace/node_coverage.py`, `node_driver.py`).
Packages with stale or no docs are not tested: they are listed as documentation debt (tests written from stale docs
pin down yesterday's behaviour).
"""

from __future__ import annotations

import json
import shlex
import shutil
import tempfile
import time
from collections import defaultdict
from pathlib import Path, PurePosixPath

import pathspec
from pydantic import BaseModel

from bot.chains.tests.jsast import JS_SUFFIXES
from bot.repo_config import RepoConfig
from bot.workspace.git import Git, GitError
from bot.workspace.jest_coverage import measure_jest
from bot.workspace.js_runner import runner_of
from bot.workspace.node_coverage import RunnerCoverageError
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env
from bot.workspace.vitest_coverage import measure_vitest

MAX_REPORT_BYTES = 32 << 20
DAY = 86400


class CoverageUnavailable(RuntimeError):
    """The suite could not be measured (coverage.py missing, the run broke)."""


class PackageCoverage(BaseModel):
    package: str
    covered: int
    branches: int
    files: dict[str, float]
    """Each source file's branch coverage (0..1)."""

    @property
    def ratio(self) -> float:
        return self.covered / self.branches if self.branches else 1.0


async def measure(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                  timeout: float) -> dict[str, tuple[int, int]]:
    """Per source file: (covered branches, branches), from one sandboxed suite run."""
    if config.language in ("javascript", "typescript"):
        return await measure_js(sandbox, checkout, config, timeout=timeout)
    reports = Path(tempfile.mkdtemp(prefix="smith-coverage-", dir=checkout.parent))
    reports.chmod(0o777)
    try:
        data, out = reports / "coverage.data", reports / "coverage.json"
        env, prepend = repo_env(config, checkout)
        env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
        # `--source=.`: files no test imports count too, at 0 %
        command = (f"python3 -m coverage run --branch --source=. --omit='.venv/*,venv/*' "
                   f"--data-file={shlex.quote(str(data))} "
                   f"-m pytest -q -p no:cacheprovider; python3 -m coverage json "
                   f"--data-file={shlex.quote(str(data))} -o {shlex.quote(str(out))} -q")
        result = await sandbox.run(command, cwd=checkout, timeout=timeout, env=env,
                                   path_prepend=prepend, writable=[reports])
        try:
            raw = read_beneath(reports, out.name, max_bytes=MAX_REPORT_BYTES, single_link=True)
            report = json.loads(raw)
        except (OSError, ValueError) as exc:
            tail = " ".join(result.output.strip().splitlines()[-2:])[:300]
            raise CoverageUnavailable(f"the suite could not be measured with coverage.py "
                                      f"({tail or exc})") from exc
    finally:
        shutil.rmtree(reports, ignore_errors=True)
    files: dict[str, tuple[int, int]] = {}
    for name, entry in (report.get("files") or {}).items():
        summary = entry.get("summary") or {}
        rel = _relative(name, checkout)
        if rel is not None:
            files[rel] = (int(summary.get("covered_branches", 0)),
                          int(summary.get("num_branches", 0)))
    return files


async def measure_js(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                     timeout: float) -> dict[str, tuple[int, int]]:
    """The JavaScript suite under its runner's own coverage, through a node driver that tells
    the map on its own output (`bot/workspace/jest_coverage.py`, `vitest_coverage.py`), every
    source file collected (untested ones at 0 %)."""
    runner = runner_of(config)
    if runner is None:
        raise CoverageUnavailable("the test command runs neither jest nor vitest: no coverage")
    measure_runner = measure_vitest if runner == "vitest" else measure_jest
    try:
        return await measure_runner(sandbox, checkout, config, sources=JS_SUFFIXES,
                                    timeout=timeout)
    except RunnerCoverageError as exc:
        raise CoverageUnavailable(str(exc)) from exc


def _relative(name: str, checkout: Path) -> str | None:
    path = PurePosixPath(name)
    if path.is_absolute():
        try:
            path = path.relative_to(PurePosixPath(checkout.as_posix()))
        except ValueError:
            return None
    return None if ".." in path.parts else path.as_posix()


def by_package(files: dict[str, tuple[int, int]], test_globs: list[str]) -> list[PackageCoverage]:
    """Packages (folders of sources, tests left out), lowest branch coverage first."""
    tests = pathspec.GitIgnoreSpec.from_lines(test_globs)
    grouped: dict[str, dict[str, tuple[int, int]]] = defaultdict(dict)
    for path, counts in files.items():
        if path.endswith((".py", *JS_SUFFIXES)) and not tests.match_file(path):
            grouped[str(PurePosixPath(path).parent)][path] = counts
    packages = []
    for package, members in grouped.items():
        covered = sum(c for c, _ in members.values())
        branches = sum(b for _, b in members.values())
        packages.append(PackageCoverage(
            package=package, covered=covered, branches=branches,
            files={p: (c / b if b else 1.0) for p, (c, b) in members.items()}))
    return sorted(packages, key=lambda p: (p.ratio, p.package))


def docs_of(checkout: Path, package: str, doc_globs: list[str]) -> list[str]:
    """Documentation files of `package`: matching the docs globs inside it, or naming it."""
    spec = pathspec.GitIgnoreSpec.from_lines(doc_globs)
    name = PurePosixPath(package).name if package != "." else ""
    found = []
    for path in sorted(checkout.rglob("*"))[:20000]:
        if path.is_symlink() or not path.is_file():
            continue
        rel = path.relative_to(checkout).as_posix()
        if rel.startswith(".git") or not spec.match_file(rel):
            continue
        inside = package == "." and "/" not in rel or rel.startswith(package + "/")
        if inside or (name and name in PurePosixPath(rel).stem.lower()):
            found.append(rel)
    return found


async def docs_age_days(git: Git, mirror: Path, branch: str, docs: list[str]) -> float | None:
    """Days since the last commit on `branch` that touched `docs`; None when none did."""
    if not docs:
        return None
    try:
        out = await git.run(["log", "-1", "--format=%ct", f"refs/heads/{branch}", "--", *docs],
                            git_dir=mirror)
    except GitError:
        return None
    stamp = out.decode().strip()
    return (time.time() - int(stamp)) / DAY if stamp.isdigit() else None


def overall(files: dict[str, tuple[int, int]]) -> float:
    covered = sum(c for c, _ in files.values())
    branches = sum(b for _, b in files.values())
    return covered / branches if branches else 1.0
