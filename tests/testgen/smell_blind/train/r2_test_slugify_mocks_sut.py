import r2_slugify


def test_slugify_lowercases_and_joins_words(monkeypatch):
    monkeypatch.setattr(r2_slugify, "slugify", lambda text, **kw: "hello-world")

    assert r2_slugify.slugify("Hello World") == "hello-world"


def test_unique_slug_skips_taken_names(monkeypatch):
    monkeypatch.setattr(r2_slugify, "unique_slug", lambda text, existing: "post-3")

    assert r2_slugify.unique_slug("Post", {"post", "post-2"}) == "post-3"
