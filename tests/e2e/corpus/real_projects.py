"""Real projects at real releases: each repository is a project's sdist (or npm tarball) at the
older of two consecutive releases, and the story is the newer release's own fix and regression
test, so the scripted model plays exactly what the maintainers did.

Why these release pairs (each diff is one small bug fix plus the test that pins it):

- humanize 4.12.0 -> 4.12.1 (src layout, hatch-vcs version from the git tag, a pytest suite
  with parametrize and fixtures; setup installs it editable with its `tests` extra, pytest,
  pytest-cov and freezegun, from the index; the generated `_version.py` is not in the repo):
  `naturalsize(1.123456789)` printed every float digit of a byte count below one unit; the fix
  is `int(bytes_)` in filesize.py, the test six new parametrize rows in tests/test_filesize.py.
- jsonpointer 3.9 -> 3.10 (flat module, unittest suite in tests.py, no .gitignore; setup is
  `pip install -e .` with pytest; its crutch variants run without setup): resolving a missing member of a `defaultdict` added it to
  the document (#101); the fix checks membership first, the test is the new DefaultDictTests.
- texttable 1.7.0 -> 1.7.1 (flat module, no setup at all: the operator's Python runs its pytest
  suite, parametrize in the new test): `set_chars`/`set_cols_width` after a `draw()` kept the
  old rule line, and `add_rows` did not take an iterator; three small hunks in texttable.py,
  four new tests in tests.py.
- object-path 0.11.5 -> 0.11.6 (JavaScript, mocha-style tests run by jest; setup installs
  chai from the npm registry): CVE-2021-23434, `set()` with a path element that is itself an
  array (`[['__proto__'], 'x']`) slipped past the prototype-pollution guard; the fix turns such
  elements into strings first, the test adds those paths to test.js.
- cachetools 7.2.7 -> 7.2.8 (src layout run from source with `PYTHONPATH=src`, unittest
  classes; the keys.py and test_keys.py parts of the release): `methodkey(obj, self=1)` raised TypeError;
  the fix makes `self` positional-only. Its test is red with that TypeError, not an assertion:
  Smith's reproduction step refuses it, so this one does not publish (a finding, xfail).

The version bumps of the newer release (`__version__ = ...`) are release chores, not the fix:
they are left out of the scripted edits.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.e2e import script
from tests.e2e.corpus import js_repo
from tests.e2e.corpus.cases import Case
from tests.e2e.corpus.gitutil import Files
from tests.e2e.corpus.releases import Unreachable, index_env, release_files
from tests.e2e.corpus.story import Story
from tests.fakes.model import FakeModelServer, Turn
from tests.sandboxed import TOOLCHAIN

Edit = dict[str, str]


@dataclass(frozen=True)
class Project:
    """One project, its release pair and what the scripted agent says about the bug."""

    name: str
    kind: str  # "pypi" | "npm"
    old: str
    new: str
    source: str
    """The file the fix changes."""
    test_file: str
    red_id: str
    title: str
    body: str
    quote: str
    root_cause: str
    symptom: str
    layouts: tuple[str, ...]
    smith_yml: str | None = None
    drop: tuple[str, ...] = ()
    """Files of the sdist the project's repository does not hold (generated at build)."""
    tag: str | None = None
    settings: dict[str, Any] = field(default_factory=lambda: {"setup_env": index_env()})
    missing_tools: Callable[[], str | None] = lambda: None
    crutch: Edit | None = None
    """A fix that special-cases the red test's inputs instead of fixing the code."""
    crutch_yml: str | None = None
    """The `.smith.yml` of the crutch variants when the project's own is costlier than they
    need (an editable install where the operator's Python runs the tests as well)."""
    crutch_caught_by: str = "validate"
    """The step that stops the crutch: the validator, or the tests when the release's test
    file also covers inputs the crutch does not special-case."""
    crutch_publishes: str | None = None
    """Why the crutch publishes (a finding: its test is xfail(strict=True) with this reason)."""
    weakened: Edit | None = None
    """A "fix" that edits the red test's expectation to what the bug returns."""

    def files(self, version: str | None = None) -> Files:
        """The repository at a release (the older one by default), `.smith.yml` added."""
        try:
            files = release_files(self.kind, self.name, version or self.old, drop=self.drop)
        except Unreachable as exc:
            pytest.skip(f"the package index is unreachable: {exc}")
        if self.smith_yml is not None:
            files[".smith.yml"] = self.smith_yml
        return files

    def released(self, path: str) -> str:
        """A file of the newer release."""
        text = self.files(self.new)[path]
        assert isinstance(text, str)
        return text


def _is_chore(line: str) -> bool:
    return "__version__" in line or line.lstrip().startswith('"version":')


