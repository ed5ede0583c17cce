"""Token ledger: usage and cost per call, step and run, with a cap and an async sink for the store.

Every figure the API reports is kept (input, output, cache read, cache write), because prompt
caching changes the cost by an order of magnitude and the stats loop needs to see it.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime

import structlog
from pydantic import BaseModel, Field

from bot.llm.errors import RunBudgetExceeded, SpendingCapReached

log = structlog.get_logger(__name__)


class TokenUsage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0

    @property
    def total(self) -> int:
        return (
            self.input_tokens
            + self.output_tokens
            + self.cache_read_tokens
            + self.cache_write_tokens
        )

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
        )


class ModelPrice(BaseModel):
    """USD per million tokens."""

    input: float
    output: float
    cache_read: float = 0.0
    cache_write: float = 0.0

    def cost(self, usage: TokenUsage) -> float:
        return (
            usage.input_tokens * self.input
            + usage.output_tokens * self.output
            + usage.cache_read_tokens * self.cache_read
            + usage.cache_write_tokens * self.cache_write
        ) / 1_000_000


PriceTable = Mapping[str, ModelPrice]
"""Model name → price; the key `*` prices models not listed."""


class UsageRecord(BaseModel):
    """One API call's usage, as handed to the sink."""

    run_id: str | None
    step: str
    model: str
    call: int
    usage: TokenUsage
    cost_usd: float
    at: float = Field(default_factory=time.time)


UsageSink = Callable[[UsageRecord], Awaitable[None]]


class OuterCap(BaseModel):
    """What caps beyond the run's own (a day's, a month's) leave this execution of the run,
    and how to name the cap that leaves it (`the daily dollar cap of acme/web ($5.00)`)."""

    tokens: int | None = None
    usd: float | None = None
    tokens_name: str = "a token cap"
    usd_name: str = "a dollar cap"
    tokens_resets_at: datetime | None = None
    usd_resets_at: datetime | None = None


class TokenLedger:
    """Per-run ledger. `check_request` before a call (nothing is sent that could cross a cap);
    `record` after it (calls the sink)."""

    def __init__(
        self,
        prices: PriceTable,
        *,
        run_id: str | None = None,
        max_tokens: int | None = None,
        max_cost_usd: float | None = None,
        sink: UsageSink | None = None,
        outer: OuterCap | None = None,
    ) -> None:
        self.prices = prices
        self.run_id = run_id
        self.max_tokens = max_tokens
        self.max_cost_usd = max_cost_usd
        self.sink = sink
        self.outer = outer
        self.records: list[UsageRecord] = []

    def price_for(self, model: str) -> ModelPrice | None:
        return self.prices.get(model) or self.prices.get("*")

    def cost_of(self, model: str, usage: TokenUsage) -> float:
        price = self.price_for(model)
        if price is None:
            log.warning("ledger.no_price", model=model)
            return 0.0
        return price.cost(usage)

    @property
    def usage(self) -> TokenUsage:
        return sum((r.usage for r in self.records), TokenUsage())

    @property
    def cost_usd(self) -> float:
        return sum(r.cost_usd for r in self.records)

    def step_usage(self, step: str) -> TokenUsage:
        return sum((r.usage for r in self.records if r.step == step), TokenUsage())

    def step_cost(self, step: str) -> float:
        return sum(r.cost_usd for r in self.records if r.step == step)

    @property
    def by_step(self) -> dict[str, TokenUsage]:
        return {step: self.step_usage(step) for step in dict.fromkeys(r.step for r in self.records)}

    def over_budget(self) -> str | None:
        if self.max_tokens is not None and self.usage.total >= self.max_tokens:
            return f"run token cap reached: {self.usage.total} of {self.max_tokens} tokens"
        if self.max_cost_usd is not None and self.cost_usd >= self.max_cost_usd:
            return f"run cost cap reached: ${self.cost_usd:.4f} of ${self.max_cost_usd:.2f}"
        return None

    def check_budget(self, step: str) -> None:
        reason = self.over_budget()
        if reason:
            raise RunBudgetExceeded(reason, step=step)

    def worst_cost(self, model: str, input_tokens: int, output_tokens: int) -> float:
        """The most a request of this size may cost: input at the dearest input price."""
        price = self.price_for(model)
        if price is None:
            return 0.0
        dearest_input = max(price.input, price.cache_write, price.cache_read)
        return (input_tokens * dearest_input + output_tokens * price.output) / 1_000_000

    def request_would_exceed(
        self, model: str, input_tokens: int, output_tokens: int
    ) -> str | None:
        """Why a request of up to this many tokens could take the run past a cap, or None."""
        reason = self.over_budget()
        if reason:
            return reason
        spent, worst = self.usage.total, input_tokens + output_tokens
        if self.max_tokens is not None and spent + worst > self.max_tokens:
            return (
                f"run token cap would be exceeded: the next request may use up to {worst} "
                f"tokens ({input_tokens} in, {output_tokens} out) and {spent} of "
                f"{self.max_tokens} are spent"
            )
        cost = self.worst_cost(model, input_tokens, output_tokens)
        if self.max_cost_usd is not None and self.cost_usd + cost > self.max_cost_usd:
            return (
                f"run cost cap would be exceeded: the next request may cost up to ${cost:.4f} "
                f"and ${self.cost_usd:.4f} of ${self.max_cost_usd:.2f} are spent"
            )
        return None

    def check_request(
        self, step: str, model: str, input_tokens: int, output_tokens: int
    ) -> None:
        """Preflight: raise RunBudgetExceeded instead of sending a request that could cross a
        cap. Input is an upper estimate (bot.llm.preflight), output the request's max_tokens."""
        reason = self.request_would_exceed(model, input_tokens, output_tokens)
        if reason:
            raise RunBudgetExceeded(reason, step=step)
        reason = self.outer_would_exceed(model, input_tokens, output_tokens)
        if reason and self.outer is not None:
            resets = (self.outer.tokens_resets_at if reason.startswith(self.outer.tokens_name)
                      else self.outer.usd_resets_at)
            raise SpendingCapReached(reason, step=step, resets_at=resets)

    def outer_would_exceed(
        self, model: str, input_tokens: int, output_tokens: int
    ) -> str | None:
        """Why a request of up to this size could cross a cap beyond the run's, or None."""
        outer = self.outer
        if outer is None:
            return None
        worst = input_tokens + output_tokens
        if outer.tokens is not None and self.usage.total + worst > outer.tokens:
            return (f"{outer.tokens_name} would be exceeded: the next request may use up to "
                    f"{worst} tokens and {max(0, outer.tokens - self.usage.total)} are left")
        cost = self.worst_cost(model, input_tokens, output_tokens)
        if outer.usd is not None and self.cost_usd + cost > outer.usd:
            return (f"{outer.usd_name} would be exceeded: the next request may cost up to "
                    f"${cost:.4f} and ${max(0.0, outer.usd - self.cost_usd):.4f} is left")
        return None

    async def record(self, step: str, model: str, usage: TokenUsage) -> UsageRecord:
        record = UsageRecord(
            run_id=self.run_id,
            step=step,
            model=model,
            call=len(self.records) + 1,
            usage=usage,
            cost_usd=self.cost_of(model, usage),
        )
        self.records.append(record)
        if self.sink is not None:
            await self.sink(record)
        return record
