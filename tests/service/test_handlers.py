"""From a forge's webhook to a run (or to no run): the handlers, jobs and permission checks."""

from __future__ import annotations

from sqlalchemy import select

from bot.store.models import Run
from tests.chain_stub import REASON
from tests.service.conftest import Stack

REPO = "octo/widgets"
PROJECT = "group/widgets"


async def _runs(stack: Stack) -> list[Run]:
    async with stack.smith.db.transaction() as session:
        return list((await session.execute(select(Run).order_by(Run.id))).scalars())


def _seed(stack: Stack) -> tuple[int, int]:
    stack.github.add_repo(REPO)
    stack.github.set_permission(REPO, "writer", "write")
    stack.github.set_permission(REPO, "reader", "read")
    stack.github.set_permission(REPO, "boss", "maintain")
    issue = stack.github.add_issue(REPO, title="Totals are wrong", author="reader")
    stack.gitlab.add_project(PROJECT)
    stack.gitlab.set_access_level(PROJECT, "dev", 30)
    stack.gitlab.set_access_level(PROJECT, "guest", 10)
    gl_issue = stack.gitlab.add_issue(PROJECT, title="Totals are wrong", author="guest")
    return issue, gl_issue


async def test_summon_by_a_writer_creates_one_run_that_ends_not_implemented(stack: Stack):
    issue, gl_issue = _seed(stack)
    await stack.github.label_issue(REPO, issue, "smith", actor="writer")
    await stack.gitlab.label_issue(PROJECT, gl_issue, "smith", actor="dev")
    await stack.drain()
    runs = await _runs(stack)
    assert [(r.forge, r.repo, r.issue_number) for r in runs] == [
        ("github", REPO, issue), ("gitlab", PROJECT, gl_issue)]
    assert {r.status for r in runs} == {"not_implemented"}
    assert all(r.reason == REASON for r in runs)


async def test_summon_without_write_permission_creates_no_run(stack: Stack):
    issue, gl_issue = _seed(stack)
    await stack.github.label_issue(REPO, issue, "smith", actor="reader")
    await stack.github.label_issue(REPO, issue, "smith", actor="stranger")
    await stack.gitlab.label_issue(PROJECT, gl_issue, "smith", actor="guest")
    await stack.drain()
    assert await _runs(stack) == []
    said = [c.body for c in stack.github.state.comments.values()]
    assert any("only users with write access" in body for body in said)


async def test_comment_commands_check_permission_and_answer(stack: Stack):
    issue, _ = _seed(stack)
    await stack.github.comment(REPO, issue, "/smith retry", actor="reader")
    await stack.drain()
    assert await _runs(stack) == []
    await stack.github.comment(REPO, issue, "/smith retry", actor="writer")
    await stack.github.comment(REPO, issue, "@smith-bot help", actor="reader")
    await stack.drain()
    runs = await _runs(stack)
    assert len(runs) == 1 and runs[0].summoned_by == "writer"
    bodies = [c.body for c in stack.github.state.comments.values() if c.user == "smith-bot"]
    assert any("needs write access" in body for body in bodies)
    assert any("/smith retry" in body and "/smith cancel" in body for body in bodies)  # help text


async def test_smiths_own_comment_never_reaches_a_handler(stack: Stack):
    issue, _ = _seed(stack)
    stack.github.set_permission(REPO, "smith-bot", "admin")
    await stack.github.comment(REPO, issue, "/smith retry", actor="smith-bot")
    await stack.drain()
    assert await _runs(stack) == []


async def test_other_bots_are_ignored_unless_allowed(stack: Stack):
    """Two bots answering each other never stop; a bot's write access is not enough."""
    issue, _ = _seed(stack)
    other = stack.github.add_issue(REPO, title="Also wrong", author="reader")
    for bot in ("mergebot[bot]", "helper[bot]"):
        stack.github.set_permission(REPO, bot, "admin")
    await stack.github.label_issue(REPO, issue, "smith", actor="mergebot[bot]")
    await stack.github.comment(REPO, issue, "/smith help", actor="mergebot[bot]")
    await stack.drain()
    assert await _runs(stack) == []
    assert not [c for c in stack.github.state.comments.values() if c.user == "smith-bot"]
    await stack.github.label_issue(REPO, other, "smith", actor="helper[bot]")  # allow-listed
    await stack.drain()
    assert [(r.issue_number, r.summoned_by) for r in await _runs(stack)] == [
        (other, "helper[bot]")]


async def test_second_summon_while_a_run_is_live_does_not_start_another(stack: Stack):
    issue, _ = _seed(stack)
    await stack.github.label_issue(REPO, issue, "smith", actor="writer")
    await stack.github.comment(REPO, issue, "/smith retry", actor="boss")
    # Both handle_event jobs run before any run_chain job: the second finds a live run.
    from bot.runtime import build_job_app

    app = build_job_app(stack.smith.db.url, stack.runtime)
    async with app.open_async():
        jobs = await app.job_manager.list_jobs_async(task="smith.handle_event")
        assert len(jobs) == 2
    await stack.drain()
    runs = await _runs(stack)
    assert len(runs) == 1
    bodies = [c.body for c in stack.github.state.comments.values() if c.user == "smith-bot"]
    assert any("still" in body for body in bodies), bodies