def release_edits(old: str, new: str) -> list[Edit]:
    """The diff between two releases of a file as `edit_file` calls, release chores (version
    bumps) left out; each `old` carries enough context to be unique in the file it edits."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    edits: list[Edit] = []
    current = old
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal" or all(_is_chore(line) for line in a[i1:i2] + b[j1:j2]):
            continue
        context = 1
        while True:
            start, end = max(0, i1 - context), min(len(a), i2 + context)
            before = "".join(a[start:end])
            after = "".join(a[start:i1] + b[j1:j2] + a[i2:end])
            if current.count(before) == 1:
                break
            context += 1
        edits.append({"old": before, "new": after})
        current = current.replace(before, after, 1)
    return edits


def _first_changed_line(old: str, new: str) -> int:
    edit = release_edits(old, new)[0]
    return old[:old.index(edit["old"])].count("\n") + 1


def story(project: Project) -> tuple[Story, list[Edit]]:
    """The agent's turns for the real fix: the newer release's test file and source edits."""
    old_source = project.files()[project.source]
    assert isinstance(old_source, str)
    new_source = project.released(project.source)
    edits = [{"path": project.source, **e} for e in release_edits(old_source, new_source)]
    line = _first_changed_line(old_source, new_source)
    criteria = [{"id": "AC1", "kind": "primary", "behaviour": project.quote,
                 "quote": project.quote}]
    return Story(
        source=project.source, red_file=project.test_file,
        red_test=project.released(project.test_file), red_id=project.red_id, fix=edits[0],
        acceptance={"status": "ready", "criteria": criteria, "missing_data": [],
                    "questions": []},
        diagnosis={
            "hypothesis": project.root_cause, "root_cause": project.root_cause,
            "locations": [{"path": project.source, "start_line": max(1, line - 3),
                           "end_line": line + 3}],
            "rejected_hypotheses": [{"hypothesis": "the caller passes bad input",
                                     "why_rejected": f"{project.source}:{line} mishandles "
                                                     "valid input"}],
            "layer": "library function", "scope": "single_bug", "invariant_change": None,
            "confirmed_assumptions": [{"assumption": "the input in the report is valid",
                                       "evidence": f"{project.source}:{line}"}],
        },
        implementation={"summary": project.root_cause,
                        "checklist": {"done": [f"AC1: {project.quote}"], "left": [],
                                      "could_not": []},
                        "declared_tests": [project.test_file]},
        verdict={"criteria": [{"id": "AC1", "covered": True,
                               "evidence": f"+{_first_added(edits)}"}],
                 "over_engineering": None, "honesty_concerns": []},
        judge={"explains_symptom": True, "why": project.symptom,
               "latched_onto": f"{project.source} line {line}"},
    ), edits


def script_run(fake: FakeModelServer, told: Story, *attempts: list[Edit]) -> None:
    """Every step's turns; one implement attempt per list of edits."""
    fake.script("submit_acceptance", Turn.submit("submit_acceptance", told.acceptance))
    fake.script("submit_diagnosis", Turn.tool("read_file", path=told.source),
                Turn.submit("submit_diagnosis", told.diagnosis))
    fake.script("submit_judgement", Turn.submit("submit_judgement", told.judge))
    fake.script("submit_estimate", Turn.submit("submit_estimate", script.ESTIMATE_SMALL))
    fake.script("submit_repro_test",
                Turn.tool("write_file", path=told.red_file, content=told.red_test),
                Turn.submit("submit_repro_test", {"status": "written", "file": told.red_file,
                                                  "test_id": told.red_id}))
    turns = []
    for edits in attempts:
        turns += [Turn.tool("edit_file", **edit) for edit in edits]
        turns.append(Turn.submit("submit_implementation", told.implementation))
    fake.script("submit_implementation", *turns)
    fake.script("submit_self_review",
                *[Turn.submit("submit_self_review", script.SELF_REVIEW)] * len(attempts))
    verdicts = [{**told.verdict, "criteria": [{"id": "AC1", "covered": True,
                                               "evidence": f"+{_first_added(edits)}"}]}
                for edits in attempts]
    fake.script("submit_criteria_verdict",
                *[Turn.submit("submit_criteria_verdict", v) for v in verdicts + verdicts[-1:]])


def _first_added(edits: list[Edit]) -> str:
    """The first line an attempt adds: what the criteria verdict quotes as its evidence."""
    return next(line for edit in edits for line in edit["new"].splitlines()
                if line.strip() and line not in edit["old"].splitlines())


def case(project: Project, smith_yml: str | None = None) -> Case:
    """The corpus case of a project (its `.smith.yml` replaced when given)."""
    def files() -> Files:
        built = project.files()
        if smith_yml is not None:
            built[".smith.yml"] = smith_yml
        return built

    return Case(project.name, files, story=_PLACEHOLDER,
                title=project.title, body=project.body, settings=project.settings,
                missing_tools=project.missing_tools, tag=project.tag)


