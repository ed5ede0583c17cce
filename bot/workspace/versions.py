"""Version metadata for projects that take their version from git.

A run's checkout holds one commit and no `.git` the sandbox can see, so setuptools-scm, hatch-vcs
(which uses it), pbr and poetry-dynamic-versioning cannot read a version and the project does not
install. Smith gives them what they would have read: the newest tag reachable from the base
commit (read from the mirror, which has the history), through each tool's documented
"pretend" variable, in the sandbox only (setup, tests and checks). A repository that sets one of
these in `setup.env` keeps its own value. Versioneer falls back to `0+unknown` without git and
needs nothing.
"""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version

from bot.repo_config import RepoConfig

FALLBACK_VERSION = "0.0.0"
PRETEND_VARIABLES = ("SETUPTOOLS_SCM_PRETEND_VERSION", "PBR_VERSION")
"""setuptools-scm (and hatch-vcs through it) and pbr read these instead of git."""
POETRY_BYPASS = "POETRY_DYNAMIC_VERSIONING_BYPASS"


def version_of_tag(tag: str | None) -> str:
    """`v1.2.3` -> `1.2.3`, `release-2.0` -> `2.0`; no tag or no version in it -> 0.0.0."""
    if not tag:
        return FALLBACK_VERSION
    found = re.search(r"\d.*", tag)
    if found is None:
        return FALLBACK_VERSION
    try:
        return str(Version(found.group(0)))
    except InvalidVersion:
        return FALLBACK_VERSION


def with_version_env(config: RepoConfig, tag: str | None) -> RepoConfig:
    """`config` with the pretend-version variables added to `setup.env` (the repository's own
    values win)."""
    version = version_of_tag(tag)
    added = {name: version for name in (*PRETEND_VARIABLES, POETRY_BYPASS)}
    env = {**added, **config.setup.env}
    return config.model_copy(update={"setup": config.setup.model_copy(update={"env": env})})
