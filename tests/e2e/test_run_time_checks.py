"""Checks made when a run starts or resumes: permission asked again, enough free disk."""

from __future__ import annotations

import pytest

from tests.e2e import script
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e


def revoke(e2e: E2E, user: str) -> None:
    """The user loses access to the repository (GitHub: read only; GitLab: reporter)."""
    if e2e.forge_name == "github":
        e2e.fake.set_permission(e2e.repo_name, user, "read")
    else:
        e2e.fake.set_access_level(e2e.repo_name, user, 20)


async def test_a_run_approved_after_its_summoner_lost_access_is_refused(e2e: E2E):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon(actor="dev")  # write access: may summon
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "paused", run.reason

    revoke(e2e, "dev")
    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "not_permitted"), run.reason
    assert e2e.model.requests_for("submit_repro_test") == []  # nothing ran for them
    ending = e2e.assert_one_final_ending()
    assert "dev started this run but no longer has write access" in ending
    assert e2e.change_requests() == []


async def test_a_run_whose_summoner_keeps_access_goes_on_after_approval(e2e: E2E):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon(actor="dev")
    await e2e.drain()
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    e2e.model.script("submit_self_review", script.submit("submit_self_review", script.SELF_REVIEW))
    e2e.model.script("submit_criteria_verdict", script.submit("submit_criteria_verdict",
                                                              script.VERDICT))
    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason


@pytest.mark.e2e_settings(min_free_disk_mb=10**9)
async def test_a_worker_low_on_disk_ends_the_run_as_environment_before_any_checkout(e2e: E2E):
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "environment"), run.reason
    ending = e2e.assert_one_final_ending()
    assert "MB of free disk" in ending and "No fix attempt was spent" in ending
    assert e2e.model.requests == []
    assert not list((e2e.settings.workspace_dir / "runs").glob("*/checkout"))
