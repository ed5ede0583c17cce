"""A git runner that a hostile repository (or a test it runs) cannot turn into code execution.

Every command gets the same hardening: no system/global config, hooks pointed at /dev/null,
fsmonitor off, LFS smudge off, no credential helpers, no pager/editor/ssh command from config,
and an allow-list of transport protocols. Attribute-based drivers (filter/diff/merge) shipped in
a repository's `.gitattributes` are neutralised per checkout by `neutralise_attributes`, because
git resolves their commands from config under names we cannot know in advance.

The repository is always named explicitly (`GIT_DIR`, `GIT_WORK_TREE`): git never discovers one
by walking up from a folder, so a `.git` a test planted in a checkout is never read. A checkout's
git dir lives outside the folder the sandbox may write, and `GitDirSeal` proves before every
command that its config, attributes and hooks are still exactly what Smith wrote.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import shutil
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import structlog

from bot.forge.base import GitCredentials
from bot.retry import Retry, RetryPolicy
from bot.workspace.safe_fs import lstat_beneath, read_beneath

log = structlog.get_logger(__name__)

# Config that would otherwise let a repository (or a tampered mirror) run programs.
HARDENING_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.hooksPath", "/dev/null"),
    ("core.fsmonitor", "false"),
    ("core.untrackedCache", "false"),
    ("core.sshCommand", "ssh -o BatchMode=yes"),
    ("core.pager", "cat"),
    ("core.editor", "true"),
    ("core.askPass", ""),
    ("core.attributesFile", "/dev/null"),
    ("core.gitProxy", ""),
    ("core.symlinks", "true"),
    ("credential.helper", ""),
    ("filter.lfs.smudge", ""),
    ("filter.lfs.clean", ""),
    ("filter.lfs.process", ""),
    ("filter.lfs.required", "false"),
    ("diff.external", ""),
    ("submodule.recurse", "false"),
    ("fetch.recurseSubmodules", "false"),
    ("uploadpack.packObjectsHook", ""),
    ("gpg.program", "false"),
    ("commit.gpgSign", "false"),
    ("tag.gpgSign", "false"),
    ("safe.directory", "*"),
    ("protocol.allow", "never"),
    ("core.protectNTFS", "true"),
    ("core.protectHFS", "true"),
    ("core.splitIndex", "false"),
    ("index.threads", "1"),
    # A test can plant a nested repository (with its own filters and fsmonitor) in the working
    # tree; git would run `status` inside it to see whether it is dirty. Never look inside.
    ("diff.ignoreSubmodules", "dirty"),
    ("status.submoduleSummary", "false"),
)

# Written to the git dir's `info/attributes` (highest precedence): unset any filter, diff or merge
# driver a repository's `.gitattributes` names, so no configured program is ever looked up for it
# (and no encoding conversion or keyword expansion changes what the agent wrote).
NEUTRAL_ATTRIBUTES = "* !filter !diff !merge -ident !working-tree-encoding\n"

SMITH_NAME = "Smith"
SMITH_EMAIL = "smith@localhost"


class GitError(RuntimeError):
    """A git command failed; the message carries the command and git's own words."""

    def __init__(self, args: Sequence[str], returncode: int, stderr: str) -> None:
        self.args_ = list(args)
        self.returncode = returncode
        self.stderr = stderr
        super().__init__(f"git {' '.join(args[:2])} failed ({returncode}): {stderr.strip()[:2000]}")


# Git's words for a network hiccup worth another try; anything else (no such repository,
# refused credentials, a timeout after the full budget) is raised at once.
TRANSIENT_GIT = re.compile(
    r"could not resolve host|connection (?:timed out|reset|refused)|operation timed out|"
    r"early eof|remote end hung up|rpc failed|returned error: 5\d\d|http\S* 5\d\d|"
    r"temporarily unavailable|failed to connect|gnutls_handshake|ssl_read|tls connection",
    re.IGNORECASE,
)
GIT_RETRY = RetryPolicy(attempts=3, backoff_initial=2.0, backoff_max=10.0, jitter=True)


def git_verdict(exc: Exception) -> Retry | None:
    """A fetch that failed on the network is retried under the shared policy (bot/retry.py)."""
    if isinstance(exc, GitError) and exc.returncode != -9 and TRANSIENT_GIT.search(exc.stderr):
        return Retry(exc.stderr.strip()[:200], log_as="git.network")
    return None


@dataclass(frozen=True)
class GitOptions:
    """How git may reach remotes. `allowed_protocols` is the transport allow-list."""

    allowed_protocols: tuple[str, ...] = ("https",)
    timeout_seconds: float = 600.0


def _askpass_script(directory: Path) -> Path:
    """A helper that answers git's username/password prompts from its own environment."""
    script = directory / "smith-askpass.sh"
    if not script.exists():
        directory.mkdir(parents=True, exist_ok=True)
        script.write_text(
            '#!/bin/sh\ncase "$1" in\n'
            '  Username*) printf "%s" "$SMITH_GIT_USERNAME" ;;\n'
            '  *) printf "%s" "$SMITH_GIT_PASSWORD" ;;\nesac\n'
        )
        script.chmod(0o700)
    return script


class GitDirChanged(GitError):
    """A run's git dir no longer holds what Smith wrote: something tampered with it."""


