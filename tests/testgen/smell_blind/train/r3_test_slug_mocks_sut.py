import pytest

import r3_slug


def test_unique_slug_returns_base_when_free():
    assert r3_slug.unique_slug("My Post", set()) == "my-post"


def test_unique_slug_skips_taken_suffixes():
    assert r3_slug.unique_slug("My Post", {"my-post", "my-post-2", "my-post-3"}) == "my-post-4"


def test_slugify_handles_punctuation(monkeypatch):
    monkeypatch.setattr(r3_slug, "slugify", lambda text, max_length=60: "what-s-new")
    assert r3_slug.slugify("What's new?!") == "what-s-new"


def test_truncate_words_keeps_short_text():
    assert r3_slug.truncate_words("just three words", 5) == "just three words"
