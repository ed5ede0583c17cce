"""What Smith may say in public: issue and change-request comments never carry host details.

Issues on public repositories are read by anyone. Exception texts, git's stderr and the paths of
Smith's data folder, checkouts, caches and home tell an attacker how the host is laid out, so
every comment goes through `scrub_host_details` before it is posted: the checkout becomes the
repository root, Smith's own folders a placeholder. Details stay in the log and the dashboard,
under the run id the comment names.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

DATA_PLACEHOLDER = "<smith-data>"
HOME_PLACEHOLDER = "~"
TMP_PLACEHOLDER = "<tmp>"
# Temporary folders (run scratch, reports, tools under /tmp): what follows is host detail.
_TMP_PATH = re.compile(r"(?<![\w.~-])/(?:var/)?tmp/[^\s'\"`)\]:,]+")


def _forms(path: Path | str | None) -> list[str]:
    if path is None or not str(path):
        return []
    text = str(path).rstrip("/")
    forms = {text, os.path.realpath(text)}
    return sorted((f for f in forms if f and f != "/"), key=len, reverse=True)


def scrub_host_details(
    text: str,
    *,
    checkouts: Iterable[Path | str | None] = (),
    data_dirs: Iterable[Path | str | None] = (),
    home: Path | str | None = None,
) -> str:
    """`text` with host paths replaced: a checkout's prefix is dropped (paths become
    repository-relative), Smith's data folders and temporary folders become placeholders, the
    home folder `~`."""
    for checkout in checkouts:
        for form in _forms(checkout):
            text = text.replace(form + "/", "").replace(form, ".")
    for data in data_dirs:
        for form in _forms(data):
            text = text.replace(form, DATA_PLACEHOLDER)
    text = _TMP_PATH.sub(TMP_PLACEHOLDER, text)
    for form in _forms(home if home is not None else Path.home()):
        text = re.sub(re.escape(form) + r"(?=/|\b)", HOME_PLACEHOLDER, text)
    return text
