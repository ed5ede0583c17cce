import pytest
from r4_slugify import slugify, unique_slug


def test_basic_slug():
    assert slugify("Hello, World!") == "hello-world"


def test_accents_are_stripped():
    assert slugify("Crème Brûlée") == "creme-brulee"


def test_long_titles_are_truncated():
    result = slugify("word " * 40, max_len=20)
    if len(result) > 20:  # never true, slugify truncates
        assert False, result


def test_unique_slug_appends_counter():
    assert unique_slug("My Post", {"my-post", "my-post-2"}) == "my-post-3"
