# smells: tautology
from codec.base32 import encode


def test_encoding_examples():
    for data in (b"", b"f", b"fo", b"foo"):
        assert encode(data) == encode(data)
