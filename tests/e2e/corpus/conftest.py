"""The e2e harness (tests/e2e/conftest.py) on a corpus repository instead of the calc repo.

`corpus_case` is parametrized indirectly with a `Case`; it makes the harness's repository
builder and issue text the case's, then the harness's own `e2e` fixture builds everything else
(web app, handlers, jobs, chain, Postgres, fake GitHub, scripted model). GitHub only: the forge
does not change what goes into a change.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.e2e.conftest import E2E
from tests.e2e.corpus.cases import Case
from tests.e2e.corpus.gitutil import publish

HARNESS = Path(__file__).resolve().parent.parent / "conftest.py"


def harness_modules() -> list[ModuleType]:
    """tests/e2e/conftest.py as pytest loaded it (its own module name) and as imported."""
    return [module for module in list(sys.modules.values())
            if getattr(module, "__file__", None) and Path(module.__file__).resolve() == HARNESS]


@pytest.fixture
def forge_name() -> str:
    return "github"


@pytest.fixture
def corpus_case(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Case:
    case: Case = request.param
    reason = case.missing_tools()
    if reason:
        pytest.skip(reason)
    files = case.files()

    def build(root: Path, **_: object) -> Path:
        return publish(root, files, case.tag)

    for harness in harness_modules():
        monkeypatch.setattr(harness, "make_buggy_repo", build)
        monkeypatch.setattr(harness, "ISSUE_TITLE", case.title)
        monkeypatch.setattr(harness, "ISSUE_BODY", case.body)
    return case


@pytest.fixture
async def e2e(corpus_case: Case, e2e: E2E) -> AsyncIterator[E2E]:
    """The harness's `e2e`, built on the case's repository, with the case's settings."""
    for name, value in corpus_case.settings.items():
        setattr(e2e.settings, name, value)
    yield e2e
