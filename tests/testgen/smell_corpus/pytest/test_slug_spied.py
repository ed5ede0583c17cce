# smells: none
# (issue #28 item 6: a spy calls through to the real truncate and replaces nothing;
# mocking the subject is replacing what the test claims to test)
# subject: text/slug.py
import text.slug as slug


def test_truncate_calls_slugify_never(mocker):
    spy = mocker.spy(slug, "truncate")
    assert slug.truncate("abcdef", 4) == "abc…"
    assert spy.call_count == 1
