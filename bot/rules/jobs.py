"""The rules loop's periodic jobs on procrastinate: mine rules, read votes on proposals.

This package owns its tasks as a `Blueprint`; the composition root (`bot/runtime.py`) adds it
to the job app, so the job module never needs the rules' internals and the rules never need the
job module. Locks keep one mining pass (and one poll) at a time across all workers; queueing
locks keep missed ticks from piling up.
"""

from __future__ import annotations

import procrastinate
import structlog

from bot.rules.config import RulesSettings, hours_cron, minutes_cron
from bot.rules.mining import mine_rules
from bot.rules.votes import poll_reactions
from bot.services import Runtime
from bot.store.queue import QUEUE

log = structlog.get_logger(__name__)

MINE_RULES = "smith.mine_rules"
POLL_RULE_VOTES = "smith.poll_rule_votes"


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    """Both tasks, periodic by the `rules_*` intervals of the runtime's settings (the defaults
    in a process that only defers jobs and has no runtime)."""
    rules = RulesSettings.from_settings(runtime.settings) if runtime else RulesSettings()
    tasks = procrastinate.Blueprint()

    def need_runtime() -> Runtime:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        return runtime

    @tasks.periodic(cron=hours_cron(rules.mining_interval_hours), periodic_id=MINE_RULES)
    @tasks.task(name=MINE_RULES, queue=QUEUE, pass_context=False, lock=MINE_RULES,
                queueing_lock=MINE_RULES)
    async def mine_rules_job(timestamp: int) -> None:
        result = await mine_rules(need_runtime())
        if result.error:
            # Not raised: a retry would not bring the model key or budget back.
            log.warning("rules_mining_incomplete", error=result.error, tick=timestamp)

    @tasks.periodic(cron=minutes_cron(rules.poll_interval_minutes), periodic_id=POLL_RULE_VOTES)
    @tasks.task(name=POLL_RULE_VOTES, queue=QUEUE, pass_context=False, lock=POLL_RULE_VOTES,
                queueing_lock=POLL_RULE_VOTES)
    async def poll_rule_votes_job(timestamp: int) -> None:
        await poll_reactions(need_runtime())

    return tasks
