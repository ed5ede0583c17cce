import pytest

from text_slug import slugify, unique_slug


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Hello World", "hello-world"),
        ("  Spaces  everywhere ", "spaces-everywhere"),
        ("Crème Brûlée Recipe", "creme-brulee-recipe"),
        ("What's new in 3.12?", "what-s-new-in-3-12"),
        ("!!!", ""),
    ],
)
def test_slugify(title, expected):
    assert slugify(title) == expected


@pytest.mark.parametrize(
    "max_length, expected",
    [(10, "the-quick"), (12, "the-quick-br"), (100, "the-quick-brown-fox")],
)
def test_truncation_never_leaves_trailing_dash(max_length, expected):
    assert slugify("The Quick Brown Fox", max_length=max_length) == expected


def test_unique_slug_skips_taken_suffixes():
    taken = {"release-notes", "release-notes-2"}
    assert unique_slug("Release Notes", taken) == "release-notes-3"
