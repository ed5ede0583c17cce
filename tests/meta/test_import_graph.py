"""The dependency direction holds: no import cycle between `bot` packages, nor among the
children of any package below it (imports inside functions and under TYPE_CHECKING count too;
the cycles that remain are listed in KNOWN_CYCLES, which only shrinks), the CLI is imported by
nothing, `handlers` only by the composition root, and the job module only by the root and the
CLI.

Read from the source with `ast`, so a cycle hidden in a function body is found without running
anything.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "handlers")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path, module: str) -> set[str]:
    """Every module (or module.attribute) the file names in an import, wherever it stands."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] in PACKAGES}


def _imports() -> dict[str, set[str]]:
    """Every module's imports (a copy of the tree parsed once per process: five tests read it)."""
    return {module: set(names) for module, names in _parsed().items()}


@functools.cache
def _parsed() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:  # alembic scripts, loaded by alembic alone
                continue
            module = _module_name(path)
            graph[module] = _imported(path, module)
    return graph


def _unit(module: str) -> str:
    """`bot.kit.opening` -> `bot.kit`; `bot.jobs` -> `bot.jobs`; handlers as one."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "bot" else parts[0]


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def _unit_edges(graph: dict[str, set[str]]) -> tuple[dict[str, set[str]], dict]:
    edges: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], str] = {}
    for module, names in graph.items():
        for name in names:
            if name == "bot":
                continue
            a, b = _unit(module), _unit(name)
            if a != b:
                edges[a].add(b)
                where.setdefault((a, b), f"{module} imports {name}")
    return edges, where


def test_finds_a_cycle_hidden_in_a_function():
    edges, _ = _unit_edges({"bot.a.x": {"bot.b.y"}, "bot.b.y": {"bot.a.z"}, "bot.a.z": set()})
    assert _cycle(edges) == ["bot.a", "bot.b", "bot.a"]


def test_no_cycle_between_bot_packages():
    edges, where = _unit_edges(_imports())
    cycle = _cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or []) + "\n" + "\n".join(
        where[(a, b)] for a, b in zip(cycle or [], (cycle or [])[1:]))


def test_the_cli_is_imported_by_nothing_and_handlers_only_by_the_root():
    graph = _imports()
    entry_points = {"bot.__main__"}  # `python -m bot` is the CLI by another name
    for module, names in graph.items():
        if _unit(module) == "bot.cli" or module in entry_points:
            continue
        assert not any(_unit(n) == "bot.cli" for n in names), f"{module} imports the CLI"
        if module.startswith("bot.") and module != "bot.runtime":
            assert not any(n.split(".")[0] == "handlers" for n in names), (
                f"{module} imports handlers")
        if _unit(module) in ("bot.engine", "bot.kit", "bot.chains", "handlers", "bot.rules"):
            assert not any(_unit(n) == "bot.jobs" for n in names), (
                f"{module} imports the job module")
        if module not in ("bot.runtime", "bot.catalogue") and _unit(module) != "bot.cli":
            assert not any(_unit(n) == "bot.catalogue" for n in names), (
                f"{module} imports the catalogue of chains (the root hands graphs down)")


def test_a_function_level_import_is_seen():
    # `smith fix` imports what it shares with the CLI inside its function (start-up speed): the
    # walker must see such imports, or the cycle test would miss a cycle hidden the same way.
    source = (ROOT / "bot" / "chains" / "fix" / "fix_command.py").read_text(encoding="utf-8")
    assert "\n    from bot.command_line import" in source
    assert "bot.command_line" in _imports()["bot.chains.fix.fix_command"]


KNOWN_CYCLES: dict[str, frozenset[str]] = {}
"""Cycles allowed to remain, per package: none. A cycle needs a deliberate entry here, and the
entries only shrink (issue #26 emptied it: the chain folder was one tangle)."""


def _resolve(name: str, modules: set[str]) -> str:
    """The module an imported name lives in (`bot.a.b.Thing` -> `bot.a.b`)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def _child_edges(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """Edges between the children of `package`: child a -> child b when a module anywhere
    under a imports one under b."""
    modules = set(graph)
    prefix = package + "."
    edges: dict[str, set[str]] = defaultdict(set)
    for module, names in graph.items():
        if not module.startswith(prefix):
            continue
        a = module[len(prefix):].split(".")[0]
        edges[a]
        for name in names:
            target = _resolve(name, modules)
            if target.startswith(prefix):
                b = target[len(prefix):].split(".")[0]
                if a != b:
                    edges[a].add(b)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _packages(graph: dict[str, set[str]]) -> list[str]:
    return sorted({m for m in graph if any(other.startswith(m + ".") for other in graph)})


def test_finds_a_cycle_among_a_packages_children():
    graph = {"bot.p": set(), "bot.p.a.x": {"bot.p.b.y.Thing"}, "bot.p.b.y": {"bot.p.a"},
             "bot.p.a": set(), "bot.p.b": set(), "bot.p.c": {"bot.p.a.x"}}
    assert _cycles(_child_edges(graph, "bot.p")) == [frozenset({"a", "b"})]


def test_no_new_cycle_among_the_children_of_any_package():
    graph = _imports()
    problems = []
    for package in _packages(graph):
        known = KNOWN_CYCLES.get(package, frozenset())
        for cycle in _cycles(_child_edges(graph, package)):
            if not cycle <= known:
                problems.append(f"{package}: cycle among {sorted(cycle)}"
                                + (f" (beyond the known {sorted(known)})" if known else ""))
    assert not problems, "\n".join(problems)


def test_the_known_cycles_only_shrink():
    """A child that no longer sits in its package's cycle must leave KNOWN_CYCLES."""
    graph = _imports()
    for package, known in KNOWN_CYCLES.items():
        in_cycles = set().union(*_cycles(_child_edges(graph, package)))
        assert known <= in_cycles, (f"{package}: {sorted(known - in_cycles)} left the cycle; "
                                    "remove them from KNOWN_CYCLES")


def test_the_validator_reads_evidence_not_the_workspace_or_the_model_layer():
    """The validator judges a diff and evidence records (bot/evidence.py); it never reaches the
    workspace that made them or the model."""
    graph = _imports()
    for module, names in graph.items():
        if module.startswith("bot.validator"):
            for banned in ("bot.llm", "bot.workspace", "bot.engine", "bot.kit", "bot.chains"):
                assert not any(_unit(n) == banned for n in names), f"{module} imports {banned}"


def _layer_problems(graph: dict[str, set[str]]) -> list[str]:
    """The chain layers: text <- engine <- kit <- chains <- root. The engine imports no kit and
    no chain, the kit no chain, a chain no other chain, and text nothing of the three."""
    modules = set(graph)

    def chain_of(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if parts[:2] == ["bot", "chains"] and len(parts) > 2 else None

    banned = {"bot.text": ("bot.engine", "bot.kit", "bot.chains"),
              "bot.engine": ("bot.kit", "bot.chains"), "bot.kit": ("bot.chains",)}
    problems = []
    for module, names in graph.items():
        for name in names:
            target = _resolve(name, modules)
            for prefix in banned.get(_unit(module), ()):
                if target == prefix or target.startswith(prefix + "."):
                    problems.append(f"{module} imports {target}")
            mine, theirs = chain_of(module), chain_of(target)
            if mine and theirs and mine != theirs:
                problems.append(f"{module} imports another chain: {target}")
    return problems


def test_the_layers_are_kept_the_engine_imports_no_chain_and_no_chain_another():
    assert not _layer_problems(_imports())


def test_the_layer_check_sees_a_chain_importing_another():
    graph = {"bot.chains.a.x": {"bot.chains.b.y"}, "bot.chains.b.y": set(),
             "bot.engine.z": {"bot.chains.a.x"}, "bot.kit.k": {"bot.engine.z"}}
    assert sorted(_layer_problems(graph)) == [
        "bot.chains.a.x imports another chain: bot.chains.b.y",
        "bot.engine.z imports bot.chains.a.x"]
