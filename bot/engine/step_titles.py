"""Human names of every chain's steps, shared by every renderer."""

from __future__ import annotations

from bot.engine.registry import step_info
from bot.text.markdown import escape_inline


def step_title(step: str) -> str:
    """The display name of a step as safe Markdown; an unknown name is shown escaped."""
    try:
        return step_info(step).title
    except KeyError:
        return escape_inline(str(step), max_chars=60)
