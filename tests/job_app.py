"""The job app a test drains in its own process: the product's, minus the periodic jobs that
tick hours apart.

procrastinate's worker defers a periodic job whose tick passed less than ten minutes ago, so
a drain that starts at 15:07 also runs the campaign pass of 15:05 (a mirror fetch per known
repository, retried when the fake forge's clone URL does not resolve: seconds per test), the
retention sweep at :17, rule mining, the weekly digest. A test's time and outcome would depend
on the clock. Tests of those jobs defer them explicitly; the jobs that tick every few minutes
(rule votes, redelivery, capped runs) are due in every drain and stay.
"""

from __future__ import annotations

from typing import Any

import procrastinate

from bot.chains.tests.jobs import SCHEDULE_CAMPAIGNS
from bot.notices.jobs import WEEKLY_DIGEST
from bot.retention import RETENTION
from bot.rules.jobs import MINE_RULES
from bot.runtime import build_job_app

CLOCK_BOUND = frozenset({SCHEDULE_CAMPAIGNS, RETENTION, MINE_RULES, WEEKLY_DIGEST})
"""Periodic jobs whose ticks are an hour or more apart."""


def drain_app(database_url: str, runtime: Any) -> procrastinate.App:
    """`build_job_app` without the clock-bound periodic jobs (see the module docstring)."""
    app = build_job_app(database_url, runtime)
    registry = app.periodic_registry.periodic_tasks
    for key in [key for key in registry if key[1] in CLOCK_BOUND]:
        del registry[key]
    return app
