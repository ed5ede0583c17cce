"""The rules loop's periodic jobs on procrastinate: mine rules, read votes on proposals.

`bot/jobs.py` calls `add_rules_jobs` when it builds the job app, so this module never needs the
handlers and the job module never needs the rules' internals. Locks keep one mining pass (and one
poll) at a time across all workers; queueing locks keep missed ticks from piling up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import procrastinate
import structlog

from bot.rules.config import RulesSettings, hours_cron, minutes_cron

if TYPE_CHECKING:
    from bot.jobs import Runtime

log = structlog.get_logger(__name__)

MINE_RULES = "smith.mine_rules"
POLL_RULE_VOTES = "smith.poll_rule_votes"


def add_rules_jobs(app: procrastinate.App, runtime: Runtime | None) -> None:
    """Register both tasks, periodic by the `rules_*` intervals of the runtime's settings (the
    defaults in a process that only defers jobs and has no runtime)."""
    from bot.jobs import QUEUE

    rules = RulesSettings.from_settings(runtime.settings) if runtime else RulesSettings()

    def need_runtime() -> Runtime:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        return runtime

    @app.periodic(cron=hours_cron(rules.mining_interval_hours), periodic_id=MINE_RULES)
    @app.task(name=MINE_RULES, queue=QUEUE, pass_context=False, lock=MINE_RULES,
              queueing_lock=MINE_RULES)
    async def mine_rules_job(timestamp: int) -> None:
        from bot.rules.mining import mine_rules

        result = await mine_rules(need_runtime())
        if result.error:
            # Not raised: a retry would not bring the model key or budget back.
            log.warning("rules_mining_incomplete", error=result.error, tick=timestamp)

    @app.periodic(cron=minutes_cron(rules.poll_interval_minutes), periodic_id=POLL_RULE_VOTES)
    @app.task(name=POLL_RULE_VOTES, queue=QUEUE, pass_context=False, lock=POLL_RULE_VOTES,
              queueing_lock=POLL_RULE_VOTES)
    async def poll_rule_votes_job(timestamp: int) -> None:
        from bot.rules.votes import poll_reactions

        await poll_reactions(need_runtime())
