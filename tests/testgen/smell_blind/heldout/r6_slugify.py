"""URL slugs from arbitrary titles."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text, max_length=50, separator="-"):
    if not isinstance(text, str):
        raise TypeError("slugify() expects a str")
    normalized = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _NON_WORD.sub(separator, normalized.lower()).strip(separator)
    if len(slug) > max_length:
        slug = slug[:max_length].rstrip(separator)
    return slug
