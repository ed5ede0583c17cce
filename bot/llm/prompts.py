"""System prompts from `prompts/<step>.md`, read at every use so they can be edited live."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

LEARNED_RULES_HEADING = "## Learned rules (approved by maintainers)"


class PromptNotFound(FileNotFoundError):
    """The step has no prompt file: a deployment error, not the model's."""


def load_system_prompt(prompts_dir: Path, step: str, rules: Sequence[str] = ()) -> str:
    """The step's prompt, with approved rules appended under a heading (one bullet each)."""
    path = prompts_dir / f"{step}.md"
    try:
        text = path.read_text(encoding="utf-8").rstrip()
    except FileNotFoundError:
        raise PromptNotFound(f"no prompt file for step {step!r}: {path}") from None
    cleaned = [" ".join(rule.split()) for rule in rules if rule.strip()]
    if cleaned:
        text += "\n\n" + LEARNED_RULES_HEADING + "\n\n" + "\n".join(f"- {r}" for r in cleaned)
    return text + "\n"
