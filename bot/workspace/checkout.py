"""Mirror cache per repository and throw-away, history-less checkouts per run.

The mirror keeps every branch of the remote so a run only fetches what changed; a checkout holds
exactly one commit of one branch (no tags, no remote, no credentials in its config), so neither
the agent nor a hostile repository finds the later fix in history or a token on disk.

Layout of one run: `runs/<id>/checkout` is the working tree (the only part the sandbox may
write), `runs/<id>/git` its git dir, beside it and never inside, so tests cannot change git's
config, attributes or hooks; JUnit report folders are made in `runs/<id>/` too. Every git
command names both explicitly and first checks the git dir's seal (see `git.GitDirSeal`).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import shutil
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import structlog

from bot.forge.base import GitCredentials
from bot.retry import RetryPolicy, call_with_retry
from bot.workspace.git import (
    GIT_RETRY,
    SMITH_EMAIL,
    SMITH_NAME,
    Git,
    GitDirSeal,
    GitError,
    GitOptions,
    git_verdict,
    neutralise_attributes,
)
from bot.workspace.leftovers import stamp_owner
from bot.workspace.safe_fs import read_beneath

log = structlog.get_logger(__name__)

_SLUG_UNSAFE = re.compile(r"[^a-z0-9]+")
_BRANCH_SAFE = re.compile(r"^[A-Za-z0-9._/-]+$")


def branch_name(issue_number: int, title: str, *, prefix: str = "smith", max_slug: int = 40) -> str:
    """`smith/<issue>-<slug>`: a stable, ref-safe branch name for one issue."""
    slug = _SLUG_UNSAFE.sub("-", title.lower()).strip("-")[:max_slug].strip("-") or "fix"
    return f"{prefix}/{issue_number}-{slug}"


def _check_branch(name: str) -> str:
    if (
        not _BRANCH_SAFE.match(name)
        or ".." in name
        or name.startswith(("-", "/"))
        or name.endswith((".lock", "/"))
    ):
        raise ValueError(f"refusing unsafe branch name {name!r}")
    return name


def _remote_key(remote_url: str) -> str:
    """Folder name for a remote's mirror: readable tail plus a hash (URLs may contain anything)."""
    tail = _SLUG_UNSAFE.sub("-", remote_url.rstrip("/").rsplit("/", 2)[-2:][-1].lower())[:40]
    digest = hashlib.sha256(remote_url.encode()).hexdigest()[:16]
    return f"{tail.strip('-') or 'repo'}-{digest}"


