"""Tree-sitter code graph of a checkout: definitions, references, callers, blast radius."""

from __future__ import annotations

from bot.codegraph.graph import CodeGraph
from bot.codegraph.index import build_index
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

__all__ = [
    "BlastRadius",
    "BlastRadiusThresholds",
    "CodeGraph",
    "CodeGraphError",
    "Definition",
    "IndexOptions",
    "IndexReport",
    "ParseFailure",
    "Reference",
    "build_index",
]
