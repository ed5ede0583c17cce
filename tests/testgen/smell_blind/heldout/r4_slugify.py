import re
import unicodedata


def slugify(text, max_len=50, sep="-"):
    if not isinstance(text, str):
        raise TypeError("slugify expects a str")
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    norm = re.sub(r"[^a-zA-Z0-9]+", sep, norm).strip(sep).lower()
    return norm[:max_len].rstrip(sep)


def unique_slug(text, taken):
    base = slugify(text)
    slug, n = base, 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    return slug
