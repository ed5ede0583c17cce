"""Per-run spending caps hold across a resume: tokens spent before still count."""

from __future__ import annotations

import pytest

from bot.catalogue import GRAPHS
from bot.engine.runner import chain_runner
from bot.store.runs import create_run
from tests.e2e import script
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e


async def test_a_resumed_run_that_already_spent_its_budget_stops_before_calling_the_model(e2e: E2E):
    script.happy_path(e2e.model)
    async with e2e.db.transaction() as session:
        run = await create_run(session, forge=e2e.forge_name, repo=e2e.repo_name,
                               issue=e2e.issue, chain="fix", summoned_by="maintainer")
        run.input_tokens = e2e.settings.run_token_cap  # spent before the crash
        run_id = run.id
    await chain_runner(GRAPHS)(run_id, e2e.runtime)
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "budget_exhausted"), run.reason
    assert "token cap" in run.reason
    assert e2e.model.requests == []
    # The issue hears which cap stopped the run, once; no "fix attempts" were involved.
    ending = e2e.assert_one_final_ending()
    assert "spending cap" in ending and "token cap" in ending
    assert "fix attempts" not in ending
