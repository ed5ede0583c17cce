"""EXAMPLES_LEAKS (code only): before anything is published, no held-out example anywhere.

Checked: the diff, every model request of this execution (the guard counted them and would
have stopped the run on a hit; earlier executions were guarded alike), and the change request
body about to be posted (every forge text also passes the engine's check). First of all, a
canary planted in the held-out part at run time must be seen by both the chain's filter and
the engine's check: a check that cannot see the canary proves nothing.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import GeneratedArtefact, LeakReport, StepName
from bot.chains.examples.render import change_request_body
from bot.chains.examples.run import held_out, leak_filter, model_guard, spec_of
from bot.chains.examples.state import ExamplesState
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.held import leak_text
from bot.kit.change import change_diff

BLIND_TEXT = ("the leak check could not see the canary planted in the held-out examples, so "
              "nothing was published")


def body_for(ctx: RunContext, state: ExamplesState) -> str:
    generated = ctx.artifact(str(StepName.EXAMPLES_GENERATE), GeneratedArtefact)
    return change_request_body(run_id=ctx.run_id, issue_number=ctx.item.number,
                               summary=generated.summary if generated else "",
                               spec=spec_of(ctx), state=state)


async def check_leaks(ctx: RunContext) -> StepOutcome:
    held = await held_out(ctx)
    filt = await leak_filter(ctx)
    guard = model_guard(ctx)
    probe = f"an observation that quotes {held.canary} verbatim"
    seen = filt.contains(probe) and filt.leaks(probe) and ctx.held.leaks_in(probe)
    diff = await change_diff(ctx)
    state = ExamplesState.of(ctx)
    body = body_for(ctx, state)
    report = LeakReport(
        diff_hits=filt.count(diff.splitlines()) + int(ctx.held.leaks_in(diff)),
        request_hits=0, comment_hits=filt.count([body]) + int(ctx.held.leaks_in(body)),
        requests_checked=guard.checked, canary_seen=seen)
    if not seen:
        return StepOutcome(Verdict.FAILED, None, artifact=report, summary="canary not seen",
                           ending=RunEnding(RunStatus.FAILED, "leak_check_blind", BLIND_TEXT))
    if report.diff_hits or report.comment_hits:
        where = " and ".join(place for place, hits in (
            (f"the diff ({report.diff_hits} lines)", report.diff_hits),
            ("the change request body", report.comment_hits)) if hits)
        return StepOutcome(Verdict.REJECTED, None, artifact=report,
                           summary="a held-out example in the change",
                           ending=RunEnding(RunStatus.FAILED, "held_value_leak",
                                            leak_text(where),
                                            step=str(StepName.EXAMPLES_LEAKS)))
    state.leak_checks = {"requests_checked": state.leak_checks.get("requests_checked", 0)
                         + guard.checked, "diff_hits": 0, "comment_hits": 0}
    await state.save(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=report,
                       summary=f"clean: diff, {guard.checked} model requests, the body; "
                               "canary seen")
