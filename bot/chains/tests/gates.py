"""Gates 1-5 on one generated test file, every run in Smith's sandbox.

1 collect (pytest `--collect-only`; other runners: collection errors in the JUnit report),
2 green (every test passes; failures summarised, never the raw log), 3 stable (3 runs for unit
tests, 5 for integration, in shuffled order; a test that differs is dropped as `skipped_flaky`,
never sent back to be "fixed"), 4 mutation score of the code under test against the threshold
of its kind and, given the existing tests' baseline, whether each test earns its place
(`earning.py`: a test that earns nothing is cut out as `earns_nothing`), 5 smells. A failed
gate stops the pass and says what the Writer must fix.
"""

from __future__ import annotations

import random
import re
import shlex
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Literal

import pathspec

from bot.chains.tests import earning
from bot.chains.tests.earning import Baseline, Earnings
from bot.chains.tests.jsast import is_js
from bot.chains.tests.mutation import MutationResult, run_mutation
from bot.chains.tests.smells import SmellReport, Subject, analyse_source, drop_tests
from bot.repo_config import RepoConfig
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult
from bot.workspace.pytest_batch import BatchRun, run_batch
from bot.workspace.safe_fs import read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env, run_tests

CodeKind = Literal["pure", "service", "io"]
THRESHOLDS: dict[str, float] = {"pure": 0.5, "service": 0.4, "io": 0.3}
IO_MODULES = frozenset({"socket", "requests", "httpx", "aiohttp", "urllib", "http", "sqlite3",
                        "sqlalchemy", "psycopg", "psycopg2", "asyncpg", "redis", "boto3",
                        "subprocess", "smtplib", "ftplib", "pika", "kafka", "grpc", "django",
                        "flask", "fastapi"})
JS_IO_MODULES = frozenset({"http", "https", "http2", "net", "tls", "dgram", "dns", "fs",
                           "child_process", "axios", "node-fetch", "got", "undici", "superagent",
                           "pg", "mysql", "mysql2", "mongodb", "mongoose", "redis", "ioredis",
                           "sqlite3", "better-sqlite3", "knex", "sequelize", "typeorm", "prisma",
                           "@prisma", "express", "koa", "fastify", "ws", "socket.io", "amqplib",
                           "kafkajs", "nodemailer", "aws-sdk", "@aws-sdk", "@google-cloud"})
_JS_IMPORT = re.compile(r"""(?:\brequire\(\s*|\bfrom\s+|^\s*import\s+)['"]([^'"]+)['"]""",
                        re.MULTILINE)
INTEGRATION_HINTS = re.compile(r"(integration|e2e|end_to_end|functional)", re.I)
MAX_FEEDBACK_LINES = 25
GateName = Literal["collect", "green", "stable", "mutation", "earns", "smells"]
BaselineSource = Callable[[Sequence[str]], Awaitable[Baseline]]
"""What the existing tests do to the mutants of these functions (measured once per run)."""


@dataclass(frozen=True)
class GateSettings:
    """The repository's choices (`.smith.yml` `testgen:`), with Smith's defaults."""

    max_mutants: int = 30
    mutation: bool = True
    kinds: dict[str, str] = field(default_factory=dict)
    """Glob → kind (pure, service, io): overrides the kind read from imports."""
    unit_runs: int = 3
    integration_runs: int = 5


@dataclass
class GatePass:
    """How one pass through the gates went."""

    passed: bool
    failed_gate: GateName | None = None
    feedback: str = ""
    tests: list[str] = field(default_factory=list)
    flaky: list[str] = field(default_factory=list)
    runs: int = 0
    kind: str = ""
    threshold: float | None = None
    mutation: MutationResult | None = None
    smells: SmellReport | None = None
    environment: str | None = None
    """Set when the environment, not the test, made a gate fail (never the Writer's attempt)."""
    all_flaky: bool = False
    earnings: Earnings | None = None
    nothing_left: bool = False
    """No test earned its place and the existing tests leave nothing to earn."""


def code_kind(source: str, path: str, overrides: dict[str, str]) -> CodeKind:
    """pure, service or I/O: from a `.smith.yml` glob, else from what the module imports."""
    for glob, kind in overrides.items():
        if pathspec.GitIgnoreSpec.from_lines([glob]).match_file(path) and kind in THRESHOLDS:
            return kind  # type: ignore[return-value]
    if is_js(path):
        return _js_kind(source)
    imported = set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_][\w]*)", source, re.M))
    if imported & IO_MODULES or re.search(r"\bopen\(", source):
        return "io"
    if re.search(r"^\s*class\s+\w+", source, re.M) and re.search(r"def __init__\(self, \w", source):
        return "service"
    return "pure"


