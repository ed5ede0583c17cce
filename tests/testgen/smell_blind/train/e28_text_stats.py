"""Word statistics for the editor's sidebar."""

import re
from collections import Counter

WORD = re.compile(r"[a-z']+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def word_count(text: str) -> int:
    return len(words(text))


def top_words(text: str, n: int = 3) -> list[tuple[str, int]]:
    """The `n` most frequent words, ties in order of first appearance."""
    return Counter(words(text)).most_common(n)
