"""The run's code graph: started by PREPARE, built in the background, waited for off the loop.

A cold index of a large checkout takes seconds, and DIAGNOSE's first `find_symbol` wants one
name: PREPARE starts a `LazyCodeGraph` and moves on, the agent's graph tools answer from the
files holding the name while the full index builds, and the steps that need the whole graph
(ESTIMATE's blast radius, QUALITY's tests reaching the change) wait for it here, in a thread,
so the event loop (heartbeats, other runs) never blocks on it. A full index that fails to
build is no graph for those steps (a stale or half-built one is worse than none); the agent's
lookups keep answering from the files that hold the name, which is what they always read.
The background index is not stopped when the run ends first: it finishes (niced) or fails on
the removed checkout, and only logs.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from bot.codegraph.lazy import LazyCodeGraph
from bot.codegraph.models import CodeGraphError

if TYPE_CHECKING:
    from bot.codegraph.graph import CodeGraph

log = structlog.get_logger(__name__)

FULL_GRAPH_WAIT_SECONDS = 600.0
"""How long a step waits for the full index before going on without a graph."""


def start_code_graph(root: Path, cache_dir: Path) -> LazyCodeGraph | None:
    """The checkout's graph, indexing in the background; None when `root` cannot be indexed."""
    try:
        return LazyCodeGraph(root, cache_dir)
    except (CodeGraphError, OSError, ValueError) as exc:
        log.warning("codegraph_unavailable", root=str(root), error=str(exc))
        return None


async def full_code_graph(
    graph: CodeGraph | LazyCodeGraph | None, *, wait_seconds: float = FULL_GRAPH_WAIT_SECONDS
) -> CodeGraph | None:
    """The complete graph (`ctx.code_graph` once built), or None: no graph, or it failed to
    build or did not finish within `wait_seconds`."""
    if not isinstance(graph, LazyCodeGraph):
        return graph
    try:
        return await asyncio.to_thread(graph.wait, wait_seconds)
    except CodeGraphError as exc:
        log.warning("codegraph_unavailable", root=str(graph.root), error=str(exc))
        return None