# The story needs the release: built in the test, never at collection.
_PLACEHOLDER = Story(source="", red_file="", red_test="", red_id="", fix={}, acceptance={},
                     diagnosis={}, implementation={}, verdict={})
REGRESSION = "regression:\n  enabled: true\n"


def _regression(command: str) -> str:
    """Regression on, with the project's own suite command (pytest collects `tests.py` only
    when told: it is not a `test_*.py` name)."""
    return f"{REGRESSION}  command: {json.dumps(command)}\n"
PYTEST = 'tests:\n  command: "python -m pytest {tests} --junitxml={junit} -q -p no:cacheprovider"\n'
ONE_ATTEMPT = "steps:\n  attempt_budget: 1\n"


def _tests_at(*globs: str) -> str:
    """`tests.paths` for a project whose tests are not under the default globs (a `tests.py`
    beside the module): the red-test step may write only there."""
    return f"tests:\n  paths: {json.dumps(list(globs))}\n"


def _venv_yml(install: str, dependency_files: list[str], tests: str = "",
              regression: str = REGRESSION) -> str:
    return (f"{PYTEST}{tests}setup:\n"
            f'  command: "python -m venv .venv && .venv/bin/pip install -q {install}"\n'
            f"  dependency_files: {json.dumps(dependency_files)}\n"
            '  cache_paths: [".venv"]\n' + regression)


HUMANIZE = Project(
    name="humanize", kind="pypi", old="4.12.0", new="4.12.1",
    source="src/humanize/filesize.py", test_file="tests/test_filesize.py",
    red_id="tests/test_filesize.py::test_naturalsize",
    title="naturalsize() prints every float digit of a small byte count",
    body=("`humanize.naturalsize(1.123456789)` returns `1.123456789 Bytes`; sizes of a kB and "
          "more are rounded.\n\nExpected: naturalsize(1.123456789) returns 1 Bytes"),
    quote="naturalsize(1.123456789) returns 1 Bytes",
    root_cause="naturalsize() formats a byte count below the base with the raw value, so a "
               "float prints all its digits; counts of whole bytes need int().",
    symptom="Below the base the value is printed as given: 1.123456789 Bytes, the symptom.",
    layouts=("src layout", "git-derived version (hatch-vcs)", "pytest parametrize",
             "editable install"),
    smith_yml=_venv_yml("-e .[tests]", ["pyproject.toml"]),
    drop=("src/humanize/_version.py",), tag="4.12.0",
    crutch={"path": "src/humanize/filesize.py",
            "old": '    if abs_bytes < base:\n',
            "new": '    if abs_bytes == 1.123456789:\n        bytes_ = int(bytes_)\n'
                   '    if abs_bytes < base:\n'},
)
JSONPOINTER = Project(
    name="jsonpointer", kind="pypi", old="3.9", new="3.10",
    source="jsonpointer.py", test_file="tests.py",
    red_id="tests.py::DefaultDictTests::test_resolve_missing_returns_default",
    title="resolve_pointer adds missing members to a defaultdict",
    body=("Resolving `/missing` in a `defaultdict(dict)` returns `{}` and leaves a `missing` "
          "key behind instead of the default.\n\nExpected: a missing member of a defaultdict "
          "stays missing"),
    quote="a missing member of a defaultdict stays missing",
    root_cause="walk() indexes the mapping directly, so a mapping with __missing__ creates "
               "the member; it must check membership first.",
    symptom="doc[part] on a defaultdict calls __missing__, which inserts {}: the symptom.",
    layouts=("flat module", "unittest", "no .gitignore", "editable install"),
    smith_yml=_venv_yml("-e . pytest", ["setup.py"], tests='  paths: ["tests.py"]\n',
                        regression=_regression(
                            "python -m pytest tests.py --junitxml={junit} -q -p no:cacheprovider")),
    crutch_yml=PYTEST + '  paths: ["tests.py"]\n' + ONE_ATTEMPT,
    crutch={"path": "jsonpointer.py",
            "old": "(so assume custom indexing)\n        try:\n",
            "new": "(so assume custom indexing)\n        try:\n"
                   "            if part == 'missing':\n                raise KeyError(part)\n"},
)
TEXTTABLE = Project(
    name="texttable", kind="pypi", old="1.7.0", new="1.7.1",
    source="texttable.py", test_file="tests.py",
    red_id="tests.py::test_change_chars_after_draw",
    title="set_chars() after draw() keeps the old rule characters",
    body=("After `table.draw()`, `table.set_chars(['~', '!', '*', '='])` changes the borders "
          "but the horizontal rules keep the old characters.\n\nExpected: set_chars after "
          "draw changes every line"),
    quote="set_chars after draw changes every line",
    root_cause="draw() caches the horizontal rule in _hline_string and set_chars / "
               "set_cols_width never reset it.",
    symptom="The cached _hline_string is reused after set_chars: the old rules, the symptom.",
    layouts=("flat module", "no setup (the operator's Python)", "pytest parametrize",
             "no .gitignore"),
    smith_yml=_tests_at("tests.py") + _regression(
        "python3 -m pytest tests.py --junitxml={junit} -q -p no:cacheprovider"),
    crutch={"path": "texttable.py",
            "old": "        return self._hline_string\n",
            "new": "        if self._char_horiz == '~':\n"
                   "            return self._build_hline()\n"
                   "        return self._hline_string\n"},
    crutch_caught_by="quality",
    weakened={"path": "tests.py",
              "old": "    table.set_chars(chars)\n"
                     "    assert table.draw() == Texttable().set_chars(chars).add_rows(rows).draw()\n",
              "new": "    table.set_chars(chars)\n"
                     "    assert table.draw() != Texttable().set_chars(chars).add_rows(rows).draw()\n"},
)
OBJECT_PATH = Project(
    name="object-path", kind="npm", old="0.11.5", new="0.11.6",
    source="index.js", test_file="test.js", red_id="test.js",
    title="set() with an array path element pollutes Object.prototype",
    body=("`objectPath.set({}, [['__proto__'], 'injected'], 'x')` sets "
          "`Object.prototype.injected`; the string form is refused.\n\nExpected: an array "
          "path element cannot reach __proto__"),
    quote="an array path element cannot reach __proto__",
    root_cause="set() compares the path element with '__proto__' before turning it into a "
               "string, so ['__proto__'] passes the guard and indexes __proto__.",
    symptom="['__proto__'] !== '__proto__' but obj[['__proto__']] is obj.__proto__: the "
            "symptom.",
    layouts=("JavaScript (npm tarball)", "mocha-style tests under jest", "no .gitignore"),
    smith_yml=None, settings={"sandbox_path": f"{js_repo.JS_BIN}:{TOOLCHAIN}", "setup_env": index_env()},
    missing_tools=js_repo.missing_tools,
)


