"""Cached setup outputs made to point at the checkout they are restored into.

Setup writes the checkout's own absolute path into what it builds: `pip install -e .` leaves a
`.pth` file or an `__editable__` finder naming the source folder, console scripts start with
`#!<checkout>/.venv/bin/python`, `direct_url.json` names the project. A cache entry restored into
the next run's checkout would still name the first one, which is gone, and every import of the
project would fail. So each entry remembers the folder it was made in, and restoring rewrites
that path to the new checkout's in the small text files that hold it.

The restored tree came from repository code: it is walked without following links, only regular
files are rewritten (never through a link), and binaries and large files are left as they are
(a compiled file's embedded path only names its source for tracebacks).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import structlog

from bot.workspace.safe_fs import UnsafePath, read_beneath, write_beneath

log = structlog.get_logger(__name__)

ORIGIN_FILE = ".origin"
"""The checkout path a cache entry was made in, stored beside its outputs."""
MAX_REWRITTEN_BYTES = 1 << 20


def remember_origin(entry: Path, checkout: Path) -> None:
    (entry / ORIGIN_FILE).write_text(str(checkout), encoding="utf-8")


def origin_of(entry: Path) -> str | None:
    try:
        return (entry / ORIGIN_FILE).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def relocate(checkout: Path, rel: str, old_root: str) -> int:
    """Rewrite `old_root` to `checkout` in the text files under `checkout/rel`; the count of
    files rewritten. A path inside a file is replaced only where it is followed by a separator,
    a quote, whitespace or the end, so `/runs/a/checkout` never rewrites `/runs/a/checkout2`."""
    new_root = str(checkout)
    if old_root == new_root:
        return 0
    old, new = old_root.encode(), new_root.encode()
    top = checkout / rel
    if not top.is_dir() or top.is_symlink():
        return 0
    rewritten = 0
    for folder, dirs, names in os.walk(top):  # os.walk never descends into linked folders
        dirs.sort()
        for name in sorted(names):
            path = Path(folder) / name
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_REWRITTEN_BYTES:
                continue
            relative = path.relative_to(checkout).as_posix()
            try:
                data = read_beneath(checkout, relative, max_bytes=MAX_REWRITTEN_BYTES)
            except (UnsafePath, OSError):
                continue
            if old not in data or b"\0" in data[:8192]:
                continue
            updated = _replace_root(data, old, new)
            if updated != data:
                write_beneath(checkout, relative, updated)
                rewritten += 1
    log.info("setup.cache_relocated", path=rel, files=rewritten)
    return rewritten


_ENDS = frozenset(b"/\\\"' \t\r\n:;,)]}")


def _replace_root(data: bytes, old: bytes, new: bytes) -> bytes:
    out = bytearray()
    start = 0
    while (found := data.find(old, start)) != -1:
        end = found + len(old)
        out += data[start:found]
        out += new if end == len(data) or data[end] in _ENDS else old
        start = end
    out += data[start:]
    return bytes(out)
