# smells: none
# subject: text/slug.py
from text.slug import slugify, truncate


def test_spaces_become_dashes():
    assert slugify("Hello World") == "hello-world"


def test_accents_are_dropped():
    assert slugify("Crème Brûlée") == "creme-brulee"


def test_slug_is_case_insensitive():
    assert slugify("MiXeD Case") == slugify("mixed case")


def test_custom_separator():
    assert slugify("a b c", separator="_") == "a_b_c"


def test_short_text_is_not_truncated():
    assert truncate("abc", 10) == "abc"


def test_long_text_ends_with_an_ellipsis():
    assert truncate("abcdefghij", 5) == "abcd…"
