"""Per-repository settings from `.smith.yml`, read from the base branch only.

The file lives in the repository it configures, so it is read at the base commit (never from the
agent's changes: a fix must not be able to relax its own checks). A missing file means defaults;
a bad one yields an error naming the line and the problem, for the maintainer to fix.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from bot.cron import cron_line

CONFIG_FILE = ".smith.yml"
SCHEMA_FILE = Path(__file__).with_name("repo_config.schema.json")

_JEST = (
    "JEST_JUNIT_OUTPUT_FILE={junit} JEST_JUNIT_ADD_FILE_ATTRIBUTE=true"
    " JEST_JUNIT_REPORT_TEST_SUITE_ERRORS=true"
    " jest --ci --forceExit --reporters=default --reporters=jest-junit -- {tests}"
)
DEFAULT_TEST_COMMANDS: dict[str, str] = {
    # `python3`: Debian, Ubuntu and the slim Python images have no `python` outside a venv
    # (a venv has both).
    "python": "python3 -m pytest {tests} --junitxml={junit} -q",
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

# ---- what a repository may put into the environment and the paths it names ----------------
# `.smith.yml` is the repository's own text: it may only add ordinary variables for its tools,
# never ones that make a program load code from elsewhere, change where tools, homes and
# temporary files are found, redirect git, traffic or certificates, or steer a shell.
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
DENIED_ENV_NAMES = frozenset({
    "PATH", "HOME", "TMPDIR", "TMP", "TEMP", "SHELL", "USER", "LOGNAME", "PWD", "OLDPWD",
    "BASH_ENV", "ENV", "IFS", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "CDPATH",
    "GLOBIGNORE", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONUSERBASE", "PYTHONEXECUTABLE",
    "PYTHONINSPECT", "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB", "RUBYOPT", "RUBYLIB",
    "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "GCONV_PATH", "LOCPATH",
    "NLSPATH", "HOSTALIASES", "RESOLV_HOST_CONF", "LOCALDOMAIN", "RES_OPTIONS",
    "SSLKEYLOGFILE", "CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE", "NODE_EXTRA_CA_CERTS",
    "SSH_AUTH_SOCK", "SSH_ASKPASS", "EDITOR", "VISUAL", "PAGER", "BROWSER",
})
DENIED_ENV_PREFIXES = ("LD_", "DYLD_", "GIT_", "BASH_FUNC_", "SSL_CERT_", "SMITH_", "DOCKER_",
                       "XDG_", "MALLOC_", "GLIBC_")
DENIED_ENV_SUFFIXES = ("_PROXY",)
CHECKED_ENV_NAMES = ("PYTHONPATH", "NODE_OPTIONS", "NODE_PATH")
"""Allowed only when every path they name stays inside the checkout."""
_NODE_LOADER_FLAGS = ("-r", "--require", "--import", "--loader", "--experimental-loader")
_CHECKOUT = "{checkout}"


def _inside_checkout(value: str) -> bool:
    """A path relative to the checkout, or `{checkout}`-based, that never climbs out of it."""
    if value.startswith(_CHECKOUT):
        value = value[len(_CHECKOUT):].lstrip("/")
    elif value.startswith(("/", "~", "\\")) or "{" in value:
        return False
    depth = 0
    for part in PurePosixPath(value).parts:
        if part == "..":
            depth -= 1
            if depth < 0:
                return False
        elif part not in (".", ""):
            depth += 1
    return True


def env_refusal(name: str, value: str) -> str | None:
    """Why `.smith.yml` may not set `name` to `value`, or None when it may."""
    upper = name.upper()
    if not _ENV_NAME.match(name):
        return f"{name!r} is not a valid environment variable name"
    if (upper in DENIED_ENV_NAMES or upper.startswith(DENIED_ENV_PREFIXES)
            or upper.endswith(DENIED_ENV_SUFFIXES)):
        return (f"{name} may not be set by the repository (it would change what runs, where "
                "tools, homes or temporary files are, or where traffic goes)")
    if upper in ("PYTHONPATH", "NODE_PATH"):
        outside = [e for e in value.split(":") if e and not _inside_checkout(e)]
        if outside:
            return (f"{name} may only name folders inside the checkout (relative or "
                    f"`{{checkout}}/...`), not {outside[0]!r}")
    if upper == "NODE_OPTIONS":
        try:
            words = shlex.split(value)
        except ValueError:
            return "NODE_OPTIONS is not a valid option list"
        for index, word in enumerate(words):
            flag, _, attached = word.partition("=")
            if flag not in _NODE_LOADER_FLAGS:
                continue
            module = attached or (words[index + 1] if index + 1 < len(words) else "")
            path_like = "/" in module or module.startswith((".", "~", "{"))
            if path_like and not _inside_checkout(module):
                return (f"NODE_OPTIONS may only {flag} modules inside the checkout, not "
                        f"{module!r}")
    return None


def _checkout_relative(value: str) -> str:
    """A path the repository names for Smith's own file handling: relative, inside the
    checkout, never into `.git`."""
    text = value.strip()
    parts = PurePosixPath(text).parts
    if not text or text.startswith(("/", "~", "\\")) or ".." in parts:
        raise ValueError(f"{value!r} must be a path relative to the repository root, without `..`")
    if any(part.lower().rstrip(". ") == ".git" for part in parts):
        raise ValueError(f"{value!r} may not name git's own data (`.git`)")
    return value


def _relative_glob(value: str) -> str:
    """A dependency-file glob: may be anchored with a leading `/` (gitignore style: the
    repository root), but may not climb out or look into `.git`."""
    body = value[1:] if value.startswith("!") else value
    _checkout_relative(body.lstrip("/") or ".")
    return value


CheckoutPath = Annotated[str, AfterValidator(_checkout_relative)]
RelativeGlob = Annotated[str, AfterValidator(_relative_glob)]
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
    (e.g. `python3 -m venv .venv && .venv/bin/pip install -r requirements.txt`, `npm ci`)."""
    dependency_files: list[RelativeGlob] = Field(default_factory=list)
    """Globs of the files whose content keys the dependency cache (lockfiles, manifests);
    inside the repository (no `..`, no `.git`)."""
    cache_paths: list[CheckoutPath] = Field(default_factory=list)
    """Folders the setup produces (e.g. `.venv`, `node_modules`), cached and restored per run;
    relative to the repository root (no absolute paths, no `..`, no `.git`)."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment for setup, tests and checks, inside the sandbox only; `{checkout}`
    becomes the checkout path. Refused: `PATH`, `HOME`, `TMPDIR`, `LD_*`, `DYLD_*`, `GIT_*`,
    `SMITH_*`, `DOCKER_*`, `XDG_*`, `SSL_CERT_*`, `*_PROXY`, `PYTHONSTARTUP`, `PYTHONHOME`,
    `BASH_ENV`, `ENV`, `IFS`, `SHELLOPTS`, `PS4`, `PERL5OPT`, `RUBYOPT`, `JAVA_TOOL_OPTIONS`
    and the like; `PYTHONPATH`/`NODE_PATH` only with folders inside the checkout, and
    `NODE_OPTIONS` only `--require`/`--import` modules inside the checkout."""
    path_prepend: list[CheckoutPath] | None = None
    """Checkout-relative folders put in front of PATH inside the sandbox; empty means the
    language's default (`.venv/bin` for python, `node_modules/.bin` for
    javascript/typescript). No absolute paths, no `..`, no `.git`."""
    timeout_seconds: float = Field(default=1200, gt=0)
    """Wall-clock limit of the setup command."""

    @field_validator("env")
    @classmethod
    def _env_allowed(cls, env: dict[str, str]) -> dict[str, str]:
        for name, value in env.items():
            reason = env_refusal(name, value)
            if reason:
                # `env_key` lets the error point at the variable's own line.
                raise PydanticCustomError("env_refused", "{reason}",
                                          {"reason": reason, "env_key": name})
        return env


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


