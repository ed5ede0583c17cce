"""The fix chain's rows in the step registry (bot/engine/registry.py): titles, prompts,
artifacts, tools, and which steps say no or have their failures mined for rules."""

from __future__ import annotations

from bot.chains.fix.artifacts import (
    Acceptance,
    CriteriaVerdict,
    Diagnosis,
    Estimate,
    Implementation,
    Judgement,
    Plan,
    QualityReport,
    ReproTest,
    SelfReview,
    StepName,
)
from bot.engine.registry import READ_TOOLS, WRITE_TOOLS, StepInfo, register
from bot.kit.opening_steps import KIT_STEPS

FIX_STEPS: tuple[StepInfo, ...] = register(
    StepInfo(StepName.ACCEPTANCE, "Acceptance criteria", Acceptance, agent=True,
             can_reject=True, mined=True),
    StepInfo(StepName.DIAGNOSE, "Diagnosis", Diagnosis, agent=True, tools=READ_TOOLS,
             mined=True),
    StepInfo(StepName.JUDGE, "Independent judge", Judgement, agent=True, can_reject=True,
             mined=True),
    StepInfo(StepName.ESTIMATE, "Estimate", Estimate, agent=True, can_reject=True, mined=True),
    StepInfo(StepName.PLAN, "Plan", Plan, agent=True, tools=READ_TOOLS, mined=True),
    StepInfo(StepName.BRT, "Reproduction test", ReproTest, agent=True,
             tools=READ_TOOLS + ("edit_file", "write_file"), can_reject=True, mined=True),
    StepInfo(StepName.IMPLEMENT, "Fix", Implementation, agent=True,
             tools=READ_TOOLS + WRITE_TOOLS, mined=True),
    StepInfo(StepName.SELF_REVIEW, "Self-review", SelfReview, agent=True,
             tools=READ_TOOLS + WRITE_TOOLS, mined=True),
    StepInfo(StepName.QUALITY, "Tests and checks", QualityReport, can_reject=True),
    StepInfo(StepName.VALIDATE, "Validation", CriteriaVerdict, agent=True, can_reject=True,
             mined=True),
    StepInfo(StepName.REGRESSION, "Full test suite"),
) + KIT_STEPS
