import pytest

from r2_slugify import slugify, unique_slug


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Hello World", "hello-world"),
        ("  Leading and trailing  ", "leading-and-trailing"),
        ("Crème Brûlée", "creme-brulee"),
        ("C++ & Rust: a comparison!", "c-rust-a-comparison"),
        ("already-a-slug", "already-a-slug"),
        ("", ""),
    ],
)
def test_slugify(title, expected):
    assert slugify(title) == expected


def test_truncation_does_not_leave_a_trailing_separator():
    assert slugify("alpha beta gamma", max_length=11) == "alpha-beta"


def test_unique_slug_picks_next_free_suffix():
    assert unique_slug("Hello World", {"hello-world", "hello-world-2"}) == "hello-world-3"
