"""Command lines of each sandbox kind (pure: built here, started by `core`, checked by tests).

bwrap, as root: `setpriv` drops to the sandbox uid/gid (no groups, empty bounding set,
no_new_privs) *before* bubblewrap starts, so bubblewrap runs unprivileged and the command's
host uid is the sandbox uid, never 0. Bubblewrap then makes a user namespace (nested ones
disabled), new PID/IPC/UTS/cgroup (and, unless setup, network) namespaces, a fresh `/proc`,
drops every capability, clears the environment and sets only the sandbox's, and applies the
seccomp filter. Sources an unprivileged uid could not reach (a checkout under a 0700 folder,
a toolchain under /root) are first bind-mounted by Smith, as root, onto a world-traversable
staging folder in a private mount namespace of the launcher (see `stage_mounts`).
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.workspace.sandbox.fsview import View

MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
CLONE_NEWNS = 0x00020000
_LIBC = ctypes.CDLL(None, use_errno=True)


@dataclass
class Launch:
    """Everything needed to start one sandboxed command."""

    argv: list[str]
    fds: dict[str, bytes] = field(default_factory=dict)
    """Data handed over as inherited file descriptors; `{fd:name}` in argv is replaced."""
    stages: list[tuple[str, str]] = field(default_factory=list)
    """(host source, staging path) bind-mounted by the launcher before exec (root only)."""
    env_file: str | None = None


def _valid_env(env: Mapping[str, str]) -> dict[str, str]:
    return {
        k: v for k, v in env.items()
        if k and "=" not in k and "\0" not in k and "\0" not in v
    }


def bwrap_argv(
    *,
    bwrap: str,
    setpriv: str | None,
    command: str,
    cwd: str,
    env: Mapping[str, str],
    view: View,
    uid: int,
    gid: int,
    network: bool,
    as_root: bool,
    stage_dir: str | None,
    with_seccomp: bool,
) -> Launch:
    launch = Launch(argv=[])
    if as_root:
        if setpriv is None:
            raise RuntimeError("setpriv is needed to drop root before bubblewrap")
        launch.argv += [
            setpriv, f"--reuid={uid}", f"--regid={gid}", "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
        ]
    argv = launch.argv
    argv += [
        bwrap, "--unshare-user", "--uid", str(uid), "--gid", str(gid), "--disable-userns",
        "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
        "--die-with-parent", "--new-session", "--hostname", "sandbox",
    ]
    if not network:
        argv.append("--unshare-net")
    argv.append("--clearenv")
    for key, value in _valid_env(env).items():
        argv += ["--setenv", key, value]
    for target, link in view.symlinks:
        argv += ["--symlink", target, link]
    # /proc and /dev first: a bind under /dev (a data dir on /dev/shm) made before them
    # would be hidden by the fresh /dev.
    argv += ["--proc", "/proc", "--dev", "/dev"]
    binds = [*view.binds]
    for index, bind in enumerate(binds):
        source = bind.source
        if stage_dir is not None:
            source = os.path.join(stage_dir, str(index))
            launch.stages.append((bind.source, source))
        argv += ["--bind" if bind.writable else "--ro-bind", source, bind.dest]
    argv += ["--ro-bind-data", "{fd:passwd}", "/etc/passwd"]
    argv += ["--ro-bind-data", "{fd:group}", "/etc/group"]
    argv += ["--remount-ro", "/"]  # bubblewrap's own root tmpfs: nothing new at the top level
    if with_seccomp:
        argv += ["--seccomp", "{fd:seccomp}"]
    argv += ["--chdir", cwd, "--", "/bin/sh", "-c", command]
    return launch


def docker_argv(
    *,
    docker: str,
    image: str,
    command: str,
    cwd: str,
    writable: Sequence[str],
    env_file: str,
    uid: int,
    gid: int,
    network: bool,
    max_processes: int,
    max_memory: int,
    max_file_bytes: int,
    max_open_files: int,
    tmp_bytes: int,
) -> list[str]:
    """`docker run` with no network, a read-only image, no capabilities and an unprivileged user.

    The environment goes through `--env-file` (a file Smith writes), never through the client's
    own environment, so nothing the repository sets reaches the docker client process.
    """
    argv = [
        docker, "run", "--rm", "--init", "--network", "bridge" if network else "none",
        "--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
        "--pids-limit", str(max_processes), "--memory", str(max_memory),
        "--memory-swap", str(max_memory), "--user", f"{uid}:{gid}",
        "--ulimit", f"nofile={max_open_files}:{max_open_files}",
        "--ulimit", f"fsize={max_file_bytes}:{max_file_bytes}", "--ulimit", "core=0:0",
        "--tmpfs", f"/tmp:rw,nosuid,nodev,size={tmp_bytes},mode=1777",
        "--env-file", env_file, "-w", cwd,
    ]
    for path in dict.fromkeys((cwd, *writable)):
        argv += ["--mount", f"type=bind,source={path},target={path}"]
    return [*argv, image, "/bin/sh", "-c", command]


def stage_mounts(stages: Sequence[tuple[str, str]]) -> None:
    """In the launcher (as root, between fork and exec): a private mount namespace in which
    each source is bind-mounted on its staging path, which any uid can traverse."""
    if not stages:
        return
    if _LIBC.unshare(CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNS) failed")
    if _LIBC.mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        raise OSError(ctypes.get_errno(), "making / private failed")
    for source, target in stages:
        if _LIBC.mount(source.encode(), target.encode(), None, MS_BIND | MS_REC, None) != 0:
            raise OSError(ctypes.get_errno(), f"staging {source} failed")
