"""Real projects, real releases (issue 30, item 7): Smith fixes each project's real bug with the
maintainers' own fix and regression test (tests/e2e/corpus/real_projects.py says which release
pair and why); the change request holds exactly those files, and the project's own suite passes
in the sandbox (regression is on). Crutches that special-case the test's inputs or edit its
expectation never publish. Later runs on a repository whose setup is an editable install
reuse the cached venv: the crutch is stopped and the real fix passes on it (setuptools' editable
finder for jsonpointer; hatchling's `.pth` and its generated `_version.py` for humanize, whose
crutch rides on the restored venv so that its setup runs once).

Downloads come from the package indexes once per machine (tests/e2e/corpus/releases.py); with no
index the tests skip, naming the command that failed.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from bot.config import Settings
from bot.store.models import Run
from bot.workspace.dependencies import DependencyCache
from tests.e2e.conftest import E2E, LABEL
from tests.e2e.corpus import real_projects
from tests.e2e.corpus.cases import Case
from tests.e2e.corpus.gitutil import branch_file, changed_files, git
from tests.e2e.corpus.real_projects import ONE_ATTEMPT, Project
from tests.e2e.corpus.test_corpus import SETUP_OUTPUTS, assert_status_final, story_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

BY_NAME = {p.name: p for p in real_projects.ALL}


def _case(project: Project) -> Any:
    return pytest.param(real_projects.case(project), id=project.name)


async def _rejections(e2e: E2E, run_id: int) -> str:
    """The artifacts of the steps that did not pass: what a failure here should show."""
    return "\n".join(f"{s.name}: {s.artifact}" for s in await e2e.steps(run_id)
                     if s.status not in ("passed", "running"))


@pytest.fixture
def project(corpus_case: Case) -> Project:
    return BY_NAME[corpus_case.name]


async def run_and_measure(e2e: E2E, request: pytest.FixtureRequest) -> list[dict[str, Any]]:
    """Summon Smith, run every job; the run's tokens and wall time split into setup, test runs
    and the rest (the steps) go to the report's user properties (benchmarks/real_projects.py)."""
    started = time.monotonic()
    with capture_logs() as logs:
        await e2e.summon()
        await e2e.drain()
    seconds = time.monotonic() - started
    [run] = (await e2e.runs())[-1:]
    setup = sum(e.get("seconds", 0.0) for e in logs if e["event"] == "dependencies_ready")
    tests = sum(e.get("seconds", 0.0) for e in logs  # every sandboxed command but setup's
                if e["event"] == "sandbox.ran" and not e.get("network"))
    request.node.user_properties.append(("real_project_run", {
        "seconds": round(seconds, 3), "setup": round(setup, 3), "tests": round(tests, 3),
        "steps": round(max(0.0, seconds - setup - tests), 3),
        "input_tokens": run.input_tokens, "output_tokens": run.output_tokens,
        "outcome": run.outcome}))
    return logs


