"""Queries of the rules loop: the failure store, rule proposals and their decisions.

`active_rules` is the only read path from rules to prompts: it returns approved rules alone, so a
proposal can never reach a step before a maintainer said yes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Failure, Rule, Run

PROPOSED, APPROVED, REJECTED, RETIRED = "proposed", "approved", "rejected", "retired"
STATUSES = (PROPOSED, APPROVED, REJECTED, RETIRED)
# A failure cited by one of these is "used": the miner does not see it again.
EVIDENCE_HOLDING = (PROPOSED, APPROVED)


class RuleNotFound(LookupError):
    """No rule with that id."""


class InvalidTransition(ValueError):
    """The rule's status does not allow that decision (e.g. retiring a proposal)."""


# Which status each decision may start from.
_ALLOWED_FROM = {
    APPROVED: (PROPOSED, REJECTED),
    REJECTED: (PROPOSED,),
    RETIRED: (APPROVED,),
}


async def add_failure(
    session: AsyncSession,
    *,
    forge: str,
    repo: str,
    step: str,
    kind: str,
    evidence: str,
    run_id: int | None = None,
    change_request_number: int | None = None,
    source_url: str | None = None,
) -> Failure:
    failure = Failure(
        forge=forge, repo=repo, step=step, kind=kind, evidence=evidence, run_id=run_id,
        change_request_number=change_request_number, source_url=source_url,
    )
    session.add(failure)
    await session.flush()
    return failure


async def used_failure_ids(session: AsyncSession) -> set[int]:
    """Failures already cited by a pending or approved rule."""
    rows = await session.execute(
        select(Rule.evidence_failure_ids).where(Rule.status.in_(EVIDENCE_HOLDING))
    )
    return {int(fid) for (ids,) in rows for fid in (ids or [])}


async def recent_failures(
    session: AsyncSession,
    *,
    forge: str | None = None,
    repo: str | None = None,
    since_days: int | None = 90,
    limit: int = 200,
    include_used: bool = False,
) -> list[Failure]:
    """Newest first; by default without failures a pending or approved rule already cites."""
    query = select(Failure).order_by(Failure.created_at.desc(), Failure.id.desc())
    if forge is not None:
        query = query.where(Failure.forge == forge)
    if repo is not None:
        query = query.where(Failure.repo == repo)
    if since_days is not None:
        query = query.where(Failure.created_at >= datetime.now(UTC) - timedelta(days=since_days))
    used = set() if include_used else await used_failure_ids(session)
    if used:
        query = query.where(Failure.id.not_in(used))
    return list((await session.execute(query.limit(limit))).scalars())


async def failures_by_ids(session: AsyncSession, ids: Sequence[int]) -> list[Failure]:
    if not ids:
        return []
    rows = await session.execute(select(Failure).where(Failure.id.in_(list(ids))))
    return sorted(rows.scalars(), key=lambda f: list(ids).index(f.id))


async def failure_issues(session: AsyncSession, ids: Sequence[int]) -> dict[int, int]:
    """The issue each failure's run reported on, by failure id (runs whose subject is an issue;
    a campaign's or a change request's run has none)."""
    if not ids:
        return {}
    rows = await session.execute(
        select(Failure.id, Run.issue_number).join(Run, Run.id == Failure.run_id)
        .where(Failure.id.in_(list(ids)), Run.subject_kind == "issue")
    )
    return {int(failure_id): number for failure_id, number in rows if number is not None}


async def create_proposal(
    session: AsyncSession,
    *,
    step: str,
    text: str,
    rationale: str,
    evidence_failure_ids: Sequence[int],
    forge: str | None,
    repo: str | None,
) -> Rule:
    rule = Rule(
        forge=forge, repo=repo, step=step, text=text, rationale=rationale, status=PROPOSED,
        evidence_failure_ids=[int(i) for i in evidence_failure_ids], proposal_ref={},
    )
    session.add(rule)
    await session.flush()
    return rule


async def get_rule(session: AsyncSession, rule_id: int, *, for_update: bool = False) -> Rule:
    rule = await session.get(Rule, rule_id, with_for_update=for_update, populate_existing=True)
    if rule is None:
        raise RuleNotFound(f"no rule with id {rule_id}")
    return rule


async def list_rules(
    session: AsyncSession,
    *,
    status: str | None = None,
    repo: str | None = None,
    step: str | None = None,
) -> list[Rule]:
    """Rules in id order; `repo` keeps that repository's rules and the global ones."""
    query = select(Rule).order_by(Rule.id)
    if status is not None:
        query = query.where(Rule.status == status)
    if repo is not None:
        query = query.where(or_(Rule.repo == repo, Rule.repo.is_(None)))
    if step is not None:
        query = query.where(Rule.step == step)
    return list((await session.execute(query)).scalars())