def _js_kind(source: str) -> CodeKind:
    """A JavaScript module's kind: network, files, databases or `fetch` make it I/O; a class
    taking collaborators in its constructor makes it a service."""
    roots: set[str] = set()
    for spec in _JS_IMPORT.findall(source):
        name = spec.removeprefix("node:")
        roots.update((name, name.split("/", 1)[0]))  # `fs/promises` is `fs`
    if roots & JS_IO_MODULES or re.search(r"\bfetch\(", source):
        return "io"
    if re.search(r"\bclass\s+\w+", source) and re.search(r"\bconstructor\s*\(\s*\w", source):
        return "service"
    return "pure"


def module_name(path: str) -> str:
    """`pkg/prices.py` → `pkg.prices`; a `src/` layout's `src.` is dropped."""
    parts = list(PurePosixPath(path).with_suffix("").parts)
    if parts and parts[0] == "src":
        parts = parts[1:]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def is_integration(test_file: str, kind: str) -> bool:
    return bool(INTEGRATION_HINTS.search(test_file)) or kind == "io"


def _uses_pytest(config: RepoConfig) -> bool:
    return config.language == "python" and "pytest" in config.test_command


async def collect(sandbox: Sandbox, checkout: Path, config: RepoConfig, test_file: str,
                  timeout: float) -> tuple[bool, str]:
    """Gate 1 for pytest: `--collect-only`; exit 0 with at least one test collected."""
    env, prepend = repo_env(config, checkout)
    env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
    command = f"python3 -m pytest --collect-only -q -p no:cacheprovider {shlex.quote(test_file)}"
    result = await sandbox.run(command, cwd=checkout, timeout=timeout, env=env,
                               path_prepend=prepend)
    if result.exit_code == 0:
        return True, ""
    lines = [line for line in result.output.splitlines() if line.strip()]
    interesting = [line for line in lines if re.search(r"Error|error|^E\s", line)] or lines
    text = "\n".join(line[:300] for line in interesting[-MAX_FEEDBACK_LINES:])
    if result.timed_out:
        text = "collecting the file timed out (an import that blocks?)"
    elif result.exit_code == 5:
        text = "no tests were collected from the file (names must start with `test`)"
    return False, text


def _passed_ids(result: TestRunResult) -> dict[str, TestOutcome]:
    return {case.test_id: case.outcome for case in result.cases if case.test_id}


def _short(test_id: str) -> str:
    """`tests/test_x.py::TestK::test_m` → `TestK::test_m` (how the file names it)."""
    return test_id.split("::", 1)[1] if "::" in test_id else test_id


