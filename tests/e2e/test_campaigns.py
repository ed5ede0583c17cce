"""Coverage campaigns on a schedule, through the service: the hourly job (called as the worker
calls it, with the tick's time) reads the default branch's `.smith.yml` from the mirror,
queues a `campaign tests:coverage` run when a slot is due, and the run, which has no issue,
opens a change request with the tests and the report. Real git, real sandboxed coverage and
gates, fake forge, scripted model."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.chains.tests.jobs import SCHEDULE_CAMPAIGNS
from bot.cron import last_due
from bot.runtime import build_job_app
from bot.store.models import AuditEvent, Run
from tests.e2e.buggy_repo import branch_file, changed_files, push_files
from tests.e2e.conftest import E2E
from tests.e2e.test_testgen import body_of
from tests.e2e.test_tests_command import PRICING, PRICING_TEST
from tests.fakes.model import Turn

pytestmark = pytest.mark.e2e

SCHEDULE = "testgen:\n  coverage_schedule: weekly\n"


def _git(work: Path, *args: str, date: str | None = None) -> None:
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com",
           "HOME": str(work), "PATH": "/usr/bin:/bin"}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-C", str(work), *args], env=env, check=True, capture_output=True)


def push_packages(bare: Path, smith_yml: str = SCHEDULE) -> None:
    """Two packages on `main`: `pricing` with fresh docs, `legacy` whose docs were last
    touched in 2020; the root's `calc.py` has no docs at all."""
    work = bare.parent / "packages"
    subprocess.run(["git", "clone", "-q", str(bare), str(work)], check=True, capture_output=True)
    (work / "docs").mkdir()
    (work / "docs" / "legacy.md").write_text("# Legacy\n")
    _git(work, "add", "docs/legacy.md")
    _git(work, "commit", "-q", "-m", "legacy docs", date="2020-01-01T00:00:00")
    for package in ("legacy", "pricing"):
        (work / package).mkdir()
        (work / package / "__init__.py").write_text("")
    (work / "legacy" / "old.py").write_text("def sign(x):\n    if x < 0:\n        return -1\n"
                                           "    return 1\n")
    (work / "pricing" / "calc.py").write_text(PRICING)
    (work / "docs" / "pricing.md").write_text("# Pricing\n\nMembers get 10 off from 100.\n")
    (work / ".smith.yml").write_text(smith_yml)
    _git(work, "add", ".")
    _git(work, "commit", "-q", "-m", "pricing, legacy and the campaign schedule")
    _git(work, "push", "-q", "origin", "main")


async def make_known(e2e: E2E) -> list[str]:
    """Smith knows a repository by its runs and the deliveries it acted on: a reader asks for
    help on the issue. Returns what Smith has said there (the help)."""
    await e2e.comment("/smith help", actor="reader")
    await e2e.drain()
    said = e2e.issue_comments()
    assert len(said) == 1
    return said


async def tick(e2e: E2E, now: datetime) -> None:
    """The periodic task, as the worker calls it: the tick's time as a timestamp."""
    task = build_job_app(e2e.db.url, e2e.runtime).tasks[SCHEDULE_CAMPAIGNS]
    await task.func(timestamp=int(now.timestamp()))


async def campaign_runs(e2e: E2E) -> list[Run]:
    return [run for run in await e2e.runs() if run.subject_kind == "campaign"]


