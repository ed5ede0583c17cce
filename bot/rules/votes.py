"""Votes on rule proposals: a maintainer's 👍/👎 or command decides; anyone else is told once.

GitLab reports reactions by webhook (handlers/rules.py); GitHub sends none, so `poll_reactions`
reads the reactions on every pending proposal's comment. Both end in `cast_vote`, which locks the
rule row, so a webhook and a poll seeing the same 👍 decide once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import structlog

from bot.events.model import same_account
from bot.forge.base import Forge, ItemRef, Permission, RepoRef
from bot.forge.errors import ForgeError, NotFound
from bot.rules.config import RulesSettings
from bot.store.models import Rule
from bot.store.rules import (
    APPROVED,
    REJECTED,
    InvalidTransition,
    decide,
    get_rule,
    posted_pending_proposals,
    remember_told,
)

if TYPE_CHECKING:
    from bot.services import Runtime

log = structlog.get_logger(__name__)

APPROVED_REPLY = ("Rule #{id} approved by @{actor}. From now on it is part of the prompt of the "
                  "**{step}** step{scope}.")
REJECTED_REPLY = "Rule #{id} rejected by @{actor}. Smith will not propose it again."
NOT_COUNTED = ("@{actor}, only users with {level} access to this repository decide on rule "
               "proposals, so your {vote} on rule #{id} was not counted. (Smith says this once.)")
VOTE_SYMBOLS = {"+1": "👍", "-1": "👎"}


@dataclass
class PollResult:
    proposals: int = 0
    approved: list[int] = field(default_factory=list)
    rejected: list[int] = field(default_factory=list)
    told: list[tuple[int, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def repo_of(rule: Rule) -> RepoRef:
    ref = rule.proposal_ref
    return RepoRef(ref["forge"], ref["repo"])


def item_of(rule: Rule) -> ItemRef:
    ref = rule.proposal_ref
    return ItemRef(ref["item_kind"], int(ref["item_number"]))


async def has_permission(forge: Forge, repo: RepoRef, user: str, level: str) -> bool:
    try:
        return await forge.get_permission(repo, user) >= Permission.parse(level)
    except NotFound:
        return False


async def say_on_proposal(runtime: Runtime, rule: Rule, text: str) -> None:
    """Answer in the proposal's thread (or under it, on an issue); forge trouble is logged."""
    forge = runtime.forges.get(rule.proposal_ref.get("forge", ""))
    if forge is None:
        return
    repo, item = repo_of(rule), item_of(rule)
    thread_id = rule.proposal_ref.get("thread_id")
    try:
        if thread_id and item.kind == "change_request":
            await forge.reply_to_thread(repo, item.number, thread_id, text)
        else:
            await forge.create_comment(repo, item, text)
    except ForgeError as exc:
        log.warning("rule_reply_failed", rule=rule.id, error=str(exc))


def decision_reply(rule: Rule, actor: str) -> str:
    if rule.status == APPROVED:
        scope = f" in {rule.repo}" if rule.repo else " in every repository"
        return APPROVED_REPLY.format(id=rule.id, actor=actor, step=rule.step, scope=scope)
    return REJECTED_REPLY.format(id=rule.id, actor=actor)


async def cast_vote(
    runtime: Runtime, rule_id: int, *, approve: bool, actor: str, forge: str, repo: str
) -> Rule:
    """Record a permitted decision made on the forge. A global proposal becomes a rule of the
    repository whose maintainer approved it: their say covers that repository only.
    Raises InvalidTransition when the rule was decided already."""
    async with runtime.db.transaction() as session:
        if approve:
            rule = await decide(session, rule_id, APPROVED, decided_by=actor,
                                scope=(forge, repo))
        else:
            rule = await decide(session, rule_id, REJECTED, decided_by=actor)
    log.info("rule_decided", rule=rule.id, status=rule.status, by=actor)
    return rule


async def tell_once(runtime: Runtime, rule: Rule, actor: str, vote: str, level: str) -> bool:
    """Tell a user without the permission that their vote does not count, once per proposal."""
    async with runtime.db.transaction() as session:
        first_time = await remember_told(session, rule.id, actor)
        rule = await get_rule(session, rule.id)
    if first_time:
        await say_on_proposal(runtime, rule, NOT_COUNTED.format(
            actor=actor, level=level, vote=VOTE_SYMBOLS.get(vote, vote), id=rule.id))
    return first_time


async def vote_by_reaction(
    runtime: Runtime, rule: Rule, *, actor: str, content: str, permitted: bool
) -> str:
    """Apply one reaction: "approved", "rejected", "told", "ignored" (already told, already
    decided, or not a vote)."""
    settings = RulesSettings.from_settings(runtime.settings)
    if content not in VOTE_SYMBOLS:
        return "ignored"
    if not permitted:
        told = await tell_once(runtime, rule, actor, content, settings.approve_permission)
        return "told" if told else "ignored"
    ref = rule.proposal_ref
    try:
        decided = await cast_vote(runtime, rule.id, approve=content == "+1", actor=actor,
                                  forge=ref["forge"], repo=ref["repo"])
    except InvalidTransition:
        return "ignored"
    await say_on_proposal(runtime, decided, decision_reply(decided, actor))
    return decided.status


async def poll_reactions(runtime: Runtime) -> PollResult:
    """Read the reactions on every pending proposal and apply the votes (GitHub sends no
    webhook for reactions; on GitLab this also catches a missed Emoji Hook). The first
    permitted 👍/👎 decides."""
    settings = RulesSettings.from_settings(runtime.settings)
    bot_account = getattr(runtime.settings, "bot_account", None)
    async with runtime.db.transaction() as session:
        pending = await posted_pending_proposals(session)
    result = PollResult(proposals=len(pending))
    permissions: dict[tuple[str, str, str], bool] = {}
    for rule in pending:
        forge = runtime.forges.get(rule.proposal_ref.get("forge", ""))
        if forge is None:
            continue
        repo = repo_of(rule)
        try:
            reactions = await forge.list_reactions(repo, item_of(rule),
                                                   int(rule.proposal_ref["comment_id"]))
            for reaction in reactions:
                if reaction.content not in VOTE_SYMBOLS or same_account(reaction.user,
                                                                        bot_account):
                    continue
                key = (repo.forge, repo.full_name, reaction.user.casefold())
                if key not in permissions:
                    permissions[key] = await has_permission(
                        forge, repo, reaction.user, settings.approve_permission)
                outcome = await vote_by_reaction(runtime, rule, actor=reaction.user,
                                                 content=reaction.content,
                                                 permitted=permissions[key])
                if outcome == "told":
                    result.told.append((rule.id, reaction.user))
                elif outcome in (APPROVED, REJECTED):
                    (result.approved if outcome == APPROVED else result.rejected).append(rule.id)
                    break
        except ForgeError as exc:
            log.warning("rule_poll_failed", rule=rule.id, error=str(exc))
            result.errors.append(f"rule {rule.id}: {exc}")
    log.info("rule_reactions_polled", proposals=result.proposals, approved=result.approved,
             rejected=result.rejected, told=len(result.told))
    return result
