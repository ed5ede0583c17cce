import pytest

from r6_slugify import slugify


def test_truncation_never_leaves_a_trailing_separator():
    slug = slugify("one two three four", max_length=8)

    assert slug == "one-two"
    assert len(slug) <= 8
    assert not slug.endswith("-")


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Hello World", "hello-world"),
        ("Crème brûlée", "creme-brulee"),
        ("  padded  ", "padded"),
        ("C++ & Rust", "c-rust"),
    ],
)
def test_slug_examples(title, expected):
    assert slugify(title) == expected


def test_non_string_input_is_a_type_error():
    with pytest.raises(TypeError, match="expects a str"):
        slugify(42)
