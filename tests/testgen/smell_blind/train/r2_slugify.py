"""Turn arbitrary titles into URL slugs."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text, max_length=50, separator="-"):
    normalized = unicodedata.normalize("NFKD", text)
    ascii_text = normalized.encode("ascii", "ignore").decode("ascii").lower()
    slug = _NON_WORD.sub(separator, ascii_text).strip(separator)
    if len(slug) > max_length:
        slug = slug[:max_length].rstrip(separator)
    return slug


def unique_slug(text, existing):
    base = slugify(text)
    candidate = base
    n = 2
    while candidate in existing:
        candidate = f"{base}-{n}"
        n += 1
    return candidate