class MirrorCache:
    """Bare mirrors of remotes under `root/mirrors`, one per remote URL, updated per run.

    The URL is passed on every fetch and never written into the mirror's config, so a credential
    embedded by mistake is not stored either.
    """

    def __init__(self, root: Path, git: Git, retry: RetryPolicy = GIT_RETRY) -> None:
        self.root = root
        self.git = git
        self.retry = retry
        self._locks: dict[str, asyncio.Lock] = {}

    def path_for(self, remote_url: str) -> Path:
        return self.root / "mirrors" / f"{_remote_key(remote_url)}.git"

    async def refresh(self, remote_url: str, credentials: GitCredentials | None = None) -> Path:
        """Create the mirror on first use, then fetch every branch (pruning deleted ones)."""
        path = self.path_for(remote_url)
        lock = self._locks.setdefault(str(path), asyncio.Lock())
        async with lock:
            created = not (path / "HEAD").exists()
            if created:
                path.mkdir(parents=True, exist_ok=True)
                await self.git.run(["init", "--quiet", "--bare", "--template="], git_dir=path)
            fetched = False
            try:
                await self._fetch(path, remote_url, credentials)
                fetched = True
            finally:
                if created and not fetched:  # a first fetch cut short leaves no half mirror
                    shutil.rmtree(path, ignore_errors=True)
        log.info("mirror.refreshed", mirror=str(path))
        return path

    async def _fetch(self, path: Path, remote_url: str, credentials: GitCredentials | None) -> None:
        async def fetch() -> None:
            await self.git.run(
                ["fetch", "--quiet", "--prune", "--no-tags", "--no-recurse-submodules", "--",
                 remote_url, "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"],
                git_dir=path,
                credentials=credentials,
            )

        await call_with_retry(fetch, self.retry, classify=git_verdict, what="git fetch")

    async def read_file(self, mirror: Path, branch: str, rel_path: str, *,
                        max_bytes: int) -> bytes | None:
        """A file as the tip of `branch` has it, straight from the mirror (no checkout: the
        campaign scheduler reads `.smith.yml` of every repository); None when it is absent or
        not a plain file. Larger than `max_bytes`: ValueError (the repository wrote it)."""
        ref = f"refs/heads/{_check_branch(branch)}"
        listing = await self.git.run(["ls-tree", "-l", "-z", ref, "--", rel_path], git_dir=mirror)
        entry = listing.split(b"\0", 1)[0]
        meta = entry.split(b"\t", 1)[0].split()
        if len(meta) != 4 or meta[1] != b"blob" or not meta[0].startswith(b"100"):
            return None  # absent, a folder, a link or a submodule
        if int(meta[3]) > max_bytes:
            raise ValueError(f"{rel_path} on {branch} is larger than {max_bytes} bytes")
        return await self.git.run(["cat-file", "blob", f"{ref}:{rel_path}"], git_dir=mirror)

    async def nearest_tag(self, mirror: Path, commit: str) -> str | None:
        """The newest tag reachable from `commit` (what setuptools-scm and friends would read
        from the history a checkout does not have); None without one."""
        try:
            found = await self.git.run(["describe", "--tags", "--abbrev=0", commit],
                                       git_dir=mirror)
        except GitError:
            return None
        return found.decode(errors="replace").strip() or None

    async def has_branch(self, mirror: Path, branch: str) -> bool:
        out = await self.git.run(
            ["for-each-ref", "--format=%(refname)", f"refs/heads/{_check_branch(branch)}"],
            git_dir=mirror,
        )
        return bool(out.strip())


