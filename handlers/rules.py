"""The rules loop on the forge: votes on proposals, and reviewers' comments as failure stories.

Votes: `/smith approve-rule` / `reject-rule` replies, and 👍/👎 reactions.

A command names its rule or is written where one proposal waits (the proposal's thread, or the
change request / issue with a single pending proposal: the issue the evidence came from, or the
tracking issue). Reactions count only on the
proposal comment Smith posted (found by its stored comment id, not by a marker anyone could
type). Only users with `approve_permission` decide; others are told (a command each time, a
reaction once per proposal).

Stories: a person's comment on a change request Smith opened (a review comment, a plain comment,
a review that requests changes) goes to the failure store for the miner. Comments that carry a
command are left to the command handlers (a rework request is recorded by the rework run), and
talk inside a proposal's thread is about the rule, not about the fix.
"""

from __future__ import annotations

import structlog

from bot.commands import ApproveRuleCommand, RejectRuleCommand, parse_commands
from bot.config import Settings
from bot.events import Event
from bot.forge.errors import ForgeError
from bot.rules.votes import cast_vote, decision_reply, vote_by_reaction
from bot.services import Runtime
from bot.store.models import Rule
from bot.store.rules import (
    PROPOSED,
    InvalidTransition,
    RuleNotFound,
    add_failure,
    get_rule,
    pending_proposals_on_item,
    proposal_for_comment,
    proposal_for_thread,
)
from handlers.permissions import actor_may
from handlers.reread import comment_as_written, reaction_is_real
from handlers.routing import Router
from handlers.runs import run_for_item

log = structlog.get_logger(__name__)

RuleCommand = ApproveRuleCommand | RejectRuleCommand

NOT_PERMITTED = "@{actor} `{verb}` needs {level} access to this repository."
NO_SUCH_RULE = "There is no rule #{id}."
OTHER_REPOSITORY = ("Rule #{id} was not proposed in this repository; decide it where it was "
                    "proposed, or from the shell with `smith rules {verb} {id}`.")
NOTHING_HERE = ("There is no pending rule proposal here. Name the rule: "
                "`{prefix} {verb} <id>` (`smith rules list` shows them).")
SEVERAL_HERE = "Several rule proposals wait here ({ids}); name one: `{prefix} {verb} <id>`."
ALREADY = "Rule #{id} is already {status}{by}."

MIN_STORY_CHARS = 15
"""Shorter comments ("LGTM", "thanks!") tell no story worth mining."""
STORY_CHARS = 20000
REVIEW_STEP = "implement"
"""A reviewer comments on the published fix; the miner aims each rule at the step at fault."""


def _verb(command: RuleCommand) -> str:
    return command.kind


def rule_commands(event: Event, settings: Settings) -> list[RuleCommand]:
    commands = parse_commands(event.comment_body or "", bot_account=settings.bot_account,
                              prefix=settings.command_prefix)
    return [c for c in commands if isinstance(c, (ApproveRuleCommand, RejectRuleCommand))]


def build(settings: Settings) -> Router:
    router = Router()

    def has_rule_command(event: Event) -> bool:
        return event.repo is not None and event.item is not None and bool(
            rule_commands(event, settings))

    async def on_comment(event: Event, runtime: Runtime) -> None:
        confirmed = await comment_as_written(event, runtime)
        if confirmed is None:
            return
        event = confirmed
        for command in rule_commands(event, settings):
            if await actor_may(event, runtime, settings.approve_permission):
                reply = await decide_by_command(event, runtime, command)
            else:
                reply = NOT_PERMITTED.format(actor=event.actor, verb=_verb(command),
                                             level=settings.approve_permission)
            await _reply_where_asked(event, runtime, reply)

    def is_vote(event: Event) -> bool:
        return (event.reaction in ("+1", "-1") and event.comment_id is not None
                and event.repo is not None and bool(event.actor))

    async def on_reaction(event: Event, runtime: Runtime) -> None:
        assert event.repo is not None and event.comment_id is not None and event.actor
        async with runtime.db.transaction() as session:
            rule = await proposal_for_comment(session, forge=event.forge,
                                              repo=event.repo.full_name,
                                              comment_id=event.comment_id)
        if rule is None or rule.status != PROPOSED:
            return
        if not await reaction_is_real(event, runtime):
            return  # the forge has no such vote: a forged or already withdrawn reaction
        permitted = await actor_may(event, runtime, settings.approve_permission)
        outcome = await vote_by_reaction(runtime, rule, actor=event.actor,
                                         content=str(event.reaction), permitted=permitted)
        log.info("rule_reaction", rule=rule.id, actor=event.actor, outcome=outcome)

    def is_story(event: Event) -> bool:
        if event.kind == "review_submitted" and event.review_state != "changes_requested":
            return False
        body = (event.comment_body or "").strip()
        return (event.repo is not None and event.item is not None
                and event.item.kind == "change_request" and not event.actor_is_bot
                and len(body) >= MIN_STORY_CHARS
                and not parse_commands(body, bot_account=settings.bot_account,
                                       prefix=settings.command_prefix))

    router.register("comment_created", when=has_rule_command)(on_comment)
    router.register("review_comment_created", when=has_rule_command)(on_comment)
    router.register("reaction_added", when=is_vote)(on_reaction)
    for kind in ("comment_created", "review_comment_created", "review_submitted"):
        router.register(kind, when=is_story)(record_review_story)
    return router


