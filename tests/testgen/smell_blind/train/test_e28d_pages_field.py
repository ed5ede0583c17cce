import string

from e28d_pages import paginate

LETTERS = list(string.ascii_lowercase[:23])


def test_third_page_start():
    page, size = 3, 5
    result = paginate(LETTERS, page, size)
    assert result["start"] == (page - 1) * size


def test_last_page():
    assert paginate(LETTERS, 5, 5)["last"] is True
