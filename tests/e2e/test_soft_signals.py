"""Soft signals from the validator reach reviewers: each one its own thread on the MR."""

from __future__ import annotations

import pytest

from tests.e2e import script
from tests.e2e.conftest import BOTH_FORGES, E2E
from tests.fakes.model import Turn

pytestmark = pytest.mark.e2e

FIX_WITH_DEBUG_PRINT = {
    "path": "calc.py", "old": "    return sum(values) / (len(values) - 1)",
    "new": "    print('average debug', values)\n    return sum(values) / len(values)",
}


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_a_soft_signal_becomes_its_own_thread_and_does_not_block(e2e: E2E):
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    e2e.model.script("submit_implementation", Turn.tool("edit_file", **FIX_WITH_DEBUG_PRINT),
                     Turn.submit("submit_implementation", script.IMPLEMENTATION))
    e2e.model.script("submit_self_review", Turn.submit("submit_self_review", script.SELF_REVIEW))
    e2e.model.script("submit_criteria_verdict",
                     Turn.submit("submit_criteria_verdict", script.VERDICT))
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    notes = [text for text in e2e.threads_text(run.change_request_number)
             if "Note for reviewers" in text]
    assert len(notes) == 1
    assert "debug leftover" in notes[0].lower() and "calc.py" in notes[0]