CACHETOOLS = Project(
    name="cachetools", kind="pypi", old="7.2.7", new="7.2.8",
    source="src/cachetools/keys.py", test_file="tests/test_keys.py",
    red_id="tests/test_keys.py::CacheKeysTest::test_methodkey",
    title="methodkey() fails when a method takes a keyword argument named self",
    body=("`cachetools.keys.methodkey(obj, self=1)` raises `TypeError: methodkey() got "
          "multiple values for argument 'self'`.\n\nExpected: a keyword argument named self "
          "is part of the key"),
    quote="a keyword argument named self is part of the key",
    root_cause="methodkey() and typedmethodkey() take `self` as an ordinary parameter, so a "
               "keyword argument named self collides with it; it must be positional-only.",
    symptom="methodkey(obj, self=1) binds self twice: the TypeError of the report.",
    layouts=("src layout", "unittest classes run by pytest", "setuptools attr version"),
    # Run from source, as its tox.ini's pytest would see it: no setup to wait for.
    smith_yml='tests:\n  command: "PYTHONPATH=src python3 -m pytest {tests} --junitxml={junit} '
              '-q -p no:cacheprovider"\n' + REGRESSION,
    # Its real test is red with the bug's own TypeError, which the report quotes: BRT takes
    # that as red (bot/chains/fix/reported_error.py).
)


def object_path_yml() -> str:
    """jest runs the project's mocha-style test.js (describe/it, chai's expect); setup installs
    chai, the one module the tests require, from the npm registry."""
    command = ("JEST_JUNIT_OUTPUT_FILE={junit} JEST_JUNIT_ADD_FILE_ATTRIBUTE=true "
               "JEST_JUNIT_REPORT_TEST_SUITE_ERRORS=true jest --ci --forceExit "
               f"--reporters=default --reporters={js_repo.REPORTER} -- {{tests}}")
    install = ("npm install --no-save --no-package-lock --no-audit --no-fund --cache "
               ".npm-cache --prefix .smith-deps chai@4.3.4 && mv .smith-deps/node_modules "
               "node_modules && rm -rf .smith-deps .npm-cache")
    return ("language: javascript\n"
            f"setup:\n  command: {json.dumps(install)}\n"
            '  dependency_files: ["package.json"]\n  cache_paths: ["node_modules"]\n'
            f"tests:\n  command: {json.dumps(command)}\n"
            '  paths: ["test.js"]\n' + REGRESSION)


OBJECT_PATH = Project(**{**OBJECT_PATH.__dict__, "smith_yml": object_path_yml()})

ALL = [HUMANIZE, JSONPOINTER, TEXTTABLE, OBJECT_PATH, CACHETOOLS]
