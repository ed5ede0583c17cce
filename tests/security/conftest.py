"""Shared by the hostile corpus: the sandbox's PATH and a host folder for markers and canaries."""

from __future__ import annotations

import shutil
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.workspace.sandbox import kind_problem

VENV_BIN = str(Path(sys.executable).parent)
SANDBOX_PATH = f"{VENV_BIN}:/usr/local/bin:/usr/bin:/bin"
NEEDS_BWRAP = pytest.mark.skipif(
    kind_problem("bwrap") is not None, reason=f"bwrap cannot run here: {kind_problem('bwrap')}"
)


@pytest.fixture
def host() -> Iterator[Path]:
    """A folder outside the checkout and outside /tmp (bwrap's tmp is private), where markers
    and canaries live; `secret.txt` holds a canary no sandboxed command may read."""
    folder = Path("/var/tmp") / f"smith-host-{uuid.uuid4().hex[:10]}"
    folder.mkdir(parents=True)
    (folder / "secret.txt").write_text("canary-host-4b1f\n")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
