import pytest

from r10_slugify import slugify, truncate, word_count


def test_slug_of_a_plain_title():
    assert slugify("Release Notes") == "release-notes"


def test_truncate_rejects_width_smaller_than_ellipsis():
    with pytest.raises(ValueError, match="smaller than the ellipsis"):
        truncate("anything", width=2, ellipsis="...")


def test_blog_post_preview_pipeline():
    title = "  Ten Tips: Writing Better Tests!  "
    slug = slugify(title)
    assert slug == "ten-tips-writing-better-tests"
    assert slugify(title, max_length=12) == "ten-tips"

    body = "Tests are documentation that runs."
    assert truncate(body, width=14) == "Tests are doc…"
    assert truncate(body, width=len(body)) == body

    assert word_count(body) == 5
    assert word_count("   ") == 0
    assert word_count("well-known  fact") == 2
