import re
import unicodedata

import pytest

from r3_slug import slugify, truncate_words

TITLES = [
    "Hello World",
    "  Multiple   spaces  ",
    "Ünïcödé Títlé",
    "C++ & Rust: a comparison",
]


def reference_slug(text):
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


@pytest.mark.parametrize("title", TITLES)
def test_slugify_matches_reference(title):
    assert slugify(title) == reference_slug(title)


def test_empty_title_gives_empty_slug():
    assert slugify("") == ""


def test_truncate_words_with_custom_ellipsis():
    assert truncate_words("a b c d e", 3, ellipsis="...") == "a b c..."
