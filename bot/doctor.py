"""`smith doctor REPO`: try a repository the way a run would, before anyone summons Smith on it.

Same pieces as PREPARE and QUALITY: a depth-1 checkout of the default (or given) branch through
the mirror cache, `.smith.yml` read from that branch, the sandbox built from the operator's
settings (strengthened by the repository's `sandbox:`), the dependency setup through the same
cache, then the repository's test command once, with the verdict read from its JUnit report.
Each check says what is wrong and what to change, so an operator fixes the repository (or the
installation) instead of learning it from a failed run.
"""

from __future__ import annotations

import re
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from bot.config import Settings
from bot.repo_config import CONFIG_FILE, RepoConfig, RepoConfigError, load_repo_config
from bot.workspace.checkout import Workspace
from bot.workspace.dependencies import DependencyCache, SetupFailed
from bot.workspace.git import GitError, GitOptions
from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome
from bot.workspace.sandbox import Sandbox, SandboxUnavailable
from bot.workspace.sandbox.from_settings import sandbox_settings
from bot.workspace.testrun import run_tests
from bot.workspace.versions import with_version_env

CheckName = Literal["checkout", "config", "sandbox", "setup", "tests", "report"]
Progress = Callable[[str], None]
"""Told what the doctor starts next, in words (`smith doctor` shows it on its status line)."""
TAIL_CHARS = 1500
# What shells and runners print when the command (or the runner module) is not there.
_NOT_FOUND = (
    re.compile(r"(?P<what>[\w.+/-]+): (?:command )?not found"),
    re.compile(r"(?:exec|can't open file|cannot execute)[^\n]*?['\"]?(?P<what>[\w./+-]+)['\"]?: "
               r"No such file or directory"),
    re.compile(r"No module named '?(?P<what>[\w.]+)'?"),
    re.compile(r"Cannot find module '(?P<what>[^']+)'"),
)


class Check(BaseModel):
    """One thing a run needs, and whether this repository has it."""

    name: CheckName
    ok: bool
    message: str
    fix: str | None = None
    detail: str = ""
    """The end of the command's output, when it failed."""
    seconds: float | None = None


class TestCounts(BaseModel):
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0


class DoctorReport(BaseModel):
    repo: str
    branch: str | None = None
    sandbox: str | None = None
    test_command: str | None = None
    checks: list[Check] = Field(default_factory=list)
    counts: TestCounts | None = None
    seconds: float = 0.0

    @property
    def ready(self) -> bool:
        return bool(self.checks) and all(check.ok for check in self.checks)

    def add(self, name: CheckName, ok: bool, message: str, **extra: object) -> bool:
        self.checks.append(Check(name=name, ok=ok, message=message, **extra))
        return ok


def remote_for(repo: str) -> tuple[str, tuple[str, ...]]:
    """The clone URL of REPO and the extra git protocols it needs (a local path needs `file`)."""
    path = Path(repo).expanduser()
    if path.exists():
        return path.resolve().as_uri(), ("file",)
    return repo, ()


def repo_key(repo: str) -> str:
    """The dependency-cache folder a run would use, made safe the way PREPARE makes it: for a
    local path `local/<folder>`, the name `smith fix --repo` runs under (bot/forge/local.py),
    so that the run restores what the doctor's setup built; else `owner/name` from the URL."""
    path = Path(repo).expanduser()
    if path.exists():
        name = f"local/{path.resolve().name}"
    else:
        tail = [part for part in re.split(r"[/:]", repo.rstrip("/")) if part][-2:]
        name = "/".join(tail).removesuffix(".git")
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name) or "repo"


def build_sandbox(settings: Settings, config: RepoConfig) -> Sandbox:
    """The sandbox PREPARE builds: operator settings (data folder forbidden, limits, every
    secret scanned), strengthened only by the repository's kind override."""
    return Sandbox(sandbox_settings(settings), kind_override=config.sandbox)


