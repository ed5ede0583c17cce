import string

from e28d_pages import paginate

LETTERS = list(string.ascii_lowercase[:23])


def test_third_page_start():
    page, size = 3, 5
    result = paginate(LETTERS, page, size)
    assert result["start"] == 10
    assert result["items"] == ["k", "l", "m", "n", "o"]


def test_partial_last_page():
    assert paginate(LETTERS, 1, 5)["pages"] == 5
