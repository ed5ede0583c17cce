"""What the webhook builders share: the real payloads' folder, a fixture loader, stable ids."""

from __future__ import annotations

import copy
import functools
import json
import os
import zlib
from pathlib import Path
from typing import Any

Headers = dict[str, str]
Delivery = tuple[Headers, bytes]

_ROOT = Path(__file__).resolve().parents[3]


def fixtures_dir() -> Path:
    """Where the real webhook payloads live."""
    candidates = [
        Path(os.environ["SMITH_FIXTURES_DIR"]) if os.environ.get("SMITH_FIXTURES_DIR") else None,
        _ROOT / "tests" / "fixtures",
        _ROOT.parent / "shared" / "fixtures",
    ]
    for candidate in candidates:
        if candidate is not None and (candidate / "github" / "issues.labeled.json").is_file():
            return candidate
    raise FileNotFoundError("webhook fixtures not found; set SMITH_FIXTURES_DIR")


@functools.cache
def load(name: str) -> dict[str, Any]:
    return json.loads((fixtures_dir() / name).read_text(encoding="utf-8"))


def fixture(name: str) -> dict[str, Any]:
    """A fresh copy of one fixture payload, e.g. `fixture("github/issues.labeled.json")`."""
    return copy.deepcopy(load(name))


def user_id(login: str) -> int:
    return zlib.crc32(login.encode()) % 90_000_000 + 1_000_000
