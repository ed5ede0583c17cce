"""A webhook's copy of a comment or a vote is only a hint: handlers re-read it by id through the
forge's API and act on what the forge has (issue 16, item 5: GitLab's shared secret lets any
project's maintainer sign a payload in another project's name)."""

from __future__ import annotations

from sqlalchemy import select

from bot.store.models import Rule, Run
from tests.fakes import webhooks
from tests.service.conftest import GITLAB_SECRET, Stack

PROJECT = "group/widgets"


async def _runs(stack: Stack) -> list[Run]:
    async with stack.smith.db.transaction() as session:
        return list((await session.execute(select(Run).order_by(Run.id))).scalars())


async def _send_gitlab(stack: Stack, delivery: webhooks.Delivery) -> int:
    headers, body = delivery
    status, _ = await webhooks.send_webhook(f"{stack.smith.url}/webhooks/gitlab", headers, body)
    return status


def _seed(stack: Stack) -> tuple[int, int]:
    project = stack.gitlab.add_project(PROJECT)
    stack.gitlab.set_access_level(PROJECT, "boss", 40)
    stack.gitlab.set_access_level(PROJECT, "guest", 10)
    return project.id, stack.gitlab.add_issue(PROJECT, title="Totals are wrong", author="guest")


async def test_a_command_the_forge_does_not_have_starts_no_run(stack: Stack):
    project_id, iid = _seed(stack)
    said_otherwise = stack.gitlab.add_note(PROJECT, "Issue", iid, "thanks for looking", "boss")
    by_a_guest = stack.gitlab.add_note(PROJECT, "Issue", iid, "/smith retry", "guest")
    forged = [
        said_otherwise.id,  # the maintainer wrote something else
        by_a_guest.id,  # the words are real, but a guest wrote them
        987654,  # there is no such note at all
    ]
    for note_id in forged:
        status = await _send_gitlab(stack, webhooks.gitlab_note_on_issue(
            token=GITLAB_SECRET, project=PROJECT, project_id=project_id, iid=iid,
            note="/smith retry", actor="boss", note_id=note_id))
        assert status == 202  # the payload looks like a command: it is queued, then re-read
    await stack.drain()
    assert await _runs(stack) == []
    assert [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", iid)
            if n.author == "smith-bot"] == []
    reads = stack.gitlab.requests_for("get_issue_note")
    assert sorted(int(r.path.rsplit("/", 1)[1]) for r in reads) == sorted(forged)

    # The same words, really written by the maintainer, start a run.
    await stack.gitlab.comment(PROJECT, "Issue", iid, "/smith retry", actor="boss")
    await stack.drain()
    assert [(r.repo, r.issue_number, r.summoned_by) for r in await _runs(stack)] == [
        (PROJECT, iid, "boss")]


async def test_the_forges_text_is_what_is_acted_on(stack: Stack):
    """A payload that says `help` for a note that says `retry`: Smith does what the note says."""
    project_id, iid = _seed(stack)
    note = stack.gitlab.add_note(PROJECT, "Issue", iid, "/smith retry", "boss")
    await _send_gitlab(stack, webhooks.gitlab_note_on_issue(
        token=GITLAB_SECRET, project=PROJECT, project_id=project_id, iid=iid,
        note="/smith help", actor="boss", note_id=note.id))
    await stack.drain()
    assert [r.summoned_by for r in await _runs(stack)] == ["boss"]
    replies = [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", iid)
               if n.author == "smith-bot"]
    assert len(replies) == 1 and "Started run" in replies[0]


