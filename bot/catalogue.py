"""Every chain's graphs, composed once, as bot/runtime.py composes the handlers' routers.

A chain lives in its own folder and exports its graphs; adding a chain is a line here. The
engine and the runner know no chain: the root hands them this mapping (`chain_runner(GRAPHS)`),
and the shell's run commands hand it to the local runs they walk on.
"""

from __future__ import annotations

from bot.chains.examples.graph import EXAMPLES
from bot.chains.fix.graph import FIX, REWORK
from bot.chains.tests.graph import TESTS, TESTS_FOR_CHANGE
from bot.engine.graph import Graph

GRAPHS: dict[str, Graph] = {graph.name: graph
                            for graph in (FIX, REWORK, EXAMPLES, TESTS, TESTS_FOR_CHANGE)}
