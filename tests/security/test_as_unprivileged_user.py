"""The hostile corpus again, with Smith itself running as an unprivileged user.

Most first installs run Smith as root (the Docker image, a quick `pip install` on a server), and
the rest of this folder runs as whoever runs the suite: as root in CI. This test re-runs the
corpus as uid 65534 so both halves of the promise are proven in the same CI run: the sandbox
holds without root's powers too (user namespaces, rlimits instead of cgroups).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534
SYSTEM_PYTHON = Path("/usr/bin/python3")


def _readable_by_everyone(path: Path) -> bool:
    """Every folder on the way is traversable and the path readable by others."""
    for part in [path, *path.parents]:
        try:
            mode = part.stat().st_mode
        except OSError:
            return False
        if not mode & 0o001 and part.is_dir():
            return False
    return bool(path.stat().st_mode & 0o004)


def _why_not() -> str | None:
    if os.geteuid() != 0:
        return "already unprivileged: the rest of tests/security ran as this user"
    if shutil.which("setpriv") is None:
        return "setpriv (util-linux) is not installed"
    if not SYSTEM_PYTHON.exists():
        return "no system python3 to run the suite as another user"
    version = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info[:2])"],
                             capture_output=True, text=True).stdout.strip()
    if version != str(tuple(sys.version_info[:2])):
        return f"the system python is {version}, the suite's {sys.version_info[:2]}"
    site = Path(sysconfig.get_paths()["purelib"])
    for needed in (ROOT / "bot" / "__init__.py", site / "pytest" / "__init__.py"):
        if not _readable_by_everyone(needed):
            return f"{needed} is not readable by an unprivileged user"
    return None


@pytest.mark.slow
@pytest.mark.skipif(_why_not() is not None, reason=str(_why_not()))
def test_the_hostile_corpus_holds_when_smith_is_not_root() -> None:
    # Not pytest's tmp_path: its parents are private to root.
    home = Path(tempfile.mkdtemp(prefix="smith-nobody-"))
    os.chown(home, NOBODY, NOBODY)
    try:
        _run_as_nobody(home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _run_as_nobody(home: Path) -> None:
    site = sysconfig.get_paths()["purelib"]
    env = {
        "HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
        "PYTHONPATH": f"{site}:{ROOT}", "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": str(home),
    }
    run = subprocess.run(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
         str(SYSTEM_PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "--basetemp", str(home / "pytest"), "tests/security/test_sandbox_escapes.py",
         "tests/security/test_host_side_hostility.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