async def test_a_due_campaign_opens_a_change_request_with_tests_and_the_report(e2e: E2E):
    """On GitHub only, as the rest: the schedule reads the mirror, and the change request goes
    through the kit's publishing like every chain's (the GitLab side of it: the tests chain's
    e2e run on both forges, tests/e2e/test_testgen.py, and the forge contract)."""
    push_packages(e2e.bare)
    said = await make_known(e2e)
    now = datetime.now(UTC).replace(microsecond=0)
    day = last_due("weekly", now).date()  # type: ignore[union-attr]
    file = f"tests/test_calc_smith_coverage{day:%Y%m%d}.py"
    e2e.model.script("submit_written_test_file",
                     Turn.tool("write_file", path=file, content=PRICING_TEST),
                     Turn.submit("submit_written_test_file", {
                         "file": file, "functions": ["discount"],
                         "scenarios": [{"test": "test_members_get_ten_off_from_one_hundred",
                                        "behaviour": "members pay 10 less from 100",
                                        "kind": "happy_path"}]}))
    e2e.model.script("submit_test_review", Turn.submit("submit_test_review", {
        "tests": [{"test": "test_members_get_ten_off_from_one_hundred", "verdict": "OK",
                   "confidence": "HIGH"}],
        "verdict": "ACCEPT", "summary": "Pins the documented discount.",
        "missing_scenarios": []}))

    await tick(e2e, now)
    [queued] = await campaign_runs(e2e)
    assert (queued.subject_key, queued.chain, queued.status) == ("tests:coverage", "tests",
                                                                 "queued")
    assert queued.issue_number is None
    await e2e.drain()

    [run] = await campaign_runs(e2e)
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert (run.branch, run.base_branch) == (f"smith/tests-coverage-{day}", "main")
    [change] = e2e.change_requests()
    assert run.change_request_number == getattr(change, "number", None) or change.iid
    body = body_of(change)
    assert f"`{file}` (for `pricing/calc.py`)" in body
    assert "- legacy: documentation last changed" in body and "- .: no documentation" in body
    before, after = (float(x.rstrip("%")) for x in re.findall(
        r"(\d+\.\d)% (?:before|after)", body))
    assert after > before
    content = branch_file(e2e.bare, run.branch, file)
    assert content.startswith(f"# Generated by Smith for the coverage campaign of {day}")
    # tests only, against the default branch
    assert changed_files(e2e.bare, run.branch) == [file]
    # no issue anywhere: no status comment, no ending, no label on the issue that exists
    assert e2e.issue_comments() == said
    assert e2e.labels() == []

    # The same tick again, and the next hour's: the slot is served, nothing is queued.
    await tick(e2e, now)
    await tick(e2e, now + timedelta(minutes=59))
    assert [r.id for r in await campaign_runs(e2e)] == [run.id]
    # A week on, the next slot is due.
    await tick(e2e, now + timedelta(days=7))
    runs = await campaign_runs(e2e)
    assert len(runs) == 2 and runs[-1].status == "queued"
    async with e2e.db.transaction() as session:
        audit = list((await session.execute(
            select(AuditEvent).where(AuditEvent.kind == "campaign_queued")
            .order_by(AuditEvent.id))).scalars())
    assert [a.detail["run"] for a in audit] == [run.id, runs[-1].id]
    assert audit[0].subject == "campaign tests:coverage"
    assert audit[0].detail["due"] == last_due("weekly", now).isoformat()  # type: ignore[union-attr]
    assert not e2e.model.problems


@pytest.fixture
def forge_name() -> str:  # the rest once, on GitHub: the forge side is shared
    return "github"


async def test_a_campaign_that_keeps_no_test_reports_in_the_run_and_opens_nothing(e2e: E2E):
    push_packages(e2e.bare)
    said = await make_known(e2e)
    # The Writer never writes its file: three tries, nothing kept (no gate even runs).
    e2e.model.script("submit_written_test_file", *[
        Turn.submit("submit_written_test_file", {
            "file": "tests/test_calc_smith_x.py", "functions": ["discount"],
            "scenarios": [{"test": "test_x", "behaviour": "a discount", "kind": "happy_path"}]})
        for _ in range(3)])
    await tick(e2e, datetime.now(UTC))
    await e2e.drain()

    [run] = await campaign_runs(e2e)
    assert (run.status, run.outcome) == ("failed", "no_tests_kept")
    assert run.change_request_number is None and e2e.change_requests() == []
    reason = run.reason or ""
    assert "no generated test file passed every gate" in reason
    assert "Branch coverage of the suite:" in reason and "unchanged" in reason
    assert "for pricing/calc.py): rejected at writer after 3 attempt(s)" in reason
    assert "- legacy: documentation last changed" in reason
    assert e2e.issue_comments() == said and e2e.labels() == []


async def test_repositories_without_a_valid_schedule_get_no_campaign(e2e: E2E):
    await make_known(e2e)
    await tick(e2e, datetime.now(UTC))  # no `.smith.yml` at all
    push_files(e2e.bare, {".smith.yml": "testgen:\n  coverage_schedule: '*/5 * * * *'\n"})
    await tick(e2e, datetime.now(UTC))  # a schedule that promises more than the tick keeps
    push_files(e2e.bare, {".smith.yml": "testgen:\n  mutation: true\n"})
    await tick(e2e, datetime.now(UTC))
    assert await campaign_runs(e2e) == []
    push_files(e2e.bare, {".smith.yml": SCHEDULE})
    await tick(e2e, datetime.now(UTC))  # the mirror is fetched again: the new schedule counts
    assert len(await campaign_runs(e2e)) == 1
