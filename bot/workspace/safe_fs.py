"""Contained file access for host-side code in folders that sandboxed code could write.

A checkout, a JUnit report folder or a dependency-cache copy may hold links planted by a
repository or an agent-written test, and may change between any two host-side operations. So
every path here is walked one component at a time from an already opened folder
(`os.open(..., dir_fd=...)`) with `O_NOFOLLOW`: a link anywhere on the way is refused, never
followed, and no other process can swap a folder for a link between our check and our use.
Links are copied as links; removal deletes a link itself, never what it points at.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
_COPY_CHUNK = 1 << 20


class UnsafePath(OSError):
    """A path that is absolute, climbs out with `..`, or passes through a link."""


class FileTooLarge(OSError):
    """A file is larger than the caller's cap."""


def rel_parts(rel: str | PurePosixPath) -> tuple[str, ...]:
    """A repository-relative path as components; refuses absolute paths, `..` and NUL."""
    text = str(rel)
    if "\0" in text:
        raise UnsafePath(f"path contains a NUL byte: {text!r}")
    pure = PurePosixPath(text)
    if pure.is_absolute():
        raise UnsafePath(f"absolute path refused: {text!r}")
    parts = tuple(p for p in pure.parts if p != ".")
    if ".." in parts:
        raise UnsafePath(f"`..` refused: {text!r}")
    return parts


def _refusal(exc: OSError, where: str) -> OSError:
    """ELOOP/ENOTDIR from an O_NOFOLLOW open mean a link (or a file) stood where a folder or a
    file was expected: say so; other errors pass through unchanged."""
    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return UnsafePath(f"{where} is a link or not a folder; refusing to follow it")
    return exc


def open_root(root: Path) -> int:
    """Open the top folder as a directory fd. It is trusted (Smith made it, outside anything a
    sandbox may write), so links in its own path are fine; below it, none is followed."""
    try:
        return os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise _refusal(exc, str(root)) from None


def _walk(root_fd: int, parts: tuple[str, ...], *, create: bool, mode: int = 0o755) -> int:
    """fd of the folder `parts` beneath `root_fd`, every component opened with O_NOFOLLOW."""
    fd = os.dup(root_fd)
    for index, name in enumerate(parts):
        try:
            try:
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(name, mode, dir_fd=fd)
                except FileExistsError:
                    pass
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
        except OSError as exc:
            os.close(fd)
            raise _refusal(exc, "/".join(parts[: index + 1])) from None
        os.close(fd)
        fd = child
    return fd


@contextmanager
def parent_dir(root: Path, rel: str, *, create: bool = False) -> Iterator[tuple[int, str]]:
    """(fd of the folder holding `rel`, `rel`'s last name); the fd is closed afterwards."""
    parts = rel_parts(rel)
    if not parts:
        raise UnsafePath(f"a path inside {root} is required, not the folder itself")
    root_fd = open_root(root)
    try:
        fd = _walk(root_fd, parts[:-1], create=create)
    finally:
        os.close(root_fd)
    try:
        yield fd, parts[-1]
    finally:
        os.close(fd)


@contextmanager
def opened_dir(root: Path, rel: str = ".", *, create: bool = False) -> Iterator[int]:
    """fd of the folder `rel` beneath `root` (links refused), closed afterwards."""
    root_fd = open_root(root)
    try:
        fd = _walk(root_fd, rel_parts(rel), create=create)
    finally:
        os.close(root_fd)
    try:
        yield fd
    finally:
        os.close(fd)


def lstat_beneath(root: Path, rel: str) -> os.stat_result | None:
    """The entry's own metadata (a link is reported as a link); None when absent."""
    try:
        with parent_dir(root, rel) as (fd, name):
            return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def open_beneath(
    root: Path, rel: str, flags: int = os.O_RDONLY, mode: int = 0o644, *,
    create_parents: bool = False,
) -> int:
    """An fd for `rel` beneath `root`; no component (the last included) may be a link."""
    with parent_dir(root, rel, create=create_parents) as (fd, name):
        try:
            return os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=fd)
        except OSError as exc:
            raise _refusal(exc, rel) from None


def _read_regular(fd: int, where: str, max_bytes: int | None) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise UnsafePath(f"{where} is not a regular file")
    if max_bytes is not None and info.st_size > max_bytes:
        raise FileTooLarge(f"{where} is larger than {max_bytes} bytes")
    chunks, total = [], 0
    while True:
        chunk = os.read(fd, _COPY_CHUNK)
        if not chunk:
            break
        total += len(chunk)
        if max_bytes is not None and total > max_bytes:  # grew after fstat
            raise FileTooLarge(f"{where} is larger than {max_bytes} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def read_beneath(
    root: Path, rel: str, *, max_bytes: int | None = None, single_link: bool = False
) -> bytes:
    """Bytes of the regular file `rel` beneath `root`. Links, FIFOs and devices are refused;
    with `single_link`, so is a file with other hard links (it might be another file's alias)."""
    fd = open_beneath(root, rel, _READ_FLAGS)
    try:
        if single_link and os.fstat(fd).st_nlink > 1:
            raise UnsafePath(f"{rel} has other hard links; refusing to read it")
        return _read_regular(fd, rel, max_bytes)
    finally:
        os.close(fd)


