"""One mining pass: read votes, run the miner over unused failures, store and post proposals.

Run periodically by the job queue and on demand by `smith rules mine`. Every step is safe to
repeat: failures a pending or approved rule cites are not mined again, and proposals that could
not be posted are posted at the next pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import structlog

from bot.budgets.guard import installation_cap_reached
from bot.engine.records import store_usage
from bot.llm.client import import_sdk
from bot.llm.errors import StepOutcome
from bot.llm.from_settings import make_ledger, make_step_runner
from bot.llm.ledger import UsageRecord
from bot.llm.runner import StepRunner
from bot.rules.config import RulesSettings
from bot.rules.miner import DroppedProposal, run_miner
from bot.rules.posting import PostOutcome, post_proposal
from bot.rules.votes import PollResult, poll_reactions
from bot.store.rules import create_proposal, list_rules, recent_failures, unposted_proposals

if TYPE_CHECKING:
    from bot.services import Runtime

log = structlog.get_logger(__name__)


class MinerUnavailable(RuntimeError):
    """The miner cannot run here (no model key configured)."""


@dataclass
class MiningResult:
    failures_seen: int = 0
    proposed: list[int] = field(default_factory=list)
    dropped: list[DroppedProposal] = field(default_factory=list)
    posted: list[PostOutcome] = field(default_factory=list)
    unposted: list[PostOutcome] = field(default_factory=list)
    poll: PollResult | None = None
    error: str | None = None
    """Why the miner did not finish (model unavailable, budget, invalid answers)."""


def build_miner_runner(runtime: Runtime) -> StepRunner:
    """A step runner for the miner; its model calls are stored like a run's (without a run)."""
    settings = runtime.settings
    if settings.anthropic_api_key is None:
        raise MinerUnavailable(
            "the rule miner needs the model service key: set ANTHROPIC_API_KEY")

    async def persist(record: UsageRecord) -> None:
        await store_usage(runtime.db, None, record)

    return make_step_runner(settings, make_ledger(settings, sink=persist))


async def mine_rules(
    runtime: Runtime, *, repo: str | None = None, runner: StepRunner | None = None
) -> MiningResult:
    """Poll votes, mine, store, post. Why the miner could not run (no model key, model
    unavailable, invalid answers) is returned in `error`; votes and posting happen anyway."""
    settings = RulesSettings.from_settings(runtime.settings)
    result = MiningResult(poll=await poll_reactions(runtime))
    async with runtime.db.transaction() as session:
        failures = await recent_failures(session, repo=repo, since_days=settings.window_days,
                                         limit=settings.max_failures)
        existing = await list_rules(session)
    result.failures_seen = len(failures)
    capped = await installation_cap_reached(runtime.db, runtime.settings.budgets)
    if capped is not None and len(failures) >= 2:  # its calls count toward the installation's
        result.error = f"not mined: {capped.reason()}"
    elif len(failures) >= 2:
        await import_sdk()  # off the loop, once per process
        try:
            checked = await run_miner(runner or build_miner_runner(runtime), failures, existing)
        except (StepOutcome, MinerUnavailable) as exc:
            log.warning("rule_miner_failed", error=str(exc))
            result.error = str(exc)
        else:
            result.dropped = checked.dropped
            async with runtime.db.transaction() as session:
                for proposal in checked.kept:
                    forge, scope_repo = proposal.scope
                    rule = await create_proposal(
                        session, step=proposal.item.step, text=proposal.item.rule,
                        rationale=proposal.item.rationale,
                        evidence_failure_ids=proposal.item.evidence_failure_ids,
                        forge=forge, repo=scope_repo,
                    )
                    result.proposed.append(rule.id)
    await post_pending(runtime, settings, result)
    log.info("rules_mined", failures=result.failures_seen, proposed=result.proposed,
             dropped=len(result.dropped), posted=len(result.posted),
             unposted=len(result.unposted), error=result.error)
    return result


async def post_pending(runtime: Runtime, settings: RulesSettings, result: MiningResult) -> None:
    """Post every proposal not on a forge yet (new ones and those that failed before)."""
    async with runtime.db.transaction() as session:
        waiting = await unposted_proposals(session)
    for rule in waiting:
        outcome = await post_proposal(runtime, rule, settings)
        (result.posted if outcome.posted else result.unposted).append(outcome)
