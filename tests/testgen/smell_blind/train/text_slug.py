"""URL slugs for article titles."""
import re
import unicodedata

MAX_LENGTH = 60


def slugify(text: str, max_length: int = MAX_LENGTH) -> str:
    normalized = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    dashed = re.sub(r"[^a-z0-9]+", "-", normalized.lower()).strip("-")
    if len(dashed) <= max_length:
        return dashed
    return dashed[:max_length].rstrip("-")


def unique_slug(text: str, taken: set) -> str:
    base = slugify(text)
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}-{n}"
        n += 1
    return candidate
