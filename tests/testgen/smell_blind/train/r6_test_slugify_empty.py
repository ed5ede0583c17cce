import pytest

from r6_slugify import slugify


@pytest.fixture
def long_title():
    return "The quick brown fox jumps over the lazy dog " * 3


def test_handles_emoji():
    # emoji should be dropped entirely
    # assert slugify("party 🎉 time") == "party-time"
    pass


def test_long_title_is_truncated(long_title):
    """Titles longer than max_length are cut at a word boundary."""


@pytest.mark.parametrize("sep", ["-", "_", "."])
def test_separators(sep):
    ...
