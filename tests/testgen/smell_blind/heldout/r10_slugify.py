"""Small text helpers for URLs and previews."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def _ascii_fold(text):
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slugify(text, max_length=60):
    """Lower-case ASCII words joined by hyphens, cut at a hyphen boundary."""
    folded = _ascii_fold(text).lower()
    slug = _NON_WORD.sub("-", folded).strip("-")
    if len(slug) <= max_length:
        return slug
    cut = slug[:max_length]
    if "-" in cut and slug[max_length] != "-":
        cut = cut.rsplit("-", 1)[0]
    return cut.strip("-")


def truncate(text, width, ellipsis="…"):
    """Shorten text to at most `width` characters, ending with the ellipsis."""
    if width < len(ellipsis):
        raise ValueError("width is smaller than the ellipsis")
    if len(text) <= width:
        return text
    return text[: width - len(ellipsis)].rstrip() + ellipsis


def word_count(text):
    """Count words; hyphenated words count once."""
    return len([w for w in re.split(r"\s+", text.strip()) if w])
