"""The seed's deterministic signals for classifying a sprint's tasks: labels, and the paths the
closing commits touched. Pure code; what these leave open goes to the classifier model.

The seed (000_…, "Sprint-driven"): core = changes to backend logic (a feature, a bug fix),
frontend = only the front end, adapters = integrations (a channel, a webhook), technical =
infrastructure (a migration, a dependency update), incidents = SRE work. A signal decides only
when it names one category: labels naming two, or paths of several kinds, are the model's.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from bot.chains.tests.artifacts import Category

LABEL_WORDS: dict[Category, frozenset[str]] = {
    "incidents": frozenset({"incident", "incidents", "sre", "postmortem", "outage", "oncall"}),
    "technical": frozenset({"infra", "infrastructure", "ci", "devops", "dependencies",
                            "dependency", "deps", "migration", "chore", "build", "techdebt",
                            "tech-debt", "technical"}),
    "frontend": frozenset({"frontend", "front-end", "ui", "ux", "css", "design"}),
    "adapters": frozenset({"integration", "integrations", "webhook", "webhooks", "adapter",
                           "adapters", "connector"}),
    "core": frozenset({"backend", "back-end", "core", "domain", "business-logic"}),
}
FRONTEND_SUFFIXES = (".css", ".scss", ".sass", ".less", ".html", ".htm", ".vue", ".svelte",
                     ".jsx", ".tsx", ".svg", ".png", ".jpg", ".gif", ".ico")
FRONTEND_FOLDERS = frozenset({"frontend", "front", "web", "ui", "static", "assets",
                              "components", "pages", "public", "styles", "templates"})
ADAPTER_FOLDERS = frozenset({"adapters", "adapter", "integrations", "integration", "webhooks",
                             "connectors", "channels", "clients"})
TECHNICAL_FOLDERS = frozenset({".github", ".gitlab", "helm", "k8s", "kubernetes", "deploy",
                               "terraform", "migrations", "alembic", "ci", "docker", "infra"})
TECHNICAL_FILES = frozenset({"dockerfile", "makefile", ".gitlab-ci.yml", "requirements.txt",
                             "pyproject.toml", "setup.cfg", "setup.py", "package.json",
                             "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock",
                             "uv.lock", "tox.ini", ".smith.yml", "docker-compose.yml"})
IGNORED_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
_WORD = re.compile(r"[a-z][a-z0-9-]*")


def by_labels(labels: list[str]) -> Category | None:
    """The one category the labels name (`type: frontend`, `area/infra`, `SRE`), else None."""
    words = {word for label in labels for word in _WORD.findall(label.lower())}
    named = [category for category, known in LABEL_WORDS.items() if words & known]
    return named[0] if len(named) == 1 else None


def path_kind(path: str, is_test: bool, sources: tuple[str, ...]) -> Category | None:
    """What a changed path says: a category, or None for what says nothing (tests, docs)."""
    pure = PurePosixPath(path.lower())
    folders = set(pure.parts[:-1])
    if is_test or pure.suffix in IGNORED_SUFFIXES and pure.name not in TECHNICAL_FILES:
        return None
    if pure.name in TECHNICAL_FILES or folders & TECHNICAL_FOLDERS \
            or pure.name.startswith("requirements"):
        return "technical"
    if folders & ADAPTER_FOLDERS:
        return "adapters"
    if pure.suffix in FRONTEND_SUFFIXES and pure.suffix not in sources \
            or folders & FRONTEND_FOLDERS:
        return "frontend"
    if pure.suffix in sources:
        return "core"
    return None


def by_paths(paths: list[str], is_test: set[str], sources: tuple[str, ...]) -> Category | None:
    """The category every telling path agrees on, else None (none telling, or a mix)."""
    kinds = {kind for p in paths if (kind := path_kind(p, p in is_test, sources)) is not None}
    return kinds.pop() if len(kinds) == 1 else None
