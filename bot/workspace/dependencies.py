"""Dependency setup once per dependency-file content, restored into each run's checkout.

Setup runs with network but on the base branch's code only (before the agent touches anything),
inside the sandbox's scrubbed environment. Its outputs (`cache_paths`, e.g. `.venv`,
`node_modules`) are stored under a key hashed from the setup command and the dependency files,
and copied (not linked: agent-written tests must not be able to poison the cache) into later
checkouts with the same key.
"""

from __future__ import annotations

import asyncio
import hashlib
import shutil
import uuid
from pathlib import Path

import pathspec
import structlog
from pydantic import BaseModel

from bot.repo_config import RepoConfig
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


def _dependency_files(checkout: Path, globs: list[str]) -> list[Path]:
    spec = pathspec.GitIgnoreSpec.from_lines(globs)
    files = []
    for path in sorted(checkout.rglob("*")):
        rel = path.relative_to(checkout).as_posix()
        if rel.startswith(".git/") or not path.is_file() or path.is_symlink():
            continue
        if spec.match_file(rel):
            files.append(path)
    return files


def cache_key(checkout: Path, config: RepoConfig) -> str:
    """sha256 over the setup command, cache paths, env and every dependency file's content."""
    digest = hashlib.sha256()
    setup = config.setup
    digest.update(
        repr(
            (setup.command, setup.cache_paths, sorted(setup.env.items()), setup.path_prepend)
        ).encode()
    )
    for path in _dependency_files(checkout, setup.dependency_files):
        digest.update(path.relative_to(checkout).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def _safe_rel(rel: str) -> bool:
    """Cache paths come from the repository: keep them inside the checkout."""
    parts = Path(rel).parts
    return bool(parts) and not Path(rel).is_absolute() and ".." not in parts and ".git" not in parts


def _copy_tree(source: Path, target: Path) -> None:
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, target, symlinks=True)
    else:
        shutil.copy2(source, target, follow_symlinks=False)


class DependencyCache:
    """Setup results per repository and key under `root`."""

    def __init__(self, root: Path, sandbox: Sandbox) -> None:
        self.root = root
        self.sandbox = sandbox
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
            await asyncio.to_thread(self._store, entry, checkout, config)
        seconds = round(loop.time() - started, 3)
        log.info("setup.ran", key=key, seconds=seconds)
        return SetupOutcome(key=key, cache_hit=False, seconds=seconds, output=result.output)

    @staticmethod
    def _store(entry: Path, checkout: Path, config: RepoConfig) -> None:
        staging = entry.with_name(f".{entry.name}.{uuid.uuid4().hex}")
        staging.mkdir(parents=True)
        for rel in filter(_safe_rel, config.setup.cache_paths):
            source = checkout / rel
            if source.exists() or source.is_symlink():
                target = staging / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                _copy_tree(source, target)
        (staging / ".complete").write_text("ok\n")
        if entry.exists():
            shutil.rmtree(entry)
        staging.rename(entry)

    @staticmethod
    def _restore(entry: Path, checkout: Path, config: RepoConfig) -> None:
        for rel in filter(_safe_rel, config.setup.cache_paths):
            source = entry / rel
            if not (source.exists() or source.is_symlink()):
                continue
            target = checkout / rel
            if target.exists():
                shutil.rmtree(target) if target.is_dir() else target.unlink()
            target.parent.mkdir(parents=True, exist_ok=True)
            _copy_tree(source, target)