async def record_review_story(event: Event, runtime: Runtime) -> None:
    """Store a reviewer's comment on Smith's change request as a failure story."""
    assert event.repo is not None and event.item is not None
    repo, item = event.repo, event.item  # the re-read comment below is on the same item
    run = await run_for_item(runtime, event)
    if run is None:
        return  # not Smith's change request
    if event.kind != "review_submitted":  # a review body has no comment id to re-read
        confirmed = await comment_as_written(event, runtime)
        if confirmed is None or not _tells_a_story(confirmed.comment_body, runtime.settings):
            return
        event = confirmed
    async with runtime.db.transaction() as session:
        if event.thread_id and await proposal_for_thread(
            session, forge=event.forge, repo=repo.full_name, thread_id=event.thread_id
        ):
            return
        failure = await add_failure(
            session, forge=event.forge, repo=repo.full_name, run_id=run.id,
            step=REVIEW_STEP,
            kind="changes_requested" if event.kind == "review_submitted" else "review_comment",
            evidence=(event.comment_body or "").strip()[:STORY_CHARS],
            change_request_number=item.number, source_url=event.url,
        )
    log.info("review_story_recorded", failure=failure.id, run=run.id, actor=event.actor)


def _tells_a_story(body: str | None, settings: Settings) -> bool:
    text = (body or "").strip()
    return len(text) >= MIN_STORY_CHARS and not parse_commands(
        text, bot_account=settings.bot_account, prefix=settings.command_prefix)


async def decide_by_command(event: Event, runtime: Runtime, command: RuleCommand) -> str:
    """Apply `approve-rule` / `reject-rule` from a permitted actor; returns the reply text.
    The caller checks the actor's permission (`approve_permission`) first."""
    assert event.repo is not None and event.actor
    rule, problem = await _rule_for(event, runtime, command)
    if rule is None:
        return problem
    try:
        decided = await cast_vote(
            runtime, rule.id, approve=isinstance(command, ApproveRuleCommand), actor=event.actor,
            forge=event.forge, repo=event.repo.full_name,
        )
    except InvalidTransition:
        async with runtime.db.transaction() as session:
            return _already(await get_rule(session, rule.id))
    return decision_reply(decided, event.actor)


def _already(rule: Rule) -> str:
    by = f" (by {rule.decided_by})" if rule.decided_by else ""
    return ALREADY.format(id=rule.id, status=rule.status, by=by)


async def _rule_for(
    event: Event, runtime: Runtime, command: RuleCommand
) -> tuple[Rule | None, str]:
    """The rule a command means, or None and the reply that explains why there is none."""
    assert event.repo is not None and event.item is not None
    forge, repo = event.forge, event.repo.full_name
    prefix = runtime.settings.command_prefix
    async with runtime.db.transaction() as session:
        if command.rule_id is not None:
            try:
                named = await get_rule(session, command.rule_id)
            except RuleNotFound:
                return None, NO_SUCH_RULE.format(id=command.rule_id)
            if not _belongs_to(named, forge, repo):
                verb = "approve" if isinstance(command, ApproveRuleCommand) else "reject"
                return None, OTHER_REPOSITORY.format(id=named.id, verb=verb)
            return named, ""
        if event.thread_id:
            in_thread = await proposal_for_thread(session, forge=forge, repo=repo,
                                                  thread_id=event.thread_id)
            if in_thread is not None:
                if in_thread.status != PROPOSED:
                    return None, _already(in_thread)
                return in_thread, ""
        pending = await pending_proposals_on_item(session, forge=forge, repo=repo,
                                                  item_kind=event.item.kind,
                                                  item_number=event.item.number)
    if len(pending) == 1:
        return pending[0], ""
    if not pending:
        return None, NOTHING_HERE.format(prefix=prefix, verb=_verb(command))
    ids = ", ".join(f"#{r.id}" for r in pending)
    return None, SEVERAL_HERE.format(ids=ids, prefix=prefix, verb=_verb(command))


def _belongs_to(rule: Rule, forge: str, repo: str) -> bool:
    """A maintainer decides only what was proposed in (or is scoped to) their repository."""
    ref = rule.proposal_ref or {}
    if ref.get("forge") == forge and ref.get("repo") == repo:
        return True
    return rule.forge == forge and rule.repo == repo


async def _reply_where_asked(event: Event, runtime: Runtime, text: str) -> None:
    assert event.repo is not None and event.item is not None
    forge = runtime.forge(event.forge)
    try:
        # A reply inside a review thread / discussion stays there; a plain comment gets one.
        if event.kind == "review_comment_created" and event.thread_id:
            await forge.reply_to_thread(event.repo, event.item.number, event.thread_id, text)
        else:
            await forge.create_comment(event.repo, event.item, text)
    except ForgeError as exc:
        log.warning("rule_reply_failed", error=str(exc))
