"""The fix chain and the rework chain as graphs (DESIGN §4). The default edges are here: each
node goes on to the next one listed (or to `then=`); a step names its successor only where it
branches (a rejection sent back, the plan gate).

Rework is its own graph, not a flag the steps test: its PREPARE checks out the change request's
branch, its PUBLISH pushes there and answers the reviewer, it has no SELF_REVIEW, and
`continues_change_request` tells the engine to answer endings on the change request.
"""

from __future__ import annotations

from bot.chains.fix.artifacts import StepName as S
from bot.chains.fix.comments import (
    brt_last_failure,
    fix_attempts_spent,
    implement_last_failure,
    step_tries_spent,
)
from bot.chains.fix.steps.check import quality, regression, validate
from bot.chains.fix.steps.estimate import estimate, plan
from bot.chains.fix.steps.implement import implement, self_review
from bot.chains.fix.steps.publish import publish, publish_rework
from bot.chains.fix.steps.reproduce import brt
from bot.chains.fix.steps.rework import prepare_rework
from bot.chains.fix.steps.understand import acceptance, diagnose, judge
from bot.engine.context import RunContext
from bot.engine.graph import END, Graph, Node
from bot.kit.opening import prepare
from bot.kit.publishing import transition


def _diagnose_budget(ctx: RunContext) -> int:
    return 1 + ctx.repo_config.steps.judge_rebuilds


def _acceptance_budget(ctx: RunContext) -> int:
    return 1 + ctx.repo_config.steps.needs_info_rounds


def _brt_budget(ctx: RunContext) -> int:
    return 1 + ctx.repo_config.steps.brt_tries


def _implement_budget(ctx: RunContext) -> int:
    return ctx.repo_config.steps.attempt_budget


def _regression_enabled(ctx: RunContext) -> bool:
    return ctx.repo_config.regression.enabled


FIX = Graph(
    name="fix",
    stopped_short="without a fix",
    start=str(S.PREPARE),
    resume_via=str(S.PREPARE),
    nodes=(
        Node(str(S.PREPARE), prepare),
        Node(str(S.ACCEPTANCE), acceptance, budget=_acceptance_budget, exhausted=step_tries_spent),
        Node(str(S.DIAGNOSE), diagnose, budget=_diagnose_budget, exhausted=step_tries_spent),
        Node(str(S.JUDGE), judge, budget=_diagnose_budget, exhausted=step_tries_spent),
        Node(str(S.ESTIMATE), estimate, then=str(S.BRT)),  # a big fix branches to PLAN
        Node(str(S.PLAN), plan, budget=1, then=END),
        Node(str(S.BRT), brt, budget=_brt_budget, exhausted=step_tries_spent,
             last_failure=brt_last_failure),
        Node(str(S.IMPLEMENT), implement, budget=_implement_budget,
             exhausted=fix_attempts_spent, last_failure=implement_last_failure),
        Node(str(S.SELF_REVIEW), self_review),
        Node(str(S.QUALITY), quality),
        Node(str(S.VALIDATE), validate),
        Node(str(S.REGRESSION), regression, when=_regression_enabled),
        Node(str(S.PUBLISH), publish),
        Node(str(S.TRANSITION), transition),
    ),
    display=tuple(str(s) for s in (S.PREPARE, S.ACCEPTANCE, S.DIAGNOSE, S.JUDGE, S.ESTIMATE,
                                   S.BRT, S.IMPLEMENT, S.SELF_REVIEW, S.QUALITY, S.VALIDATE,
                                   S.REGRESSION, S.PUBLISH, S.TRANSITION)),
)

REWORK = Graph(
    name="rework",
    retried_as="fix",
    stopped_short="without a fix",
    start=str(S.PREPARE),
    resume_via=str(S.PREPARE),
    continues_change_request=True,
    nodes=(
        Node(str(S.PREPARE), prepare_rework),
        Node(str(S.IMPLEMENT), implement, budget=_implement_budget,
             exhausted=fix_attempts_spent, last_failure=implement_last_failure),
        Node(str(S.QUALITY), quality),
        Node(str(S.VALIDATE), validate),
        Node(str(S.REGRESSION), regression, when=_regression_enabled),
        Node(str(S.PUBLISH), publish_rework),
    ),
    display=tuple(str(s) for s in (S.PREPARE, S.IMPLEMENT, S.QUALITY, S.VALIDATE, S.REGRESSION,
                                   S.PUBLISH)),
)