BackendSkipReason = Literal["nondeterministic", "no_test_harness", "other"]


def _default_backend_skip_reasons() -> list[BackendSkipReason]:
    return ["nondeterministic", "no_test_harness"]


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
    backend_skip_reasons: list[BackendSkipReason] = Field(
        default_factory=_default_backend_skip_reasons)
    """Reasons for which the red-test step may skip a test when the diagnosis names backend
    code; any other skip is sent back (a visual or text skip is for frontend and texts)."""
    needs_info_rounds: int = Field(default=3, ge=0, le=10)
    """Times a run blocked on missing information reads the report again after an answer."""
    honesty_veto: Literal["low", "medium", "high"] = "high"
    """The validator's honesty concerns of this severity or above veto the fix; lower ones go to
    reviewers as notes."""


_ENTRY_POINT = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*:[A-Za-z_][A-Za-z0-9_]*$")


class ExamplesThresholds(_Section):
    """Acceptance thresholds of the held-out chain, fixed before generation (fractions)."""

    train_recall: float = Field(default=0.95, ge=0, le=1)
    """Recall the generator must reach on the training part before the held-out check."""
    train_precision: float = Field(default=0.95, ge=0, le=1)
    """Precision the generator must reach on the training part."""
    held_out_recall: float = Field(default=0.80, ge=0, le=1)
    """Recall on the held-out part, computed by code with the evaluator."""
    held_out_precision: float = Field(default=0.80, ge=0, le=1)
    """Precision on the held-out part, computed by code with the evaluator."""

    def strongest(self, other: ExamplesThresholds) -> ExamplesThresholds:
        """Each threshold at the higher of the two (an issue may only raise them)."""
        return ExamplesThresholds(**{name: max(getattr(self, name), getattr(other, name))
                                     for name in type(self).model_fields})


class ExamplesLimits(_Section):
    artefact_rounds: int = Field(default=5, ge=1, le=10)
    """Held-out evaluations (each failed one answered by the critic's observations)."""
    companion_rounds: int = Field(default=3, ge=1, le=10)
    """Rounds for the companion code: input classes not covered by a passing test go back."""
    train_attempts: int = Field(default=3, ge=1, le=10)
    """Generator tries per round to reach the training thresholds."""


