"""`smith tests`, `smith smells` and `smith mutate`: the chain offline, and gates 5 and 4 alone.

Imported only when one of these commands runs (CLI start-up); heavy imports stay inside the
functions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self

TESTS_HELP = "write tests for a local repository through the six gates (no forge)"
SMELLS_HELP = "find test smells in test files (gate 5 of the test-generation chain)"
MUTATE_HELP = "mutation score of a module under one test file (gate 4)"


def register(subparsers: Any) -> None:
    tests = subparsers.add_parser(
        "tests", help=TESTS_HELP,
        description="Run the test-generation chain on a local git repository: a Writer agent "
        "writes one test file per target, each goes through collect, green, stable, mutation "
        "and smell gates in the sandbox and an independent Reviewer; kept files land on a new "
        "branch of that repository and a Markdown report is written to the data folder. "
        "Nothing is sent to a forge; the task and the code the steps read go to the model "
        "service. Exit 0 when the run succeeded, 1 otherwise (the reason is printed).")
    tests.add_argument("--repo", type=Path, required=True, help="a local git repository")
    tests.add_argument("--json", action="store_true",
                       help="print the finished run as JSON (as `smith runs show --json`, with "
                       "`report`); the progress goes to stderr")
    what = tests.add_mutually_exclusive_group(required=True)
    what.add_argument("--issue-file", type=Path,
                      help="a task as Markdown; the source files it names are the targets")
    what.add_argument("--target", nargs="+", metavar="PATH",
                      help="source files to write tests for (repository-relative)")
    what.add_argument("--coverage", action="store_true",
                      help="the packages with the lowest branch coverage whose docs are fresh")
    tests.set_defaults(func=cmd_tests)

    smells = subparsers.add_parser(
        "smells", help=SMELLS_HELP,
        description="Static test-smell analysis of test files: Python (pytest and unittest) "
        "and JavaScript or TypeScript (jest and vitest; .js .mjs .cjs .jsx .ts .tsx): "
        "reject-level smells (no_assertion, empty_test, assertion_roulette, "
        "excessive_mocking, mocks_sut, tautology) and warnings (sleep_in_unit_test, "
        "magic_numbers, broad_exception_assert). Exit 1 when a file is rejected.")
    smells.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    smells.add_argument("--json", action="store_true", help="one JSON object per file")
    smells.add_argument("--subject", type=Path, metavar="FILE",
                        help="the module under test: its functions patched count as "
                        "mocks_sut, its return formulas repeated as tautologies")
    smells.set_defaults(func=cmd_smells)

    mutate = subparsers.add_parser(
        "mutate", help=MUTATE_HELP,
        description="Mutate comparisons, arithmetic, boolean operators, constants and returns "
        "of MODULE one at a time (string and log literals are left alone) and run only TESTS "
        "against each mutant in the sandbox; print the score and the survivors. Everything "
        "runs in a throw-away copy of the working tree under the data folder, never in the "
        "repository itself, after the repository's `.smith.yml` setup. TESTS must first pass "
        "on the original code (the reference pass), or the command fails with the reason; "
        "each mutant's run is limited to a few times the reference pass. A mutant is killed "
        "only when a test fails on it; a run that cannot start, does not load the tests or "
        "times out outside a test is listed apart (`errors`) and left out of the score. "
        "Python modules run under the repository's pytest command, JavaScript and TypeScript "
        "ones under its jest or vitest command (.smith.yml `language` and `tests.command`). "
        "Exit 0 with a score, 1 when there is none (the reason is printed).")
    mutate.add_argument("--repo", type=Path, required=True, help="the repository (its root)")
    mutate.add_argument("--module", required=True, help="the module, repository-relative")
    mutate.add_argument("--tests", required=True, help="the test file, repository-relative")
    mutate.add_argument("--function", action="append", default=[], metavar="NAME",
                        help="mutate only these functions (repeatable)")
    mutate.add_argument("--max-mutants", type=int, default=30, metavar="N")
    mutate.add_argument("--json", action="store_true", help="print JSON")
    mutate.set_defaults(func=cmd_mutate)


def cmd_smells(args: argparse.Namespace) -> int:
    from bot.chains.tests.testfiles import ANALYSED_SUFFIXES, analysable, analyse, subject_of
    from bot.command_line import CommandError

    def read(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc

    subject = None
    if args.subject is not None:
        subject = subject_of(args.subject.as_posix(), read(args.subject))
    rejected = False
    for path in args.paths:
        if not analysable(path.name):
            raise CommandError(f"{path}: not a test file Smith reads "
                               f"({' '.join(ANALYSED_SUFFIXES)})")
        report = analyse(read(path), str(path), subject)
        rejected = rejected or report.verdict == "reject"
        if args.json:
            print(json.dumps({"path": report.path, "verdict": report.verdict,
                              "smells": [s.model_dump(exclude={"detail"}) for s in
                                         report.smells]}))
            continue
        print(f"{report.path}: {report.verdict}")
        for smell in report.smells:
            print(f"  {smell.line}: {smell.level} {smell.kind} in {smell.test}"
                  + (f" ({smell.detail})" if smell.detail else ""))
    return 1 if rejected else 0


def cmd_mutate(args: argparse.Namespace) -> int:
    """Exit 0 with the score; 1 when the tests cannot start, fail on the original code, or no
    mutant could be judged (the reason is printed); 128 + N when signal N stopped it."""
    from bot.command_line import CommandError, load_settings
    from bot.repo_config import CONFIG_FILE, RepoConfigError, load_repo_config
    from bot.workspace.junit import TestOutcome
    from bot.workspace.safe_fs import UnsafePath, lstat_beneath, read_beneath
    from bot.workspace.sandbox import Sandbox, SandboxUnavailable
    from bot.workspace.sandbox.from_settings import sandbox_settings

    repo = args.repo.resolve()
    if not repo.is_dir():
        raise CommandError(f"{args.repo} is not a folder")
    for rel in (args.module, args.tests):
        try:
            info = None if rel.startswith(("/", "-")) or ".." in Path(rel).parts else \
                lstat_beneath(repo, rel)
        except (UnsafePath, OSError):
            info = None
        if info is None or not stat.S_ISREG(info.st_mode):
            raise CommandError(f"{rel} is not a file inside {repo} (a link is not followed)")
    try:
        text = read_beneath(repo, CONFIG_FILE, max_bytes=1 << 20) \
            if lstat_beneath(repo, CONFIG_FILE) is not None else None
        config = load_repo_config(text)
    except (RepoConfigError, UnsafePath, OSError) as exc:
        raise CommandError(f"{CONFIG_FILE}: {exc}") from exc
    settings = load_settings()
    try:
        sandbox = Sandbox(sandbox_settings(settings), kind_override=config.sandbox)
    except SandboxUnavailable as exc:
        raise CommandError(str(exc)) from exc
    with _Stop() as stop:
        run_dir = Path(os.devnull)
        try:
            run_dir = _run_folder(settings.data_dir, settings.workspace_dir, repo,
                                  settings.sandbox_tmp_dir)
            copy = run_dir / "checkout"
            _copy_tree(repo, copy, skip=(settings.data_dir.resolve(), run_dir))
            cache = settings.dependency_cache_dir if run_dir.is_relative_to(
                settings.workspace_dir) else run_dir / "deps"
            outcome = asyncio.run(_mutate(args, settings.setup_env, sandbox, repo, copy,
                                          config, cache, stop))
        except (asyncio.CancelledError, _Stopped):
            if stop.signum is None:
                raise
            outcome = None
        finally:
            stop.quiet = True  # a second signal never cuts the clean-up short
            if run_dir.is_dir():
                _remove(run_dir)
    if stop.signum is not None:
        name = signal.Signals(stop.signum).name
        raise CommandError(f"stopped by {name}; the repository was not touched (the mutants "
                           "ran in a copy, now removed)", 128 + stop.signum)
    assert outcome is not None
    result, reference, limit = outcome
    passed = sum(case.outcome is TestOutcome.PASSED for case in reference.cases)
    if args.json:
        print(json.dumps({
            "score": result.score, "mutants": result.mutants, "killed": result.killed,
            "survived": [m.model_dump() for m in result.survived],
            "errors": [{**e.mutant.model_dump(), "reason": e.reason} for e in result.errors],
            "reference": {"tests": len(reference.cases), "passed": passed,
                          "seconds": round(reference.duration_seconds, 3)},
            "timeout": limit, "seconds": result.seconds}))
    else:
        score = "n/a" if result.score is None else f"{result.score:.0%}"
        apart = f", {len(result.errors)} not judged" if result.errors else ""
        print(f"{args.module}: score {score}, {result.killed} of {result.mutants} mutants "
              f"killed{apart} in {result.seconds:.1f}s (reference: {passed} test(s) passed on "
              f"the original in {reference.duration_seconds:.1f}s; {limit:g}s per mutant)")
        for mutant in result.survived:
            print(f"  {mutant.feedback()}")
        for error in result.errors:
            print(f"  {error.mutant.path}:{error.mutant.line}: `{error.mutant.original}` → "
                  f"`{error.mutant.mutated}` not judged: {error.reason}")
    if result.mutants and result.killed + len(result.survived) == 0:
        raise CommandError(f"no mutant could be judged: {result.errors[0].reason}")
    return 0


class _Stopped(BaseException):
    """SIGTERM, SIGINT or SIGHUP arrived outside the event loop."""


class _Stop:
    """SIGTERM, SIGINT (Ctrl-C) and SIGHUP end `smith mutate` the way it ends itself: the
    sandboxed run is cancelled (its processes killed) and the run's copy removed; the user's
    tree was never written. Inside the event loop a signal cancels the main task; outside it, it raises
    `_Stopped`; once `quiet`, it is only noted (a second Ctrl-C never cuts the clean-up short,
    which a KeyboardInterrupt would)."""

    SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

    def __init__(self) -> None:
        self.signum: int | None = None
        self.quiet = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.task: asyncio.Task[Any] | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> Self:
        for sig in self.SIGNALS:
            self._previous[sig] = signal.signal(sig, self._caught)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)

    def attach(self) -> None:
        """Signals from now on cancel the running task."""
        self.loop, self.task = asyncio.get_running_loop(), asyncio.current_task()
        if self.signum is not None:
            raise _Stopped

    def detach(self) -> None:
        self.loop = self.task = None

    def _caught(self, signum: int, frame: object) -> None:
        if self.signum is not None:
            return
        self.signum = signum
        if self.quiet:
            return
        if self.loop is not None and self.task is not None and not self.task.done():
            self.task.cancel()
            self.loop.call_soon_threadsafe(lambda: None)  # wake the loop up
            return
        raise _Stopped


async def _mutate(args: argparse.Namespace, setup_env: dict[str, str], sandbox: Any,
                  repo: Path, copy: Path, config: Any, cache_root: Path,
                  stop: _Stop) -> tuple[Any, Any, float]:
    """Setup, the reference pass and the mutants, all in `copy`."""
    from bot.chains.tests.js_mutation import js_reference_run, run_js_mutation
    from bot.chains.tests.jsast import is_js
    from bot.chains.tests.mutation import reference_pass, run_mutation, time_limit
    from bot.command_line import CommandError
    from bot.doctor import repo_key
    from bot.workspace.dependencies import DependencyCache, SetupFailed
    from bot.workspace.junit import TestOutcome

    stop.attach()
    try:
        if config.setup.command:
            try:
                await DependencyCache(cache_root, sandbox, setup_env).prepare(
                    copy, config, repo_key(str(repo)))
            except SetupFailed as exc:
                raise CommandError(f"the tests cannot start: the setup command "
                                   f"`{config.setup.command}` failed: {_tail(str(exc))}") from exc
        js = is_js(args.module)
        ceiling = float(config.tests.timeout_seconds)
        covered = None
        if js:
            reference = await js_reference_run(sandbox, copy, config, tests=[args.tests],
                                               timeout=ceiling)
        else:  # with what each test ran in the module: a mutant runs only the tests reaching it
            reference, covered = await reference_pass(sandbox, copy, config, tests=[args.tests],
                                                      timeout=ceiling, module=args.module)
        problem = reference_problem(reference, config.test_command, ceiling)
        if problem is not None:
            raise CommandError(problem)
        limit = time_limit(reference.duration_seconds, ceiling)
        passed = [case.test_id for case in reference.cases if case.outcome is TestOutcome.PASSED]
        if js:
            result = await run_js_mutation(sandbox, copy, config, module=args.module,
                                           tests=[args.tests], functions=args.function,
                                           max_mutants=args.max_mutants, timeout=limit,
                                           passed=passed)
        else:
            result = await run_mutation(sandbox, copy, config, module=args.module,
                                        tests=[args.tests], functions=args.function,
                                        max_mutants=args.max_mutants, timeout=limit,
                                        passed=passed, covered=covered)
        return result, reference, limit
    finally:
        stop.detach()


def reference_problem(result: Any, command: str, timeout: float) -> str | None:
    """Why the tests' reference pass on the original code judges nothing (None: it passed):
    they cannot start (what is missing), do not load, time out, or fail (which)."""
    from bot.doctor import missing_command
    from bot.workspace.junit import RunStatus, TestOutcome

    if result.status is RunStatus.TIMEOUT:
        return (f"the tests timed out after {timeout:g} s on the original code (`{command}`); "
                "raise `tests.timeout_seconds` in `.smith.yml` or make them faster")
    if result.status is not RunStatus.COMPLETED:
        what = missing_command(result.output, result.exit_code)
        if what is not None:
            return (f"the tests cannot start: `{what}` not found (`{command}`); add a `setup` "
                    "step to `.smith.yml` that installs it (with its folder in `cache_paths`), "
                    f"or put it on SMITH_SANDBOX_PATH")
        limit = f", the sandbox's {result.limit} limit" if result.limit else ""
        return (f"the tests cannot start: the run ended without a JUnit report (exit "
                f"{result.exit_code}{limit}; `{command}`): {_tail(result.output)}")
    broken = [case for case in result.cases if case.outcome is TestOutcome.COLLECTION_ERROR]
    for case in broken:
        missing = _NO_MODULE.search(f"{case.message}\n{case.details}")
        if missing:
            return (f"the tests cannot start: they import `{missing.group(1)}`, which is not "
                    "installed in the sandbox; add a `setup` step to `.smith.yml` that installs "
                    "it")
    if broken:
        return (f"the tests cannot start: {broken[0].test_id} does not load on the original "
                f"code: {' '.join(broken[0].message.split())[:300]}")
    red = [case for case in result.cases
           if case.outcome not in (TestOutcome.PASSED, TestOutcome.SKIPPED)]
    if red:
        names = ", ".join(case.test_id for case in red[:10]) + (" …" if len(red) > 10 else "")
        first = " ".join(red[0].message.split())[:200]
        return (f"the tests fail on the original code, so no mutant can be judged: {names}"
                + (f" ({first})" if first else ""))
    if not any(case.outcome is TestOutcome.PASSED for case in result.cases):
        return "no test of the file passed on the original code (none ran, or all skipped)"
    return None


_NO_MODULE = re.compile(r"No module named '?([\w.]+)'?")
TAIL_CHARS = 1500


def _tail(text: str) -> str:
    text = text.strip()
    return text if len(text) <= TAIL_CHARS else "…" + text[-TAIL_CHARS:]


def _run_folder(data_dir: Path, workspace_dir: Path, repo: Path,
                tmp_dir: Path | None) -> Path:
    """A folder of this run alone: `runs/<id>` in the data folder's workspace (as a run's
    checkout; a crashed run's folder is removed with theirs), or, when the data folder lies
    inside the repository, a temporary folder outside it."""
    if data_dir.resolve().is_relative_to(repo):
        folder = Path(tempfile.mkdtemp(prefix="smith-mutate-", dir=tmp_dir))
    else:
        runs = workspace_dir / "runs"
        runs.mkdir(parents=True, exist_ok=True)
        folder = runs / uuid.uuid4().hex
        folder.mkdir()
    folder.chmod(0o755)
    return folder


def _copy_tree(repo: Path, copy: Path, *, skip: Sequence[Path]) -> None:
    """Copy the user's working tree into `copy`, reading it only: for a git repository the
    files git lists (tracked and untracked, never ignored ones), else every file; never `.git`
    nor `skip`. Links are copied as links, modes and times kept; owners are the copy's."""
    from bot.workspace.safe_fs import copytree_nofollow, lstat_beneath

    copy.mkdir(mode=0o755)
    skipped = [path.relative_to(repo).as_posix() for path in skip if path.is_relative_to(repo)]

    def wanted(rel: str) -> bool:
        parts = Path(rel).parts
        return bool(parts) and ".git" not in parts and not any(
            rel == cut or rel.startswith(cut + "/") for cut in skipped)

    listed = _git_files(repo)
    if listed is None:
        listed = []
        for folder, dirs, files in os.walk(repo):
            base = Path(folder).relative_to(repo)
            for name in list(dirs):
                rel = (base / name).as_posix()
                if not wanted(rel):
                    dirs.remove(name)
                elif os.path.islink(os.path.join(folder, name)):
                    dirs.remove(name)
                    listed.append(rel)
            listed += [(base / name).as_posix() for name in files]
    for rel in sorted(set(filter(wanted, listed))):
        if lstat_beneath(repo, rel) is not None and lstat_beneath(copy, rel) is None:
            copytree_nofollow(repo, rel, copy, rel)


