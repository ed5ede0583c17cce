import re
import unicodedata

import pytest

from r6_slugify import slugify


@pytest.mark.parametrize("title", ["Hello World", "Crème brûlée!", "  many   spaces  "])
def test_slugify_matches_normalisation(title):
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    expected = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    assert slugify(title) == expected


def test_slugify_is_stable():
    assert slugify("Release Notes 2.0") == slugify("Release Notes 2.0")


def test_custom_separator():
    assert slugify("a b c", separator="_") == slugify("a b c").replace("-", "_")
