"""Which repositories Smith works for: the operator's allow- and deny-lists (pure)."""

from __future__ import annotations

from fnmatch import fnmatchcase

from bot.config import AccessSettings
from bot.text.markdown import code_span

NOT_ENABLED = ("Smith is not enabled for {repo} on this installation: {why}. The Smith "
               "operator chooses the repositories it works for (`[access]` in smith.toml).")


def _matches(entry: str, repo: str) -> bool:
    """`acme/web` itself, an owner or group (`acme`, `acme/sub`) holding it, or a glob."""
    entry, repo = entry.strip().strip("/").lower(), repo.lower()
    if not entry:
        return False
    if any(ch in entry for ch in "*?["):
        return fnmatchcase(repo, entry)
    return repo == entry or repo.startswith(entry + "/")


def refusal(access: AccessSettings, repo: str) -> str | None:
    """Why Smith does not work for `repo` (`owner/name`), or None when it does."""
    if any(_matches(entry, repo) for entry in access.deny):
        return "it is on the deny-list"
    if access.allow and not any(_matches(entry, repo) for entry in access.allow):
        return "it is not on the allow-list"
    return None


def not_enabled_text(access: AccessSettings, repo: str) -> str | None:
    """The answer to a summons in a repository Smith does not work for, or None."""
    why = refusal(access, repo)
    return None if why is None else NOT_ENABLED.format(repo=code_span(repo), why=why)
