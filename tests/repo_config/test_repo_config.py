"""`.smith.yml`: defaults, line-accurate errors, the shipped JSON Schema, base-branch rules."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.repo_config import (
    SCHEMA_FILE,
    RepoConfig,
    RepoConfigError,
    json_schema,
    load_repo_config,
    render_json_schema,
)
from bot.workspace.checkout import Workspace
from bot.workspace.git import GitOptions
from tests.workspace.gitrepo import RemoteRepo

FULL = """\
language: javascript
tests:
  command: "npx jest {tests} --junit {junit}"
  paths: ["**/*.test.js"]
setup:
  command: npm ci
  dependency_files: [package-lock.json]
  cache_paths: [node_modules]
  path_prepend: [node_modules/.bin]
checks:
  - name: lint
    paths: ["src/**/*.js"]
    command: npx eslint {files}
regression:
  enabled: true
protected_paths: ["migrations/**"]
base_branches:
  - label: backport
    branch: release-1.x
  - milestone: "2.0"
    branch: next
steps:
  brt: false
  attempt_budget: 5
sandbox: bwrap
"""


def test_missing_file_gives_python_defaults() -> None:
    config = load_repo_config(None)
    assert config == RepoConfig() == load_repo_config("") == load_repo_config("# nothing\n")
    assert config.language == "python"
    assert config.test_command == "python3 -m pytest {tests} --junitxml={junit} -q"
    assert config.steps.estimate_gate == 2 and config.steps.estimate_max == 5
    assert config.steps.attempt_budget == 3 and config.steps.judge_rebuilds == 2
    assert config.steps.brt_tries == 2 and config.steps.brt is True
    assert config.regression.enabled is False and config.sandbox is None
    assert "tests/**" in config.test_globs


def test_full_file_is_read() -> None:
    config = load_repo_config(FULL)
    assert config.test_command == "npx jest {tests} --junit {junit}"
    assert config.test_globs == ["**/*.test.js"]
    assert config.checks[0].name == "lint" and config.setup.cache_paths == ["node_modules"]
    assert config.steps.brt is False and config.steps.attempt_budget == 5
    assert config.base_branch_for(["bug", "backport"], None) == "release-1.x"
    assert config.base_branch_for([], "2.0") == "next"
    assert config.base_branch_for(["bug"], "1.0") is None
    assert config.regression_command == "npx jest  --junit {junit}"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("language: python\nsteps:\n  attempt_budget: 0\n", 3, "steps.attempt_budget"),
        ("steps:\n  brt: true\n  estimat_gate: 3\n", 3, "steps.estimat_gate"),
        ("checks:\n  - name: lint\n    paths: []\n    command: ruff\n", 3, "checks.0.paths"),
        ("base_branches:\n  - branch: x\n", 2, "exactly one of"),
        ("language: cobol\n", 1, "language"),
        ("tests:\n  command: [1, 2\n", 3, "YAML syntax error (column"),
        ("tests: {command: 'a'\n", 2, "YAML syntax error"),
        ("- just\n- a list\n", 1, "mapping"),
    ],
)
def test_bad_file_names_line_and_problem(text: str, line: int, fragment: str) -> None:
    with pytest.raises(RepoConfigError) as info:
        load_repo_config(text)
    problem_lines = [p[0] for p in info.value.problems]
    assert line in problem_lines, info.value
    assert fragment in str(info.value)
    assert str(info.value).startswith(f".smith.yml:{line}:")


def test_committed_schema_matches_model() -> None:
    assert SCHEMA_FILE.read_text() == render_json_schema(), (
        "regenerate: python -m bot.repo_config > bot/repo_config.schema.json"
    )


def test_schema_accepts_full_file_and_has_field_docs() -> None:
    schema = json_schema()
    jsonschema.validate(yaml.safe_load(FULL), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"steps": {"attempt_budget": "many"}}, schema)
    steps = schema["$defs"]["StepsConfig"]["properties"]
    assert "pause" in steps["estimate_gate"]["description"]
    assert json.loads(SCHEMA_FILE.read_text())["title"] == ".smith.yml"


async def test_config_is_read_from_the_base_commit_not_the_agents_edits(tmp_path: Path) -> None:
    remote = RemoteRepo(tmp_path)
    remote.commit({".smith.yml": "steps:\n  attempt_budget: 4\n", "a.py": "x = 1\n"}, "init")
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    async with workspace.checkout(remote.url, "main", new_branch="smith/1-x") as checkout:
        (checkout.path / ".smith.yml").write_text("steps:\n  attempt_budget: 10\n")
        config = load_repo_config(await checkout.read_base_file(".smith.yml"))
        assert config.steps.attempt_budget == 4
        assert await checkout.read_base_file("missing.yml") is None


def test_a_coverage_schedule_is_off_by_default_and_read_as_written() -> None:
    assert load_repo_config(None).testgen.coverage_schedule is None
    assert load_repo_config("testgen:\n  coverage_schedule: ''\n").testgen.coverage_schedule \
        is None
    for written in ("weekly", "daily", "monthly", "30 4 * * 1-5", "0 3 1 */2 *"):
        config = load_repo_config(f"testgen:\n  coverage_schedule: '{written}'\n")
        assert config.testgen.coverage_schedule == written


@pytest.mark.parametrize(("schedule", "fragment"), [
    ("fortnightly", "neither daily, weekly, monthly nor a cron line of five fields"),
    ("*/5 * * * *", "the minute field must name one minute"),
    ("0 25 * * *", "not a valid cron line"),
    ("0 0 31 2 *", "never comes due"),
    ("0 0 * * * *", "five fields"),
])
def test_a_bad_coverage_schedule_names_its_line_and_problem(schedule: str, fragment: str) -> None:
    text = f"language: python\ntestgen:\n  mutation: true\n  coverage_schedule: '{schedule}'\n"
    with pytest.raises(RepoConfigError) as info:
        load_repo_config(text)
    assert str(info.value).startswith(".smith.yml:4: testgen.coverage_schedule"), info.value
    assert fragment in str(info.value)