def write_beneath(
    root: Path, rel: str, data: bytes, *, create_parents: bool = True, mode: int | None = None
) -> None:
    """Replace `rel` with `data`: written to a new file and renamed over the old entry, so
    neither a link nor a hard link at `rel` is ever written through. Keeps an old file's mode."""
    with parent_dir(root, rel, create=create_parents) as (fd, name):
        old = _lstat_at(fd, name)
        if old is not None and stat.S_ISDIR(old.st_mode):
            raise IsADirectoryError(f"{rel} is a folder")
        if mode is None:
            mode = stat.S_IMODE(old.st_mode) & 0o777 if old is not None and \
                stat.S_ISREG(old.st_mode) else 0o644
        temp = f".{name}.smith-{os.getpid()}-{os.urandom(4).hex()}"
        out = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                      mode, dir_fd=fd)
        replaced = False
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(out, view):]
                os.fchmod(out, mode)
            finally:
                os.close(out)
            os.replace(temp, name, src_dir_fd=fd, dst_dir_fd=fd)
            replaced = True
        finally:
            if not replaced:  # the half-written temporary file never stays behind
                with contextlib.suppress(OSError):
                    os.unlink(temp, dir_fd=fd)


def _lstat_at(fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def remove_beneath(root: Path, rel: str, *, missing_ok: bool = True) -> bool:
    """Remove `rel` beneath `root`: a link or file is unlinked (never its target), a real folder
    is removed with everything in it, fd-relative (`shutil.rmtree` never follows links inside).
    Returns whether something was removed."""
    try:
        with parent_dir(root, rel) as (fd, name):
            info = _lstat_at(fd, name)
            if info is None:
                if missing_ok:
                    return False
                raise FileNotFoundError(rel)
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(name, dir_fd=fd)
            else:
                os.unlink(name, dir_fd=fd)
            return True
    except FileNotFoundError:
        if missing_ok:
            return False
        raise


def symlink_beneath(root: Path, rel: str, target: str) -> None:
    """Make `rel` a link with the text `target` (replacing a file or link there; never
    following one). The link is only ever read by code inside the sandbox."""
    with parent_dir(root, rel, create=True) as (fd, name):
        old = _lstat_at(fd, name)
        if old is not None:
            if stat.S_ISDIR(old.st_mode):
                raise IsADirectoryError(f"{rel} is a folder")
            os.unlink(name, dir_fd=fd)
        os.symlink(target, name, dir_fd=fd)


def copytree_nofollow(src_root: Path, src_rel: str, dst_root: Path, dst_rel: str) -> None:
    """Copy `src_rel` (file, link or folder) beneath `src_root` to `dst_rel` beneath `dst_root`.

    Links are recreated as links with the same text (never dereferenced, wherever they point);
    regular files are copied byte by byte with their mode (no set-id bits) and times; FIFOs,
    sockets and devices are skipped. The destination must not exist yet."""
    with parent_dir(src_root, src_rel) as (src_parent, src_name), \
            parent_dir(dst_root, dst_rel, create=True) as (dst_parent, dst_name):
        _copy_entry(src_parent, src_name, dst_parent, dst_name)


def _copy_entry(src_dir: int, src_name: str, dst_dir: int, dst_name: str) -> None:
    info = os.stat(src_name, dir_fd=src_dir, follow_symlinks=False)
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(src_name, dir_fd=src_dir), dst_name, dir_fd=dst_dir)
    elif stat.S_ISDIR(info.st_mode):
        try:
            src_fd = os.open(src_name, _DIR_FLAGS, dir_fd=src_dir)
        except OSError as exc:
            raise _refusal(exc, src_name) from None
        try:
            os.mkdir(dst_name, 0o700, dir_fd=dst_dir)
            dst_fd = os.open(dst_name, _DIR_FLAGS, dir_fd=dst_dir)
            try:
                with os.scandir(src_fd) as entries:
                    names = [entry.name for entry in entries]
                for name in names:
                    _copy_entry(src_fd, name, dst_fd, name)
                os.fchmod(dst_fd, stat.S_IMODE(info.st_mode) & 0o777 | 0o700)
                os.utime(dst_fd, ns=(info.st_atime_ns, info.st_mtime_ns))
            finally:
                os.close(dst_fd)
        finally:
            os.close(src_fd)
    elif stat.S_ISREG(info.st_mode):
        try:
            src_fd = os.open(src_name, _READ_FLAGS, dir_fd=src_dir)
        except OSError as exc:
            raise _refusal(exc, src_name) from None
        try:
            opened = os.fstat(src_fd)
            if not stat.S_ISREG(opened.st_mode):  # swapped since the lstat
                raise UnsafePath(f"{src_name} changed while being copied")
            mode = stat.S_IMODE(opened.st_mode) & 0o777
            dst_fd = os.open(dst_name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                             | os.O_CLOEXEC, mode | 0o600, dir_fd=dst_dir)
            try:
                while True:
                    chunk = os.read(src_fd, _COPY_CHUNK)
                    if not chunk:
                        break
                    view = memoryview(chunk)
                    while view:
                        view = view[os.write(dst_fd, view):]
                os.fchmod(dst_fd, mode)
                os.utime(dst_fd, ns=(opened.st_atime_ns, opened.st_mtime_ns))
            finally:
                os.close(dst_fd)
        finally:
            os.close(src_fd)
    # FIFOs, sockets, devices: nothing a dependency folder needs, and unsafe to open.