@dataclass
class Checkout:
    """One run's working tree: a single commit of `source_branch`, on local branch `branch`."""

    path: Path
    """The working tree, `runs/<id>/checkout`: everything in it is untrusted."""
    branch: str
    source_branch: str
    base_commit: str
    git: Git
    git_dir: Path
    """`runs/<id>/git`, outside the working tree (and so outside the sandbox's writable view)."""
    seal: GitDirSeal
    retry: RetryPolicy = GIT_RETRY
    """Network calls (ls-remote, push) are retried on transient failures like fetches."""
    nearest_tag: str | None = None
    """The newest tag reachable from the base commit, read from the mirror (the checkout has
    no history): git-versioned projects get their version from it (bot/workspace/versions.py)."""

    @property
    def run_dir(self) -> Path:
        """`runs/<id>`: the working tree, the git dir and report folders; removed as a whole."""
        return self.git_dir.parent

    async def _git(
        self, *args: str, input_bytes: bytes | None = None,
        extra_config: dict[str, str] | None = None, credentials: GitCredentials | None = None,
    ) -> bytes:
        """git on this checkout, its git dir and work tree named explicitly, after checking
        that nobody changed the git dir's config, attributes or hooks (GitDirChanged if so)."""
        self.seal.verify()
        return await self.git.run(
            list(args), git_dir=self.git_dir, work_tree=self.path, input_bytes=input_bytes,
            extra_config=extra_config, credentials=credentials)

    def read_file(self, rel_path: str, *, max_bytes: int | None = None) -> bytes:
        """A file of the working tree as it is now, for the model or the forge: no link on the
        way is followed (UnsafePath), so a planted link never makes Smith read a host file."""
        return read_beneath(self.path, rel_path, max_bytes=max_bytes)

    async def read_base_file(self, rel_path: str) -> bytes | None:
        """A file as it is in the base commit (never the agent's edits); None when absent."""
        listing = await self._git("ls-tree", "-z", self.base_commit, "--", rel_path)
        entry = listing.split(b"\0", 1)[0]
        if not entry or b" blob " not in entry.split(b"\t", 1)[0]:
            return None
        return await self._git("cat-file", "blob", f"{self.base_commit}:{rel_path}")

    async def base_files_mentioning(self, word: str) -> list[str]:
        """The base commit's files that contain `word` as a whole word (an identifier only:
        anything else finds nothing), e.g. where a function a test called is written."""
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,200}", word):
            return []
        try:
            found = await self._git("grep", "-l", "-w", "-F", "-I", "-e", word,
                                    self.base_commit, "--")
        except GitError:
            return []  # git grep answers "nothing found" with exit status 1
        prefix = f"{self.base_commit}:"
        return [line.removeprefix(prefix)
                for line in found.decode("utf-8", "replace").splitlines() if line]

    async def _stage(self, paths: Sequence[str] | None) -> list[str] | None:
        """Make the index base + the change; returns the pathspec that names it, or None when
        `paths` is empty (nothing to stage). With `paths` (the intended change, see
        changeset.py) only those are staged; without, everything in the working tree is.

        A nested repository a test planted would be staged as a gitlink (its `.git` is never
        read beyond HEAD); it is never part of Smith's change, so its index entry goes back to the base's."""
        if paths is not None:
            # The index becomes base + exactly `paths`: nothing else can slip into a commit.
            await self._git("reset", "--quiet", self.base_commit, "--", ".")
            paths = await self._known(paths)
            if not paths:
                return None
            literal = [f":(literal){p}" for p in paths]
            await self._git("add", "--all", "--", *literal)
        else:
            literal = []
            await self._git("add", "--all", "--", ".")
        await self._unstage_planted_gitlinks(literal)
        return literal

    async def _known(self, paths: Sequence[str]) -> list[str]:
        """The paths that are a change git can stage: present in the working tree, or in the
        base (a deletion). A new file written and removed again (a reverted test, a file the
        agent deleted) is neither, and naming it would fail `git add`."""
        gone = [p for p in paths if not (self.path / p).is_symlink()
                and not (self.path / p).exists()]
        if not gone:
            return list(paths)
        listed = await self._git("ls-files", "-z", "--", *(f":(literal){p}" for p in gone))
        tracked = set(listed.decode(errors="surrogateescape").split("\0"))
        return [p for p in paths if p not in gone or p in tracked]

    async def _unstage_planted_gitlinks(self, pathspec: list[str]) -> None:
        raw = await self._git("diff", "--cached", "--raw", "-z", "--no-renames",
                              "--no-abbrev", self.base_commit, "--", *pathspec)
        fields = raw.split(b"\0")
        planted = [
            fields[i + 1].decode(errors="surrogateescape")
            for i in range(0, len(fields) - 1, 2)
            if fields[i].startswith(b":") and fields[i].split(b" ")[1] == b"160000"
            and fields[i].split(b" ")[0] != b":160000"
        ]
        if planted:
            log.warning("checkout.nested_repository_ignored", paths=planted[:20])
            await self._git("reset", "--quiet", self.base_commit, "--",
                            *(f":(literal){p}" for p in planted))

    async def read_base_entry(self, rel_path: str) -> tuple[int, bytes] | None:
        """(mode, content) of a path in the base commit: 0o100644/0o100755 for files, 0o120000
        for a link (content is its target text); None when absent or not a blob."""
        listing = await self._git("ls-tree", "-z", self.base_commit, "--", f":(literal){rel_path}")
        entry = listing.split(b"\0", 1)[0]
        head = entry.split(b"\t", 1)[0].split(b" ")
        if not entry or len(head) != 3 or head[1] != b"blob":
            return None
        return int(head[0], 8), await self._git("cat-file", "blob", head[2].decode())

    async def changed_paths(self, paths: Sequence[str] | None = None) -> list[str]:
        """Paths that differ from the base commit (added, modified, deleted), repo-relative.

        With `paths` (the intended change, see changeset.py) only those are staged and listed;
        without, everything in the working tree is (setup outputs and caches included)."""
        literal = await self._stage(paths)
        if literal is None:
            return []
        out = await self._git(
            "diff", "--cached", "--name-only", "-z", "--no-renames", self.base_commit,
            "--", *literal
        )
        return [p for p in out.decode(errors="surrogateescape").split("\0") if p]

    async def diff_bytes(self, paths: Sequence[str] | None = None) -> bytes:
        """The working tree against the base commit as a `git diff --binary` patch (only
        `paths` when given: the intended change)."""
        literal = await self._stage(paths)
        if literal is None:
            return b""
        return await self._git(
            "diff",
            "--cached",
            "--binary",
            "--full-index",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--no-renames",
            self.base_commit,
            "--",
            *literal,
        )

    async def diff(self, paths: Sequence[str] | None = None) -> str:
        """`diff_bytes` as text; bytes that are not UTF-8 survive via surrogateescape."""
        return (await self.diff_bytes(paths)).decode("utf-8", errors="surrogateescape")

    async def apply_diff(self, patch: str | bytes) -> None:
        """Apply a stored diff (from `diff`) to this checkout: how an interrupted run resumes."""
        data = patch.encode("utf-8", errors="surrogateescape") if isinstance(patch, str) else patch
        if not data.strip():
            return
        await self._git("apply", "--binary", "--whitespace=nowarn", "-", input_bytes=data)

    async def commit(
        self, message: str, *, author_name: str = SMITH_NAME, author_email: str = SMITH_EMAIL,
        paths: Sequence[str] | None = None,
    ) -> str:
        """Commit as Smith (only `paths` when given, else everything in the working tree);
        return the new commit id."""
        await self._stage(paths)  # base + exactly `paths` (everything when None)
        await self._git(
            "commit", "--quiet", "--no-verify", "--allow-empty", "--no-gpg-sign", "-m", message,
            extra_config={
                "user.name": author_name,
                "user.email": author_email,
                "author.name": author_name,
                "author.email": author_email,
                "committer.name": author_name,
                "committer.email": author_email,
            },
        )
        return (await self._git("rev-parse", "HEAD")).decode().strip()

    async def remote_head(
        self, remote_url: str, credentials: GitCredentials | None = None,
        branch: str | None = None,
    ) -> str | None:
        """The commit `branch` (default: this checkout's) points at on the remote, or None."""
        name = _check_branch(branch or self.branch)

        async def ls_remote() -> bytes:
            return await self.git.run(
                ["ls-remote", "--heads", "--", remote_url, f"refs/heads/{name}"],
                credentials=credentials)

        out = await call_with_retry(ls_remote, self.retry, classify=git_verdict,
                                    what="git ls-remote")
        for line in out.decode(errors="replace").splitlines():
            sha, _, ref = line.partition("\t")
            if ref.strip() == f"refs/heads/{name}":
                return sha.strip()
        return None

    async def rename_branch(self, name: str) -> None:
        """Move the local branch to `name` (a new branch for the same change)."""
        await self._git("branch", "-m", _check_branch(self.branch), _check_branch(name))
        self.branch = name

    async def push(
        self, remote_url: str, credentials: GitCredentials | None = None, *, force: bool = False,
        lease: str | None = None,
    ) -> None:
        """Push the local branch to `remote_url`; credentials travel only via GIT_ASKPASS.

        A forced push always carries a lease: it replaces the remote branch only if it still
        points at `lease` (the head Smith last saw there; "" or None: the branch must not
        exist), so commits somebody else pushed meanwhile are never thrown away."""
        ref = f"refs/heads/{_check_branch(self.branch)}"
        options = [f"--force-with-lease={ref}:{lease or ''}"] if force else []
        head = (await self._git("rev-parse", "HEAD")).decode().strip()
        tries = 0

        async def push_once() -> None:
            nonlocal tries
            tries += 1
            # A try whose answer was lost may have landed: then the lease no longer holds, and
            # the branch already is what this push wanted.
            if tries > 1 and await self.remote_head(remote_url, credentials) == head:
                return
            await self._git("push", "--quiet", "--no-verify", *options, "--", remote_url,
                            f"HEAD:{ref}", credentials=credentials)

        await call_with_retry(push_once, self.retry, classify=git_verdict, what="git push")
        log.info("checkout.pushed", branch=self.branch, forced=force)

    def remove(self) -> None:
        """Delete the run folder (working tree, git dir, reports); rmtree never follows links."""
        shutil.rmtree(self.run_dir, ignore_errors=True)


