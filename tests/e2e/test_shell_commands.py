"""`smith runs approve` on a forge run: the real chain goes on as after `/smith approve`.

The approver is the person at the shell (`shell:<login>`), whom no forge knows: PREPARE, which
asks the forge again about whoever started or approved a run, must not stop the resumed run for
it (tests/service/test_run_commands.py compares the shell and the comment command in detail).
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bot.cli.runs import act_in_shell
from bot.command_line import shell_actor
from tests.e2e import script
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e

AWAITING = "smith:awaiting-approval"
READY = "smith:ready-for-review"


async def test_approved_from_the_shell_a_forge_run_goes_on_to_its_change_request(e2e: E2E):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("paused", "awaiting_approval"), run.reason
    [gate] = [c for c in e2e.issue_comments() if "smith:gate" in c]
    assert "/smith approve" in gate and "smith runs" not in gate  # the forge reply stays first

    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    e2e.model.script("submit_self_review", script.submit("submit_self_review", script.SELF_REVIEW))
    e2e.model.script("submit_criteria_verdict", script.submit("submit_criteria_verdict",
                                                              script.VERDICT))
    code, outcome = await act_in_shell(e2e.settings, e2e.db, "approve", run.id, reason=None,
                                       console=Console(file=io.StringIO()),
                                       forges=e2e.runtime.forges)
    assert (code, outcome["outcome"]) == (0, "approved")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert run.params["approved_by"] == shell_actor()
    assert any(f"Approved by {shell_actor()}: run #{run.id} goes on." == c
               for c in e2e.issue_comments())
    assert len(e2e.change_requests()) == 1
    labels = e2e.labels()
    assert READY in labels and AWAITING not in labels
