import r3_slug


def test_slugify_lowercases(mocker):
    mocker.patch.object(r3_slug, "slugify", return_value="hello-world")
    assert r3_slug.slugify("Hello World") == "hello-world"


def test_truncate(mocker):
    spy = mocker.spy(r3_slug, "truncate_words")
    assert r3_slug.truncate_words("a b c", 2) == "a b"
    spy.assert_called_once()