async def default_branch(workspace: Workspace, url: str, protocols: tuple[str, ...]) -> str:
    """The branch the remote's HEAD points at (what the forge calls the default branch)."""
    out = await workspace.git.run(["ls-remote", "--symref", "--", url, "HEAD"],
                                  extra_protocols=protocols)
    for line in out.decode(errors="replace").splitlines():
        if line.startswith("ref: refs/heads/"):
            return line.split("\t", 1)[0].removeprefix("ref: refs/heads/")
    raise GitError(["ls-remote", url], 1, "the remote has no default branch (HEAD)")


_CHECKOUT_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"transport '?\w+'? not allowed|unsupported protocol", re.I),
     "allow the clone URL's protocol in SMITH_GIT_ALLOWED_PROTOCOLS (JSON list, e.g. "
     '`["https", "file"]` for a local path)'),
    (re.compile(r"branch '?[^' ]+'? not found|couldn't find remote ref|no default branch", re.I),
     "name an existing branch with `--branch`"),
    (re.compile(r"authentication failed|could not read username|permission denied \(publickey",
                re.I),
     "the forge refused the credentials: check the token (SMITH_GITHUB_TOKEN, "
     "SMITH_GITLAB_TOKEN) or the App's installation on this repository"),
    (re.compile(r"does not appear to be a git repository|repository not found|not found|"
                r"could not resolve host", re.I),
     "check the path or URL: it must be a git repository (a local folder with a `.git`, or a "
     "clone URL this machine reaches)"),
)


def checkout_hint(exc: BaseException, settings: Settings) -> str:
    """The fix for a failed checkout, from what failed: git's own words, else the data folder
    (a checkout is written under it)."""
    text = str(exc)
    for pattern, hint in _CHECKOUT_HINTS:
        if pattern.search(text):
            return hint
    return (f"the checkout is written under the data folder `{settings.data_dir}` "
            "(SMITH_DATA_DIR): check that it is writable and has free space")


def _tail(text: str) -> str:
    text = text.strip()
    return text if len(text) <= TAIL_CHARS else "…" + text[-TAIL_CHARS:]


def missing_command(output: str, exit_code: int | None) -> str | None:
    """What could not start (`python`, `pytest`, `jest`), when the output says so."""
    for pattern in _NOT_FOUND:
        match = pattern.search(output)
        if match:
            return match.group("what")
    return "the command" if exit_code in (126, 127) else None


def _missing_in_cases(cases: list[TestCaseResult]) -> str | None:
    """The module a collection error could not import (the setup does not install it)."""
    for case in cases:
        if case.outcome is TestOutcome.COLLECTION_ERROR:
            match = _NOT_FOUND[2].search(f"{case.message}\n{case.details}")
            if match:
                return match.group("what")
    return None


def _silent(text: str) -> None:
    return None


async def diagnose(settings: Settings, repo: str, branch: str | None = None,
                   progress: Progress = _silent) -> DoctorReport:
    """Check out REPO, read its config, build the sandbox, run setup and the tests once;
    `progress` hears each check as it starts."""
    started = time.monotonic()
    progress(f"checking out {repo}")
    report = DoctorReport(repo=repo)
    url, protocols = remote_for(repo)
    try:
        workspace = Workspace(settings.workspace_dir, GitOptions(
            allowed_protocols=(*settings.git_allowed_protocols, *protocols),
            timeout_seconds=settings.git_timeout_seconds,
        ))
        report.branch = branch or await default_branch(workspace, url, protocols)
        checkout = await workspace.create_checkout(url, report.branch)
    except (GitError, OSError, ValueError) as exc:
        report.add("checkout", False, f"cannot check out {repo}: {exc}",
                   fix=checkout_hint(exc, settings))
        report.seconds = round(time.monotonic() - started, 3)
        return report
    try:
        report.add("checkout", True, f"{report.branch} @ {checkout.base_commit[:10]}")
        await _check_checkout(settings, report, checkout.path, await checkout.read_base_file(
            CONFIG_FILE), repo, progress, tag=checkout.nearest_tag)
    finally:
        checkout.remove()
        report.seconds = round(time.monotonic() - started, 3)
    return report


