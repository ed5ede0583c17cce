"""The rule proposal comment: a learned rule, its evidence, and how a maintainer answers."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.engine.step_titles import step_title
from bot.rules.proposal import RuleProposalItem
from bot.text.markdown import code_span, escape_inline, link
from bot.text.markers import marker

RULE_MARKER_KIND = "rule"


class FailureEvidence(BaseModel):
    """One stored failure behind a proposal, with a link to where it happened if known."""

    failure_id: int
    summary: str = ""
    url: str | None = None


def render_rule_proposal(
    proposal_id: int | str,
    proposal: RuleProposalItem,
    evidence: Sequence[FailureEvidence],
    *,
    command: str = "/smith",
) -> str:
    """Posted as a thread; the marker lets vote and command handlers find the proposal."""
    lines = [
        marker(RULE_MARKER_KIND, proposal=proposal_id),
        f"### Smith proposes a rule for **{step_title(proposal.step)}**",
        "",
        f"> {escape_inline(proposal.rule, max_chars=300)}",
        "",
        f"**Why:** {escape_inline(proposal.rationale, max_chars=1000)}",
        "",
        "**Evidence:**",
    ]
    for item in evidence:
        label = f"failure {item.failure_id}"
        summary = escape_inline(item.summary, max_chars=200)
        lines.append(f"- {link(label, item.url)}" + (f": {summary}" if summary else ""))
    lines += [
        "",
        f"A maintainer can reply {code_span(command + ' approve-rule')} or "
        f"{code_span(command + ' reject-rule')}, or react 👍 / 👎 to this comment. "
        "Only approved rules reach Smith's prompts.",
    ]
    return "\n".join(lines) + "\n"
