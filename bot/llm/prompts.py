"""System prompts from `prompts/<step>.md`, read at every use so they can be edited live.

Approved rules are appended once, numbered, under LEARNED_RULES_HEADING (the prompts tell the
model to follow that section). Rule texts were written by a model and approved by a human:
they are flattened to one visible line each, so nothing hidden rides along.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

LEARNED_RULES_HEADING = "## Rules learned from review"
_HTML_COMMENT = re.compile(r"<!--.*?(-->|$)", re.DOTALL)


class PromptNotFound(FileNotFoundError):
    """The step has no prompt file: a deployment error, not the model's."""


def visible_line(text: str) -> str:
    """`text` without HTML comments and invisible characters, on one line."""
    text = _HTML_COMMENT.sub(" ", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return " ".join(text.split())


def with_learned_rules(prompt: str, rules: Sequence[str]) -> str:
    cleaned = [line for line in (visible_line(rule) for rule in rules) if line]
    if not cleaned:
        return prompt
    numbered = "\n".join(f"{n}. {rule}" for n, rule in enumerate(cleaned, start=1))
    return f"{prompt.rstrip()}\n\n{LEARNED_RULES_HEADING}\n\n{numbered}\n"


def load_system_prompt(prompts_dir: Path, step: str, rules: Sequence[str] = ()) -> str:
    """The step's prompt with its approved rules appended."""
    path = prompts_dir / f"{step}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PromptNotFound(f"no prompt file for step {step!r}: {path}") from None
    return with_learned_rules(text, rules)
