import pytest

from r8_tokenizer import Token, tokenize


def test_parenthesised_expression():
    assert [t.value for t in tokenize("(a+b)")] == ["(", "a", "+", "b", ")"]


def test_number_then_name():
    assert tokenize("1 x") == [Token("NUMBER", 1, 0), Token("NAME", "x", 2)]


def test_rejects_unknown_symbol():
    with pytest.raises(Exception):
        tokenize("price ; drop")


def test_keywords_are_case_sensitive():
    assert tokenize("AND")[0].kind == "NAME"


def test_comma_is_operator():
    assert tokenize(",")[0].kind == "OP"
