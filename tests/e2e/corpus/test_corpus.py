"""Realistic repositories through the whole service (issue 12, item 6): each ends in a pull
request whose diff holds exactly the intended files, or in the right honest ending; and no model
request ever went over the run's token cap or a step's input bound."""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import E2E
from tests.e2e.corpus import cases, story
from tests.e2e.corpus.cases import Case
from tests.e2e.corpus.gitutil import changed_files, git

pytestmark = pytest.mark.e2e

SETUP_OUTPUTS = (".venv/", "node_modules/", "__pycache__", ".pyc", ".pytest_cache",
                 ".npm-cache", "data/catalogue.json")


def endings(e2e: E2E) -> list[str]:
    """Comments that end a run: a failure explanation or the hand-over to review."""
    return [c for c in e2e.issue_comments() if "smith:failure" in c or c.startswith("Smith opened")]


async def story_of(e2e: E2E, run_id: int) -> str:
    """The run's steps with their summaries: what an assertion failure should show."""
    lines = []
    for step in await e2e.steps(run_id):
        detail = (step.artifact or {}).get("summary") if step.status != "passed" else None
        lines.append(f"{step.name}: {step.status} — {step.summary}"
                     + (f"\n    {detail}" if detail else ""))
    return "\n".join(lines)


def assert_status_final(e2e: E2E) -> None:
    [status] = [c for c in e2e.issue_comments() if "smith:status" in c]
    assert "running…" not in status and "⏳" not in status, status


async def summon_and_measure(e2e: E2E, request: pytest.FixtureRequest) -> None:
    """Summon Smith and run every job; the run's wall time and tokens go to the test report's
    user properties (benchmarks/corpus_runs.py prints them)."""
    started = time.monotonic()
    await e2e.summon()
    await e2e.drain()
    seconds = time.monotonic() - started
    [run] = await e2e.runs()
    request.node.user_properties.append(("corpus_run", {
        "seconds": round(seconds, 3), "input_tokens": run.input_tokens,
        "output_tokens": run.output_tokens, "cost_usd": run.cost_usd,
        "requests": len(e2e.model.requests), "outcome": run.outcome,
    }))


def assert_within_bounds(e2e: E2E) -> None:
    over = story.oversized_requests(e2e.model, token_cap=e2e.settings.run_token_cap,
                                    bound=e2e.settings.max_step_input_tokens)
    assert over == [], over


@pytest.mark.parametrize("corpus_case", [cases.README_VENV, cases.NO_GITIGNORE, cases.NPM_JEST,
                                         cases.MONOREPO, cases.LARGE_GENERATED],
                         indirect=True, ids=str)
async def test_the_pull_request_holds_exactly_the_intended_files(
    e2e: E2E, corpus_case: Case, request: pytest.FixtureRequest,
):
    intended = corpus_case.story
    story.whole_fix(e2e.model, intended)
    await summon_and_measure(e2e, request)

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), \
        f"{run.reason}\n{await story_of(e2e, run.id)}"
    [pull] = e2e.change_requests()
    assert pull.head == run.branch
    assert changed_files(e2e.bare, run.branch, pull.base) == intended.intended
    tree = git("--git-dir", str(e2e.bare), "ls-tree", "-r", "--name-only", run.branch,
               cwd=e2e.bare).split()
    leaked = [p for p in tree if any(mark in p for mark in SETUP_OUTPUTS[:-1])]
    assert leaked == [], leaked[:10]
    # Self-review and validation were shown the same small change.
    for step in ("submit_self_review", "submit_criteria_verdict"):
        first = [r for r in e2e.model.requests_for(step) if len(r.messages) == 1]
        assert first, f"no {step} request"
        text = str(first[0].messages[0]["content"])
        assert intended.source in text
        assert not [mark for mark in SETUP_OUTPUTS if mark in text], step
    assert len(endings(e2e)) == 1, endings(e2e)
    assert_status_final(e2e)
    assert_within_bounds(e2e)
    assert run.input_tokens + run.output_tokens <= e2e.settings.run_token_cap
    assert not e2e.model.problems


@pytest.mark.parametrize("corpus_case", [cases.UNDECLARED_SETUP], indirect=True, ids=str)
async def test_tests_that_need_an_undeclared_setup_end_environment_without_an_attempt(
    e2e: E2E, corpus_case: Case, request: pytest.FixtureRequest,
):
    intended = corpus_case.story
    story.understanding(e2e.model, intended)
    story.reproduction(e2e.model, intended)
    story.reproduction(e2e.model, intended)  # a retried step may ask again; none is needed
    await summon_and_measure(e2e, request)

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "environment"), \
        f"{run.reason}\n{await story_of(e2e, run.id)}"
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps[-1] == ("brt", "environment"), steps
    assert "implement" not in [name for name, _ in steps]
    assert not run.params.get("attempts")
    assert e2e.model.requests_for("submit_implementation") == []
    [ending] = endings(e2e)
    plain = ending.replace("\\_", "_")
    assert "smith_corpus_missing_pkg" in plain and "setup" in plain
    assert "0 fix attempts" not in plain and "not red" not in plain
    assert_status_final(e2e)
    assert e2e.change_requests() == []
    assert_within_bounds(e2e)