def _git_files(repo: Path) -> list[str] | None:
    """What git shows of the working tree (tracked and untracked files, not ignored ones),
    read without writing anything (no lock, no index refresh, no fsmonitor hook); None when
    it is not a git repository or git cannot read it."""
    if not (repo / ".git").exists():
        return None
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update(GIT_OPTIONAL_LOCKS="0", LC_ALL="C")
    try:
        listed = subprocess.run(
            ["git", "-c", f"safe.directory={repo}", "-c", "core.fsmonitor=false",
             "-c", "core.untrackedCache=false", "-C", str(repo), "ls-files", "-z",
             "--cached", "--others", "--exclude-standard"],
            env=env, capture_output=True, timeout=120, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return [name for name in listed.decode("utf-8", errors="surrogateescape").split("\0")
            if name]


def _remove(folder: Path) -> None:
    """The run's folder, whoever owns it now (the sandbox's user, when Smith is root)."""
    for _ in range(3):
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists():
            return
        time.sleep(0.2)  # a sandboxed process was still ending


def cmd_tests(args: argparse.Namespace) -> int:
    from bot.command_line import CommandError, database_target, load_settings

    if not (args.repo / ".git").exists():
        raise CommandError(f"{args.repo} is not a git repository")
    settings = load_settings()
    with database_target(settings) as url:
        return asyncio.run(_tests(settings, url, args))


async def _tests(settings: Any, url: str, args: argparse.Namespace) -> int:
    from rich.markup import escape

    from bot.chains.tests.graph import TESTS
    from bot.command_line import CommandError, shell_actor
    from bot.engine.runner import chain_runner
    from bot.engine.walk import RetryLater
    from bot.forge.base import Issue
    from bot.forge.local import LOCAL_ISSUE_NUMBER, LocalForge, local_params, read_issue_file
    from bot.kit.foreground import run_in_foreground, run_json
    from bot.kit.local_runs import after_foreground, local_settings
    from bot.services import Runtime
    from bot.store.db import Database
    from bot.store.runs import create_run
    from bot.subjects import Subject
    from bot.terminal import make_console

    console = make_console(stderr=args.json)
    params: dict[str, Any] = {}
    if args.issue_file is not None:
        try:
            issue = read_issue_file(args.issue_file)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read the issue file: {exc}") from exc
    elif args.coverage:
        issue = Issue(number=LOCAL_ISSUE_NUMBER, title="Tests where branch coverage is lowest",
                      body="Write tests for the least-covered packages whose documentation is "
                      "fresh.", author="shell", url=args.repo.resolve().as_uri())
        params = {"tests_coverage": True, "tests_task": "coverage", "tests_tag": "coverage"}
    else:
        targets = list(dict.fromkeys(args.target))
        issue = Issue(number=LOCAL_ISSUE_NUMBER, title=f"Tests for {', '.join(targets)}",
                      body="Write tests for the behaviour of these files.", author="shell",
                      url=args.repo.resolve().as_uri())
        params = {"test_targets": targets, "tests_task": "targets"}
    forge = LocalForge(args.repo.resolve(), issue)
    settings = local_settings(settings)
    repo = forge.repo_ref()
    runtime = Runtime(settings=settings, db=Database(url, pool_size=4), forges={repo.forge: forge})
    try:
        async with runtime.db.transaction() as session:
            run = await create_run(session, forge=repo.forge, repo=repo.full_name,
                                   issue=issue.number, chain=TESTS.name, summoned_by=shell_actor(),
                                   params=local_params(args.repo, issue, seed=params,
                                                       issue_file=args.issue_file),
                                   subject=Subject.campaign("tests:coverage")
                                   if args.coverage else None)
        if run is None:
            raise CommandError(f"{repo.full_name} already has a live run")
        console.print(f"Smith run {run.id}: tests for {escape(str(repo))}", highlight=False)
        final = await run_in_foreground(runtime, run.id, TESTS.step_names(), console,
                                        chain_runner({TESTS.name: TESTS}), RetryLater)
        await after_foreground(runtime, final, forge, console)
        report = settings.reports_dir / f"run-{run.id}.md"
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(forge.report(final))
        console.print(f"report: {escape(str(report))}", highlight=False)
        if args.json:
            print(json.dumps(await run_json(runtime, final, report), indent=2))
        return 0 if final["status"] == "succeeded" else 1
    finally:
        await forge.close()
        await runtime.db.dispose()
