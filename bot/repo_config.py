"""Per-repository settings from `.smith.yml`, read from the base branch only.

The file lives in the repository it configures, so it is read at the base commit (never from the
agent's changes: a fix must not be able to relax its own checks). A missing file means defaults;
a bad one yields an error naming the line and the problem, for the maintainer to fix.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

CONFIG_FILE = ".smith.yml"
SCHEMA_FILE = Path(__file__).with_name("repo_config.schema.json")

_JEST = (
    "JEST_JUNIT_OUTPUT_FILE={junit} JEST_JUNIT_ADD_FILE_ATTRIBUTE=true"
    " JEST_JUNIT_REPORT_TEST_SUITE_ERRORS=true"
    " jest --ci --forceExit --reporters=default --reporters=jest-junit -- {tests}"
)
DEFAULT_TEST_COMMANDS: dict[str, str] = {
    "python": "python -m pytest {tests} --junitxml={junit} -q",
    "javascript": _JEST,
    "typescript": _JEST,
}
DEFAULT_PATH_PREPEND: dict[str, list[str]] = {
    "python": [".venv/bin"],
    "javascript": ["node_modules/.bin"],
    "typescript": ["node_modules/.bin"],
}
DEFAULT_TEST_GLOBS: dict[str, list[str]] = {
    "python": ["tests/**", "test/**", "**/test_*.py", "**/*_test.py", "**/conftest.py"],
    "javascript": [
        "**/__tests__/**",
        "**/*.test.js",
        "**/*.spec.js",
        "**/*.test.mjs",
        "test/**",
        "tests/**",
    ],
    "typescript": [
        "**/__tests__/**",
        "**/*.test.ts",
        "**/*.spec.ts",
        "**/*.test.tsx",
        "test/**",
        "tests/**",
    ],
}

Language = Literal["python", "javascript", "typescript", "go", "java"]
SandboxKind = Literal["unshare", "bwrap", "docker"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, frozen=True)


class TestsConfig(_Section):
    __test__ = False  # not a pytest test class

    command: str | None = None
    """Shell command running the given tests; `{tests}` becomes the test ids, `{junit}` the path
    of the JUnit XML report to write. Empty means the language's default runner."""
    paths: list[str] | None = None
    """Globs (gitignore style) of test files: the only files the red-test step may write."""
    timeout_seconds: float = Field(default=600, gt=0)
    """Wall-clock limit of one test run; the whole process tree is killed when it passes."""


class SetupConfig(_Section):
    command: str | None = None
    """Dependency installation, run once per checkout with network on the base branch's code
    (e.g. `python -m venv .venv && .venv/bin/pip install -r requirements.txt`, `npm ci`)."""
    dependency_files: list[str] = Field(default_factory=list)
    """Globs of the files whose content keys the dependency cache (lockfiles, manifests)."""
    cache_paths: list[str] = Field(default_factory=list)
    """Folders the setup produces (e.g. `.venv`, `node_modules`), cached and restored per run."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment for setup, tests and checks; `{checkout}` becomes the checkout path."""
    path_prepend: list[str] | None = None
    """Checkout-relative folders put in front of PATH; empty means the language's default
    (`.venv/bin` for python, `node_modules/.bin` for javascript/typescript)."""
    timeout_seconds: float = Field(default=1200, gt=0)
    """Wall-clock limit of the setup command."""


class CheckConfig(_Section):
    name: str = Field(min_length=1)
    """Name shown in the quality report (e.g. `lint`, `types`, `locales`)."""
    paths: list[str] = Field(min_length=1)
    """Globs: the check runs when the change touches a matching path."""
    command: str = Field(min_length=1)
    """Shell command; exit code 0 means the check passed. `{junit}` is available if it emits
    JUnit XML, `{files}` becomes the touched files matching `paths`."""
    timeout_seconds: float = Field(default=600, gt=0)
    """Wall-clock limit of the check."""


class RegressionConfig(_Section):
    enabled: bool = False
    """Run the full suite after validation (off by default: costly)."""
    command: str | None = None
    """Full-suite command; empty means the tests command with no test ids."""
    timeout_seconds: float = Field(default=1800, gt=0)
    """Wall-clock limit of the full suite."""


class BaseBranchRule(_Section):
    branch: str = Field(min_length=1)
    """Base branch to fix against when the rule matches."""
    label: str | None = None
    """Issue label that selects this branch."""
    milestone: str | None = None
    """Issue milestone title that selects this branch."""

    @model_validator(mode="after")
    def _one_condition(self) -> BaseBranchRule:
        if (self.label is None) == (self.milestone is None):
            raise ValueError("a base-branch rule needs exactly one of `label` or `milestone`")
        return self


class StepsConfig(_Section):
    brt: bool = True
    """Write and verify a red test before the fix (BRT step)."""
    estimate_gate: float = Field(default=2, gt=0)
    """Estimates of this many points or more pause for `/smith approve`."""
    estimate_max: float = Field(default=5, gt=0)
    """Above this many points Smith publishes a plan instead of code."""
    attempt_budget: int = Field(default=3, ge=1, le=10)
    """Implementation attempts per run."""
    judge_rebuilds: int = Field(default=2, ge=0, le=5)
    """Times the diagnosis is redone after the judge disagrees."""
    brt_tries: int = Field(default=2, ge=0, le=5)
    """Retries of the red-test step when the test is not red on an assertion."""


