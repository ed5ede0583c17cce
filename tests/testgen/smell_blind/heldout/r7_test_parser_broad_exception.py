import pytest

from r7_parser import parse_duration


def test_rejects_garbage():
    with pytest.raises(Exception):
        parse_duration("soon")


def test_rejects_empty():
    with pytest.raises(Exception):
        parse_duration("   ")
