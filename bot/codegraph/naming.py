"""How code refers to a definition, shared by the graph's queries and the blast radius."""

from __future__ import annotations

from bot.codegraph.models import Definition

_CONSTRUCTOR_NAMES = frozenset({"__init__", "__new__", "constructor"})


def called_name(definition: Definition) -> str:
    """The name its callers write: a constructor is called by its class's name
    (`Cart(...)` runs `Cart.__init__`), so `__init__` alone would match every class."""
    if definition.kind == "constructor" or definition.name in _CONSTRUCTOR_NAMES:
        parent = definition.qualname.rpartition(".")[0]
        if parent:
            return parent.rsplit(".", 1)[-1]
    return definition.name
