"""The held-out acceptance chain as a graph on the fix chain's engine (DESIGN §12).

PREPARE → input classes → generate ⇄ training check → held-out check (⇄ critic → generate)
→ companion coverage and the two trees (⇄ generate) → the repository's own tests (⇄ generate)
→ leak checks → PUBLISH → TRANSITION. The default edges are
the list's order and `then=`; the steps name a step only when they send the run back. Budgets
here are backstops (the steps count rounds themselves).
"""

from __future__ import annotations

from bot.chains.examples.artifacts import StepName as S
from bot.chains.examples.run import HELD_OUT, spec_of
from bot.chains.examples.steps.coverage import coverage
from bot.chains.examples.steps.critic import critic
from bot.chains.examples.steps.generate import classes, generate, generate_budget
from bot.chains.examples.steps.leaks import check_leaks
from bot.chains.examples.steps.measure import evaluate_held_out, train
from bot.chains.examples.steps.prepare import prepare_examples
from bot.chains.examples.steps.publish import publish_examples
from bot.chains.examples.steps.suite import repository_suite
from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node
from bot.kit.publishing import transition


def _rounds(ctx: RunContext) -> int:
    limits = spec_of(ctx).limits
    return limits.artefact_rounds + limits.companion_rounds


def _companion(ctx: RunContext) -> int:
    return spec_of(ctx).limits.companion_rounds


EXAMPLES = Graph(
    name="examples",
    stopped_short="before the artefact was accepted",
    start=str(S.PREPARE),
    resume_via=str(S.PREPARE),
    held=(HELD_OUT,),
    nodes=(
        Node(str(S.PREPARE), prepare_examples),
        Node(str(S.EXAMPLES_CLASSES), classes, budget=1),
        Node(str(S.EXAMPLES_GENERATE), generate, budget=generate_budget),
        Node(str(S.EXAMPLES_TRAIN), train, budget=generate_budget),
        Node(str(S.EXAMPLES_HELD_OUT), evaluate_held_out, budget=_rounds,
             then=str(S.EXAMPLES_COVERAGE)),  # below threshold: to the critic
        Node(str(S.EXAMPLES_CRITIC), critic, budget=_rounds, then=str(S.EXAMPLES_GENERATE)),
        Node(str(S.EXAMPLES_COVERAGE), coverage, budget=_companion),
        Node(str(S.EXAMPLES_SUITE), repository_suite, budget=_companion),
        Node(str(S.EXAMPLES_LEAKS), check_leaks),
        Node(str(S.PUBLISH), publish_examples),
        Node(str(S.TRANSITION), transition),
    ),
)
