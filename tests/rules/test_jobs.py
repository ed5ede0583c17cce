"""The periodic jobs through the real procrastinate queue: mining posts proposals, polling
applies a maintainer's reaction."""

from __future__ import annotations

from bot.rules.config import hours_cron, minutes_cron
from bot.rules.jobs import MINE_RULES, POLL_RULE_VOTES
from bot.runtime import build_job_app
from bot.store import rules as store
from bot.store.queue import QUEUE
from tests.fakes.model import Turn
from tests.rules.conftest import REPO, RulesStack

SUBMIT = "submit_rules_proposal"


async def _run_jobs(stack: RulesStack, *task_names: str) -> None:
    app = build_job_app(stack.db.url, stack.runtime)
    assert {MINE_RULES, POLL_RULE_VOTES} <= set(app.tasks)
    async with app.open_async():
        for name in task_names:
            await app.configure_task(name).defer_async(timestamp=0)
        await app.run_worker_async(queues=[QUEUE], wait=False, install_signal_handlers=False,
                                   listen_notify=False)


async def test_mining_job_posts_and_polling_job_applies_the_vote(rules_stack: RulesStack):
    stack = rules_stack
    pr = stack.github.add_pull(REPO, head="smith/fix-1")
    async with stack.db.transaction() as s:
        ids = [(await store.add_failure(s, forge="github", repo=REPO, step="brt", kind="red",
                                        evidence=f"errored, not red {n}",
                                        change_request_number=pr)).id for n in range(2)]
    stack.model.script(SUBMIT, Turn.submit(SUBMIT, {"proposals": [{
        "step": "brt", "rule": "Make the reproduction test fail on an assertion.",
        "evidence_failure_ids": ids, "rationale": "Both tests errored on import."}]}))

    await _run_jobs(stack, MINE_RULES)
    async with stack.db.transaction() as s:
        [rule] = await store.list_rules(s)
    assert rule.status == "proposed" and rule.proposal_ref["item_number"] == pr

    stack.github.add_reaction(rule.proposal_ref["comment_id"], "+1", "boss")
    await _run_jobs(stack, POLL_RULE_VOTES)
    async with stack.db.transaction() as s:
        assert await store.active_rules(s, forge="github", repo=REPO, step="brt") == [
            "Make the reproduction test fail on an assertion."]


def test_intervals_become_cron_lines():
    assert hours_cron(24) == "0 3 * * *"
    assert hours_cron(6) == "0 */6 * * *"
    assert hours_cron(48) == "0 3 */2 * *"
    assert minutes_cron(10) == "*/10 * * * *"
    assert minutes_cron(90) == "0 * * * *"
