"""Simple word statistics for the editor sidebar."""
import re
from collections import Counter

WORD_RE = re.compile(r"[a-z']+")
STOPWORDS = frozenset({"the", "a", "an", "and", "of", "to", "in"})


def words(text: str) -> list:
    return WORD_RE.findall(text.lower())


def word_count(text: str) -> int:
    return len(words(text))


def top_words(text: str, n: int = 3) -> list:
    counts = Counter(w for w in words(text) if w not in STOPWORDS)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def reading_time_minutes(text: str, wpm: int = 200) -> int:
    return max(1, -(-word_count(text) // wpm))
