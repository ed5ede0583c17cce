"""What the rule miner submits: rules proposed for the mined steps, each backed by at least two
failures. Humans approve each in the change request's thread before it reaches a prompt.

The steps a rule may extend are the registry's mined steps, read when the schema is built and
when a proposal is validated, so the miner names no chain's steps itself.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

from pydantic import Field, field_validator, model_validator

from bot.engine.artifacts import Artifact, Text
from bot.engine.registry import StepInfo, mined_steps, register

RULE_MINER = "rule_miner"


def _mined_enum(schema: dict[str, Any]) -> None:
    schema["enum"] = sorted(mined_steps())


class RuleProposalItem(Artifact):
    """One proposed rule for one mined step."""

    step: str = Field(description="The agent step whose prompt the rule extends.",
                      json_schema_extra=_mined_enum)
    rule: Annotated[str, Field(min_length=10, max_length=300)] = Field(
        description="One short imperative sentence, e.g. 'Compare with None explicitly when 0 is "
        "a valid value.'"
    )
    evidence_failure_ids: list[int] = Field(
        min_length=2, description="Ids of at least two failures the rule would have prevented."
    )
    rationale: Text = Field(description="The recurring story behind these failures.")

    @field_validator("step")
    @classmethod
    def _a_mined_step(cls, value: str) -> str:
        allowed = mined_steps()
        if value not in allowed:
            raise ValueError(f"step must be one of: {', '.join(sorted(allowed))}")
        return value

    @model_validator(mode="after")
    def _distinct(self) -> Self:
        if len(set(self.evidence_failure_ids)) < 2:
            raise ValueError("a rule needs at least two distinct failures as evidence")
        return self


class RulesProposal(Artifact):
    """Rules proposed by the miner; humans approve each before it reaches a prompt."""

    proposals: list[RuleProposalItem] = Field(
        default_factory=list, description="Proposed rules; empty when nothing recurs."
    )


register(StepInfo(RULE_MINER, "Rule miner", RulesProposal, agent=True))