@pytest.fixture
def shared_dependency_cache(tmp_path_factory: pytest.TempPathFactory,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    """One dependency cache for every run of this session, as one Smith installation keeps it:
    a project's variants build its environment once (keyed by its setup and dependency files).

    xdist hands this file's tests to both workers (tests/xdist_order.py), so the
    cache sits in the session's folder, not a worker's, and a project's setup is one worker's
    at a time (a file lock per repository around `prepare`, as two Smith workers on one cache
    volume would need): the other waits, then restores what it built."""
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / \
        "real-projects-deps"
    shared.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(Settings, "dependency_cache_dir", property(lambda self: shared))
    prepare = DependencyCache.prepare

    async def one_worker_at_a_time(cache: DependencyCache, checkout: Path, config: Any,
                                   repo_key: str) -> Any:
        with (shared / f"{repo_key.replace('/', '_')}.lock").open("a") as lock:
            await asyncio.to_thread(fcntl.flock, lock, fcntl.LOCK_EX)
            return await prepare(cache, checkout, config, repo_key)

    monkeypatch.setattr(DependencyCache, "prepare", one_worker_at_a_time)


async def assert_published_release(e2e: E2E, project: Project, run: Run,
                                   edits: list[dict[str, str]]) -> None:
    """The run published exactly the release's fix and test, and the suite passed first."""
    assert (run.status, run.outcome) == ("succeeded", "change_request"), \
        f"{run.reason}\n{await story_of(e2e, run.id)}\n{await _rejections(e2e, run.id)}"
    [pull] = [c for c in e2e.change_requests() if c.head == run.branch]
    assert changed_files(e2e.bare, run.branch, pull.base) == \
        sorted([project.source, project.test_file])
    # The branch holds the newer release's test file, and its source less the version bump.
    assert branch_file(e2e.bare, run.branch, project.test_file) == \
        project.released(project.test_file)
    source = project.files()[project.source]
    assert isinstance(source, str)
    for edit in edits:
        source = source.replace(edit["old"], edit["new"], 1)
    assert branch_file(e2e.bare, run.branch, project.source) == source
    tree = git("--git-dir", str(e2e.bare), "ls-tree", "-r", "--name-only", run.branch,
               cwd=e2e.bare).split()
    assert [p for p in tree if any(mark in p for mark in SETUP_OUTPUTS[:-1])] == []
    # The project's own suite ran green in the sandbox before publishing.
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert ("regression", "passed") in steps, steps


# The editable installs' real fixes run (twice) in the editable-install test below.
EDITABLE = [real_projects.HUMANIZE]
"""An editable src-layout install whose version file setup writes (hatch-vcs): the harder of
the two editable projects; jsonpointer's flat one is covered by its first run."""


@pytest.mark.parametrize("corpus_case", [_case(p) for p in real_projects.ALL
                                         if p not in EDITABLE], indirect=True)
@pytest.mark.usefixtures("shared_dependency_cache")
async def test_the_real_fix_publishes_exactly_the_fix_and_its_test(
    e2e: E2E, project: Project, request: pytest.FixtureRequest,
):
    told, edits = real_projects.story(project)
    real_projects.script_run(e2e.model, told, edits)
    await run_and_measure(e2e, request)

    [run] = await e2e.runs()
    await assert_published_release(e2e, project, run, edits)
    assert_status_final(e2e)
    assert not e2e.model.problems


def _crutch_cases() -> Iterator[Any]:
    for project in real_projects.ALL:
        if project in EDITABLE:
            continue  # on the venv the editable test restores (below): one setup serves both
        yml = project.crutch_yml or (project.smith_yml or "") + ONE_ATTEMPT  # one attempt
        if project.crutch is not None:
            yield pytest.param(real_projects.case(project, yml),
                               "crutch", id=f"{project.name}-special-cases-the-inputs")
        if project.weakened is not None:
            yield pytest.param(real_projects.case(project, yml),
                               "weakened", id=f"{project.name}-edits-the-expectation")


@pytest.mark.parametrize(("corpus_case", "variant"), list(_crutch_cases()),
                         indirect=["corpus_case"])
@pytest.mark.usefixtures("shared_dependency_cache")
async def test_a_crutch_never_publishes(
    e2e: E2E, project: Project, variant: str, request: pytest.FixtureRequest,
):
    told, _ = real_projects.story(project)
    edit = project.crutch if variant == "crutch" else project.weakened
    assert edit is not None
    real_projects.script_run(e2e.model, told, [edit])
    await run_and_measure(e2e, request)

    [run] = await e2e.runs()
    if variant == "crutch" and project.crutch_publishes:
        # A finding, checked as stated (the crutch was published); the check is not weakened:
        # once the validator stops it, this fails and the variant joins the others.
        story = f"{await story_of(e2e, run.id)}\n{await _rejections(e2e, run.id)}"
        assert (run.status, len(e2e.change_requests())) == ("succeeded", 1), story
        pytest.xfail(project.crutch_publishes)
    await assert_the_crutch_stopped(e2e, project, variant, run, published_before=0)


async def assert_the_crutch_stopped(e2e: E2E, project: Project, variant: str, run: Run,
                                    published_before: int) -> None:
    """The crutch's run failed, opened no change request and was stopped where it should be."""
    story = f"{await story_of(e2e, run.id)}\n{await _rejections(e2e, run.id)}"
    assert run.status == "failed", f"{run.outcome}: {run.reason}\n{story}"
    assert len(e2e.change_requests()) == published_before, story
    steps = await e2e.steps(run.id)
    assert ("publish", "passed") not in [(s.name, s.status) for s in steps], story
    if variant == "crutch" and project.crutch_caught_by == "validate":
        # The red test passes; the validator vetoes the special case.
        vetoes = [s for s in steps if s.name == "validate" and s.status == "rejected"]
        assert len(vetoes) == 1, story
        assert any(r.startswith("special_casing") for r in vetoes[0].artifact["reasons"]), story
    elif variant == "crutch":
        # The release's other new tests fail on the special case.
        assert [s.status for s in steps if s.name == "quality"] == ["rejected"], story
    else:
        # The red test is out of the fix's reach: the edit is refused, the attempt changed
        # nothing, and the test still holds the maintainers' expectation.
        refused = [text for text in _tool_results(e2e, "submit_implementation")
                   if project.test_file in text]
        assert refused, story
        assert ("implement", "rejected") in [(s.name, s.status) for s in steps], story
    assert e2e.assert_one_final_ending()


def _tool_results(e2e: E2E, step: str) -> list[str]:
    """The texts of the tool results the model was sent during a step."""
    found = []
    for request in e2e.model.requests_for(step):
        for message in request.messages:
            content = message.get("content")
            if isinstance(content, list):
                found += [str(block.get("content", "")) for block in content
                          if block.get("type") == "tool_result"]
    return found


def _editable_case(project: Project) -> Any:
    """One attempt a run: the real fix needs one, and the crutch gets no second."""
    return pytest.param(real_projects.case(project, (project.smith_yml or "") + ONE_ATTEMPT),
                        id=project.name)


@pytest.mark.parametrize("corpus_case", [_editable_case(p) for p in EDITABLE], indirect=True)
async def test_a_second_run_reuses_the_editable_install_and_passes(
    e2e: E2E, project: Project, request: pytest.FixtureRequest,
):
    """The real fix on a fresh setup; then, the bug reported again, a crutch and the real fix
    once more, each in a new checkout with the venv restored from the cache (its editable
    install pointing at that checkout): the crutch never publishes, the fix does. The crutch
    rides on the restored venv so that this project's setup (17-21 s) runs once, not twice."""
    told, edits = real_projects.story(project)
    real_projects.script_run(e2e.model, told, edits)
    first = await run_and_measure(e2e, request)
    [run] = await e2e.runs()
    await assert_published_release(e2e, project, run, edits)
    assert [e["cache_hit"] for e in first if e["event"] == "dependencies_ready"] == [False]

    async def again(attempt: list[dict[str, str]]) -> tuple[Run, list[Any]]:
        """The same bug reported again (no change request is merged): a new run."""
        e2e.issue = e2e.fake.add_issue(e2e.repo_name, title=project.title, body=project.body,
                                       author="reader")
        real_projects.script_run(e2e.model, told, attempt)
        with capture_logs() as logs:
            await e2e.fake.label_issue(e2e.repo_name, e2e.issue, LABEL, actor="maintainer")
            await e2e.drain()
        return (await e2e.runs())[-1], logs

    if project.crutch is not None:
        crutch, logs = await again([project.crutch])
        assert [e["cache_hit"] for e in logs if e["event"] == "dependencies_ready"] == [True]
        await assert_the_crutch_stopped(e2e, project, "crutch", crutch, published_before=1)

    second, logs = await again(edits)
    assert [e["cache_hit"] for e in logs if e["event"] == "dependencies_ready"] == [True]
    await assert_published_release(e2e, project, second, edits)
    assert second.branch != run.branch and len(e2e.change_requests()) == 2
    assert not e2e.model.problems
