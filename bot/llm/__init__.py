"""Anthropic client, step runner (tool loop + submit) and token ledger."""

from bot.llm.client import RetryPolicy, make_client
from bot.llm.errors import EnvironmentFailure, RunBudgetExceeded, StepFailed, StepOutcome
from bot.llm.ledger import ModelPrice, TokenLedger, TokenUsage, UsageRecord, UsageSink
from bot.llm.preflight import DEFAULT_MAX_STEP_INPUT_TOKENS, StepInputTooLarge, estimate_tokens
from bot.llm.prompts import LEARNED_RULES_HEADING, PromptNotFound, load_system_prompt
from bot.llm.runner import StepResult, StepRunner, StepSpec, submit_tool_name

__all__ = [
    "DEFAULT_MAX_STEP_INPUT_TOKENS",
    "LEARNED_RULES_HEADING",
    "EnvironmentFailure",
    "ModelPrice",
    "PromptNotFound",
    "RetryPolicy",
    "RunBudgetExceeded",
    "StepFailed",
    "StepOutcome",
    "StepResult",
    "StepRunner",
    "StepInputTooLarge",
    "StepSpec",
    "TokenLedger",
    "TokenUsage",
    "UsageRecord",
    "UsageSink",
    "estimate_tokens",
    "load_system_prompt",
    "make_client",
    "submit_tool_name",
]
