"""A small jest project for the JavaScript gate tests, run with the operator's jest.

Jest comes from a tools folder outside the project (`.ci/run` installs it:
`npm install --prefix ~/.cache/smith/js-tools jest@29 jest-junit@16`, or point
SMITH_TEST_JS_TOOLS at another such prefix); the tests skip, saying so, when it is missing.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from bot.repo_config import RepoConfig, TestsConfig
from bot.workspace.sandbox import Sandbox, SandboxSettings

JS_TOOLS = Path(os.environ.get("SMITH_TEST_JS_TOOLS", Path.home() / ".cache/smith/js-tools"))
JS_BIN = JS_TOOLS / "node_modules" / ".bin"
REPORTER = JS_TOOLS / "node_modules" / "jest-junit"


def missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (JS_BIN / "jest").exists() or not REPORTER.exists():
        return f"jest tools missing: npm install --prefix {JS_TOOLS} jest@29 jest-junit@16"
    return None


def needs_jest() -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)


def sandbox() -> Sandbox:
    return Sandbox(SandboxSettings(path=f"{JS_BIN}:{Path(sys.executable).parent}:/usr/bin:/bin"))


def jest_config(suffix: str = "") -> RepoConfig:
    """The default JavaScript command with the reporter from the tools folder (+ `suffix`)."""
    command = RepoConfig(language="javascript").test_command.replace(
        "--reporters=jest-junit", f"--reporters={REPORTER}")
    return RepoConfig(language="javascript", tests=TestsConfig(command=command + suffix))


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, content in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(content)
    return root


VITEST_COMMAND = "vitest run --reporter=junit --outputFile={junit} {tests}"


def vitest_missing() -> str | None:
    """Why vitest cannot run here (`npm install --prefix <tools> vitest@3`), or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (JS_BIN / "vitest").exists():
        return f"vitest missing: npm install --prefix {JS_TOOLS} vitest@3"
    return None


def needs_vitest() -> None:
    reason = vitest_missing()
    if reason:
        pytest.skip(reason)


def needs_vitest_coverage() -> None:
    """Skip unless vitest and its v8 coverage provider are installed
    (`npm install --prefix <tools> vitest@3 @vitest/coverage-v8@3`)."""
    needs_vitest()
    if not (JS_TOOLS / "node_modules" / "@vitest" / "coverage-v8").exists():
        pytest.skip(f"@vitest/coverage-v8 missing: npm install --prefix {JS_TOOLS} "
                    f"@vitest/coverage-v8@3")


def vitest_config() -> RepoConfig:
    """A vitest repository's command: its JUnit reporter writes the report Smith reads."""
    return RepoConfig(language="javascript", tests=TestsConfig(command=VITEST_COMMAND))


def install_node_modules(root: Path) -> Path:
    """Give the project a `node_modules` of its own, as `npm install` leaves it: the tools
    folder's tree, its files hard-linked where both sit on one filesystem (62 MB in 6,000 files:
    a copy is seconds of disk writes), copied otherwise. The sandbox's user cannot write them."""
    def link_or_copy(source: str, target: str) -> None:
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)

    shutil.copytree(JS_TOOLS / "node_modules", root / "node_modules", symlinks=True,
                    copy_function=link_or_copy)
    return root


def link_node_modules(root: Path) -> Path:
    """Give the project the tools folder as its own `node_modules`, so its tests can
    `import { test } from 'vitest'` as in a repository that installed it."""
    (root / "node_modules").symlink_to(JS_TOOLS / "node_modules", target_is_directory=True)
    return root
