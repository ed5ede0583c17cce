import re
import unicodedata


def slugify(text, separator="-"):
    normal = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", normal.lower())
    return separator.join(words)


def truncate(text, limit):
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"
