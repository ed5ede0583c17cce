"""The corpus: one entry per repository shape, with the ending the issue asks for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE
from tests.e2e.corpus import js_repo, python_repos
from tests.e2e.corpus.gitutil import Files
from tests.e2e.corpus.story import Story, python_story
from tests.sandboxed import TOOLCHAIN


@dataclass(frozen=True)
class Case:
    name: str
    files: Callable[[], Files]
    story: Story
    title: str = ISSUE_TITLE
    body: str = ISSUE_BODY
    settings: dict[str, Any] = field(default_factory=dict)
    """Settings of this Smith installation (e.g. the sandbox PATH with jest on it)."""
    missing_tools: Callable[[], str | None] = lambda: None
    tag: str | None = None
    """The tag on the repository's one commit (a release)."""

    def __str__(self) -> str:  # the test id
        return self.name


_generated = python_story()
GENERATED_STORY = Story(**{**_generated.__dict__, "implementation": {
    **_generated.implementation,
    "declared_tests": ["tests/test_calc.py", "tests/test_catalogue.py"]}})

README_VENV = Case("readme-venv", python_repos.readme_venv, python_story())
NO_GITIGNORE = Case("no-gitignore", python_repos.no_gitignore, python_story())
NPM_JEST = Case("npm-jest", js_repo.npm_repo, js_repo.js_story(), title=js_repo.ISSUE_TITLE,
                body=js_repo.ISSUE_BODY,
                settings={"sandbox_path": f"{js_repo.JS_BIN}:{TOOLCHAIN}"},
                missing_tools=js_repo.missing_tools)
UNDECLARED_SETUP = Case("undeclared-setup", python_repos.undeclared_setup, python_story())
MONOREPO = Case("monorepo", python_repos.monorepo, python_story("services/api/"))
LARGE_GENERATED = Case("large-generated-file", python_repos.large_generated_file,
                       GENERATED_STORY)

ALL = [README_VENV, NO_GITIGNORE, NPM_JEST, UNDECLARED_SETUP, MONOREPO, LARGE_GENERATED]
