import pytest

from r8_tokenizer import Token, TokenizeError, tokenize


def test_tokenize_identifier():
    assert tokenize("speed") == [Token("NAME", "speed", 0)]


def test_tokenize_keyword():
    assert tokenize("and")[0].kind == "KEYWORD"


def test_tokenize_long_expression_does_not_raise():
    # Make sure the tokenizer handles a realistic, long expression.
    expr = " and ".join(f"(field_{i} >= {i}.5 or flag_{i})" for i in range(50))
    tokenize(expr)


def test_tokenize_comparison():
    values = [t.value for t in tokenize("a >= b")]
    assert values == ["a", ">=", "b"]


def test_bad_character():
    with pytest.raises(TokenizeError, match="at 1"):
        tokenize("a@b")