class RepoConfig(_Section):
    """The whole `.smith.yml`."""

    language: Language = "python"
    """Main language of the repository: picks default test command and test globs."""
    tests: TestsConfig = Field(default_factory=TestsConfig)
    """How to run given tests."""
    setup: SetupConfig = Field(default_factory=SetupConfig)
    """Dependency installation and its cache."""
    checks: list[CheckConfig] = Field(default_factory=list)
    """Extra checks triggered by touched paths (lint, types, locales)."""
    regression: RegressionConfig = Field(default_factory=RegressionConfig)
    """Full-suite regression run."""
    protected_paths: list[str] = Field(default_factory=list)
    """Globs the agent may never write, on top of Smith's defaults."""
    base_branches: list[BaseBranchRule] = Field(default_factory=list)
    """Rules choosing the base branch by issue label or milestone; first match wins."""
    default_base_branch: str | None = None
    """Base branch when no rule matches; empty means the repository's default branch."""
    steps: StepsConfig = Field(default_factory=StepsConfig)
    """Step toggles and budgets."""
    sandbox: SandboxKind | None = None
    """Sandbox kind for this repository (overrides the global setting; cannot disable it)."""

    @model_validator(mode="after")
    def _gate_below_max(self) -> RepoConfig:
        if self.steps.estimate_gate > self.steps.estimate_max:
            raise ValueError("steps.estimate_gate must not exceed steps.estimate_max")
        return self

    @property
    def test_command(self) -> str:
        """The tests command, falling back to the language's default runner."""
        if self.tests.command:
            return self.tests.command
        if self.language not in DEFAULT_TEST_COMMANDS:
            raise RepoConfigError([(None, f"tests.command is required for {self.language}")])
        return DEFAULT_TEST_COMMANDS[self.language]

    @property
    def test_globs(self) -> list[str]:
        if self.tests.paths is not None:
            return list(self.tests.paths)
        return list(DEFAULT_TEST_GLOBS.get(self.language, ["tests/**", "test/**"]))

    @property
    def path_prepend(self) -> list[str]:
        if self.setup.path_prepend is not None:
            return list(self.setup.path_prepend)
        return list(DEFAULT_PATH_PREPEND.get(self.language, []))

    @property
    def regression_command(self) -> str:
        return self.regression.command or self.test_command.replace("{tests}", "")

    def base_branch_for(self, labels: list[str], milestone: str | None) -> str | None:
        """The base branch chosen by the first matching rule, else `default_base_branch`."""
        for rule in self.base_branches:
            if rule.label is not None and rule.label in labels:
                return rule.branch
            if rule.milestone is not None and rule.milestone == milestone:
                return rule.branch
        return self.default_base_branch


class RepoConfigError(ValueError):
    """`.smith.yml` is unreadable or invalid; each problem carries its line (1-based)."""

    def __init__(self, problems: list[tuple[int | None, str]], source: str = CONFIG_FILE) -> None:
        self.problems = problems
        self.source = source
        lines = [
            f"{source}:{line}: {text}" if line else f"{source}: {text}" for line, text in problems
        ]
        super().__init__("\n".join(lines))


def _node_line(node: yaml.Node, loc: tuple[int | str, ...]) -> int | None:
    """Follow a pydantic error location through the YAML node tree to the offending key's line."""
    line = node.start_mark.line + 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == part:
                    line, node = key.start_mark.line + 1, value
                    break
            else:
                return line
        elif (
            isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value)
        ):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def load_repo_config(text: str | bytes | None, source: str = CONFIG_FILE) -> RepoConfig:
    """Parse `.smith.yml` text (None or empty → defaults). Raises RepoConfigError."""
    if text is None:
        return RepoConfig()
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data: Any = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" (column {mark.column + 1})" if mark else ""
        raise RepoConfigError(
            [(mark.line + 1 if mark else None, f"YAML syntax error{where}: {exc.problem}")], source
        ) from None
    except yaml.YAMLError as exc:
        raise RepoConfigError([(None, f"YAML error: {exc}")], source) from None
    if data is None or node is None:
        return RepoConfig()
    if not isinstance(data, dict):
        raise RepoConfigError(
            [(node.start_mark.line + 1, "the file must be a mapping of keys")], source
        )
    try:
        return RepoConfig.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            loc = tuple(p for p in error["loc"])
            where = ".".join(str(p) for p in loc) or "(top level)"
            problems.append((_node_line(node, loc), f"{where}: {error['msg']}"))
        raise RepoConfigError(problems, source) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of `.smith.yml`, generated from the model (shipped as a file for editors)."""
    schema = RepoConfig.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = ".smith.yml"
    return schema


def render_json_schema() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # `python -m bot.repo_config > bot/repo_config.schema.json`
    sys.stdout.write(render_json_schema())
