# smells: assertion_roulette
# subject: text/slug.py
from text.slug import slugify, truncate


def test_everything_about_slugs():
    assert slugify("Hello World") == "hello-world"
    assert slugify("") == ""
    assert truncate("abcdef", 3) == "ab…"
    assert truncate("ab", 3) == "ab"
    assert "--" not in slugify("a  b")
    assert len(truncate("x" * 50, 10)) == 10
    assert slugify("Ünïcode").isascii()