async def _check_checkout(
    settings: Settings, report: DoctorReport, path: Path, config_text: bytes | None, repo: str,
    progress: Progress = _silent, *, tag: str | None = None,
) -> None:
    try:
        config = with_version_env(load_repo_config(config_text), tag)  # as PREPARE does
    except RepoConfigError as exc:
        report.add("config", False, f"`{CONFIG_FILE}` on {report.branch} cannot be used:\n{exc}",
                   fix=f"correct the named lines in `{CONFIG_FILE}` (schema: "
                       "bot/repo_config.schema.json)")
        return
    source = f"`{CONFIG_FILE}`" if config_text is not None else "defaults (no `.smith.yml`)"
    report.test_command = config.test_command
    report.add("config", True, f"{source}: {config.language}, tests `{config.test_command}`")
    try:
        sandbox = build_sandbox(settings, config)
    except SandboxUnavailable as exc:
        report.add("sandbox", False, str(exc),
                   fix="install bubblewrap or allow user namespaces (unshare), or set "
                       "SMITH_SANDBOX_KIND; SMITH_SANDBOX_ALLOW_UNSANDBOXED=true is not advised")
        return
    report.sandbox = sandbox.kind
    report.add("sandbox", True, f"{sandbox.kind}, PATH {settings.sandbox_path}")
    if config.setup.command:
        progress(f"running the setup: {config.setup.command}")
    if not await _check_setup(settings, report, sandbox, path, config, repo):
        return
    progress(f"running the tests: {config.test_command}")
    await _check_tests(report, sandbox, path, config)


async def _check_setup(
    settings: Settings, report: DoctorReport, sandbox: Sandbox, path: Path, config: RepoConfig,
    repo: str,
) -> bool:
    if not config.setup.command:
        return report.add("setup", True, "no setup command: tests use the toolchains on "
                          "SMITH_SANDBOX_PATH as they are")
    cache = DependencyCache(settings.dependency_cache_dir, sandbox, settings.setup_env)
    started = time.monotonic()
    try:
        outcome = await cache.prepare(path, config, repo_key(repo))
    except SetupFailed as exc:
        seconds = round(time.monotonic() - started, 3)
        text = str(exc)
        what = missing_command(text, None)
        fix = (f"`{what}` is not on the sandbox PATH: install it or add its folder to "
               "SMITH_SANDBOX_PATH" if what else "run the setup command by hand in a fresh clone "
               "and correct `setup.command` in `.smith.yml`")
        report.add("setup", False, f"the setup command failed: `{config.setup.command}`",
                   fix=fix, detail=_tail(text), seconds=seconds)
        return False
    cached = "restored from the dependency cache" if outcome.cache_hit else "ran"
    return report.add("setup", True, f"`{config.setup.command}` {cached}",
                      seconds=outcome.seconds)


# A limit the sandbox names (bot/workspace/sandbox/limits.py) → its words and its setting.
_LIMITS = {
    "processes": ("process", "SMITH_SANDBOX_MAX_PROCESSES"),
    "memory": ("memory", "SMITH_SANDBOX_MAX_MEMORY_BYTES"),
    "disk": ("disk", "SMITH_SANDBOX_MAX_DISK_BYTES"),
    "file_size": ("file size", "SMITH_SANDBOX_MAX_FILE_BYTES"),
    "open_files": ("open files", "SMITH_SANDBOX_MAX_OPEN_FILES"),
    "cpu_time": ("CPU time", "SMITH_SANDBOX_MAX_CPU_SECONDS"),
}


