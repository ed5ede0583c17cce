"""Failure summaries from a real, noisy pytest run (and a real jest run): short and to the point."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.repo_config import load_repo_config
from bot.workspace.failure_summary import summarize_failures
from bot.workspace.junit import RunStatus, TestRunResult
from bot.workspace.sandbox import Sandbox, SandboxSettings
from bot.workspace.testrun import run_tests
from tests.sandboxed import TOOLCHAIN
from tests.workspace.test_junit_runs import JEST_FILES, js_config, write

LIBRARY = """\
import logging, warnings
log = logging.getLogger("fancylib")

def process(items, callback):
    return _stage1(items, callback)

def _stage1(items, callback):
    log.info("stage1 with %d items", len(items))
    return _stage2(items, callback)

def _stage2(items, callback):
    warnings.warn("fancylib.stage2 is deprecated", DeprecationWarning)
    return _stage3(items, callback)

def _stage3(items, callback):
    return [_apply(item, callback) for item in items]

def _apply(item, callback):
    return callback(item)
"""

SERVICE = """\
import fancylib

def price(item):
    if item < 0:
        raise ValueError(f"negative price {item}")
    return item * 2 - 1

def total(items):
    return sum(fancylib.process(items, price))
"""

NOISY_TESTS = """\
import logging, pytest
from app.service import total
log = logging.getLogger("tests")

@pytest.mark.parametrize("n", range(300))
def test_many(n):
    log.warning("checking %d with a fairly long log line to look like real output", n)
    print("debug output for case", n, "x" * 60)
    assert total([]) == 0

def test_total_of_one():
    assert total([21]) == 42

def test_total_of_two():
    assert total([1, 2]) == 6, "totals must add up"

def test_negative():
    assert total([-1]) == -2
"""


@pytest.fixture
def sandbox() -> Sandbox:
    return Sandbox(SandboxSettings(path=TOOLCHAIN))


async def test_noisy_pytest_log_is_cut_to_what_matters(tmp_path: Path, sandbox: Sandbox) -> None:
    checkout = write(
        tmp_path / "checkout",
        {
            "app/__init__.py": "",
            "app/service.py": SERVICE,
            ".venv/lib/python3.11/site-packages/fancylib/__init__.py": LIBRARY,
            "tests/test_service.py": NOISY_TESTS,
        },
    )
    config = load_repo_config(
        "tests:\n  command: python -m pytest -p no:cacheprovider -v -rA --tb=long"
        " --showlocals {tests} --junitxml={junit}\n"
        "setup:\n  env: {PYTHONPATH: '{checkout}/.venv/lib/python3.11/site-packages'}\n"
    )
    result = await run_tests(sandbox, checkout, config, ["tests/test_service.py"])
    assert result.status is RunStatus.COMPLETED, result.output
    summary = summarize_failures(result, checkout)
    reduction = 1 - len(summary) / len(result.output)
    print(
        f"\nraw log {len(result.output)} chars -> summary {len(summary)} chars: "
        f"{reduction:.1%} cut\n{summary}"
    )
    assert "3 of 303 tests failed." in summary
    assert "FAILED tests/test_service.py::test_total_of_one — assertion failed" in summary
    assert "FAILED tests/test_service.py::test_negative — error (not an assertion)" in summary
    assert "assert 41 == 42" in summary
    assert "totals must add up" in summary
    assert "ValueError: negative price -1" in summary
    assert "where: app/service.py:5 <- app/service.py:9 <- tests/test_service.py:18" in summary
    assert "fancylib" not in summary.split("where:")[-1] and "site-packages" not in summary
    assert "PASSED" not in summary and "debug output" not in summary
    assert reduction >= 0.97


async def test_jest_failure_summary_keeps_repo_frames(tmp_path: Path) -> None:
    pytest.importorskip("defusedxml")
    from tests.workspace.test_junit_runs import JS_BIN, JS_TOOLS

    if not (JS_BIN / "jest").exists():
        pytest.skip(f"jest tools missing: npm install --prefix {JS_TOOLS} jest@29 jest-junit@16")
    checkout = write(tmp_path / "checkout", JEST_FILES)
    sandbox = Sandbox(SandboxSettings(path=f"{JS_BIN}:/usr/bin:/bin"))
    result = await run_tests(sandbox, checkout, js_config(), ["red.test.js"])
    summary = summarize_failures(result, checkout)
    assert "expect(received).toBe(expected)" in summary
    assert "Expected: 4" in summary and "Received: 0" in summary
    assert "red.test.js:2" in summary and "node_modules" not in summary


def test_run_level_endings_are_explained() -> None:
    timeout = TestRunResult(status=RunStatus.TIMEOUT, duration_seconds=30)
    assert "timed out after 30s" in summarize_failures(timeout, Path("/x"))
    noisy = "\n".join(f"line {i}" for i in range(1000)) + "\nImportError: boom\n"
    no_report = TestRunResult(status=RunStatus.NO_REPORT, exit_code=4, output=noisy)
    text = summarize_failures(no_report, Path("/x"))
    assert "ImportError: boom" in text and "line 10\n" not in text and len(text) < 400
