import pytest

from r3_slug import slugify, truncate_words, unique_slug


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Hello World", "hello-world"),
        ("  Multiple   spaces  ", "multiple-spaces"),
        ("Ünïcödé Títlé", "unicode-title"),
        ("C++ & Rust: a comparison", "c-rust-a-comparison"),
        ("2024 Year in Review", "2024-year-in-review"),
        ("!!!", ""),
    ],
)
def test_slugify(title, expected):
    assert slugify(title) == expected


def test_slugify_cuts_long_titles_on_word_boundary():
    assert slugify("alpha beta gamma delta", max_length=14) == "alpha-beta"


@pytest.mark.parametrize(
    "taken, expected",
    [
        (set(), "post"),
        ({"post"}, "post-2"),
        ({"post", "post-2", "post-3"}, "post-4"),
        ({"post-2"}, "post"),
    ],
)
def test_unique_slug(taken, expected):
    assert unique_slug("Post", taken) == expected


@pytest.mark.parametrize(
    "text, limit, expected",
    [
        ("one two three", 5, "one two three"),
        ("one two three", 2, "one two…"),
        ("  spaced   out  words ", 2, "spaced out…"),
    ],
)
def test_truncate_words(text, limit, expected):
    assert truncate_words(text, limit) == expected
