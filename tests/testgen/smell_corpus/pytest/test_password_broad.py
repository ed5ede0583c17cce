# smells: none
import pytest

from auth.passwords import check_password


def test_empty_password():
    with pytest.raises(Exception):
        check_password("")
