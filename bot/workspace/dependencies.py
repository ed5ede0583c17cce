"""Dependency setup once per dependency-file content, restored into each run's checkout.

Setup runs with network but on the base branch's code only (before the agent touches anything),
inside the sandbox's scrubbed environment. Its outputs (`cache_paths`, e.g. `.venv`,
`node_modules`) are stored under a key hashed from the setup command and the dependency files,
and copied (not linked: agent-written tests must not be able to poison the cache) into later
checkouts with the same key, with the first checkout's path rewritten to the new one's wherever
setup wrote it (editable installs, console scripts: bot/workspace/relocate.py).

Both copies go through `safe_fs`: the checkout is untrusted (its setup ran repository code), so
a link in it is copied as a link and never followed, a link on the way to a cache path is
refused, and restoring over a link removes the link itself, never the folder it points at.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import stat
import uuid
from collections.abc import Mapping
from pathlib import Path

import pathspec
import structlog
from pydantic import BaseModel

from bot.repo_config import RepoConfig
from bot.workspace import setup_outputs
from bot.workspace.relocate import origin_of, relocate, remember_origin
from bot.workspace.safe_fs import (
    UnsafePath,
    copytree_nofollow,
    lstat_beneath,
    read_beneath,
    rel_parts,
    remove_beneath,
)
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env

log = structlog.get_logger(__name__)


class SetupFailed(RuntimeError):
    """The repository's setup command failed: an environment failure, not the agent's."""


class SetupOutcome(BaseModel):
    key: str | None
    """Cache key (None when the repo has no setup command)."""
    cache_hit: bool
    seconds: float
    output: str = ""


def _dependency_files(checkout: Path, globs: list[str]) -> list[str]:
    """Checkout-relative regular files matching `globs`; links and `.git` are never entered."""
    spec = pathspec.GitIgnoreSpec.from_lines(globs)
    files = []
    for folder, dirs, names in os.walk(checkout):  # never descends into linked folders
        dirs[:] = sorted(d for d in dirs if d.lower() != ".git")
        base = Path(folder).relative_to(checkout)
        for name in sorted(names):
            rel = (base / name).as_posix()
            info = os.lstat(os.path.join(folder, name))
            if stat.S_ISREG(info.st_mode) and spec.match_file(rel):
                files.append(rel)
    return sorted(files)


def cache_key(checkout: Path, config: RepoConfig) -> str:
    """sha256 over the setup command, cache paths, env and every dependency file's content."""
    digest = hashlib.sha256()
    setup = config.setup
    digest.update(
        repr(
            (setup.command, setup.cache_paths, sorted(setup.env.items()), setup.path_prepend)
        ).encode()
    )
    for rel in _dependency_files(checkout, setup.dependency_files):
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256(read_beneath(checkout, rel)).digest())
    return digest.hexdigest()[:32]


def _safe_rel(rel: str) -> bool:
    """Cache paths come from the repository: keep them inside the checkout (repo_config checks
    this too; here it guards every other way a config could arrive)."""
    try:
        parts = rel_parts(rel)
    except UnsafePath:
        return False
    return bool(parts) and not any(p.lower() == ".git" for p in parts)


class DependencyCache:
    """Setup results per repository and key under `root`."""

    def __init__(self, root: Path, sandbox: Sandbox,
                 operator_env: Mapping[str, str] | None = None) -> None:
        self.root = root
        self.sandbox = sandbox
        self.operator_env = dict(operator_env or {})
        """The operator's setup environment (SMITH_SETUP_ENV: a mirror, a proxy); it wins
        over the repository's `setup.env`, which may not name proxies."""
        self._locks: dict[str, asyncio.Lock] = {}

    async def prepare(self, checkout: Path, config: RepoConfig, repo_key: str) -> SetupOutcome:
        """Restore cached dependencies into `checkout`, or run setup and cache its outputs.

        Call it right after the checkout is created, before any agent edit.
        """
        loop = asyncio.get_running_loop()
        started = loop.time()
        if not config.setup.command:
            return SetupOutcome(key=None, cache_hit=False, seconds=0.0)
        key = cache_key(checkout, config)
        entry = self.root / repo_key / key
        async with self._locks.setdefault(str(entry), asyncio.Lock()):
            if (entry / ".complete").exists():
                await asyncio.to_thread(self._restore, entry, checkout, config)
                seconds = round(loop.time() - started, 3)
                log.info("setup.cache_hit", key=key, seconds=seconds)
                return SetupOutcome(key=key, cache_hit=True, seconds=seconds)
            env, prepend = repo_env(config, checkout)
            env = {**env, **self.operator_env}
            before = await asyncio.to_thread(setup_outputs.listing, checkout,
                                             config.setup.cache_paths)
            result = await self.sandbox.run(
                config.setup.command,
                cwd=checkout,
                timeout=config.setup.timeout_seconds,
                env=env,
                path_prepend=prepend,
                network=True,
            )
            if result.timed_out or result.exit_code != 0:
                raise SetupFailed(
                    f"setup command failed ({'timeout' if result.timed_out else result.exit_code})"
                    f": {result.output[-2000:]}"
                )
            after = await asyncio.to_thread(setup_outputs.listing, checkout,
                                            config.setup.cache_paths)
            await asyncio.to_thread(self._store, entry, checkout, config,
                                    setup_outputs.added(before, after))
        seconds = round(loop.time() - started, 3)
        log.info("setup.ran", key=key, seconds=seconds)
        return SetupOutcome(key=key, cache_hit=False, seconds=seconds, output=result.output)

    @staticmethod
    def _store(entry: Path, checkout: Path, config: RepoConfig, outputs: list[str]) -> None:
        """Cache the cache paths and the few files setup wrote elsewhere in the checkout (a
        version file an editable install generates: bot/workspace/setup_outputs.py)."""
        staging = entry.with_name(f".{entry.name}.{uuid.uuid4().hex}")
        staging.mkdir(parents=True)
        copied = False
        try:
            for rel in filter(_safe_rel, config.setup.cache_paths):
                if lstat_beneath(checkout, rel) is not None:
                    copytree_nofollow(checkout, rel, staging, rel)
            setup_outputs.store(staging, checkout, outputs)
            copied = True
        except UnsafePath as exc:
            raise SetupFailed(f"refusing to cache the setup's outputs: {exc}") from None
        finally:
            if not copied:  # a half-made cache entry never stays behind
                shutil.rmtree(staging, ignore_errors=True)
        remember_origin(staging, checkout)
        (staging / ".complete").write_text("ok\n")
        if entry.exists():
            shutil.rmtree(entry)
        staging.rename(entry)

    @staticmethod
    def _restore(entry: Path, checkout: Path, config: RepoConfig) -> None:
        origin = origin_of(entry)
        try:
            for rel in filter(_safe_rel, config.setup.cache_paths):
                if lstat_beneath(entry, rel) is None:
                    continue
                # Whatever the checkout holds there goes first: a link is unlinked, never
                # followed, and a link on the way refuses the whole restore.
                remove_beneath(checkout, rel)
                copytree_nofollow(entry, rel, checkout, rel)
                if origin is not None:  # editable installs, console scripts: the new checkout
                    relocate(checkout, rel, origin)
            setup_outputs.restore(entry, checkout)
        except UnsafePath as exc:
            raise SetupFailed(f"refusing to restore cached dependencies: {exc}") from None
