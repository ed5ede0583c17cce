"""Blast radius: how many callers, files and packages a change to some definitions reaches.

ESTIMATE needs an objective number next to the model's opinion. One hop is the direct callers;
two hops adds their callers. Files and packages count every place a changed name is used,
including module-level call sites that have no enclosing definition. A package is the file's
directory, which is what it is in Go and Java and close enough in Python and JavaScript.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import Protocol

from bot.codegraph.models import BlastRadius, BlastRadiusThresholds, Definition, Rating, Reference
from bot.codegraph.naming import called_name


class CallGraph(Protocol):
    """What the rating reads of a code graph (bot.codegraph.graph.CodeGraph is one): the graph
    imports this module, so it names the graph by what it does, not by its class."""

    def find_symbol(self, name: str) -> list[Definition]: ...

    def callers(self, target: str | Definition) -> list[Definition]: ...

    def call_sites(self, name: str) -> list[Reference]: ...

    def names_in(self, path: str) -> frozenset[str]: ...


def blast_radius(
    graph: CallGraph, changed: Sequence[Definition | str], thresholds: BlastRadiusThresholds
) -> BlastRadius:
    """Rate the reach of `changed` (definitions, or names/qualnames looked up in the graph)."""
    targets = _resolve(graph, changed)
    changed_keys = {_key(d) for d in targets}
    links = _Links(graph)

    direct: dict[tuple[str, str, int], Definition] = {}
    possible: set[tuple[str, str, int]] = set()
    direct_files: set[str] = set()
    call_sites = 0
    for target in targets:
        for site in graph.call_sites(called_name(target)):
            if links.reach(site.path, target):
                call_sites += 1
                direct_files.add(site.path)
        for caller in graph.callers(target):
            if _key(caller) in changed_keys:
                continue
            if links.reach(caller.path, target):
                direct.setdefault(_key(caller), caller)
            else:
                possible.add(_key(caller))
    possible -= set(direct)

    second: dict[tuple[str, str, int], Definition] = {}
    two_hop_files = set(direct_files)
    for caller in direct.values():
        for site in graph.call_sites(called_name(caller)):
            if links.reach(site.path, caller):
                two_hop_files.add(site.path)
        for next_caller in graph.callers(caller):
            key = _key(next_caller)
            if key not in changed_keys and key not in direct and \
                    links.reach(next_caller.path, caller):
                second.setdefault(key, next_caller)

    direct_packages = {_package(path) for path in direct_files}
    two_hop_packages = {_package(path) for path in two_hop_files}
    rating, reasons = _rate(
        thresholds,
        callers=len(direct),
        files=len(two_hop_files),
        packages=len(two_hop_packages),
    )
    counted = sorted(direct.values(), key=lambda d: (d.path, d.line))
    if counted:
        shown = ", ".join(f"{d.path}:{d.qualname}" for d in counted[:MAX_CALLERS_SHOWN])
        more = len(counted) - MAX_CALLERS_SHOWN
        reasons.append(f"callers counted: {shown}" + (f" and {more} more" if more > 0 else ""))
    if possible:
        reasons.append(f"{len(possible)} possible caller(s) by name only (no import or use of "
                       "the definition's class or module in their file), not counted")
    return BlastRadius(
        rating=rating,
        reasons=reasons,
        changed=[d.qualname for d in targets],
        direct_callers=len(direct),
        direct_files=len(direct_files),
        direct_packages=len(direct_packages),
        two_hop_callers=len(direct) + len(second),
        two_hop_files=len(two_hop_files),
        two_hop_packages=len(two_hop_packages),
        call_sites=call_sites,
        callers=counted,
        possible_callers=len(possible),
    )


MAX_CALLERS_SHOWN = 5


class _Links:
    """Does a file reach a definition by more than its bare name? Its own file does; another
    file does when it names the definition's top-level name (the class of a method: it
    imports, constructs or checks it) or, for a module-level function, its module. A call of
    `x.save()` in a file that never names the class whose `save` changed is only "possible":
    any class may have a `save`."""

    def __init__(self, graph: CallGraph) -> None:
        self.graph = graph
        self._names: dict[str, frozenset[str]] = {}

    def reach(self, path: str, target: Definition) -> bool:
        if path == target.path:
            return True
        names = self._names.get(path)
        if names is None:
            names = self._names[path] = self.graph.names_in(path)
        top = target.qualname.split(".")[0]
        if top in names:
            return True
        if "." in target.qualname:  # a method: only its class links it
            return False
        module = posixpath.splitext(posixpath.basename(target.path))[0]
        folder = posixpath.basename(posixpath.dirname(target.path))
        return module in names or (module in ("__init__", "index", "mod") and folder in names)


def _resolve(graph: CallGraph, changed: Sequence[Definition | str]) -> list[Definition]:
    resolved: dict[tuple[str, str, int], Definition] = {}
    for item in changed:
        for definition in [item] if isinstance(item, Definition) else graph.find_symbol(item):
            resolved.setdefault(_key(definition), definition)
    return list(resolved.values())


def _rate(
    thresholds: BlastRadiusThresholds, *, callers: int, files: int, packages: int
) -> tuple[Rating, list[str]]:
    measures = [
        ("direct callers", callers, thresholds.medium_callers, thresholds.high_callers),
        ("files within two hops", files, thresholds.medium_files, thresholds.high_files),
        (
            "packages within two hops",
            packages,
            thresholds.medium_packages,
            thresholds.high_packages,
        ),
    ]
    high = [
        f"{label}: {value} >= {limit} (high)"
        for label, value, _, limit in measures
        if value >= limit
    ]
    if high:
        return "high", high
    medium = [
        f"{label}: {value} >= {limit} (medium)"
        for label, value, limit, _ in measures
        if value >= limit
    ]
    if medium:
        return "medium", medium
    below = ", ".join(f"{label}: {value} < {limit}" for label, value, limit, _ in measures)
    return "low", [below]


def _package(path: str) -> str:
    return posixpath.dirname(path) or "."


def _key(definition: Definition) -> tuple[str, str, int]:
    return definition.path, definition.qualname, definition.line
