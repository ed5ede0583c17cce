"""Where a proposal is put before maintainers, and putting it there.

A proposal goes where its story happened: a thread on the change request most of its evidence
came from. Evidence without a change request (a judge that kept rejecting, a reproduction test
that never went red: runs that never published) goes to the issue most of it came from, where
the maintainers who summoned Smith already read; votes there work as on a change request (a
comment under the proposal, 👍/👎 on it). Evidence from no issue at all (a coverage campaign)
goes to the tracking issue when one is configured; otherwise the proposal stays unposted
(listed by `smith rules list`, decidable from the shell) and is tried again at the next mining.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal

import structlog

from bot.forge.base import ItemRef, RepoRef
from bot.forge.errors import ForgeError
from bot.rules.config import RulesSettings
from bot.rules.miner import main_change_request, main_issue, main_repository
from bot.rules.proposal import RuleProposalItem
from bot.rules.render import FailureEvidence, render_rule_proposal
from bot.store.models import Failure, Rule
from bot.store.rules import failure_issues, failures_by_ids, set_proposal_ref

if TYPE_CHECKING:
    from bot.services import Runtime

log = structlog.get_logger(__name__)

SUMMARY_CHARS = 160


@dataclass(frozen=True)
class PostTarget:
    forge: str
    repo: str
    item_kind: Literal["issue", "change_request"]
    item_number: int


@dataclass(frozen=True)
class PostOutcome:
    rule_id: int
    posted: bool
    detail: str
    """Where it was posted (`github:octo/app!12`), or why not."""


def choose_target(
    evidence: list[Failure], tracking_issue: int | None, issues: Mapping[int, int] | None = None
) -> PostTarget | None:
    """The change request with most evidence; else the issue with most evidence (`issues`:
    failure id → the issue its run reported on); else the tracking issue of the main
    repository."""
    change_request = main_change_request(evidence)
    if change_request is not None:
        forge, repo, number = change_request
        return PostTarget(forge, repo, "change_request", number)
    origin = main_issue(evidence, issues or {})
    if origin is not None:
        forge, repo, number = origin
        return PostTarget(forge, repo, "issue", number)
    if tracking_issue is None or not evidence:
        return None
    forge, repo = main_repository(evidence)
    return PostTarget(forge, repo, "issue", tracking_issue)


def render_proposal(rule: Rule, evidence: list[Failure], command_prefix: str) -> str:
    item = RuleProposalItem.model_construct(
        step=rule.step, rule=rule.text, rationale=rule.rationale,
        evidence_failure_ids=list(rule.evidence_failure_ids or []),
    )
    shown = [
        FailureEvidence(failure_id=f.id, summary=f"{f.step} {f.kind}: {_summary(f.evidence)}",
                        url=f.source_url)
        for f in evidence
    ]
    return render_rule_proposal(rule.id, item, shown, command=command_prefix)


def _summary(evidence: str) -> str:
    text = " ".join(evidence.split())
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"


def describe(target: PostTarget) -> str:
    sign = "!" if target.item_kind == "change_request" else "#"
    return f"{target.forge}:{target.repo}{sign}{target.item_number}"


async def post_proposal(runtime: Runtime, rule: Rule, settings: RulesSettings) -> PostOutcome:
    """Post one stored proposal and record where (`proposal_ref`); never raises on forge
    trouble (the proposal stays unposted and is retried at the next mining)."""
    async with runtime.db.transaction() as session:
        evidence = await failures_by_ids(session, list(rule.evidence_failure_ids or []))
        issues = await failure_issues(session, [f.id for f in evidence])
    target = choose_target(evidence, settings.tracking_issue, issues)
    if target is None:
        reason = ("no change request among its evidence, no issue its runs reported on, and "
                  "no tracking issue configured (set SMITH_RULES_TRACKING_ISSUE)")
        return await _unposted(runtime, rule, reason)
    forge = runtime.forges.get(target.forge)
    if forge is None:
        return await _unposted(runtime, rule, f"no {target.forge} connection is configured")
    repo = RepoRef(target.forge, target.repo)  # type: ignore[arg-type]
    body = render_proposal(rule, evidence, settings.command_prefix)
    try:
        if target.item_kind == "change_request":
            thread = await forge.create_thread(repo, target.item_number, body)
            comment, thread_id = thread.comments[0], thread.id
        else:
            comment = await forge.create_comment(repo, ItemRef("issue", target.item_number), body)
            thread_id = None
    except ForgeError as exc:
        return await _unposted(runtime, rule, f"posting on {describe(target)} failed: {exc}")
    async with runtime.db.transaction() as session:
        await set_proposal_ref(
            session, rule.id, forge=target.forge, repo=target.repo, item_kind=target.item_kind,
            item_number=target.item_number, thread_id=thread_id, comment_id=comment.id,
            url=comment.url, posted_at=datetime.now(UTC).isoformat(), unposted=None,
        )
    log.info("rule_proposal_posted", rule=rule.id, where=describe(target))
    return PostOutcome(rule.id, True, describe(target))


async def _unposted(runtime: Runtime, rule: Rule, reason: str) -> PostOutcome:
    log.warning("rule_proposal_unposted", rule=rule.id, reason=reason)
    async with runtime.db.transaction() as session:
        await set_proposal_ref(session, rule.id, unposted=reason)
    return PostOutcome(rule.id, False, reason)
