"""When is a proposed rule a repeat of one that exists? Normalised equality or near-equality.

The miner is told the existing rules, but it is a model: code makes sure a maintainer is never
asked twice about the same sentence, nor about a rule they already rejected.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

REPEAT_RATIO = 0.85
"""difflib ratio at or above which two normalised rules count as the same rule."""

_NON_WORD = re.compile(r"[^\w\s]+")


def normalise_rule(text: str) -> str:
    """Case, accents' forms, punctuation and whitespace do not make a rule new."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_NON_WORD.sub(" ", text).split())


def is_repeat(text: str, existing: Iterable[str], *, ratio: float = REPEAT_RATIO) -> str | None:
    """The existing rule `text` repeats, or None."""
    wanted = normalise_rule(text)
    for other in existing:
        normal = normalise_rule(other)
        if normal == wanted or SequenceMatcher(None, wanted, normal).ratio() >= ratio:
            return other
    return None
