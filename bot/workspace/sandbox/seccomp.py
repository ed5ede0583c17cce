"""A seccomp filter (classic BPF, built by the system's libseccomp) for the bwrap kind.

Denies kernel interfaces test suites never need and that widen the kernel's attack surface:
keyrings, BPF, perf, userfaultfd, io_uring, module loading, kexec, mounting, namespaces,
`ptrace` across processes, handle-based opens. Other architectures' syscalls (32-bit compat)
kill the process. Without libseccomp (`libseccomp2`) the sandbox runs without a filter and says so.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
from functools import lru_cache

import structlog

log = structlog.get_logger(__name__)

DENIED = (
    "add_key", "request_key", "keyctl", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "init_module", "finit_module",
    "delete_module", "kexec_load", "kexec_file_load", "mount", "umount2", "pivot_root",
    "move_mount", "open_tree", "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr",
    "unshare", "setns", "ptrace", "process_vm_writev", "process_vm_readv",
    "open_by_handle_at", "name_to_handle_at", "swapon", "swapoff", "reboot", "acct",
    "quotactl", "lookup_dcookie", "syslog", "vhangup", "settimeofday", "clock_settime",
    "adjtimex", "clock_adjtime", "uselib", "nfsservctl", "iopl", "ioperm",
)
SCMP_ACT_ALLOW = 0x7FFF0000


def _errno_action(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


@lru_cache(maxsize=1)
def filter_bytes() -> bytes | None:
    """The exported BPF program, or None when libseccomp is missing or refuses."""
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError:
        log.warning("sandbox.no_seccomp", reason="libseccomp not installed")
        return None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                     ctypes.c_uint]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
    if not ctx:
        return None
    fd = os.memfd_create("smith-seccomp")
    try:
        for syscall in DENIED:
            number = lib.seccomp_syscall_resolve_name(syscall.encode())
            if number < 0:  # not on this architecture
                continue
            if lib.seccomp_rule_add(ctx, _errno_action(errno.EPERM), number, 0) != 0:
                return None
        if lib.seccomp_export_bpf(ctx, fd) != 0:
            return None
        os.lseek(fd, 0, os.SEEK_SET)
        program = b""
        while chunk := os.read(fd, 65536):
            program += chunk
        return program
    finally:
        os.close(fd)
        lib.seccomp_release(ctx)
