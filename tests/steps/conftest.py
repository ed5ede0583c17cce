"""Unit tests of steps: each step on a `StepBench` (tests/steps/bench.py), no Postgres, no HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chains.fix.graph import FIX
from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE, make_buggy_repo
from tests.steps.bench import StepBench, build_bench


@pytest.fixture
async def fix(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[StepBench]:
    """The fix chain on the buggy calc repository (tests/e2e/buggy_repo.py) and its issue.
    `@pytest.mark.smith_yml("...")` puts a `.smith.yml` on the base branch."""
    marker = request.node.get_closest_marker("smith_yml")
    bare = make_buggy_repo(tmp_path / "repo", smith_yml=marker.args[0] if marker else None)
    bench = build_bench(tmp_path, FIX, bare, title=ISSUE_TITLE, body=ISSUE_BODY)
    try:
        yield bench
    finally:
        await bench.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "smith_yml(text): the `.smith.yml` of the bench's repo")