class Workspace:
    """Entry point: mirror cache plus per-run checkouts under `root` (removed when a run ends)."""

    def __init__(self, root: Path, options: GitOptions | None = None) -> None:
        # Absolute: git runs inside the mirror and the checkout, where a relative root would
        # name a folder below them (settings already make it so; this holds for every caller).
        root = root.absolute()
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git = Git(options or GitOptions(), helper_dir=root / "helpers")
        self.mirrors = MirrorCache(root, self.git)

    async def create_checkout(
        self,
        remote_url: str,
        source_branch: str,
        *,
        new_branch: str | None = None,
        credentials: GitCredentials | None = None,
        refresh: bool = True,
    ) -> Checkout:
        """Refresh the mirror and check out `source_branch` with depth 1.

        With `new_branch`, work happens on that fresh local branch (a new run); without it, on
        `source_branch` itself (rework on an existing change-request branch).
        """
        _check_branch(source_branch)
        branch = _check_branch(new_branch or source_branch)
        mirror = (
            await self.mirrors.refresh(remote_url, credentials)
            if refresh
            else self.mirrors.path_for(remote_url)
        )
        if not await self.mirrors.has_branch(mirror, source_branch):
            raise GitError(["checkout", source_branch], 1, f"branch {source_branch!r} not found")
        run_dir = self.root / "runs" / uuid.uuid4().hex
        path, git_dir = run_dir / "checkout", run_dir / "git"
        path.mkdir(parents=True)
        stamp_owner(run_dir)  # a worker starting after this process died removes the folder
        try:
            await self.git.run(["init", "--quiet", "--template="], git_dir=git_dir,
                               work_tree=path)
            neutralise_attributes(git_dir)
            seal = GitDirSeal.take(git_dir)
            checkout = Checkout(path=path, branch=branch, source_branch=source_branch,
                                base_commit="", git=self.git, git_dir=git_dir, seal=seal)
            await checkout._git(
                "fetch",
                "--quiet",
                "--depth",
                "1",
                "--no-tags",
                "--no-recurse-submodules",
                "--",
                mirror.resolve().as_uri(),
                f"refs/heads/{source_branch}",
                extra_config={"protocol.file.allow": "always"},
            )
            await checkout._git("checkout", "--quiet", "-B", branch, "FETCH_HEAD")
            (git_dir / "FETCH_HEAD").unlink(missing_ok=True)
            checkout.base_commit = (await checkout._git("rev-parse", "HEAD")).decode().strip()
            checkout.nearest_tag = await self.mirrors.nearest_tag(mirror, checkout.base_commit)
        except (GitError, OSError):
            shutil.rmtree(run_dir, ignore_errors=True)
            raise
        log.info("checkout.created", path=str(path), branch=branch, base=checkout.base_commit)
        return checkout

    def remove_stale_runs(self, older_than_seconds: float) -> int:
        """Remove run folders a crashed worker left behind; returns how many were removed."""
        runs = self.root / "runs"
        if not runs.is_dir():
            return 0
        cutoff = time.time() - older_than_seconds
        removed = 0
        for folder in runs.iterdir():
            if folder.is_dir() and folder.stat().st_mtime < cutoff:
                shutil.rmtree(folder, ignore_errors=True)
                removed += 1
        return removed

    @asynccontextmanager
    async def checkout(
        self, remote_url: str, source_branch: str, **kwargs: object
    ) -> AsyncIterator[Checkout]:
        """`create_checkout` whose folder is removed when the block ends, however it ends."""
        checkout = await self.create_checkout(remote_url, source_branch, **kwargs)  # type: ignore[arg-type]
        try:
            yield checkout
        finally:
            checkout.remove()