async def decide(
    session: AsyncSession,
    rule_id: int,
    status: str,
    *,
    decided_by: str,
    scope: tuple[str, str] | None = None,
) -> Rule:
    """Approve, reject or retire a rule, recording who and when (row locked: two maintainers
    answering at once decide once). `scope` (forge, repo) pins a global proposal to the
    repository whose maintainer decided it; a shell decision passes None and keeps it global."""
    if status not in _ALLOWED_FROM:
        raise ValueError(f"unknown decision {status!r}")
    rule = await get_rule(session, rule_id, for_update=True)
    if rule.status not in _ALLOWED_FROM[status]:
        raise InvalidTransition(
            f"rule {rule.id} is {rule.status}; it cannot become {status}"
            + (f" (decided by {rule.decided_by})" if rule.decided_by else "")
        )
    rule.status = status
    rule.decided_by = decided_by
    rule.decided_at = datetime.now(UTC)
    if scope is not None and rule.repo is None:
        rule.forge, rule.repo = scope
    await session.flush()
    return rule


async def approve_rule(session: AsyncSession, rule_id: int, *, decided_by: str,
                       scope: tuple[str, str] | None = None) -> Rule:
    return await decide(session, rule_id, APPROVED, decided_by=decided_by, scope=scope)


async def reject_rule(session: AsyncSession, rule_id: int, *, decided_by: str) -> Rule:
    return await decide(session, rule_id, REJECTED, decided_by=decided_by)


async def retire_rule(session: AsyncSession, rule_id: int, *, decided_by: str) -> Rule:
    return await decide(session, rule_id, RETIRED, decided_by=decided_by)


async def active_rules(session: AsyncSession, *, forge: str, repo: str, step: str) -> list[str]:
    """Texts of the approved rules for `step` in this repository plus the global ones, oldest
    first. The chain appends them to the step's prompt."""
    rows = await session.execute(
        select(Rule.text)
        .where(
            Rule.status == APPROVED,
            Rule.step == step,
            or_(Rule.repo.is_(None), and_(Rule.repo == repo, or_(Rule.forge.is_(None),
                                                                  Rule.forge == forge))),
        )
        .order_by(Rule.decided_at.nulls_last(), Rule.id)
    )
    return [text for (text,) in rows]


async def set_proposal_ref(session: AsyncSession, rule_id: int, **changes: Any) -> Rule:
    """Merge `changes` into the rule's `proposal_ref` (a new dict, so the JSON is written)."""
    rule = await get_rule(session, rule_id, for_update=True)
    rule.proposal_ref = {**(rule.proposal_ref or {}), **changes}
    await session.flush()
    return rule


async def remember_told(session: AsyncSession, rule_id: int, user: str) -> bool:
    """Record that `user` was told their vote does not count; False if they were told before."""
    rule = await get_rule(session, rule_id, for_update=True)
    told = list((rule.proposal_ref or {}).get("told", []))
    if user.casefold() in (name.casefold() for name in told):
        return False
    rule.proposal_ref = {**(rule.proposal_ref or {}), "told": [*told, user]}
    await session.flush()
    return True


def _posted_on(forge: str, repo: str) -> Any:
    return and_(Rule.proposal_ref["forge"].astext == forge,
                Rule.proposal_ref["repo"].astext == repo)


async def proposal_for_comment(
    session: AsyncSession, *, forge: str, repo: str, comment_id: int
) -> Rule | None:
    """The proposal Smith posted as this comment (matched on the stored ref, never on a marker
    that anyone could type)."""
    rows = await session.execute(
        select(Rule).where(_posted_on(forge, repo),
                           Rule.proposal_ref["comment_id"].astext == str(comment_id))
    )
    return rows.scalars().first()


async def proposal_for_thread(
    session: AsyncSession, *, forge: str, repo: str, thread_id: str
) -> Rule | None:
    rows = await session.execute(
        select(Rule).where(_posted_on(forge, repo),
                           Rule.proposal_ref["thread_id"].astext == thread_id)
    )
    return rows.scalars().first()


async def pending_proposals_on_item(
    session: AsyncSession, *, forge: str, repo: str, item_kind: str, item_number: int
) -> list[Rule]:
    rows = await session.execute(
        select(Rule)
        .where(Rule.status == PROPOSED, _posted_on(forge, repo),
               Rule.proposal_ref["item_kind"].astext == item_kind,
               Rule.proposal_ref["item_number"].astext == str(item_number))
        .order_by(Rule.id)
    )
    return list(rows.scalars())


async def posted_pending_proposals(session: AsyncSession) -> list[Rule]:
    """Proposals waiting for a vote that have a comment to read reactions from."""
    rows = await session.execute(
        select(Rule)
        .where(Rule.status == PROPOSED, Rule.proposal_ref.has_key("comment_id"))
        .order_by(Rule.id)
    )
    return list(rows.scalars())


async def unposted_proposals(session: AsyncSession) -> list[Rule]:
    rows = await session.execute(
        select(Rule)
        .where(Rule.status == PROPOSED, ~Rule.proposal_ref.has_key("comment_id"))
        .order_by(Rule.id)
    )
    return list(rows.scalars())


def rule_as_dict(rule: Rule) -> dict[str, Any]:
    """A rule for JSON output (CLI, API)."""
    return {
        "id": rule.id, "forge": rule.forge, "repo": rule.repo, "step": rule.step,
        "text": rule.text, "rationale": rule.rationale, "status": rule.status,
        "evidence_failure_ids": list(rule.evidence_failure_ids or []),
        "proposal_ref": dict(rule.proposal_ref or {}), "decided_by": rule.decided_by,
        "decided_at": rule.decided_at.isoformat() if rule.decided_at else None,
        "created_at": rule.created_at.isoformat() if rule.created_at else None,
    }
