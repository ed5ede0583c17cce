"""Test generation asked for from an issue: a sprint (`/smith tests sprint <milestone>`, or the
sprint label on an issue of a milestone) and a coverage campaign (`/smith tests coverage`).

Both are campaigns (one live run per milestone, one coverage campaign per repository) that
speak on the issue where they were asked: the status comment, the ending and the change
request's link land there. What can be told at once is told at once, before any run is
queued: a milestone the forge does not know, a milestone without closed issues.
"""

from __future__ import annotations

from datetime import UTC, datetime

import structlog

from bot.budgets.access import not_enabled_text
from bot.chains.tests.campaigns import COVERAGE, campaign_params
from bot.chains.tests.sprint import sprint_params, sprint_subject
from bot.config import Settings
from bot.events import Event
from bot.forge.base import ItemRef
from bot.services import Runtime
from handlers.permissions import actor_may
from handlers.reread import labels_as_applied
from handlers.routing import Router
from handlers.runs import start_run
from handlers.summon import added_labels

log = structlog.get_logger(__name__)

ON_ISSUES_ONLY = ("`tests sprint` and `tests coverage` are asked for on an issue; their tests "
                  "come as a change request of their own, and the issue hears how it went.")
UNKNOWN_MILESTONE = ("There is no milestone `{name}` in this repository: name it by its title "
                     "or its number (`/smith tests sprint 3`).")
NO_CLOSED_ISSUES = ("Milestone `{title}` has no closed issues yet: a sprint's tests are "
                    "written for the tasks that were done. Ask again when some are closed.")
SPRINT_QUEUED = ("Writing tests for sprint `{title}` as run #{run}: its closed issues are "
                 "classified (core, frontend, adapters, technical, incidents), the core tasks "
                 "get tests from the commits that closed them, in one change request with a "
                 "gate report per file.")
SPRINT_BUSY = "Sprint `{title}` already has a Smith run; wait for it to end."
NO_MILESTONE = ("@{actor} this issue has no milestone: the `{label}` label asks for the tests "
                "of its milestone's sprint.")
LABEL_NOT_PERMITTED = ("@{actor} only users with {level} access to this repository can ask "
                       "for a sprint's tests.")
COVERAGE_QUEUED = ("Running a coverage campaign as run #{run}: tests for the least covered "
                   "code whose docs are fresh, in one change request with the coverage "
                   "before and after.")
COVERAGE_BUSY = "A coverage campaign is already running in this repository; wait for it to end."


def _shown(text: str) -> str:
    """A user's words inside a code span of a reply: one line, no backticks, bounded."""
    return " ".join(text.replace("`", "'").split())[:120]


async def ask_sprint(runtime: Runtime, event: Event, name: str) -> str:
    """Queue the sprint's run for milestone `name`, or say why not."""
    assert event.repo is not None and event.item is not None
    if event.item.kind != "issue":
        return ON_ISSUES_ONLY
    forge = runtime.forge(event.forge)
    milestone = await forge.find_milestone(event.repo, name)
    if milestone is None:
        return UNKNOWN_MILESTONE.format(name=_shown(name))
    if not (await forge.closed_issues(event.repo, milestone, limit=1)).issues:
        return NO_CLOSED_ISSUES.format(title=_shown(milestone.title))
    run = await start_run(runtime, event, ItemRef("issue", event.item.number), chain="tests",
                          subject=sprint_subject(milestone), params=sprint_params(milestone))
    if run is None:
        return SPRINT_BUSY.format(title=_shown(milestone.title))
    return SPRINT_QUEUED.format(title=_shown(milestone.title), run=run.id)


async def ask_coverage(runtime: Runtime, event: Event) -> str:
    """Queue a coverage campaign now (as the schedule would), speaking on this issue."""
    assert event.item is not None
    if event.item.kind != "issue":
        return ON_ISSUES_ONLY
    params = campaign_params(datetime.now(UTC), f"asked by @{event.actor}")
    run = await start_run(runtime, event, ItemRef("issue", event.item.number), chain="tests",
                          subject=COVERAGE, params=params)
    if run is None:
        return COVERAGE_BUSY
    return COVERAGE_QUEUED.format(run=run.id)


def build(settings: Settings) -> Router:
    """The sprint label: added to an issue of a milestone, it asks for that sprint's tests."""
    router = Router()

    def labelled(event: Event) -> bool:
        return (event.item is not None and event.item.kind == "issue"
                and settings.sprint_label in added_labels(event))

    @router.register("issue_labeled", when=labelled)
    async def sprint_label(event: Event, runtime: Runtime) -> None:
        applied = await labels_as_applied(event, runtime, [settings.sprint_label])
        if applied is None:
            return
        event = applied
        assert event.repo is not None and event.item is not None
        forge = runtime.forge(event.forge)
        not_enabled = not_enabled_text(settings.access, event.repo.full_name)
        if not_enabled is not None:
            reply = not_enabled
        elif not await actor_may(event, runtime, settings.summon_permission):
            reply = LABEL_NOT_PERMITTED.format(actor=event.actor,
                                               level=settings.summon_permission)
        else:
            issue = await forge.get_issue(event.repo, event.item.number)
            reply = (NO_MILESTONE.format(actor=event.actor, label=settings.sprint_label)
                     if not issue.milestone else await ask_sprint(runtime, event,
                                                                  issue.milestone))
        log.info("sprint_label", repo=event.repo.full_name, issue=event.item.number)
        await forge.create_comment(event.repo, event.item, reply)

    return router