async def _paused_run(stack: Stack, issue: int) -> int:
    async with stack.smith.db.transaction() as session:
        run = Run(forge="github", repo=REPO, issue_number=issue, chain="fix", status="paused",
                  params={}, summoned_by="writer")
        session.add(run)
        await session.flush()
        return run.id


async def test_approve_needs_a_maintainer_and_resumes_the_paused_run(stack: Stack):
    issue, _ = _seed(stack)
    run_id = await _paused_run(stack, issue)
    await stack.github.comment(REPO, issue, "/smith approve", actor="writer")
    await stack.drain()
    assert (await _runs(stack))[0].status == "paused"
    await stack.github.comment(REPO, issue, "/smith approve", actor="boss")
    await stack.drain()
    run = (await _runs(stack))[0]
    assert run.id == run_id
    assert run.params.get("approved_by") == "boss"
    assert run.status == "not_implemented"  # resumed: the job ran the (placeholder) chain


async def test_cancel_of_a_paused_run_cancels_it_and_says_so(stack: Stack):
    issue, _ = _seed(stack)
    run_id = await _paused_run(stack, issue)
    await stack.github.comment(REPO, issue, "/smith cancel", actor="writer")
    await stack.drain()
    run = (await _runs(stack))[0]
    assert (run.id, run.status) == (run_id, "cancelled")
    bodies = [c.body for c in stack.github.state.comments.values() if c.user == "smith-bot"]
    assert any(f"Run #{run_id} is cancelled" in body for body in bodies)


async def test_fifty_concurrent_copies_of_a_summon_make_exactly_one_run(stack: Stack):
    import asyncio

    from tests.fakes import webhooks
    from tests.service.conftest import GITHUB_SECRET

    issue, _ = _seed(stack)
    # The label is really on the issue: a summon is re-read from the forge before a run starts.
    await stack.github.label_issue(REPO, issue, "smith", "writer", notify=False)
    headers, body = webhooks.github_issues_labeled(
        secret=GITHUB_SECRET, repo=REPO, number=issue, label="smith", actor="writer",
        delivery_id="one-delivery")
    answers = await asyncio.gather(*(
        webhooks.send_webhook(f"{stack.smith.url}/webhooks/github", headers, body)
        for _ in range(50)))
    assert sorted(status for status, _ in answers) == [200] * 49 + [202]
    await stack.drain()
    runs = await _runs(stack)
    assert len(runs) == 1 and runs[0].summoned_by == "writer"


async def _published_run(stack: Stack, forge: str, repo: str, issue: int, number: int,
                         pushed: list[str]) -> int:
    """A fix run that opened change request `number`, and a rework run per later push: the
    rows a real chain leaves (`pushed_head` is the commit each one pushed)."""
    async with stack.smith.db.transaction() as session:
        origin = Run(forge=forge, repo=repo, issue_number=issue, chain="fix",
                     status="succeeded", outcome="change_request", branch="smith/1-totals",
                     change_request_number=number, params={"pushed_head": pushed[0]},
                     summoned_by="writer")
        session.add(origin)
        await session.flush()
        for head in pushed[1:]:
            session.add(Run(forge=forge, repo=repo, issue_number=issue, chain="rework",
                            status="succeeded", outcome="rework_pushed", branch=origin.branch,
                            params={"pushed_head": head},
                            summoned_by="writer"))
        return origin.id


async def test_a_merge_is_recorded_with_or_without_human_edits_on_both_forges(stack: Stack):
    """A merged change request whose head is the last commit Smith pushed (its rework's, when
    there was one) is merged without edits; a reviewer's commit on top, or a close without a
    merge, is not. The close arrives as each forge's own webhook (`pull_request` closed, the
    Merge Request Hook). One real chain run on GitHub checks the pushed head a fix records:
    tests/e2e/test_rework_and_rules.py."""
    issue, gl_issue = _seed(stack)
    smith, rework, reviewer = "a" * 40, "b" * 40, "f" * 40
    cases = []  # (forge, run id, merged, head at the close, expected merged_without_edits)
    for merged, head, pushed, expected in ((True, smith, [smith], True),
                                           (True, reviewer, [smith], False),
                                           (True, rework, [smith, rework], True),
                                           (False, smith, [smith], False)):
        number = stack.github.add_pull(REPO, head="smith/1-totals")
        run_id = await _published_run(stack, "github", REPO, issue, number, pushed)
        await stack.github.close_pull(REPO, number, "boss", merged=merged, head_sha=head)
        cases.append(("github", run_id, merged, expected))
        iid = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/1-totals")
        run_id = await _published_run(stack, "gitlab", PROJECT, gl_issue, iid, pushed)
        await stack.gitlab.close_merge_request(PROJECT, iid, "dev", merged=merged, head_sha=head)
        cases.append(("gitlab", run_id, merged, expected))
        await stack.drain()  # a rework is the origin's only when it came after it
    by_id = {run.id: run for run in await _runs(stack)}
    assert [(forge, by_id[run_id].merged, by_id[run_id].merged_without_edits)
            for forge, run_id, _, _ in cases] == \
        [(forge, merged, expected) for forge, _, merged, expected in cases]
