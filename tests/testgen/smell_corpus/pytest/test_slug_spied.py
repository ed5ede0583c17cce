# smells: mocks_sut
# subject: text/slug.py
import text.slug as slug


def test_truncate_calls_slugify_never(mocker):
    spy = mocker.spy(slug, "truncate")
    assert slug.truncate("abcdef", 4) == "abc…"
    assert spy.call_count == 1
