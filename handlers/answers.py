"""An answer to Smith's questions: a run paused at ACCEPTANCE for information goes on.

When ACCEPTANCE finds the report lacking, Smith asks on the issue, labels it needs-info and the
run pauses (outcome `needs_info`). A later comment on that issue by its author, or by anyone
with write access, is the answer: the run is queued again and reads the report, the answer
included, from ACCEPTANCE on. No `/smith retry` is needed; a comment holding a command is the
commands' business, and comments of anyone else change nothing.
"""

from __future__ import annotations

import structlog

from bot.commands import parse_commands
from bot.config import Settings
from bot.events import Event
from bot.forge.base import Permission
from bot.services import Runtime
from bot.store.models import Run
from handlers.permissions import actor_permission
from handlers.reread import comment_as_written
from handlers.routing import Router
from handlers.runs import requeue_run, run_for_item

log = structlog.get_logger(__name__)

RESUMED = "Thanks, @{actor}: Smith reads the report again with your answer (run #{run})."
NEEDS_INFO_OUTCOME = "needs_info"


def build(settings: Settings) -> Router:
    router = Router()
    label = settings.labels.needs_info

    def answers(event: Event) -> bool:
        """A plain comment on an issue that (the payload says) carries the needs-info label;
        the forge and the store confirm the rest in the job."""
        return (event.item is not None and event.item.kind == "issue"
                and label in event.item_labels
                and not parse_commands(event.comment_body or "", bot_account=settings.bot_account,
                                       prefix=settings.command_prefix))

    @router.register("comment_created", when=answers)
    async def answered(event: Event, runtime: Runtime) -> None:
        confirmed = await comment_as_written(event, runtime)
        if confirmed is None or confirmed.repo is None or confirmed.item is None:
            return
        run = await run_for_item(runtime, confirmed)
        if run is None or not waits_for_answer(run):
            return
        forge = runtime.forge(confirmed.forge)
        issue = await forge.get_issue(confirmed.repo, confirmed.item.number)
        if label not in issue.labels:
            return  # somebody took the label off: nobody is waiting for an answer
        if not await _may_answer(confirmed, runtime, issue.author):
            log.info("answer_ignored", run=run.id, actor=confirmed.actor)
            return
        await requeue_run(runtime, run, answered_by=confirmed.actor)
        await forge.remove_label(confirmed.repo, confirmed.item, label)
        await forge.create_comment(confirmed.repo, confirmed.item,
                                   RESUMED.format(actor=confirmed.actor, run=run.id))

    return router


def waits_for_answer(run: Run) -> bool:
    """A run paused at ACCEPTANCE for information (not at the estimate gate)."""
    return run.status == "paused" and run.outcome == NEEDS_INFO_OUTCOME


async def _may_answer(event: Event, runtime: Runtime, author: str) -> bool:
    """The reporter answers their own report; project members (write access) may too."""
    if event.actor and event.actor.casefold() == author.casefold():
        return True
    return await actor_permission(event, runtime) >= Permission.WRITE