async def run_gates(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, *, test_file: str, target: str,
    functions: list[str], settings: GateSettings, upto: int = 5, seed: int = 0,
    baseline: BaselineSource | None = None,
) -> GatePass:
    """Gates 1..`upto` on `test_file`; flaky tests, and with a `baseline` the tests that earn
    nothing, are cut out of the file as they are found."""
    timeout = config.tests.timeout_seconds
    target_source = read_beneath(checkout, target, max_bytes=2 << 20).decode(errors="replace")
    kind = code_kind(target_source, target, settings.kinds)
    outcome = GatePass(passed=False, kind=kind, threshold=THRESHOLDS[kind])
    # 1 collect, 2 green (one sandbox call when the command is plain pytest)
    batch = await run_batch(sandbox, checkout, config, [
        BatchRun((test_file,), collect_only=True), BatchRun((test_file,))], timeout=timeout)
    if batch is not None:
        collected, result = batch
        if collected.exit_code != 0:
            outcome.failed_gate = "collect"
            outcome.feedback = ("no tests were collected from the file (names must start "
                                "with `test`)" if collected.exit_code == 5
                                else summarize_failures(result, checkout))
            return outcome
    else:
        if _uses_pytest(config):
            ok, why = await collect(sandbox, checkout, config, test_file, timeout)
            if not ok:
                outcome.failed_gate, outcome.feedback = "collect", why
                return outcome
        result = await run_tests(sandbox, checkout, config, [test_file], timeout=timeout)
    if result.status is RunStatus.NO_REPORT and result.exit_code in (126, 127):
        outcome.environment = summarize_failures(result, checkout)
        return outcome
    outcomes = result.outcomes()
    if result.status is RunStatus.COMPLETED and TestOutcome.COLLECTION_ERROR in outcomes:
        outcome.failed_gate = "collect"
        outcome.feedback = summarize_failures(result, checkout)
        return outcome
    if not result.all_passed:
        outcome.failed_gate = "green"
        outcome.feedback = summarize_failures(result, checkout) if result.cases or \
            result.status is not RunStatus.COMPLETED else "the file has no tests"
        return outcome
    ids = sorted(_passed_ids(result))
    outcome.tests = [_short(i) for i in ids]
    outcome.runs = 1
    if upto < 3:
        outcome.passed = True
        return outcome
    # 3 stable: repeated runs in shuffled order, each in a fresh process; a test that differs
    # once is flaky
    runs = settings.integration_runs if is_integration(test_file, kind) else settings.unit_runs
    shuffler = random.Random(seed)
    orders = []
    for _ in range(runs - 1):
        order = ids[:]
        shuffler.shuffle(order)
        orders.append(order)
    again = await run_batch(sandbox, checkout, config, [BatchRun(tuple(o)) for o in orders],
                            timeout=timeout)
    if again is None:
        again = [await run_tests(sandbox, checkout, config, o, timeout=timeout) for o in orders]
    flaky: set[str] = set()
    for repeat in again:
        outcome.runs += 1
        seen = _passed_ids(repeat)
        flaky |= {i for i in ids if seen.get(i) is not TestOutcome.PASSED}
    if flaky:
        outcome.flaky = sorted(_short(i) for i in flaky)
        if len(flaky) == len(ids):
            outcome.all_flaky = True
            outcome.failed_gate = "stable"
            outcome.feedback = "every test flipped between runs"
            return outcome
        source = read_beneath(checkout, test_file).decode(errors="replace")
        write_beneath(checkout, test_file, drop_tests(source, outcome.flaky).encode())
        outcome.tests = [t for t in outcome.tests if t not in outcome.flaky]
    # 4 mutation score of the code under test, with this file alone
    if upto >= 4 and settings.mutation and config.language == "python":
        mutation = await run_mutation(sandbox, checkout, config, module=target,
                                      tests=[test_file], functions=functions,
                                      max_mutants=settings.max_mutants,
                                      timeout=min(timeout, max(20.0,
                                                               result.duration_seconds * 5)),
                                      reference=baseline is not None)
        outcome.mutation = mutation
        if mutation.score is not None and mutation.score < THRESHOLDS[kind]:
            outcome.failed_gate = "mutation"
            outcome.feedback = mutation.feedback(THRESHOLDS[kind])
            return outcome
        if baseline is not None and not earns_its_place(outcome, await baseline(functions),
                                                        checkout, test_file, drop_tests):
            return outcome
    # 5 smells
    if upto >= 5:
        source = read_beneath(checkout, test_file).decode(errors="replace")
        report = analyse_source(source, test_file,
                                Subject.of_source(module_name(target), target_source, functions))
        outcome.smells = report
        if report.verdict == "reject":
            outcome.failed_gate = "smells"
            outcome.feedback = report.feedback()
            return outcome
    outcome.passed = True
    return outcome


def earns_its_place(outcome: GatePass, baseline: Baseline, checkout: Path, test_file: str,
                    drop: Callable[[str, list[str]], str],
                    named: Callable[[str], str] = earning.named_in_file,
                    findable: Callable[[str], Collection[str]] | None = None) -> bool:
    """Gate 4's second half: the tests that earn nothing against `baseline` are cut out of
    the file (`drop(source, names)`: Python's `ast` spans or JavaScript's tree-sitter ones;
    with `findable`, only the names it finds in the source: a table-driven JavaScript test's
    rows cannot be cut one by one, so they stay); False (the gate failed) when no test of the
    file earns anything."""
    assert outcome.mutation is not None
    earned = earning.evaluate(outcome.tests, outcome.mutation, baseline, named)
    outcome.earnings = earned
    if earned.nothing_earned:
        outcome.failed_gate = "earns"
        outcome.nothing_left = not baseline.leaves_something
        outcome.feedback = earning.feedback(baseline)
        return False
    source = read_beneath(checkout, test_file).decode(errors="replace")
    if findable is not None:
        found = set(findable(source))
        earned.unearned = [name for name in earned.unearned if name in found]
    if earned.unearned:
        write_beneath(checkout, test_file, drop(source, earned.unearned).encode())
        outcome.tests = [t for t in outcome.tests if named(t) not in earned.unearned]
    return True
