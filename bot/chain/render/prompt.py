"""System prompts: the step's Markdown file plus the rules humans approved for that step.

Prompts are read from disk at every use so they can be edited without a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.chain.artifacts import StepName, agent_step
from bot.chain.render.markdown import one_line

LEARNED_RULES_HEADING = "## Rules learned from review"


def load_prompt(prompts_dir: Path, step: StepName | str) -> str:
    """The prompt file of an agent step; FileNotFoundError names the missing file."""
    path = Path(prompts_dir) / agent_step(step).prompt_file
    return path.read_text(encoding="utf-8")


def with_learned_rules(prompt: str, rules: Sequence[str]) -> str:
    """Append approved rules as a numbered list under LEARNED_RULES_HEADING (none: unchanged)."""
    cleaned = [one_line(rule) for rule in rules]
    cleaned = [rule for rule in cleaned if rule]
    if not cleaned:
        return prompt
    numbered = "\n".join(f"{n}. {rule}" for n, rule in enumerate(cleaned, start=1))
    return f"{prompt.rstrip()}\n\n{LEARNED_RULES_HEADING}\n\n{numbered}\n"


def system_prompt(prompts_dir: Path, step: StepName | str, rules: Sequence[str] = ()) -> str:
    return with_learned_rules(load_prompt(prompts_dir, step), rules)
