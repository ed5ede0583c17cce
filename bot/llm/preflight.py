"""Size preflight: what a model request may cost at most, known before it is sent.

Why a local estimate and not the API's `count_tokens`: the check runs before every request of
every step, and an exact count would add one HTTP round trip (and one more thing that can be
down) per turn, while the decision only needs an upper bound. The bound used:

- input: UTF-8 bytes of the request body as JSON, divided by 3, rounded up. Claude's tokenizer
  averages 3.5-4 bytes per token on English and code, and the JSON framing (quotes, keys,
  escapes) only adds bytes that are cheaper than text, so this over-counts ordinary requests by
  15-35 %;
- output: the request's `max_tokens`, the most the model may answer;
- money: the input at the dearest input price of the model (cache writes cost more than plain
  input) plus the output at the output price.

Over-counting makes a run stop a little before its cap, never after it.
"""

from __future__ import annotations

import json
import math
from typing import Any

from bot.llm.errors import RunBudgetExceeded

BYTES_PER_TOKEN = 3
DEFAULT_MAX_STEP_INPUT_TOKENS = 100_000
"""Largest first message (diff, report, code) or tool result one step may receive."""


class StepInputTooLarge(RunBudgetExceeded):
    """A step's inputs are above the bound: the run ends without a model call. A subclass of the
    budget stop, so the chain ends the run the same way and names this reason."""


def estimate_tokens(payload: Any) -> int:
    """Upper estimate of the tokens in `payload` (a string, or anything JSON-serialisable)."""
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)


def describe_input(inputs: str) -> str:
    """What the oversized input is, in words a maintainer recognises."""
    if inputs.startswith("<diff") or "\n<diff" in inputs:
        return "the change"
    return "the step's input"


def too_large_message(step: str, what: str, tokens: int, bound: int) -> str:
    return (
        f"{what} is too large to review: ~{tokens} tokens > bound {bound} "
        f"(step {step}; SMITH_MAX_STEP_INPUT_TOKENS)"
    )


def oversized_tool_result(tokens: int, bound: int) -> str:
    """The tool error the model gets instead of a result above the bound."""
    return (
        f"This result is ~{tokens} tokens, above the bound of {bound} tokens one step may "
        "receive, so it was not returned. Ask for less: a smaller `limit` or a later `offset` "
        "for read_file, a narrower `path` or `glob` for grep."
    )
