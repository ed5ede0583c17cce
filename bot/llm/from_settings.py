"""The one place a step runner and its token ledger are built from settings: every run's
PREPARE and the rule miner use it, so retries, prices, caps and the model are the same for both.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.config import Settings
from bot.llm.client import RetryPolicy, make_client
from bot.llm.ledger import ModelPrice, OuterCap, TokenLedger, UsageRecord
from bot.llm.runner import StepRunner


def make_ledger(
    settings: Settings, *, sink: Callable[[UsageRecord], Awaitable[None]],
    run_id: str | None = None, spent: tuple[int, float] = (0, 0.0),
    run_caps: tuple[int | None, float | None] = (None, None), outer: OuterCap | None = None,
) -> TokenLedger:
    """A ledger holding the run's caps (the settings', lowered by `run_caps` a repository
    set), less what it `spent` before (a resumed run keeps counting toward them), and what
    the day's and month's caps leave (`outer`); every model call goes to `sink` (the store)."""
    tokens, cost = spent
    own_tokens, own_usd = run_caps
    token_cap = min(settings.run_token_cap, own_tokens if own_tokens is not None
                    else settings.run_token_cap)
    cost_cap = min(settings.run_cost_cap_usd, own_usd if own_usd is not None
                   else settings.run_cost_cap_usd)
    return TokenLedger(
        {model: ModelPrice(**price) for model, price in settings.prices.items()},
        run_id=run_id, max_tokens=max(0, token_cap - tokens),
        max_cost_usd=max(0.0, cost_cap - cost), sink=sink, outer=outer,
    )


def make_step_runner(settings: Settings, ledger: TokenLedger) -> StepRunner:
    """A runner on the configured model, prompts and retry policy. The caller checks that a
    model key is set first (a run stops with `no_model_key`, the miner says it cannot run)."""
    key = settings.anthropic_api_key
    if key is None:
        raise ValueError("the model service key (ANTHROPIC_API_KEY) is not set")
    return StepRunner(
        make_client(key.get_secret_value(), settings.anthropic_base_url),
        model=settings.model, prompts_dir=settings.prompts_dir, ledger=ledger,
        retry=RetryPolicy(attempts=settings.llm_retry_attempts,
                          base_delay=settings.llm_retry_base_delay,
                          max_delay=settings.llm_retry_max_delay),
    )
