"""Tree-sitter code graph of a checkout: definitions, references, callers, blast radius.

Exports load on first use (PEP 562), so a process that needs one submodule, such as a parser
worker or `smith index --definitions`, does not pay for pydantic and the graph.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.codegraph.graph import CodeGraph
    from bot.codegraph.index import build_index
    from bot.codegraph.lazy import LazyCodeGraph
    from bot.codegraph.models import (
        BlastRadius,
        BlastRadiusThresholds,
        CodeGraphError,
        Definition,
        IndexOptions,
        IndexReport,
        ParseFailure,
        Reference,
    )

_EXPORTS = {
    "BlastRadius": "bot.codegraph.models",
    "BlastRadiusThresholds": "bot.codegraph.models",
    "CodeGraph": "bot.codegraph.graph",
    "CodeGraphError": "bot.codegraph.models",
    "Definition": "bot.codegraph.models",
    "IndexOptions": "bot.codegraph.models",
    "IndexReport": "bot.codegraph.models",
    "LazyCodeGraph": "bot.codegraph.lazy",
    "ParseFailure": "bot.codegraph.models",
    "Reference": "bot.codegraph.models",
    "build_index": "bot.codegraph.index",
}

__all__ = [
    "BlastRadius",
    "BlastRadiusThresholds",
    "CodeGraph",
    "CodeGraphError",
    "Definition",
    "IndexOptions",
    "IndexReport",
    "LazyCodeGraph",
    "ParseFailure",
    "Reference",
    "build_index",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
