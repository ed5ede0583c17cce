"""Which chain a run walks: the job calls `run_chain(run_id, runtime)` and this picks the graph."""

from __future__ import annotations

from bot.chain.placeholder import run_not_implemented
from bot.jobs import Runtime


async def run_chain(run_id: int, runtime: Runtime) -> None:
    await run_not_implemented(run_id, runtime)
