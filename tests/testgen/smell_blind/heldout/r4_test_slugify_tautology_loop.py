import re
import unicodedata

from r4_slugify import slugify


def test_lowercases():
    assert slugify("ABC") == "abc"


def test_many_titles_match_reference():
    titles = ["Hello World", "Ünïcödé Title", "a--b", "Trailing!!!"]
    for title in titles:
        expected = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
        expected = re.sub(r"[^a-zA-Z0-9]+", "-", expected).strip("-").lower()[:50]
        assert slugify(title) == expected
