"""Re-read, by id through the forge's API, what a webhook says someone wrote or reacted.

A webhook payload is only a hint. With one GitLab webhook secret shared by many projects (still
the default), a maintainer of any project can sign a payload claiming that another project's
maintainer wrote `/smith retry` or voted 👍 on a rule. So before acting on a comment (a command,
a rework request, a reviewer's story) or a vote, handlers ask the forge for the comment or the
reaction and act on the forge's body and author; before a label summons a run, they read the
issue from the forge (it must exist in that project and carry the label now), who added the
label (the forge's label events: the summons is the adder's) and that user's permission
(handlers/permissions.py), never the payload's word for any of them. Both forges are asked
alike: handlers stay forge-neutral and GitHub gets the same guarantee for free.
"""

from __future__ import annotations

import structlog

from bot.events import Event
from bot.forge.errors import NotFound
from bot.services import Runtime

log = structlog.get_logger(__name__)


def _same_user(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and str(a).casefold() == str(b).casefold()


async def comment_as_written(event: Event, runtime: Runtime) -> Event | None:
    """The event with the comment's body as the forge has it now; None (and a log line) when
    the forge has no such comment on that item, or another author wrote it."""
    if event.repo is None or event.item is None or event.comment_id is None:
        log.warning("comment_not_rereadable", kind=str(event.kind), actor=event.actor)
        return None
    forge = runtime.forge(event.forge)
    try:
        comment = await forge.get_comment(event.repo, event.item, event.comment_id)
    except NotFound:
        log.warning("comment_not_on_forge", repo=event.repo.full_name, item=event.item.number,
                    comment=event.comment_id, actor=event.actor)
        return None
    if not _same_user(comment.author, event.actor):
        log.warning("comment_author_differs", repo=event.repo.full_name,
                    comment=event.comment_id, payload_actor=event.actor, author=comment.author)
        return None
    if comment.body != (event.comment_body or ""):
        log.info("comment_body_differs", repo=event.repo.full_name, comment=event.comment_id)
    return event.model_copy(update={"comment_body": comment.body})


async def reaction_is_real(event: Event, runtime: Runtime) -> bool:
    """Does the forge itself have this actor's reaction on that comment?"""
    if (event.repo is None or event.item is None or event.comment_id is None
            or not event.actor or event.reaction is None):
        return False
    forge = runtime.forge(event.forge)
    try:
        reaction = await forge.get_reaction(event.repo, event.item, event.comment_id,
                                            user=event.actor, content=str(event.reaction))
    except NotFound:
        reaction = None
    if reaction is None:
        log.warning("reaction_not_on_forge", repo=event.repo.full_name,
                    comment=event.comment_id, actor=event.actor, reaction=event.reaction)
        return False
    return True


async def labels_as_applied(event: Event, runtime: Runtime, added: list[str]) -> Event | None:
    """The event with the issue's title and labels as the forge has them now and, of `added`,
    only the labels the issue really carries; None (and a log line) when the forge has no such
    issue in that project, or none of those labels on it."""
    if event.repo is None or event.item is None or event.item.kind != "issue":
        log.warning("labels_not_rereadable", kind=str(event.kind), actor=event.actor)
        return None
    forge = runtime.forge(event.forge)
    try:
        issue = await forge.get_issue(event.repo, event.item.number)
    except NotFound:
        log.warning("issue_not_on_forge", repo=event.repo.full_name, item=event.item.number,
                    actor=event.actor)
        return None
    present = [label for label in added if label in issue.labels]
    if not present:
        log.warning("labels_not_on_forge", repo=event.repo.full_name, item=event.item.number,
                    payload_labels=added, labels=issue.labels, actor=event.actor)
        return None
    # Whose summons it is: the forge's label events say who added the label, whoever the
    # payload names (a forger with the shared secret would name a maintainer).
    adder = await forge.label_added_by(event.repo, event.item, present[0])
    if adder is None:
        log.warning("label_adder_not_on_forge", repo=event.repo.full_name,
                    item=event.item.number, label=present[0], actor=event.actor)
        return None
    if not _same_user(adder, event.actor):
        log.warning("label_adder_differs", repo=event.repo.full_name, item=event.item.number,
                    label=present[0], payload_actor=event.actor, adder=adder)
    return event.model_copy(update={"labels_added": present, "label": present[0],
                                    "item_labels": list(issue.labels),
                                    "item_title": issue.title, "actor": adder})
