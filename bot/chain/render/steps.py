"""Human names of the chain's steps, shared by every renderer."""

from __future__ import annotations

from bot.chain.artifacts import StepName
from bot.chain.render.markdown import escape_inline

STEP_TITLES: dict[StepName, str] = {
    StepName.PREPARE: "Prepare the checkout",
    StepName.ACCEPTANCE: "Acceptance criteria",
    StepName.DIAGNOSE: "Diagnosis",
    StepName.JUDGE: "Independent judge",
    StepName.ESTIMATE: "Estimate",
    StepName.PLAN: "Plan",
    StepName.BRT: "Reproduction test",
    StepName.IMPLEMENT: "Fix",
    StepName.SELF_REVIEW: "Self-review",
    StepName.QUALITY: "Tests and checks",
    StepName.VALIDATE: "Validation",
    StepName.REGRESSION: "Full test suite",
    StepName.PUBLISH: "Publish",
    StepName.TRANSITION: "Move the issue to review",
    StepName.RULE_MINER: "Rule miner",
}


def step_title(step: StepName | str) -> str:
    """The display name of a step as safe Markdown; an unknown name is shown escaped."""
    try:
        return STEP_TITLES[StepName(step)]
    except ValueError:
        return escape_inline(str(step), max_chars=60)
