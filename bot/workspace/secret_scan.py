"""Finds Smith's own secrets in text that left the sandbox (output, reports, files tests wrote).

Anything a repository's code or an agent-written test prints may reach the model, the forge or a
commit; a secret found there stops the run. Each secret is looked for raw, base64-encoded (the
three alignments, so an encoded secret inside a longer blob is found too), hex-encoded, and — for
multi-line values such as a PEM key — line by line, so a key printed in part is still found.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from functools import lru_cache

MIN_LINE_LENGTH = 16
"""Lines of a multi-line secret shorter than this (PEM armour, blank lines) are not secret."""
MIN_SECRET_LENGTH = 8
"""Shorter values (a toy webhook secret) would match ordinary output; they are not looked for."""
_ARMOUR_PREFIX = "-----"


def _base64_forms(value: bytes) -> list[str]:
    """Substrings every base64 encoding of `value` contains, whatever bytes surround it."""
    forms: list[str] = []
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + value).decode()
        # Keep only the characters whose six bits all come from `value`: the first ones also
        # carry bits of the bytes before it, the last ones bits of the bytes after it.
        start = (4 * shift + 2) // 3
        end = (8 * (shift + len(value))) // 6
        if end - start >= MIN_LINE_LENGTH:
            forms.append(encoded[start:end])
    return forms


@lru_cache(maxsize=64)
def needles(secret: str) -> tuple[str, ...]:
    """Every string whose presence in output means `secret` leaked (cached: secrets are few)."""
    secret = secret.strip()
    if len(secret) < MIN_SECRET_LENGTH:
        return ()
    found: list[str] = [secret]
    lines = [line.strip() for line in secret.splitlines()]
    if len(lines) > 1:
        found += [
            line for line in lines
            if len(line) >= MIN_LINE_LENGTH and not line.startswith(_ARMOUR_PREFIX)
        ]
    raw = secret.encode()
    if len(raw) >= MIN_LINE_LENGTH // 2:
        found += _base64_forms(raw)
        found.append(raw.hex())
    return tuple(dict.fromkeys(found))


def find_secret(text: str, secrets: Iterable[str]) -> bool:
    """Whether `text` holds any of `secrets` (raw, base64, hex, or one line of a multi-line one).

    Never says which: callers report a leak without echoing the secret.
    """
    if not text:
        return False
    lowered: str | None = None
    for secret in secrets:
        for needle in needles(secret):
            if needle in text:
                return True
            if all(c in "0123456789abcdef" for c in needle):  # hex may be printed upper-case
                lowered = lowered if lowered is not None else text.lower()
                if needle in lowered:
                    return True
    return False