async def test_a_vote_the_forge_does_not_have_decides_nothing(stack: Stack):
    project_id, _ = _seed(stack)
    mr = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/1-totals")
    proposal = stack.gitlab.add_note(PROJECT, "MergeRequest", mr, "Proposed rule", "smith-bot",
                                     start_thread=True)
    async with stack.smith.db.transaction() as session:
        rule = Rule(step="implement", text="Never catch Exception", status="proposed",
                    forge="gitlab", repo=PROJECT,
                    proposal_ref={"forge": "gitlab", "repo": PROJECT, "comment_id": proposal.id,
                                  "thread_id": proposal.discussion_id,
                                  "item_kind": "change_request", "item_number": mr})
        session.add(rule)
        await session.flush()
        rule_id = rule.id

    async def status() -> str:
        async with stack.smith.db.transaction() as session:
            return (await session.get(Rule, rule_id)).status

    await _send_gitlab(stack, webhooks.gitlab_emoji_award(
        token=GITLAB_SECRET, project=PROJECT, project_id=project_id, name="thumbsup",
        actor="boss", note_id=proposal.id, iid=mr, noteable_type="MergeRequest",
        discussion_id=proposal.discussion_id))
    await stack.drain()
    assert await status() == "proposed"
    assert stack.gitlab.requests_for("list_award_emoji_on_merge_request_note")

    await stack.gitlab.award_emoji(PROJECT, proposal.id, "thumbsup", actor="boss")
    await stack.drain()
    assert await status() == "approved"


async def test_a_label_summon_the_forge_does_not_have_starts_no_run(stack: Stack):
    """#31 item 4: an Issue Hook signed with the shared secret, naming this project's maintainer
    and the summon label, is re-read: the issue must exist and carry the label on GitLab."""
    project_id, iid = _seed(stack)
    forged = [
        iid,  # the issue exists, but nobody put the label on it
        4242,  # there is no such issue in this project
    ]
    for number in forged:
        status = await _send_gitlab(stack, webhooks.gitlab_issue_labels_changed(
            token=GITLAB_SECRET, project=PROJECT, project_id=project_id, iid=number,
            previous_labels=[], current_labels=["smith"], actor="boss"))
        assert status == 202  # it looks like a summons: queued, then re-read
    await stack.drain()
    assert await _runs(stack) == []
    assert stack.gitlab.labels_of(PROJECT, iid) == []
    assert [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", iid)
            if n.author == "smith-bot"] == []
    assert len(stack.gitlab.requests_for("get_issue")) >= len(forged)

    # The label really put on by the maintainer summons Smith.
    await stack.gitlab.label_issue(PROJECT, iid, "smith", actor="boss")
    await stack.drain()
    assert [(r.repo, r.issue_number, r.summoned_by) for r in await _runs(stack)] == [
        (PROJECT, iid, "boss")]


async def test_a_label_summon_by_a_guest_is_refused_whatever_the_payload_says(stack: Stack):
    """The actor's access level is GitLab's, not the payload's."""
    _, iid = _seed(stack)
    await stack.gitlab.label_issue(PROJECT, iid, "smith", actor="guest")
    await stack.drain()
    assert await _runs(stack) == []


async def test_a_label_a_guest_added_is_not_a_maintainers_summons_whatever_the_payload_says(
    stack: Stack,
):
    """#31 item 3: a Reporter may put labels on issues. With the label really on the issue
    (a guest put it there), a forged Issue Hook signed with the shared secret names the
    maintainer as the actor: the forge's label events say who added it, and that user may not
    summon Smith."""
    project_id, iid = _seed(stack)
    await stack.gitlab.label_issue(PROJECT, iid, "smith", actor="guest")  # refused: a guest
    await stack.drain()
    status = await _send_gitlab(stack, webhooks.gitlab_issue_labels_changed(
        token=GITLAB_SECRET, project=PROJECT, project_id=project_id, iid=iid,
        previous_labels=[], current_labels=["smith"], actor="boss"))
    assert status == 202
    await stack.drain()
    assert await _runs(stack) == []
    assert len(stack.gitlab.requests_for("list_issue_resource_label_events")) >= 2
    # Each refusal is addressed to the guest, who added the label, never to the maintainer.
    refusals = [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", iid)
                if n.author == "smith-bot"]
    assert refusals and all("@guest" in body and "@boss" not in body for body in refusals)