def _git_executable() -> str:
    """`git` resolved once from Smith's own PATH, never from a PATH a repository extended."""
    found = shutil.which("git", path=os.environ.get("PATH", "/usr/bin:/bin"))
    return str(Path(found).resolve()) if found else "git"


class Git:
    """Runs hardened git commands. One instance per workspace root."""

    def __init__(self, options: GitOptions, helper_dir: Path) -> None:
        self.options = options
        self._helper_dir = helper_dir
        self.executable = _git_executable()

    def base_env(self) -> dict[str, str]:
        """A minimal environment: nothing from the bot's own environment but PATH and locale."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(self._helper_dir),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_LFS_SKIP_SMUDGE": "1",
            "GIT_ATTR_NOSYSTEM": "1",
            "GIT_PAGER": "cat",
            "GIT_EDITOR": "true",
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_NO_REPLACE_OBJECTS": "1",
            "GIT_PROTOCOL_FROM_USER": "0",
        }

    def config_args(self, protocols: Sequence[str] = ()) -> list[str]:
        args: list[str] = []
        for key, value in HARDENING_CONFIG:
            args += ["-c", f"{key}={value}"]
        for protocol in (*self.options.allowed_protocols, *protocols):
            args += ["-c", f"protocol.{protocol}.allow=always"]
        return args

    async def run(
        self,
        args: Sequence[str],
        *,
        git_dir: Path | None = None,
        work_tree: Path | None = None,
        cwd: Path | None = None,
        credentials: GitCredentials | None = None,
        extra_protocols: Sequence[str] = (),
        input_bytes: bytes | None = None,
        extra_config: Mapping[str, str] | None = None,
        check: bool = True,
    ) -> bytes:
        """Run `git <args>`; return stdout bytes. Raises GitError on a non-zero exit.

        `git_dir` (and `work_tree` for a checkout) name the repository; git then never looks
        for one. Without `git_dir` (init, ls-remote) git runs in Smith's helper folder and may
        not look above it, so no repository around Smith's working folder is ever picked up.
        """
        env = self.base_env()
        if git_dir is not None:
            env["GIT_DIR"] = str(git_dir)
            if work_tree is not None:
                env["GIT_WORK_TREE"] = str(work_tree)
        else:
            self._helper_dir.mkdir(parents=True, exist_ok=True)
            cwd = cwd or self._helper_dir
            env["GIT_CEILING_DIRECTORIES"] = str(Path(cwd).parent)
        if credentials is not None:
            env["GIT_ASKPASS"] = str(_askpass_script(self._helper_dir))
            env["SMITH_GIT_USERNAME"] = credentials.username
            env["SMITH_GIT_PASSWORD"] = credentials.password
        config = self.config_args(extra_protocols)
        for key, value in (extra_config or {}).items():
            config += ["-c", f"{key}={value}"]
        command = [self.executable, "--no-pager", *config, *args]
        process = await asyncio.create_subprocess_exec(
            *command,
            cwd=str(cwd or work_tree or git_dir or self._helper_dir),
            env=env,
            stdin=asyncio.subprocess.PIPE
            if input_bytes is not None
            else asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            stdout, stderr = await asyncio.wait_for(
                process.communicate(input_bytes), self.options.timeout_seconds
            )
        except TimeoutError:
            process.kill()
            await process.wait()
            raise GitError(list(args), -9, "timed out") from None
        if check and process.returncode != 0:
            raise GitError(list(args), process.returncode or 1, stderr.decode(errors="replace"))
        return stdout


def neutralise_attributes(git_dir: Path) -> None:
    """Make the git dir's `info/attributes` override any driver the repository's attributes
    name (the git dir is Smith's; the sealed content is checked before every command)."""
    info = git_dir / "info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "attributes").write_text(NEUTRAL_ATTRIBUTES)


# Entries of a git dir that, if present, would make git read config, objects or commands from
# elsewhere or run programs; Smith never writes them, so they must stay absent.
_MUST_BE_ABSENT = ("hooks", "commondir", "gitdir", "objects/info/alternates", "config.worktree",
                   "info/grafts")


@dataclass(frozen=True)
class GitDirSeal:
    """A fingerprint of what in a git dir could steer git (config, info/attributes, hooks and
    redirections), taken when Smith made it and checked before each command."""

    git_dir: Path
    digest: str

    @classmethod
    def take(cls, git_dir: Path) -> GitDirSeal:
        return cls(git_dir, _fingerprint(git_dir))

    def verify(self) -> None:
        """Raise GitDirChanged unless the git dir still holds exactly what Smith wrote."""
        try:
            now = _fingerprint(self.git_dir)
        except OSError as exc:
            now = f"unreadable: {exc}"
        if now != self.digest:
            raise GitDirChanged(
                ["verify", str(self.git_dir)], 1,
                f"refusing to run git: the run's git dir {self.git_dir} was changed since Smith "
                "created it (config, info/attributes, hooks or alternates); something outside "
                "Smith wrote into it")


def _fingerprint(git_dir: Path) -> str:
    digest = hashlib.sha256()
    top = os.lstat(git_dir)
    if not stat.S_ISDIR(top.st_mode):
        raise OSError(f"{git_dir} is not a folder")
    for rel in ("config", "info/attributes"):
        data = read_beneath(git_dir, rel, max_bytes=1 << 20)
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    for rel in _MUST_BE_ABSENT:
        if lstat_beneath(git_dir, rel) is not None:
            digest.update(b"present:" + rel.encode())
    return digest.hexdigest()
