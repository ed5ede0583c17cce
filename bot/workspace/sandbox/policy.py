"""Which sandbox kind runs: the operator's choice, strengthened (never weakened) by a repository.

Strength order (weakest first): `none` < `unshare` < `bwrap` < `docker`. `docker` ranks above
`bwrap` because the command sees only the image's filesystem, never a host folder but the
checkout. `auto` picks `bwrap` when it works (docker is opt-in: it needs an image holding the
repositories' toolchains). `unshare` is refused: util-linux cannot build an allow-list root and
drop every capability as reliably as bubblewrap does, so it would be a weaker boundary under
the same name; choosing it fails closed with that reason.
"""

from __future__ import annotations

import os
import subprocess

import structlog

from bot.workspace.sandbox.launchers import HOST_ENV, launchers
from bot.workspace.sandbox.models import SandboxSettings, SandboxUnavailable

log = structlog.get_logger(__name__)

STRENGTH = {"none": 0, "unshare": 1, "bwrap": 2, "docker": 3}
AUTO_ORDER = ("bwrap",)
UNSHARE_REFUSED = (
    "the unshare kind is no longer offered: it cannot drop every capability and build an "
    "allow-list filesystem as reliably as bubblewrap; install bubblewrap (kind bwrap)"
)
_PROBLEMS: dict[tuple[str, int, int], str | None] = {}


def _run(argv: list[str]) -> str | None:
    try:
        done = subprocess.run(argv, capture_output=True, timeout=20, env=HOST_ENV, cwd="/")
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{argv[0]} could not start: {exc}"
    if done.returncode != 0:
        return (done.stderr or done.stdout).decode(errors="replace").strip()[-300:] or "failed"
    return None


def _bwrap_probe(uid: int, gid: int) -> str | None:
    found = launchers()
    if found.bwrap is None:
        return "bubblewrap (bwrap) is not installed"
    argv: list[str] = []
    if os.geteuid() == 0:
        if found.setpriv is None:
            return "setpriv (util-linux) is needed to run bubblewrap without root"
        argv += [found.setpriv, f"--reuid={uid}", f"--regid={gid}", "--clear-groups",
                 "--bounding-set=-all", "--no-new-privs", "--"]
    else:
        uid, gid = os.getuid(), os.getgid()
    argv += [found.bwrap, "--unshare-user", "--uid", str(uid), "--gid", str(gid),
             "--disable-userns", "--unshare-all", "--die-with-parent", "--ro-bind", "/usr", "/usr"]
    for tree in ("/bin", "/lib", "/lib64", "/sbin"):
        if os.path.islink(tree):
            argv += ["--symlink", os.readlink(tree), tree]
        elif os.path.isdir(tree):
            argv += ["--ro-bind", tree, tree]
    argv += ["--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "true"]
    problem = _run(argv)
    return f"bubblewrap cannot start an unprivileged sandbox here: {problem}" if problem else None


def kind_problem(kind: str, uid: int = 65534, gid: int = 65534) -> str | None:
    """Why `kind` cannot run here (None: it works). Probed once per process."""
    key = (kind, uid, gid)
    if key not in _PROBLEMS:
        if kind == "bwrap":
            _PROBLEMS[key] = _bwrap_probe(uid, gid)
        elif kind == "unshare":
            _PROBLEMS[key] = UNSHARE_REFUSED
        elif kind == "docker":
            docker = launchers().docker
            if docker is None:
                _PROBLEMS[key] = "the docker client is not installed"
            else:
                problem = _run([docker, "info"])
                _PROBLEMS[key] = f"docker does not answer: {problem}" if problem else None
        else:
            _PROBLEMS[key] = f"unknown sandbox kind {kind!r}"
    return _PROBLEMS[key]


def kind_works(kind: str) -> bool:
    """Whether a sandbox kind can actually start a process here (cached per process)."""
    return kind_problem(kind) is None


def choose_kind(settings: SandboxSettings, override: str | None) -> str:
    """The operator's kind, or the repository's when it is stronger and works."""
    wanted = settings.kind
    problems: list[str] = []
    chosen: str | None = None
    if wanted == "none":
        if not settings.allow_unsandboxed:
            raise SandboxUnavailable(
                "sandbox kind 'none' requires SMITH_SANDBOX_ALLOW_UNSANDBOXED=true"
            )
        chosen = "none"
    else:
        for candidate in AUTO_ORDER if wanted == "auto" else (wanted,):
            problem = kind_problem(candidate, settings.uid, settings.gid)
            if problem is None:
                chosen = candidate
                break
            problems.append(f"{candidate}: {problem}")
    if override and override != "auto" and override != chosen:
        stronger = STRENGTH.get(override, -1) > STRENGTH.get(chosen or "none", 0)
        problem = kind_problem(override, settings.uid, settings.gid) if stronger else None
        if stronger and problem is None:
            log.info("sandbox.repository_strengthened", operator=chosen, repository=override)
            chosen = override
        else:
            log.warning("sandbox.repository_kind_ignored", operator=chosen or wanted,
                        repository=override, reason=problem or "it would not strengthen it")
    if chosen is None:
        if settings.allow_unsandboxed:
            log.warning("sandbox.unsandboxed", wanted=wanted, problems=problems)
            return "none"
        raise SandboxUnavailable(
            f"no working sandbox ({wanted}): tests will not run. " + "; ".join(problems)
            + ". Install bubblewrap, or explicitly set SMITH_SANDBOX_ALLOW_UNSANDBOXED=true"
        )
    return chosen
