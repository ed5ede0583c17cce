"""Real pytest and jest runs in the sandbox: only an assertion failure is red.

Jest comes from a tools folder outside the repo; CI installs it with
`npm install --prefix ~/.cache/smith/js-tools jest@29 jest-junit@16`
(or points SMITH_TEST_JS_TOOLS at another such prefix).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.repo_config import RepoConfig, TestsConfig, load_repo_config
from bot.workspace.junit import RunStatus, TestOutcome, parse_junit
from bot.workspace.sandbox import Sandbox, SandboxSettings
from bot.workspace.testrun import run_checks, run_tests, triggered_checks
from bot.workspace.trajectory import Trajectory
from tests.sandboxed import TOOLCHAIN

JS_TOOLS = Path(os.environ.get("SMITH_TEST_JS_TOOLS", Path.home() / ".cache/smith/js-tools"))
JS_BIN = JS_TOOLS / "node_modules" / ".bin"

PYTEST_FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "tests/test_red.py": "from calc import add\n\ndef test_add():\n    assert add(2, 2) == 4\n",
    "tests/test_unittest_red.py": (
        "import unittest\nfrom calc import add\n\nclass T(unittest.TestCase):\n"
        "    def test_add(self):\n        self.assertEqual(add(1, 1), 2)\n"
    ),
    "tests/test_green.py": "from calc import add\n\ndef test_zero():\n    assert add(0, 0) == 0\n",
    "tests/test_import.py": "import no_such_module\n\ndef test_x():\n    assert True\n",
    "tests/test_syntax.py": "def test_x(:\n    pass\n",
    "tests/test_fixture.py": (
        "import pytest\n\n@pytest.fixture\ndef db():\n    raise RuntimeError('no db')\n\n"
        "def test_x(db):\n    assert db\n"
    ),
    "tests/test_raises.py": "def test_x():\n    {}['missing']\n",
    "tests/test_slow.py": "import time\n\ndef test_x():\n    time.sleep(60)\n",
    "tests/test_skip.py": "import pytest\n\n@pytest.mark.skip('later')\ndef test_x():\n    pass\n",
}


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, content in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(content)
    return root


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(SandboxSettings(path=f"{JS_BIN}:{TOOLCHAIN}"))


@pytest.fixture
def py_project(tmp_path: Path) -> Path:
    return write(tmp_path / "checkout", PYTEST_FILES)


PY_CONFIG = load_repo_config(
    "tests:\n  command: python -m pytest -p no:cacheprovider {tests} --junitxml={junit} -q\n"
)


@pytest.mark.parametrize(
    ("test_id", "red", "outcome"),
    [
        ("tests/test_red.py::test_add", True, TestOutcome.RED_ASSERTION),
        ("tests/test_unittest_red.py::T::test_add", True, TestOutcome.RED_ASSERTION),
        ("tests/test_green.py::test_zero", False, TestOutcome.PASSED),
        ("tests/test_import.py::test_x", False, TestOutcome.COLLECTION_ERROR),
        ("tests/test_syntax.py::test_x", False, TestOutcome.COLLECTION_ERROR),
        ("tests/test_fixture.py::test_x", False, TestOutcome.RED_ERROR),
        ("tests/test_raises.py::test_x", False, TestOutcome.RED_ERROR),
        ("tests/test_skip.py::test_x", False, TestOutcome.SKIPPED),
    ],
)
async def test_pytest_red_only_on_assertion(
    sandbox: Sandbox, py_project: Path, test_id: str, red: bool, outcome: TestOutcome
) -> None:
    result = await run_tests(sandbox, py_project, PY_CONFIG, [test_id])
    assert result.status is RunStatus.COMPLETED, result.output
    assert result.outcomes(test_id) == {outcome}, result.cases
    assert result.is_red_on_assertion(test_id) is red


async def test_runs_are_recorded_as_code_actions(sandbox: Sandbox, py_project: Path) -> None:
    trajectory = Trajectory()
    await run_tests(
        sandbox,
        py_project,
        PY_CONFIG,
        ["tests/test_red.py::test_add"],
        trajectory=trajectory,
        step="brt",
    )
    [event] = trajectory.events
    assert (event.actor, event.tool, event.step, event.ok) == ("code", "run_tests", "brt", True)
    assert event.args == {"tests": ["tests/test_red.py::test_add"]}
    assert event.detail == "completed: red_assertion=1"


async def test_pytest_timeout_is_not_red(sandbox: Sandbox, py_project: Path) -> None:
    result = await run_tests(
        sandbox, py_project, PY_CONFIG, ["tests/test_slow.py::test_x"], timeout=2
    )
    assert result.status is RunStatus.TIMEOUT
    assert not result.is_red_on_assertion("tests/test_slow.py::test_x")


async def test_default_python_config_and_a_missing_report(
    sandbox: Sandbox, py_project: Path
) -> None:
    result = await run_tests(sandbox, py_project, RepoConfig(), ["tests/test_green.py"])
    assert result.all_passed, result.output
    broken = RepoConfig(tests=TestsConfig(command="python -c 'print(1)' {tests}"))
    result = await run_tests(sandbox, py_project, broken, ["tests/test_red.py"])
    assert result.status is RunStatus.NO_REPORT and not result.is_red_on_assertion()


async def test_checks_run_only_for_touched_paths(sandbox: Sandbox, py_project: Path) -> None:
    config = load_repo_config(
        "checks:\n"
        "  - {name: lint, paths: ['*.py'], command: 'python -m py_compile {files}'}\n"
        "  - {name: locales, paths: ['locales/**'], command: 'exit 1'}\n"
    )
    assert [c.name for c, _ in triggered_checks(config, ["tests/test_syntax.py"])] == ["lint"]
    results = await run_checks(sandbox, py_project, config, ["calc.py", "tests/test_syntax.py"])
    assert [(r.name, r.passed) for r in results] == [("lint", False)]
    results = await run_checks(sandbox, py_project, config, ["calc.py"])
    assert [(r.name, r.passed) for r in results] == [("lint", True)]


JEST_FILES = {
    "package.json": '{"name": "p", "version": "1.0.0"}\n',
    "calc.js": "exports.add = (a, b) => a - b;\n",
    "red.test.js": "const {add} = require('./calc');\ntest('adds', () => { expect(add(2, 2)).toBe(4); });\n",
    "assert.test.js": (
        "const assert = require('assert');\nconst {add} = require('./calc');\n"
        "test('adds', () => { assert.strictEqual(add(1, 1), 2); });\n"
    ),
    "green.test.js": "const {add} = require('./calc');\ntest('zero', () => { expect(add(0, 0)).toBe(0); });\n",
    "import.test.js": "const x = require('./missing');\ntest('x', () => { expect(x).toBe(1); });\n",
    "syntax.test.js": "test('x', () => { expect(1).toBe(1);\n",
    "raises.test.js": "test('x', () => { null.field; });\n",
    "hook.test.js": "beforeEach(() => { throw new Error('setup broke'); });\ntest('x', () => { expect(1).toBe(1); });\n",
    "loop.test.js": "test('x', () => { while (true) {} });\n",
}


@pytest.fixture
def js_project(tmp_path: Path) -> Path:
    if not (JS_BIN / "jest").exists() or not (JS_TOOLS / "node_modules" / "jest-junit").exists():
        pytest.skip(f"jest tools missing: npm install --prefix {JS_TOOLS} jest@29 jest-junit@16")
    return write(tmp_path / "checkout", JEST_FILES)


def js_config() -> RepoConfig:
    # The default javascript command, with the reporter resolved from the tools folder.
    reporter = JS_TOOLS / "node_modules" / "jest-junit"
    command = RepoConfig(language="javascript").test_command.replace(
        "--reporters=jest-junit", f"--reporters={reporter}"
    )
    return RepoConfig(language="javascript", tests=TestsConfig(command=command))


@pytest.mark.parametrize(
    ("test_file", "red", "outcome"),
    [
        ("red.test.js", True, TestOutcome.RED_ASSERTION),
        ("assert.test.js", True, TestOutcome.RED_ASSERTION),
        ("green.test.js", False, TestOutcome.PASSED),
        ("import.test.js", False, TestOutcome.COLLECTION_ERROR),
        ("syntax.test.js", False, TestOutcome.COLLECTION_ERROR),
        ("raises.test.js", False, TestOutcome.RED_ERROR),
        ("hook.test.js", False, TestOutcome.RED_ERROR),
    ],
)
async def test_jest_red_only_on_assertion(
    sandbox: Sandbox, js_project: Path, test_file: str, red: bool, outcome: TestOutcome
) -> None:
    result = await run_tests(sandbox, js_project, js_config(), [test_file])
    assert result.status is RunStatus.COMPLETED, result.output
    assert result.outcomes(test_file) == {outcome}, result.cases
    assert result.is_red_on_assertion(test_file) is red


async def test_jest_timeout_is_not_red(sandbox: Sandbox, js_project: Path) -> None:
    result = await run_tests(sandbox, js_project, js_config(), ["loop.test.js"], timeout=3)
    assert result.status is RunStatus.TIMEOUT
    assert not result.is_red_on_assertion("loop.test.js")


def test_hostile_xml_is_rejected() -> None:
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
        "<testsuite><testcase name='&b;'/></testsuite>"
    )
    with pytest.raises(ValueError, match="unreadable JUnit XML"):
        parse_junit(bomb)


def test_agent_test_ids_cannot_inject_runner_options() -> None:
    from bot.workspace.testrun import render_command

    assert render_command("pytest {tests}", tests=["a b.py::t"]) == "pytest 'a b.py::t'"
    with pytest.raises(ValueError, match="refusing"):
        render_command("pytest {tests}", tests=["-p evil_plugin"])
