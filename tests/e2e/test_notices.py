"""A run paused at the estimate gate tells the notice hook, through the service's path."""

from __future__ import annotations

import pytest
from pydantic import SecretStr

from bot.config import NoticeHook, NoticeSettings
from tests.e2e import script
from tests.e2e.conftest import E2E
from tests.fakes.notice_receiver import FakeNoticeReceiver

pytestmark = pytest.mark.e2e


@pytest.fixture
def forge_name() -> str:
    return "github"


async def test_a_run_waiting_for_approval_is_announced_to_the_hook(e2e: E2E):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    async with FakeNoticeReceiver(secret="k") as receiver:
        e2e.settings.notices = NoticeSettings(
            dashboard_url="https://smith.example/", hooks=[
                NoticeHook(name="team", url=SecretStr(receiver.url), secret=SecretStr("k"),
                           format="slack", events=["waiting_for_approval"])])
        await e2e.summon(actor="dev")
        await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("paused", "awaiting_approval"), run.reason
    [notice] = receiver.received
    assert notice.signed and notice.event == "waiting_for_approval"
    text = notice.json["text"]
    assert f"Run {run.id}" in text and "/smith approve" in text
    assert f"<https://smith.example/runs/{run.id}|open>" in text