class ExamplesConfig(_Section):
    """The held-out acceptance chain (`smith:examples`): examples, artefact, evaluator."""

    positives: list[CheckoutPath] = Field(default_factory=list)
    """Files of examples the artefact must accept, one per line (hidden from the agent)."""
    negatives: list[CheckoutPath] = Field(default_factory=list)
    """Files of examples the artefact must reject, one per line (hidden from the agent)."""
    artefact: CheckoutPath | None = None
    """Where the artefact lives, e.g. `assistant/intents/alarm.py`."""
    contract: str | None = None
    """The artefact's contract, e.g. `def matches(text: str) -> bool`."""
    evaluator: str | None = None
    """`module:function` (called with one example, returns a bool) or a shell command that
    reads one example per line on stdin and prints one JSON boolean per line."""
    rules: list[str] = Field(default_factory=list)
    """Acceptance rules the generator is held to (structure, style, tests, forbidden
    constructs), fixed before it starts."""
    thresholds: ExamplesThresholds = Field(default_factory=ExamplesThresholds)
    """Acceptance thresholds; an issue's `smith` block may raise them, never lower them."""
    limits: ExamplesLimits = Field(default_factory=ExamplesLimits)
    """Iteration limits; an issue's `smith` block may lower them, never raise them."""

    @field_validator("evaluator")
    @classmethod
    def _evaluator_given(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("the evaluator is empty")
        return value

    @property
    def entry_point(self) -> tuple[str, str] | None:
        """(module, function) when the evaluator is a Python entry point."""
        if self.evaluator and _ENTRY_POINT.match(self.evaluator.strip()):
            module, _, function = self.evaluator.strip().partition(":")
            return module, function
        return None

    @property
    def example_files(self) -> list[str]:
        return [*self.positives, *self.negatives]


CodeKind = Literal["pure", "service", "io"]


class TestgenConfig(_Section):
    """The test-generation chain (`smith:tests`, `smith tests`): its gates and campaigns."""

    __test__ = False  # not a pytest test class

    mutation: bool = True
    """Gate 4, the mutation score of the code under test (Python)."""
    max_mutants: int = Field(default=30, ge=1, le=200)
    """Most mutants per file and pass (spread evenly over the mutation points)."""
    kinds: dict[str, CodeKind] = Field(default_factory=dict)
    """Glob → kind of code (pure ≥ 50 %, service ≥ 40 %, io ≥ 30 % mutation score); the kind
    is read from a module's imports otherwise."""
    docs: list[RelativeGlob] = Field(default_factory=lambda: ["docs/**", "README*"])
    """Documentation globs: coverage campaigns only test packages whose docs are fresh."""
    docs_fresh_days: int = Field(default=183, ge=1)
    """Docs last touched longer ago than this are stale: documentation debt, not tested."""
    coverage_schedule: str | None = None
    """When Smith runs a coverage campaign on the default branch by itself: `daily`, `weekly`,
    `monthly` (03:00 UTC; Mondays, the 1st) or a five-field cron line in UTC naming one
    minute (e.g. `30 4 * * 1-5`). Checked hourly; empty means never (`smith tests
    --coverage` still works)."""

    @field_validator("coverage_schedule")
    @classmethod
    def _schedule_valid(cls, value: str | None) -> str | None:
        if value is not None and value.strip():
            cron_line(value)  # raises ValueError naming what is wrong
            return value.strip()
        return None


class BudgetsConfig(_Section):
    """Caps this repository sets for itself. They only tighten the operator's (`smith.toml`
    `[budgets]` and the run caps): the lower of the two applies, so a repository can never
    raise what Smith may spend on it."""

    day_usd: float | None = Field(default=None, ge=0)
    """Dollars per UTC day for this repository."""
    month_usd: float | None = Field(default=None, ge=0)
    """Dollars per UTC calendar month for this repository."""
    day_tokens: int | None = Field(default=None, ge=0)
    """Tokens per UTC day for this repository (input, output and cache)."""
    month_tokens: int | None = Field(default=None, ge=0)
    """Tokens per UTC calendar month for this repository."""
    run_usd: float | None = Field(default=None, ge=0)
    """Dollars one run may spend."""
    run_tokens: int | None = Field(default=None, ge=0)
    """Tokens one run may spend."""


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
    examples: ExamplesConfig = Field(default_factory=ExamplesConfig)
    """The held-out acceptance chain's examples, artefact, evaluator and thresholds."""
    testgen: TestgenConfig = Field(default_factory=TestgenConfig)
    """The test-generation chain: gates and coverage campaigns."""
    budgets: BudgetsConfig = Field(default_factory=BudgetsConfig)
    """Spending caps for this repository; they may only tighten the operator's."""

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
    line: int = node.start_mark.line + 1
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
            env_key = (error.get("ctx") or {}).get("env_key")
            if env_key is not None:
                loc = (*loc, env_key)
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
