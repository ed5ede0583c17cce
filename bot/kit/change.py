"""The run's change as every step sees it: what the agent wrote through its tools, confirmed by
git (bot/workspace/changeset.py decides; this module gathers the facts from the run).

Self-review, validation, the checkpoint diff a resume re-applies, the commit and the push all go
through here, so none of them ever sees `.venv`, `__pycache__` or a file only a test run made.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

import structlog

from bot.engine.context import RunContext
from bot.workspace.changeset import (
    WRITE_TOOLS,
    ChangeSet,
    agent_written_paths,
    compute_changeset,
    parse_porcelain,
)
from bot.workspace.paths import PathRefused, resolve_in_checkout
from bot.workspace.safe_fs import remove_beneath, symlink_beneath, write_beneath
from bot.workspace.trajectory import TrajectoryEvent

log = structlog.get_logger(__name__)


async def _agent_events(ctx: RunContext) -> list[TrajectoryEvent]:
    """Every successful write-tool call of this run, from the run's records (a resumed run's
    in-memory trajectory starts empty)."""
    return await ctx.records.events(ctx.run_id, actor="agent", tools=WRITE_TOOLS, ok=True)


def _with_link_targets(ctx: RunContext, paths: list[str]) -> list[str]:
    """A write through a symlink changes the file it points at: count that file too."""
    out: dict[str, None] = dict.fromkeys(paths)
    for path in paths:
        try:
            resolved = resolve_in_checkout(ctx.workspace.path, path)
        except PathRefused:
            continue
        out.setdefault(resolved.real_rel, None)
    return list(out)


async def agent_paths(ctx: RunContext) -> list[str]:
    return _with_link_targets(ctx, agent_written_paths(await _agent_events(ctx)))


async def current_change(ctx: RunContext) -> ChangeSet:
    """The intended change now, and what else the checkout gained (for the report)."""
    checkout = ctx.workspace
    written = await agent_paths(ctx)
    status = b""
    if written:  # exact, per-file confirmation of the agent's paths
        status += await checkout._git(
            "status", "--porcelain", "-z", "--no-renames", "--untracked-files=all", "--",
            *(f":(literal){p}" for p in written))
    # Everything else, folders collapsed: what the report names.
    status += await checkout._git("status", "--porcelain", "-z", "--no-renames")
    config = ctx.repo_config
    outputs = list(config.setup.cache_paths) if config is not None else []
    change = compute_changeset(written, parse_porcelain(status), setup_outputs=outputs)
    if change.left_behind or change.expected_extras:
        log.info("change.extras_not_committed", run=ctx.run_id, paths=list(change.paths),
                 left_behind=list(change.left_behind)[:50],
                 expected=list(change.expected_extras)[:50])
    return change


async def change_paths(ctx: RunContext) -> list[str]:
    """The intended paths, staged (what QUALITY's triggered checks and BRT's revert use)."""
    change = await current_change(ctx)
    return await ctx.workspace.changed_paths(list(change.paths))


async def change_diff(ctx: RunContext) -> str:
    """The intended diff: what the model reviews, the validator judges and a resume re-applies."""
    change = await current_change(ctx)
    return await ctx.workspace.diff(list(change.paths))


def _forget_bytecode(root: Path, paths: list[str]) -> int:
    """Drop cached bytecode of the files the agent wrote. Python trusts a `.pyc` whose source has
    the same size and mtime second, so an edit made within a second of a test run (same length,
    e.g. `- 1` → `+ 1`) would otherwise be tested as the old code. Never follows links."""
    real_root = root.resolve()
    removed = 0
    for rel in paths:
        pure = PurePosixPath(rel)
        if pure.suffix != ".py":
            continue
        folder = root.joinpath(*pure.parent.parts, "__pycache__")
        try:
            if folder.is_symlink() or not folder.is_dir() or \
                    folder.resolve() != real_root.joinpath(*pure.parent.parts, "__pycache__"):
                continue
            for cached in folder.glob(f"{pure.stem}.*.pyc"):
                if cached.is_file() and not cached.is_symlink():
                    cached.unlink()
                    removed += 1
        except OSError as exc:
            log.warning("bytecode_cleanup_failed", path=rel, error=str(exc))
    return removed


async def forget_bytecode(ctx: RunContext) -> None:
    """Before a test run: no stale bytecode for anything the agent wrote (see above)."""
    _forget_bytecode(ctx.workspace.path, await agent_paths(ctx))


async def revert_changes(ctx: RunContext, paths: list[str]) -> None:
    """Put `paths` back as they are on the base commit (delete files the base does not have).

    The checkout is untrusted (the test just ran in it): nothing here follows a link. A link is
    removed or restored as a link, a file is replaced rather than written through, and a path
    that leads through a link is left alone (it is then no part of the change either)."""
    checkout = ctx.workspace
    root: Path = checkout.path
    for rel in paths:
        original = await checkout.read_base_entry(rel)
        try:
            if original is None:
                remove_beneath(root, rel)
            elif original[0] == 0o120000:
                symlink_beneath(root, rel, os.fsdecode(original[1]))
            else:
                write_beneath(root, rel, original[1], mode=original[0] & 0o777)
        except OSError as exc:  # UnsafePath: a link on the way; never followed
            log.warning("revert_refused", path=rel, reason=str(exc))
