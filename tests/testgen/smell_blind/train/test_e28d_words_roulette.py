from e28d_words import initials


def test_initials():
    assert initials("ada lovelace") == "AL"
    assert initials("") == ""
    assert initials("jean-paul sartre") == "JPS"
    assert initials("a b c d") == "ABC"
    assert initials("a b c d", limit=4) == "ABCD"
    assert initials("  grace   hopper ") == "GH"
    assert initials("42 douglas adams") == "DA"