async def _check_tests(
    report: DoctorReport, sandbox: Sandbox, path: Path, config: RepoConfig
) -> None:
    result = await run_tests(sandbox, path, config, tests=())
    seconds = round(result.duration_seconds, 3)
    command = config.test_command
    if result.status is RunStatus.TIMEOUT:
        report.add("tests", False, f"the test command timed out after "
                   f"{config.tests.timeout_seconds} s: `{command}`",
                   fix="raise `tests.timeout_seconds` in `.smith.yml` or make the suite faster",
                   detail=_tail(result.output), seconds=seconds)
        return
    if result.limit is not None and result.limit != "timeout":
        name, setting = _LIMITS.get(result.limit, (result.limit.replace("_", " "), None))
        report.add("tests", False, f"the test command hit the sandbox's {name} limit: "
                   f"`{command}`",
                   fix=(f"raise {setting} (Smith's settings) if the suite needs more, or make it "
                        "need less" if setting else "make the suite need less"),
                   detail=_tail(result.output), seconds=seconds)
        return
    if result.status is RunStatus.NO_REPORT:
        what = missing_command(result.output, result.exit_code)
        if what is not None:
            first = shlex.split(config.test_command)[0] if config.test_command.strip() else ""
            report.add("tests", False, f"the test command could not start: `{what}` not found "
                       f"(`{command}`)",
                       fix=f"add a `setup` step to `.smith.yml` that installs `{what}` (e.g. "
                           "`python3 -m venv .venv && .venv/bin/pip install -r requirements.txt` "
                           "with `cache_paths: [.venv]`), or put the toolchain of `"
                           f"{first or what}` on SMITH_SANDBOX_PATH",
                       detail=_tail(result.output), seconds=seconds)
            return
        report.add("tests", True if result.exit_code == 0 else False,
                   f"the test command ended with exit code {result.exit_code}", seconds=seconds,
                   detail="" if result.exit_code == 0 else _tail(result.output))
        report.add("report", False, "the test command wrote no JUnit report (or an unreadable "
                   "one) at `{junit}`",
                   fix="make `tests.command` write JUnit XML to `{junit}` "
                       "(pytest: `--junitxml={junit}`; jest: the jest-junit reporter with "
                       "JEST_JUNIT_OUTPUT_FILE={junit})")
        return
    counts = TestCounts()
    for case in result.cases:
        if case.outcome is TestOutcome.PASSED:
            counts.passed += 1
        elif case.outcome is TestOutcome.SKIPPED:
            counts.skipped += 1
        elif case.outcome is TestOutcome.COLLECTION_ERROR:
            counts.errors += 1
        else:
            counts.failed += 1
    report.counts = counts
    summary = (f"{counts.passed} passed, {counts.failed} failed, {counts.errors} errors, "
               f"{counts.skipped} skipped")
    report.add("report", True, f"JUnit report read: {len(result.cases)} test cases")
    if not result.cases:
        report.add("tests", False, f"the report lists no tests ({summary})",
                   fix="check `tests.command` and `tests.paths`: the command must collect the "
                       "repository's tests", seconds=seconds)
    elif counts.errors and (missing := _missing_in_cases(result.cases)):
        report.add("tests", False, f"{summary}: the tests import `{missing}`, which is not "
                   "installed in the sandbox",
                   fix=f"add a `setup` step to `.smith.yml` that installs `{missing}` (e.g. "
                       "`pip install -r requirements.txt` into a `.venv` listed in "
                       "`cache_paths`)", detail=_tail(result.output), seconds=seconds)
    elif counts.failed or counts.errors:
        broken = [c.test_id for c in result.cases
                  if c.outcome not in (TestOutcome.PASSED, TestOutcome.SKIPPED)][:10]
        report.add("tests", False, f"{summary} on {report.branch}: the base branch must be "
                   "green, or every run's quality step goes red",
                   fix="fix or skip these tests first: " + ", ".join(broken),
                   detail=_tail(result.output), seconds=seconds)
    else:
        report.add("tests", True, summary, seconds=seconds)
