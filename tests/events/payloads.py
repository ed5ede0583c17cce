"""Where the published webhook payloads live, and how a test names the header each one came with.

The fixtures are third-party data kept next to the repository (`../shared/fixtures`, see its
SOURCES.md); `SMITH_FIXTURES_DIR` points elsewhere when the layout differs (CI).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parents[2]
# Files in the fixture folders that are API descriptions, not webhook payloads.
NOT_PAYLOADS = {"openapi-subset.json", "api-subset.json"}

# GitLab sends the hook name in X-Gitlab-Event; the body names the same thing as object_kind.
GITLAB_HEADER_BY_OBJECT_KIND = {
    "issue": "Issue Hook",
    "work_item": "Issue Hook",
    "note": "Note Hook",
    "merge_request": "Merge Request Hook",
    "emoji": "Emoji Hook",
    "push": "Push Hook",
    "tag_push": "Tag Push Hook",
    "pipeline": "Pipeline Hook",
    "build": "Job Hook",
    "wiki_page": "Wiki Page Hook",
    "deployment": "Deployment Hook",
    "release": "Release Hook",
    "feature_flag": "Feature Flag Hook",
}


def fixtures_dir() -> Path:
    """The folder holding `github/` and `gitlab/`; a missing folder fails loudly, never skips."""
    configured = os.environ.get("SMITH_FIXTURES_DIR")
    candidates = [Path(configured)] if configured else []
    candidates += [_REPO_ROOT / "tests" / "fixtures", _REPO_ROOT.parent / "shared" / "fixtures"]
    for candidate in candidates:
        if (candidate / "github").is_dir() and (candidate / "gitlab").is_dir():
            return candidate
    raise FileNotFoundError(
        "webhook fixtures not found; set SMITH_FIXTURES_DIR (looked in "
        + ", ".join(str(c) for c in candidates)
        + ")"
    )


def payload_files(forge: str) -> list[Path]:
    """Every webhook payload of one forge, so a fixture added later is tested too."""
    folder = fixtures_dir() / forge
    return sorted(p for p in folder.glob("*.json") if p.name not in NOT_PAYLOADS)


def load(forge: str, name: str) -> dict[str, Any]:
    """A fresh copy of one fixture, safe to mutate for a variant."""
    data = json.loads((fixtures_dir() / forge / name).read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def github_event_name(path: Path) -> str:
    """`issues.labeled.json` was delivered with `X-GitHub-Event: issues`."""
    return path.name.split(".", 1)[0]


def gitlab_header(payload: dict[str, Any]) -> str:
    return GITLAB_HEADER_BY_OBJECT_KIND[payload["object_kind"]]
